// Relative imports: this module is pure and unit-tested.
import { bookingMessages, supperSoldOut, tooManyTickets } from '../../checkout/lib/messages';
import type { ToastText } from '../../checkout/types';
import { isBookingClosed } from '../../../lib/booking';
import { formatEventDate, parseCalendarDate } from '../../../lib/dates';
import type { SupperClubEvent } from '../types';

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Weekdays read as a run of the week: the list starts after the longest gap, so Sunday and
 * Monday give "Sundays and Mondays" and Friday to Sunday "Fridays, Saturdays and Sundays".
 */
function weekdayPhrase(days: number[], plural: boolean): string {
  const unique = [...new Set(days)].sort((a, b) => a - b);
  let start = 0;
  let widest = -1;
  unique.forEach((day, i) => {
    const previous = unique[(i - 1 + unique.length) % unique.length];
    const gap = (day - previous + 7) % 7 || 7;
    if (gap > widest) [widest, start] = [gap, i];
  });
  const names = [...unique.slice(start), ...unique.slice(0, start)].map((d) => weekdayNames[d] + (plural ? 's' : ''));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The header's dates, derived from the upcoming suppers: "Sundays and Mondays, Nov 29 to Dec 21"
 * (the years are named when the range crosses one), or "Sunday, Nov 29" for a single date.
 */
export function describeSchedule(events: Pick<SupperClubEvent, 'date'>[]): string | null {
  const dates = events
    .map((e) => e.date)
    .filter((d) => parseCalendarDate(d))
    .sort();
  if (dates.length === 0) return null;
  const first = dates[0];
  const last = dates[dates.length - 1];
  const days = dates.map((d) => parseCalendarDate(d)!.getDay());
  if (first === last) return `${weekdayNames[days[0]]}, ${formatEventDate(first, 'MMM d')}`;
  const pattern = first.slice(0, 4) === last.slice(0, 4) ? 'MMM d' : 'MMM d, yyyy';
  return `${weekdayPhrase(days, true)}, ${formatEventDate(first, pattern)} to ${formatEventDate(last, pattern)}`;
}

/** The slots offered across the upcoming suppers, in the order they appear: ["5:30pm", "8:00pm"]. */
export function slotLabels(events: Pick<SupperClubEvent, 'slots'>[]): string[] {
  return [...new Set(events.flatMap((e) => e.slots.map((s) => s.label)))];
}

/** "5:30pm or 8:00pm". */
export function describeSlots(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** What an option adds to its date or seating: `none` when no seat is left, the seats when six or fewer are. */
export function seatsNote(available: number, none: string): string {
  return available < 1 ? none : available <= 6 ? ` (${available} left)` : '';
}

/**
 * A date as the form offers it: "Sunday, November 29" with its seats note, disabled when sold out
 * or when its online booking has closed ("Sunday, November 29 (Booking Closed)").
 */
export function dateOption(event: SupperClubEvent, now = Date.now()): { value: string; label: string; disabled: boolean } {
  const closed = isBookingClosed(event, now);
  return {
    value: event.id,
    label: `${supperDate(event.date)}${closed ? ' (Booking Closed)' : seatsNote(event.available_seats, ' (Sold Out)')}`,
    disabled: closed || event.available_seats < 1,
  };
}

/** Tickets the guest can still take for a date (and slot, once chosen). */
export function ticketsLeft(event: SupperClubEvent | undefined, slotLabel: string | undefined): number {
  if (!event) return 0;
  const slot = slotLabel ? event.slots.find((s) => s.label === slotLabel) : undefined;
  return Math.max(0, slot ? Math.min(event.available_seats, slot.available) : event.available_seats);
}

/** The date as the form and its messages name it: "Sunday, November 29". */
export function supperDate(date: string): string {
  return formatEventDate(date, 'EEEE, MMMM d');
}

/** The price per seat the page announces: the lowest of the listed suppers' (null while none is listed). */
export function seatPriceOf(events: readonly Pick<SupperClubEvent, 'seat_price_cents'>[] | undefined): number | null {
  return events?.length ? Math.min(...events.map((e) => e.seat_price_cents)) : null;
}

/** The ticket counts the form offers: 1 to the most any listed supper takes in one order. */
export function ticketChoicesOf(events: readonly Pick<SupperClubEvent, 'party_limit'>[], event?: Pick<SupperClubEvent, 'party_limit'>): number[] {
  const most = event?.party_limit ?? Math.max(1, ...events.map((e) => e.party_limit));
  return Array.from({ length: most }, (_, i) => i + 1);
}

/**
 * The checks before payment, on the freshest availability, in this order: the supper still
 * listed, its limit per order, seats left for the date, the seating still offered, seats left in it. The server's
 * quote, asked next, remains the authority; these give the guest the date's own words at once.
 */
export function checkSupperClubBooking(
  input: { eventId: string; timeSlot: string; tickets: number },
  events: readonly SupperClubEvent[],
): ToastText | null {
  const event = events.find((e) => e.id === input.eventId);
  if (!event) return bookingMessages.eventNotFound;
  if (input.tickets > event.party_limit) return tooManyTickets(`Maximum ${event.party_limit} tickets per order.`);
  if (event.available_seats < input.tickets) return supperSoldOut(supperDate(event.date));
  const slot = event.slots.find((s) => s.label === input.timeSlot);
  if (!slot) return bookingMessages.missingInformation;
  if (slot.available < input.tickets) return supperSoldOut(supperDate(event.date), slot.label);
  return null;
}

/** A seating no ticket can be bought for: the waitlist's to offer. */
export interface SoldOutSeating {
  eventId: string;
  slotId: string;
  /** "Sunday, November 29 at 8:00pm" */
  label: string;
  /** Most tickets one order of that supper may have. */
  partyLimit: number;
}

/**
 * Every sold-out seating of the listed suppers: a full seating, or every seating of a date with no
 * seats left; none of a date whose online booking has closed (its waitlist is closed too). Pure,
 * so it is unit tested.
 */
export function soldOutSeatings(events: readonly SupperClubEvent[], now = Date.now()): SoldOutSeating[] {
  return events
    .filter((event) => !isBookingClosed(event, now))
    .flatMap((event) =>
      event.slots
        .filter((slot): slot is typeof slot & { id: string } => slot.id !== undefined && ticketsLeft(event, slot.label) < 1)
        .map((slot) => ({ eventId: event.id, slotId: slot.id, label: `${supperDate(event.date)} at ${slot.label}`, partyLimit: event.party_limit })),
    );
}
