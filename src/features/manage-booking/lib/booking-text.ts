import { eventTimeWithZone, formatEventDate, formatInstant } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import type { ManagedBooking, RefundStatus } from '../types';

/** "Saturday, December 12, 2026" and "7:00 PM EST": the dinner's calendar date and time in its own timezone. */
export function whenText(booking: Pick<ManagedBooking, 'event'>): { date: string; time: string } {
  return { date: formatEventDate(booking.event.date), time: eventTimeWithZone(booking.event) };
}

/** What cancelling now would give back, in plain words. */
export function refundNowText(booking: Pick<ManagedBooking, 'refund_now_cents' | 'refund_policy' | 'money' | 'split'>): string {
  if (booking.refund_now_cents > 0) {
    // Where each guest paid their own seat, each payment goes back to the card that paid it.
    const where = booking.split ? ', each payment to the card that paid it' : '';
    return `Cancelling now refunds ${formatCents(booking.refund_now_cents)}${where}`;
  }
  if (booking.money.refundable_cents === 0) return 'Cancelling now refunds nothing: no payment is left to refund';
  return `Cancelling now refunds nothing (${booking.refund_policy})`;
}

/**
 * When the full refund ends, while it is still ahead and the booking would get one:
 * "Full refund until Thursday, December 10 at 7:00 PM EST".
 */
export function fullRefundDeadlineText(
  booking: Pick<ManagedBooking, 'full_refund_until' | 'event' | 'refund_now_cents' | 'money'>,
  now = new Date(),
): string | null {
  if (!booking.full_refund_until || booking.money.refundable_cents === 0) return null;
  const until = new Date(booking.full_refund_until);
  if (Number.isNaN(until.getTime()) || until <= now) return null;
  return `Full refund if you cancel before ${formatInstant(booking.full_refund_until, booking.event.timezone)}`;
}

/** The toast after a cancellation: what happened to the money. */
export function cancelOutcomeText(status: RefundStatus, refundedCents: number): string {
  switch (status) {
    case 'completed':
      return `Refunded ${formatCents(refundedCents)} to your card.`;
    case 'pending':
      return `Refund of ${formatCents(refundedCents)} on its way to your card.`;
    case 'failed':
      return 'Your refund could not be sent yet. The host can see it and will retry; contact them if it does not arrive.';
    case 'none':
      return 'No refund is due under the cancellation policy.';
  }
}

/**
 * The hint under the party-size choice: what that change gives back now, and the extras the
 * smaller party no longer takes (it keeps one of each per-guest extra per guest).
 */
export function fewerGuestsOptionText(refundCents: number, refundableCents: number, extrasDropped: string | null = null): string {
  const money =
    refundCents > 0
      ? `You get ${formatCents(refundCents)} back.`
      : refundableCents === 0
        ? 'Nothing comes back: no payment is left to refund.'
        : 'Nothing comes back under the cancellation policy.';
  return extrasDropped ? `${money} The extras for the guests who no longer come are dropped: ${extrasDropped}.` : money;
}

/** The toast after coming with fewer guests: what happened to the money. */
export function reduceOutcomeText(status: RefundStatus, refundedCents: number): string {
  return status === 'none' ? 'No refund is due under the cancellation policy.' : cancelOutcomeText(status, refundedCents);
}

/** The money lines of a cancelled booking, from the ledger. */
export function cancelledMoneyLines(booking: Pick<ManagedBooking, 'money' | 'refund_policy'>): string[] {
  const { paid_cents, refunded_cents, pending_refund_cents, failed_refund_cents } = booking.money;
  const lines: string[] = [];
  if (refunded_cents > 0) lines.push(`Refunded ${formatCents(refunded_cents)} to your card`);
  if (pending_refund_cents > 0) lines.push(`Refund of ${formatCents(pending_refund_cents)} on its way to your card`);
  if (failed_refund_cents > 0) lines.push(`A refund of ${formatCents(failed_refund_cents)} could not be sent yet: the host will retry it`);
  if (lines.length === 0)
    lines.push(
      paid_cents > 0 ? `No refund under the cancellation policy (${booking.refund_policy})` : 'Nothing was charged, so there is nothing to refund',
    );
  return lines;
}

/** Who cancelled, in words. */
export function cancelledByText(cancelledBy: string | null, hostName: string): string {
  if (cancelledBy === 'staff') return `${hostName} cancelled this booking.`;
  if (cancelledBy === 'system') return 'This booking was cancelled automatically.';
  return 'You cancelled this booking.';
}
