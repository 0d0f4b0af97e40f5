// Relative imports: pure, and imported by unit-tested modules.
import { DEFAULT_DEPOSIT_CENTS } from '../config/product';
import type { Database, Tables } from './database.types';

/**
 * What the public pages, the booking forms and the admin panel know of an event's ticket types
 * and RSVP time slots: the generated database rows (src/lib/database.types.ts), narrowed to the
 * columns they read. Declared here once; features narrow or extend these, never redeclare them.
 */

/**
 * A ticket type: `price` per guest in cents, `quantity` the tickets still available (what its
 * capacity pool has left: the server computes it, nothing stores it).
 */
export type TicketType = Pick<Tables<'ticket_types'>, 'id' | 'name' | 'price'> & { quantity: number };

/**
 * The ticket types of a public page's event (composite public_ticket_type: every field nullable
 * to PostgreSQL), with the page's words for none.
 */
export function publicTicketTypes(rows: readonly Database['public']['CompositeTypes']['public_ticket_type'][] | null): TicketType[] {
  return (rows ?? []).map((t) => ({ id: t.id ?? '', name: t.name ?? '', price: t.price ?? 0, quantity: t.quantity ?? 0 }));
}

/**
 * An RSVP time slot: `slot_time` 'HH:MM' in the event's timezone, `max_capacity` the size of its
 * capacity pool and `current_rsvps` the seats taken of it (confirmed and held, computed).
 */
export type RsvpSlot = Pick<Tables<'rsvp_slots'>, 'id' | 'slot_time' | 'slot_label' | 'is_active'> & {
  max_capacity: number;
  current_rsvps: number;
};

/** An RSVP time slot on a public page, with the spots still open (holds counted). */
export type PublicRsvpSlot = RsvpSlot & { available_spots: number };

/** The event columns every booking form shows. */
/** What an event sells (events.kind): ticket types, RSVP slots with a deposit, or seatings at one price per seat. */
export type EventKind = 'tickets' | 'rsvp' | 'seatings';

export type BookableEvent = Pick<Tables<'events'>, 'id' | 'title' | 'date' | 'event_time' | 'location_name' | 'event_details_disclosures'>;

/**
 * The RSVP deposit per guest the server charges: the event's deposit_amount, or the default when
 * it has none — as the booking SQL prices it (coalesce(deposit_amount, DEFAULT_DEPOSIT_CENTS)).
 */
export function rsvpDepositCents(event: Pick<Tables<'events'>, 'deposit_amount'>): number {
  return event.deposit_amount ?? DEFAULT_DEPOSIT_CENTS;
}

/**
 * Whether online booking of an event has closed by `now` (ms): its booking_closes_at (the start
 * less the event's booking_cutoff_hours, from events_with_availability) has passed on this
 * device's clock. Only what the pages show: the server refuses guests' bookings, the waitlist and
 * moves after that moment whatever the page says. Absent or null: never closed here.
 */
export function isBookingClosed(event: { booking_closes_at?: string | null }, now: number = Date.now()): boolean {
  const closesAt = event.booking_closes_at ? Date.parse(event.booking_closes_at) : NaN;
  // An unreadable moment (NaN) compares false: not closed.
  return now >= closesAt;
}
