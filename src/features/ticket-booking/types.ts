import type { BookableEvent, EventKind, PublicRsvpSlot, TicketType } from '@/lib/booking';

/** What the ticketed booking form needs of an event (the org page's event satisfies it). */
export interface TicketedEvent extends BookableEvent {
  /** 'tickets': its ticket types are offered; 'seatings': its slots, at seat_price_cents per seat. */
  kind: EventKind;
  seat_price_cents: number | null;
  /** Most guests one booking may have. */
  party_limit: number;
  ticket_types: readonly TicketType[];
  rsvp_slots: readonly PublicRsvpSlot[];
  /** The cancellation policy in the server's words (null or absent when the page's data has none). */
  refund_policy?: string | null;
}
