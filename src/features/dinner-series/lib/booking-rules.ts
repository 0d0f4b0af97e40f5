// Relative imports: this module is pure and unit-tested.
import { paths } from '../../../config/paths';
import { TICKET_MAX_GUESTS } from '../../../config/product';
import { dinnerSeries } from '../../../config/site';
import type { TicketType } from '../../../lib/booking';
import { formatEventDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { SeriesBooking, SeriesDinner } from '../types';

export const guestChoices = Array.from({ length: TICKET_MAX_GUESTS }, (_, i) => i + 1);

/** Guests a ticket type can still take: its remaining quantity, within the dinner's seats if capped. */
export function ticketsLeft(dinner: Pick<SeriesDinner, 'max_guests' | 'available_seats'>, ticket: Pick<TicketType, 'quantity'>): number {
  const seats = dinner.max_guests === null ? Infinity : dinner.available_seats;
  return Math.max(0, Math.min(ticket.quantity, seats));
}

/** "Eat At Home Dinner #41 - Saturday, November 28, 2026" */
export function dinnerOptionLabel(dinner: SeriesDinner): string {
  return `${dinner.title} - ${formatEventDate(dinner.date)}`;
}

/** "Food Only - $125.00 per person (12 available)" or "... (Sold Out)" */
export function ticketOptionLabel(ticket: TicketType, left: number = ticket.quantity): string {
  return `${ticket.name} - ${formatCents(ticket.price)} per person (${left > 0 ? `${left} available` : 'Sold Out'})`;
}

/** "2 guests" or "5 guests (unavailable)" */
export function guestOptionLabel(n: number, left: number): string {
  return `${n} ${n === 1 ? 'guest' : 'guests'}${n > left ? ' (unavailable)' : ''}`;
}

/** "Saturday, November 28, 2026 at 7:00 PM" */
export function dinnerDateTime(date: string): string {
  return `${formatEventDate(date)} at ${dinnerSeries.displayTime}`;
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

/** /reservation-details with its query parameters (optional ones only when given). */
export function reservationDetailsHref(booking: SeriesBooking): string {
  return paths.reservationDetails.getHref({
    name: booking.name,
    email: booking.email,
    eventTitle: booking.eventTitle,
    eventDate: booking.eventDate,
    guests: String(booking.guests),
    ticketType: confirmationTicketType(booking.ticketName),
    totalPrice: (booking.totalPaidCents / 100).toFixed(2),
    dietaryRestrictions: booking.dietaryRestrictions.trim() || undefined,
    specialRequests: booking.specialRequests.trim() || undefined,
  });
}

/** "Ada" for "Ada Lovelace": all the party needs to know who invited them. */
function firstName(name: string): string | undefined {
  return name.trim().split(/\s+/)[0] || undefined;
}

/**
 * The link the booker sends their party: /reservation-details with the dinner, its date, the party
 * size and the booker's first name only. Nothing private travels in it: no email, no dietary
 * restrictions or special requests, no ticket or amount paid (those stay in the booker's own
 * reservationDetailsHref).
 */
export function partyInviteHref(booking: SeriesBooking): string {
  return paths.reservationDetails.getHref({
    eventTitle: booking.eventTitle,
    eventDate: booking.eventDate,
    guests: String(booking.guests),
    invitedBy: firstName(booking.name),
  });
}

/** The save-the-date the guest sends their party, with the party's link (partyInviteHref). */
export function saveTheDateMessage(booking: SeriesBooking, origin: string): { subject: string; body: string } {
  const when = dinnerDateTime(booking.eventDate);
  return {
    subject: `Save the date: ${dinnerSeries.name} dinner on ${formatEventDate(booking.eventDate)}`,
    body:
      `Save the date! I reserved a table for ${booking.guests} at ${dinnerSeries.name}: ${booking.eventTitle}, ` +
      `${when} in ${dinnerSeries.city}. The details and calendar links are here: ${origin}${partyInviteHref(booking)}`,
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
