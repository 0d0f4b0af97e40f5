import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/money';
import { useCancelEvent } from '../api/cancel-event';
import { count } from '../lib/refund';
import { cancelEventMessages as m } from '../messages';
import type { EventCancellation } from '../types';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function choiceText(c: EventCancellation): string {
  if (c.refundMode === 'full') return 'Full refund';
  if (c.refundMode === 'none') return 'No refund';
  return `${c.refundPercent ?? 0}% refund`;
}

/**
 * A cancelled dinner on its overview: what was decided (the refund choice, the message, who and
 * when) and what it did — bookings cancelled, refunds sent, on their way or refused, the
 * waitlist closed. While refunds are pending, they can be sent again at once.
 */
export function CancellationStatus({ eventId, cancellation: c }: { eventId: string; cancellation: EventCancellation }) {
  const resend = useCancelEvent(eventId);
  const figures: { label: string; value: string; testId: string }[] = [
    { label: 'Bookings cancelled', value: String(c.bookingsCancelled), testId: 'cancelled-bookings' },
    { label: 'Refunds sent', value: `${c.refunds.completed.count} · ${formatCents(c.refunds.completed.cents)}`, testId: 'refunds-sent' },
    { label: 'Refunds on their way', value: `${c.refunds.pending.count} · ${formatCents(c.refunds.pending.cents)}`, testId: 'refunds-pending' },
    { label: 'Refunds refused', value: `${c.refunds.failed.count} · ${formatCents(c.refunds.failed.cents)}`, testId: 'refunds-failed' },
    { label: 'Waitlist parties told', value: String(c.waitlistClosed), testId: 'waitlist-closed' },
  ];
  return (
    <section
      aria-labelledby="cancellation-title"
      className="space-y-4 rounded-lg border border-destructive/40 bg-red-50/60 p-4"
      data-testid="event-cancellation"
    >
      <div className="flex flex-wrap items-start gap-3">
        <Ban className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="cancellation-title" className="font-serif text-lg font-semibold">
            {c.state === 'done' ? m.resultTitle : m.inProgressTitle}
          </h2>
          <p className="text-sm text-muted-foreground">
            {choiceText(c)}
            {c.startedAt ? ` · cancelled ${WHEN.format(new Date(c.startedAt))}` : ''}
            {c.cancelledByEmail ? ` by ${c.cancelledByEmail}` : ''}
            {c.holdsReleased > 0 ? ` · ${count(c.holdsReleased, 'checkout')} in progress stopped` : ''}
          </p>
        </div>
      </div>
      <div role="status" aria-live="polite">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {figures.map((f) => (
            <div key={f.label} className="min-w-0 rounded-md bg-background p-3">
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={f.testId}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {c.message ? (
        <figure className="space-y-1 text-sm">
          <figcaption className="font-medium">Message sent to guests</figcaption>
          <blockquote className="whitespace-pre-line break-words border-l-4 border-destructive/40 pl-3">{c.message}</blockquote>
        </figure>
      ) : null}
      {c.refunds.pending.count > 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="min-w-0 flex-1">{m.pendingNote}</p>
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending || !c.message || !c.refundMode}
            onClick={() =>
              resend.mutate({
                eventId,
                refund: c.refundMode === 'percent' ? { percent: c.refundPercent ?? 0 } : (c.refundMode ?? 'none'),
                message: c.message ?? '',
              })
            }
          >
            {resend.isPending ? m.retrying : m.retry}
          </Button>
        </div>
      ) : null}
      {c.refunds.failed.count > 0 ? <p className="text-sm font-medium text-destructive">{m.failedNote}</p> : null}
    </section>
  );
}
