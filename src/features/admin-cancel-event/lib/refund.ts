import type { CancelEventRefund } from '../types';

/**
 * What a refund choice gives back in all: each booking's share of what it holds, a percent
 * rounded half up to the cent, as the server computes it (event_cancellation_refund_cents).
 */
export function refundTotalCents(heldByBooking: readonly number[], refund: CancelEventRefund): number {
  if (refund === 'none') return 0;
  if (refund === 'full') return heldByBooking.reduce((sum, held) => sum + held, 0);
  return heldByBooking.reduce((sum, held) => sum + Math.min(held, Math.floor((held * refund.percent + 50) / 100)), 0);
}

/** 'a booking' / '3 bookings'. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
