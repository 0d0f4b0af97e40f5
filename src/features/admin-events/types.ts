import { timezones } from '@/config/timezones';
import type { RsvpSlot, TicketType } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

export const eventTimezones = timezones;

export type EventTimezone = (typeof eventTimezones)[number]['value'];
export const defaultTimezone: EventTimezone = 'America/New_York';

/**
 * An event as the events tab lists it: its row (deposit_amount in cents per guest; not the computed
 * booking_closes_at, which the tab does not show), its ticket types and slots, and counts.
 */
export interface AdminEvent extends Omit<Tables<'events'>, 'booking_closes_at'> {
  /** The event's overall cap: the size of its event-wide capacity pool; null when it has none. */
  max_guests: number | null;
  ticket_types: TicketType[];
  rsvp_slots: RsvpSlot[];
  /** The private address and when confirmed guests get it (event_private_details; members only). */
  private_address: string | null;
  address_delivery: 'confirmation' | 'reminder';
  /** Confirmed reservations. */
  reservation_count: number;
  guest_count: number;
  /** The whole dinner was cancelled (event_cancellations): it is never made active again. */
  cancelled: boolean;
}

/** A ticket type or slot being composed in the Create Event dialog (before it exists). */
export interface DraftTicketType {
  key: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export interface DraftRsvpSlot {
  key: string;
  slotTime: string;
  slotLabel: string;
  maxCapacity: number;
}

/** A ticket type's capacity ("tickets in all": remaining + sold + held) and what is taken of it. */
export interface TicketSales {
  id: string;
  capacity: number;
  sold: number;
  held: number;
}
