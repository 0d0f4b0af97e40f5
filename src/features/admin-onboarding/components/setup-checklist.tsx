import { toast } from 'sonner';
import { CheckCircle2, Circle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type OrgSetup, useOrgSetup } from '../api/get-org-setup';
import { usePublishOrganization } from '../api/publish-organization';
import { onboardingMessages } from '../messages';

type Step = 'settings-branding' | 'settings-payments' | 'events';

interface Props {
  org: { id: string; name: string; slug: string; state: 'unpublished' | 'published' | 'suspended'; role: 'owner' | 'staff' };
  goTo(tab: Step): void;
}

/**
 * Above every tab of an organization that is not published: the checklist to publish a new one
 * (branding, payments, the first event, "Publish"), or the notice that it is suspended.
 */
export function SetupChecklist({ org, goTo }: Props) {
  if (org.state === 'suspended') {
    return (
      <Alert variant="destructive" className="mb-6">
        <strong>{org.name} is suspended by the SupperHost team.</strong> Its pages say it is closed and nothing can be booked. Everything is kept, and
        you can still read it all here.
      </Alert>
    );
  }
  if (org.state !== 'unpublished') return null;
  return <Checklist org={org} goTo={goTo} />;
}

function paymentsDetail(data: OrgSetup | undefined): string {
  if (data?.cardEvent && !data.paymentsReady) return onboardingMessages.connectSquare(data.cardEvent);
  if (data?.paymentsReady) return 'Card payments are set up.';
  return 'Card payments need a connected account; RSVPs with no deposit do not.';
}

function Checklist({ org, goTo }: Props) {
  const setup = useOrgSetup(org.id);
  const publish = usePublishOrganization({
    onSuccess: () => toast.success(onboardingMessages.published(org.name)),
    onError: (error) => toast.error(onboardingMessages.publishFailed, { description: error.message || onboardingMessages.fallback }),
  });
  const data = setup.data;
  const steps = [
    {
      title: 'Branding',
      detail: 'Your logo, colors and photos.',
      done: data?.hasBranding ?? false,
      action: 'Open Branding',
      tab: 'settings-branding' as const,
    },
    {
      title: 'Connect payments',
      detail: paymentsDetail(data),
      // Needed only when an active event takes card payments.
      done: data?.cardEvent ? data.paymentsReady : data?.paymentsReady || null,
      action: 'Open Payments',
      tab: 'settings-payments' as const,
    },
    {
      title: 'First event',
      detail: 'Publishing needs at least one active event.',
      done: (data?.activeEvents ?? 0) > 0,
      action: 'Open Events',
      tab: 'events' as const,
    },
  ];

  return (
    <section aria-labelledby="setup-heading" className="mb-6 space-y-4 rounded-lg border bg-card p-4">
      <div>
        <h2 id="setup-heading" className="font-serif text-xl font-semibold">
          Get {org.name} ready
        </h2>
        <p className="text-sm text-muted-foreground">Until it is published, /{org.slug} says "coming soon" and nothing can be booked.</p>
      </div>
      <ol aria-label="Checklist" className="divide-y rounded-md border">
        {steps.map((step) => (
          <li key={step.title} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div className="flex min-w-0 items-start gap-2">
              {step.done ? (
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-label="Done" />
              ) : (
                <Circle className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-label={step.done === null ? 'Optional' : 'To do'} />
              )}
              <div className="min-w-0">
                <p className="text-sm font-medium">{step.title}</p>
                <p className="text-xs text-muted-foreground">{step.detail}</p>
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => goTo(step.tab)}>
              {step.action}
            </Button>
          </li>
        ))}
        <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="text-sm font-medium">Publish</p>
            <p className="text-xs text-muted-foreground">
              {org.role === 'owner' ? 'Your page opens and guests can book.' : 'An owner of the organization publishes it.'}
            </p>
          </div>
          {org.role === 'owner' ? (
            <Button size="sm" disabled={!data?.canPublish || publish.isPending} onClick={() => publish.mutate(org.id)}>
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </Button>
          ) : null}
        </li>
      </ol>
    </section>
  );
}
