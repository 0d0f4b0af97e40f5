import type { BookableEvent, TicketType } from '@/lib/booking';

/** What the ticketed booking form needs of an event (the org page's event satisfies it). */
export interface TicketedEvent extends BookableEvent {
  ticket_types: readonly TicketType[];
  /** The cancellation policy in the server's words (null or absent when the page's data has none). */
  refund_policy?: string | null;
}
