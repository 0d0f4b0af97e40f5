// Relative imports: this module is pure and unit-tested.
import type { TicketType } from '../../../lib/booking';
import type { ToastText } from '../types';
import { bookingMessages, notEnoughTickets } from './messages';

/** What stops a booking before payment: its toast, and the form field it concerns (for an inline message). */
export interface BookingProblem extends ToastText {
  field?: 'guests' | 'ticketTypeId';
}

/**
 * The ticketed booking's checks before payment (organization pages and the dinner series), in
 * this order: required fields, at least one guest, the event still listed, the ticket type still
 * offered, enough tickets left. `event` is the freshest copy available (null when it is no longer
 * listed); `ticketsLeft` what the guest can still take of a type (default: its quantity). The
 * server's quote, asked next, remains the authority: these checks only give the guest the
 * precise message and field without a round trip's doubt.
 */
export function checkTicketBooking<T extends TicketType>(
  values: { name: string; email: string; ticketTypeId: string; guests: string | number; eventId: string | null },
  event: { id: string; ticket_types: readonly T[] } | null,
  ticketsLeft: (ticket: T) => number = (ticket) => ticket.quantity,
  /** What an option that is not offered reads (a seating: 'Time Slot Not Found'). */
  notOffered: ToastText = bookingMessages.ticketTypeNotFound,
): BookingProblem | null {
  const guests = Number(values.guests);
  if (!values.name.trim() || !values.email.trim() || !values.eventId || !values.ticketTypeId || values.guests === '') {
    return bookingMessages.missingInformation;
  }
  if (!Number.isFinite(guests) || guests < 1) return { ...bookingMessages.minimumGuests, field: 'guests' };
  if (!event || event.id !== values.eventId) return bookingMessages.eventNotFound;
  const ticket = event.ticket_types.find((t) => t.id === values.ticketTypeId);
  if (!ticket) return { ...notOffered, field: 'ticketTypeId' };
  const left = ticketsLeft(ticket);
  if (guests > left) return { ...notEnoughTickets(left, ticket.name), field: 'guests' };
  return null;
}
