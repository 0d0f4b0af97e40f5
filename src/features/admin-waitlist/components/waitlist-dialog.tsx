import { useState } from 'react';
import { toast } from 'sonner';
import { QueryStatus } from '@/components/admin/query-status';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { useWaitlist } from '../api/get-waitlist';
import { useOfferWaitlist } from '../api/offer-waitlist';
import { useRemoveWaitlist } from '../api/remove-waitlist';
import { formatOfferExpiry, waitlistRows } from '../lib/rows';
import { adminWaitlistMessages as messages } from '../messages';
import type { WaitlistEventRef, WaitlistRow, WaitlistStatus } from '../types';

interface Props {
  orgId: string;
  event: WaitlistEventRef;
  onClose(): void;
}

const statusBadge: Record<WaitlistStatus, { text: string; variant: 'secondary' | 'warning' | 'success' | 'destructive' | 'outline' }> = {
  waiting: { text: 'Waiting', variant: 'secondary' },
  offered: { text: 'Offered', variant: 'warning' },
  claimed: { text: 'Claimed', variant: 'success' },
  expired: { text: 'Expired', variant: 'outline' },
  removed: { text: 'Removed', variant: 'destructive' },
  cancelled: { text: 'Dinner cancelled', variant: 'outline' },
};

/**
 * An event's waitlist for staff: each party's place, name, email, party size, status and offer
 * end, with 'Offer now' (seats held for them at once, out of turn) and 'Remove' (after a confirm).
 * A list of rows rather than a table, so it reads at 375 px too.
 */
export function WaitlistDialog({ orgId, event, onClose }: Props) {
  const waitlist = useWaitlist(orgId, event.id);
  const [removing, setRemoving] = useState<WaitlistRow | null>(null);
  const nameOf = (id: string) => waitlist.data?.find((e) => e.id === id)?.name ?? 'The party';
  const failed = (title: string) => (error: Error) => toast.error(title, { description: error.message });
  const offer = useOfferWaitlist(orgId, event.id, {
    onSuccess: (_, id) => toast.success(messages.success, { description: messages.offered(nameOf(id)) }),
    onError: failed(messages.offerFailed),
  });
  const remove = useRemoveWaitlist(orgId, event.id, {
    onSuccess: (_, id) => {
      toast.success(messages.success, { description: messages.removed(nameOf(id)) });
      setRemoving(null);
    },
    onError: failed(messages.removeFailed),
  });
  const rows = waitlist.data ? waitlistRows(waitlist.data, event) : undefined;
  const busy = offer.isPending || remove.isPending;

  return (
    <>
      <ClosingDialog className="max-w-2xl" data-testid="waitlist-dialog" title="Waitlist" description={event.title} onClose={onClose}>
        <QueryStatus query={waitlist} rows={rows} loading="Loading the waitlist…" failed={messages.fetchFailed} empty={messages.empty}>
          {(entries) => (
            <ul className="divide-y rounded-lg border" aria-label={`Waitlist of ${event.title}`}>
              {entries.map((row) => (
                <li key={row.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="waitlist-entry">
                  <div className="min-w-0 space-y-1 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="tabular-nums text-muted-foreground" aria-label={row.position ? `Position ${row.position}` : undefined}>
                        {row.position ? `#${row.position}` : '–'}
                      </span>
                      <span className="font-medium">{row.name}</span>
                      <Badge variant={statusBadge[row.status].variant}>{statusBadge[row.status].text}</Badge>
                    </p>
                    <p className="break-all text-muted-foreground">{row.email}</p>
                    <p className="text-muted-foreground">
                      Party of {row.party_size}
                      {row.list ? ` · ${row.list}` : ''}
                      {row.status === 'offered' && row.offer_expires_at
                        ? ` · offer ends ${formatOfferExpiry(row.offer_expires_at, event.event_timezone)}`
                        : ''}
                    </p>
                  </div>
                  {row.status === 'waiting' || row.status === 'offered' ? (
                    <div className="flex shrink-0 gap-2">
                      {row.status === 'waiting' ? (
                        <Button size="sm" disabled={busy} onClick={() => offer.mutate(row.id)} aria-label={`Offer now: ${row.name}`}>
                          Offer now
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive"
                        disabled={busy}
                        onClick={() => setRemoving(row)}
                        aria-label={`Remove ${row.name}`}
                      >
                        Remove
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryStatus>
      </ClosingDialog>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title={`Remove ${removing.name} from the waitlist?`}
          description={
            removing.status === 'offered'
              ? 'Their open offer ends now and the seats go to the next party on the waitlist.'
              : 'They will not be offered seats for this event.'
          }
          confirmLabel="Remove"
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
        />
      ) : null}
    </>
  );
}
