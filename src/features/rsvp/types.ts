import type { BookableEvent, PublicRsvpSlot } from '@/lib/booking';

/** What the RSVP form needs of an event (the org page's event satisfies it). */
export interface RsvpEvent extends BookableEvent {
  /** Per-guest deposit in cents; null when none is configured (the server applies its default). */
  deposit_amount: number | null;
  rsvp_slots: readonly PublicRsvpSlot[];
  /** The cancellation policy of the deposit in the server's words (null or absent when the page's data has none). */
  refund_policy?: string | null;
}
