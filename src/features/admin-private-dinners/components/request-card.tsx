import { useId, type ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { OptionSelect } from '@/components/ui/option-select';
import { formatEventDate } from '@/lib/dates';
import { when } from '@/lib/when';
import { guestCount } from '@/lib/words';
import { useSetPrivateDinnerStatus } from '../api/set-private-dinner-status';
import { privateDinnerMessages } from '../messages';
import { privateDinnerStatuses, type PrivateDinnerRequest, type PrivateDinnerStatus } from '../types';
import { StatusBadge } from './status-badge';

const statusOptions = privateDinnerStatuses.map((status) => ({ value: status, label: privateDinnerMessages.status[status] }));
const isStatus = (value: string): value is PrivateDinnerStatus => (privateDinnerStatuses as readonly string[]).includes(value);

/** A reply to the guest in the host's own mail app, with the subject filled in (the address's own characters escaped). */
function replyHref(email: string): string {
  const to = email.split('@').map(encodeURIComponent).join('@');
  return `mailto:${to}?subject=${encodeURIComponent(privateDinnerMessages.replySubject)}`;
}

/** A phone as a tel: link (digits and a leading +); null when what the guest typed has no digit. */
function phoneHref(phone: string): string | null {
  const dialled = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(dialled) ? `tel:${dialled}` : null;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

interface Props {
  orgId: string;
  request: PrivateDinnerRequest;
  /** Archived requests are hidden now: archiving one says where it went. */
  archivedHidden: boolean;
}

/** One request: who, when, how many, how to reach them, what they wrote (as plain text), and its status. */
export function RequestCard({ orgId, request, archivedHidden }: Props) {
  const headingId = useId();
  const change = useSetPrivateDinnerStatus(orgId, {
    onSuccess: (status) =>
      toast.success(privateDinnerMessages.changed[status], {
        description: status === 'archived' && archivedHidden ? privateDinnerMessages.archivedHint : undefined,
      }),
    onError: (error) => toast.error(privateDinnerMessages.changeFailed, { description: error.message || privateDinnerMessages.fallback }),
  });
  // The choice shows at once; it goes back to the stored status if the server refuses it.
  const status = change.isPending ? change.variables.status : request.status;
  const tel = request.phone ? phoneHref(request.phone) : null;

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words font-semibold">
            {request.name}
          </h3>
          <p className="text-xs text-muted-foreground">Sent {when(request.createdAt)}</p>
        </div>
        <StatusBadge status={request.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Detail term="Date">{formatEventDate(request.preferredDate, 'EEE, MMM d, yyyy')}</Detail>
        <Detail term="Guests">{guestCount(request.guests)}</Detail>
        <Detail term="Email">
          <span className="break-all">{request.email}</span>
        </Detail>
        {request.phone ? (
          <Detail term="Phone">
            {tel ? (
              <a href={tel} className="underline underline-offset-4 hover:text-muted-foreground">
                {request.phone}
              </a>
            ) : (
              request.phone
            )}
          </Detail>
        ) : null}
      </dl>
      <p className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm">{request.message}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={replyHref(request.email)}>
            <Mail className="h-4 w-4" aria-hidden />
            {privateDinnerMessages.replyByEmail}
          </a>
        </Button>
        <OptionSelect
          aria-label={privateDinnerMessages.statusLabel(request.name)}
          className="h-9 w-36 py-1 text-sm"
          options={statusOptions}
          value={status}
          disabled={change.isPending}
          onChange={(e) => {
            const next = e.target.value;
            if (isStatus(next) && next !== request.status) change.mutate({ requestId: request.id, status: next });
          }}
        />
      </div>
    </article>
  );
}
