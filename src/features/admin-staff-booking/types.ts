import type { RsvpSlot, TicketType } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

/** The event a booking is added to (an admin event: RSVP and seatings events book a slot, the others a ticket type). */
export interface StaffBookingEventRef extends Pick<Tables<'events'>, 'id' | 'title' | 'date' | 'kind' | 'deposit_amount' | 'seat_price_cents'> {
  ticket_types: readonly TicketType[];
  rsvp_slots: readonly RsvpSlot[];
}

export type StaffBookingMode = 'comp' | 'cash' | 'payment_link';

/** What the server answered (SQL staff_create_booking). */
export interface StaffBookingResult {
  reservationId: string;
  bookingCode: string;
  status: string;
  amountCents: number;
  /** '/pay/{token}' while a payment link holds the seats. */
  paymentPath: string | null;
}
