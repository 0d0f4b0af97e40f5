import { toast } from 'sonner';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InlineCheckbox } from '@/components/ui/checkbox-field';
import { useOrganizations } from '../api/get-organizations';
import { useSetOrgState, useSetPlatformPayments } from '../api/set-org-state';
import { organizationsMessages, stateLabels } from '../messages';
import type { OrgState, PlatformOrg } from '../types';
import { CreateOrgForm } from './create-org-form';

const badge: Record<OrgState, 'success' | 'warning' | 'destructive'> = { published: 'success', unpublished: 'warning', suspended: 'destructive' };

/** The super admin's Organizations screen: create one with its owner's invitation, each one's state, suspend and reactivate. */
export function OrganizationsTab() {
  const orgs = useOrganizations();
  const setState = useSetOrgState({
    onSuccess: (_, change) =>
      toast.success(change.to === 'suspended' ? organizationsMessages.suspended(change.name) : organizationsMessages.reactivated(change.name)),
    onError: (error) => toast.error(organizationsMessages.stateFailed, { description: error.message || organizationsMessages.fallback }),
  });

  const setPlatform = useSetPlatformPayments({
    onSuccess: (_, change) =>
      toast.success(change.on ? organizationsMessages.platformPaymentsOn(change.name) : organizationsMessages.platformPaymentsOff(change.name)),
    onError: (error) => toast.error(organizationsMessages.stateFailed, { description: error.message || organizationsMessages.fallback }),
  });

  return (
    <AdminSection id="organizations" title={organizationsMessages.title}>
      <p className="text-sm text-muted-foreground">{organizationsMessages.intro}</p>
      <CreateOrgForm />
      <QueryStatus query={orgs} loading="Loading the organizations…" failed={organizationsMessages.loadFailed} empty="No organizations." toast>
        {(rows) => (
          <ul aria-label="All organizations" className="divide-y rounded-lg border bg-card">
            {rows.map((org) => (
              <li key={org.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div className="min-w-0">
                  <p className="break-all font-medium">
                    {org.name} <Badge variant={badge[org.state]}>{stateLabels[org.state]}</Badge>
                  </p>
                  <p className="break-all text-xs text-muted-foreground">
                    /{org.slug} · {org.ownerEmails ? `Owners: ${org.ownerEmails}` : 'No owner yet'} · {org.members} members · {org.activeEvents}{' '}
                    active events
                    {org.contactEmail ? ` · Contact: ${org.contactEmail}` : ''}
                  </p>
                  {/* Only organizations the platform runs: any other is paid into its own connected account or takes no cards. */}
                  <InlineCheckbox
                    className="mt-1 text-xs"
                    checked={org.platformPayments}
                    disabled={setPlatform.isPending}
                    aria-label={`${organizationsMessages.platformPayments}: ${org.name}`}
                    onChange={(e) => setPlatform.mutate({ orgId: org.id, name: org.name, on: e.target.checked })}
                  >
                    {organizationsMessages.platformPayments}
                  </InlineCheckbox>
                </div>
                <StateButton org={org} pending={setState.isPending} onChange={(to) => setState.mutate({ orgId: org.id, name: org.name, to })} />
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </AdminSection>
  );
}

/** Suspend a live organization, or reactivate a suspended one. */
function StateButton({ org, pending, onChange }: { org: PlatformOrg; pending: boolean; onChange(to: 'active' | 'suspended'): void }) {
  const action = org.state === 'suspended' ? 'Reactivate' : 'Suspend';
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`${action} ${org.name}`}
      disabled={pending}
      onClick={() => onChange(action === 'Reactivate' ? 'active' : 'suspended')}
    >
      {action}
    </Button>
  );
}
