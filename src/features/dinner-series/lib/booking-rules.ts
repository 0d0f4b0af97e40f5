// Relative imports: this module is pure and unit-tested.
import { paths } from '../../../config/paths';
import { TICKET_MAX_GUESTS } from '../../../config/product';
import { isBookingClosed, type TicketType } from '../../../lib/booking';
import { formatEventDate, formatEventTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { SeriesBooking, SeriesDinner } from '../types';

export const guestChoices = Array.from({ length: TICKET_MAX_GUESTS }, (_, i) => i + 1);

/** Guests a ticket type can still take: its remaining quantity, within the dinner's seats if capped. */
export function ticketsLeft(dinner: Pick<SeriesDinner, 'max_guests' | 'available_seats'>, ticket: Pick<TicketType, 'quantity'>): number {
  const seats = dinner.max_guests === null ? Infinity : dinner.available_seats;
  return Math.max(0, Math.min(ticket.quantity, seats));
}

/** "Eat At Home Dinner #41 - Saturday, November 28, 2026", with " (Booking Closed)" once its online booking has closed. */
export function dinnerOptionLabel(dinner: SeriesDinner, now = Date.now()): string {
  return `${dinner.title} - ${formatEventDate(dinner.date)}${isBookingClosed(dinner, now) ? ' (Booking Closed)' : ''}`;
}

/** "Food Only - $125.00 per person (12 available)" or "... (Sold Out)" */
export function ticketOptionLabel(ticket: TicketType, left: number = ticket.quantity): string {
  return `${ticket.name} - ${formatCents(ticket.price)} per person (${left > 0 ? `${left} available` : 'Sold Out'})`;
}

/** "2 guests" or "5 guests (unavailable)" */
export function guestOptionLabel(n: number, left: number): string {
  return `${n} ${n === 1 ? 'guest' : 'guests'}${n > left ? ' (unavailable)' : ''}`;
}

/** "Saturday, November 28, 2026 at 7:00 PM" for a dinner at 19:00: its own date and start. */
export function dinnerDateTime(dinner: { date: string; time: string }): string {
  return `${formatEventDate(dinner.date)} at ${formatEventTime(dinner.time)}`;
}

/**
 * The confirmation page knows the series' two classic tickets by key (food_wine, food_only — see
 * features/reservation-details/lib/reservation-params.ts); any other ticket type travels by name.
 */
export function confirmationTicketType(ticketName: string): string {
  const key = ticketName.trim().toLowerCase();
  if (key === 'food + wine pairing' || key === 'food_wine') return 'food_wine';
  if (key === 'food only' || key === 'food_only') return 'food_only';
  return ticketName;
}

/**
 * The booker's "Reservation Details" link. With the booking's private token: /reservation-details
 * opened with it (the booking as the server holds it). Without one: the dinner, its date and start, the party
 * size, the ticket and the total only. Never the guest's name, email, phone or requests: a URL ends
 * up in browser history and server logs.
 */
export function reservationDetailsHref(booking: SeriesBooking): string {
  if (booking.manageToken) return paths.reservationDetails.getHref({ booking: booking.manageToken });
  return paths.reservationDetails.getHref({
    eventTitle: booking.eventTitle,
    eventDate: booking.eventDate,
    eventTime: booking.eventTime.slice(0, 5),
    guests: String(booking.guests),
    ticketType: confirmationTicketType(booking.ticketName),
    totalPrice: (booking.totalPaidCents / 100).toFixed(2),
  });
}

/**
 * The link the booker sends their party: /reservation-details with the dinner, its date and start, and the
 * party size. Nothing private travels in it: no name, email, requests, ticket or amount paid, and
 * never the booking's token (whoever has it can cancel the booking).
 */
export function partyInviteHref(booking: Pick<SeriesBooking, 'eventTitle' | 'eventDate' | 'eventTime' | 'guests'>): string {
  return paths.reservationDetails.getHref({
    eventTitle: booking.eventTitle,
    eventDate: booking.eventDate,
    eventTime: booking.eventTime.slice(0, 5),
    guests: String(booking.guests),
    invite: '1',
  });
}

/** The save-the-date the guest sends their party, with the party's link (partyInviteHref). */
export function saveTheDateMessage(booking: SeriesBooking, origin: string): { subject: string; body: string } {
  const when = dinnerDateTime({ date: booking.eventDate, time: booking.eventTime });
  return {
    subject: `Save the date: ${booking.venue.name} dinner on ${formatEventDate(booking.eventDate)}`,
    body:
      `Save the date! I reserved a table for ${booking.guests} at ${booking.venue.name}: ${booking.eventTitle}, ` +
      `${when}${booking.venue.city ? ` in ${booking.venue.city}` : ''}. The details and calendar links are here: ${origin}${partyInviteHref(booking)}`,
  };
}

/** An SMS on phones, otherwise an email draft. */
export function inviteHref(booking: SeriesBooking, opts: { origin: string; mobile: boolean }): string {
  const { subject, body } = saveTheDateMessage(booking, opts.origin);
  if (opts.mobile) return `sms:?&body=${encodeURIComponent(body)}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Phones and small touch devices get the SMS invite. */
export function isMobileDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>, viewportWidth: number): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)) return true;
  return nav.maxTouchPoints > 0 && viewportWidth < 768;
}

/** A ticket type of a dinner that cannot be booked any more: the waitlist's to offer. */
export interface SoldOutTicket {
  eventId: string;
  eventTitle: string;
  ticketTypeId: string;
  ticketName: string;
  /** "Eat At Home Dinner #41 - Saturday, November 28, 2026 · Food Only" */
  label: string;
}

/**
 * Every sold-out ticket type of the listed dinners (its own quantity, or the dinner's seats,
 * gone); none of a dinner whose online booking has closed (its waitlist is closed too).
 */
export function soldOutTickets(dinners: readonly SeriesDinner[], now = Date.now()): SoldOutTicket[] {
  return openDinners(dinners, now).flatMap((dinner) =>
    dinner.ticket_types
      .filter((ticket) => ticketsLeft(dinner, ticket) < 1)
      .map((ticket) => ({
        eventId: dinner.id,
        eventTitle: dinner.title,
        ticketTypeId: ticket.id,
        ticketName: ticket.name,
        label: `${dinnerOptionLabel(dinner, now)} · ${ticket.name}`,
      })),
  );
}

/** The dinners a guest can still book online (their online booking not closed). */
export function openDinners(dinners: readonly SeriesDinner[], now = Date.now()): SeriesDinner[] {
  return dinners.filter((dinner) => !isBookingClosed(dinner, now));
}
