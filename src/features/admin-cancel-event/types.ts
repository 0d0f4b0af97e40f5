import type { RefundTallies } from '../../../supabase/functions/_shared/event-cancellation.ts';

/** How much of what each booking holds goes back: all, nothing, or a whole percent of it. */
export type CancelEventRefund = 'full' | 'none' | { percent: number };

/**
 * An event's cancellation as staff see it (SQL staff_event_cancellation): before, what it would
 * touch; after, its choice, message and progress.
 */
export interface EventCancellation {
  state: 'none' | 'in_progress' | 'done';
  refundMode: 'full' | 'none' | 'percent' | null;
  refundPercent: number | null;
  message: string | null;
  cancelledByEmail: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Before: confirmed bookings, checkouts in progress, the money they hold, each paid booking's share, open waitlist entries. */
  bookingsOpen: number;
  holdsOpen: number;
  heldCents: number;
  heldByBooking: number[];
  waitlistOpen: number;
  /** After: what the cancellation did. */
  bookingsCancelled: number;
  holdsReleased: number;
  waitlistClosed: number;
  refunds: RefundTallies;
}
