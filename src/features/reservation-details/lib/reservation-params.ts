// Relative imports: this module is pure and unit-tested outside Vite's '@' alias.
import { formatEventDate, formatEventTime, parseCalendarDate } from '../../../lib/dates';
import { timeOfDay24 } from '../../../../supabase/functions/_shared/event-time.ts';
import { dollarsToCents, formatCents } from '../../../lib/money';
import type { ServerBooking } from '../types';
import type { CalendarEvent } from './calendar';

/**
 * The series a details link speaks for. Such a link carries only the spec's parameters and its page
 * makes no backend call, so it cannot read the series' organization: its name and city are the
 * spec's words for this page, fixed here with its ticket catalogue and its clock. Opened with a
 * booking's token, the page reads the organization from the server instead.
 */
export const linkSeries = { name: 'Eat At Home', city: 'Brooklyn, NY' } as const;

/** The dinner series is in Brooklyn: its times are New York time. */
export const SERIES_TIME_ZONE = 'America/New_York';
/** A link without the dinner's start (eventTime) is the series' classic dinner: 19:00 to 21:00. */
const CALENDAR_START = '19:00';

/**
 * The confirmation page's ticket catalogue: the dinner series' two classic tickets and their
 * prices per person. The booking page sends `food_wine` or
 * `food_only` for these two; any other ticket type arrives by name and is shown as given,
 * priced from the total paid.
 */
const knownTickets = {
  food_wine: { label: 'Food + Wine Pairing', priceCents: 17500 },
  food_only: { label: 'Food Only', priceCents: 12500 },
} as const;

export interface TicketInfo {
  label: string;
  pricePerPersonCents: number | null;
}

export interface ReservationDetails {
  name: string | null;
  email: string | null;
  eventTitle: string;
  eventDate: string;
  /** The dinner's start, 'HH:MM' on its own clock (the link's eventTime; 19:00 without one). */
  eventTime: string;
  guests: number;
  ticket: TicketInfo | null;
  totalCents: number | null;
  /** The link a booker sends their party (invite=1): no email, ticket or total then. */
  invited: boolean;
  /** Read from the booker's own link (the booking page sends them) but not displayed; never on a party invite. */
  dietaryRestrictions: string | null;
  specialRequests: string | null;
}

export type ParseResult = { ok: true; details: ReservationDetails } | { ok: false; problems: string[] };

const MAX_TEXT = 200;

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim();
  return value ? value.slice(0, MAX_TEXT) : null;
}

export function ticketFromParam(raw: string | null, guests: number, totalCents: number | null): TicketInfo | null {
  if (!raw) return null;
  const key = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const known =
    key === 'food_wine' || key === 'food_wine_pairing'
      ? knownTickets.food_wine
      : key === 'food_only' || key === 'food'
        ? knownTickets.food_only
        : null;
  if (known) return { label: known.label, pricePerPersonCents: known.priceCents };
  const perPerson = totalCents !== null && totalCents % guests === 0 ? totalCents / guests : null;
  return { label: raw, pricePerPersonCents: perPerson };
}

export function ticketLine(ticket: TicketInfo): string {
  return ticket.pricePerPersonCents === null ? ticket.label : `${ticket.label} (${formatCents(ticket.pricePerPersonCents)} per person)`;
}

export function partySize(guests: number): string {
  return `${guests} ${guests === 1 ? 'person' : 'people'}`;
}

/** The token of a booking's private link, when the page was opened with one (?booking=…). */
export function bookingTokenParam(params: URLSearchParams): string | null {
  const token = params.get('booking')?.trim();
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** "a", "a and b", "a, b and c". */
function listPhrase(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "The link's date is missing or unreadable." / "The link's event, date and party size are missing or unreadable." */
export function linkProblemSentence(problems: readonly string[]): string {
  return `The link's ${listPhrase(problems)} ${problems.length === 1 ? 'is' : 'are'} missing or unreadable.`;
}

/** Reads the link's query parameters; the event, its date and the party size must be usable. */
export function parseReservationParams(params: URLSearchParams): ParseResult {
  const problems: string[] = [];
  const eventTitle = text(params, 'eventTitle');
  if (!eventTitle) problems.push('event');
  const eventDate = text(params, 'eventDate');
  if (!eventDate || !parseCalendarDate(eventDate)) problems.push('date');
  const guestsRaw = text(params, 'guests');
  const guests = guestsRaw && /^\d{1,3}$/.test(guestsRaw) ? Number(guestsRaw) : 0;
  if (guests < 1) problems.push('party size');
  if (problems.length || !eventTitle || !eventDate) return { ok: false, problems };

  const emailRaw = text(params, 'email');
  const email = emailRaw && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailRaw) ? emailRaw : null;
  const totalRaw = text(params, 'totalPrice');
  const totalCents = totalRaw ? dollarsToCents(totalRaw.replace(/,/g, '')) : null;
  return {
    ok: true,
    details: {
      name: text(params, 'name'),
      invited: params.get('invite') === '1',
      email,
      eventTitle,
      eventDate,
      eventTime: timeOfDay24(text(params, 'eventTime') ?? '') ?? CALENDAR_START,
      guests,
      ticket: ticketFromParam(text(params, 'ticketType'), guests, totalCents),
      totalCents,
      dietaryRestrictions: text(params, 'dietaryRestrictions'),
      specialRequests: text(params, 'specialRequests'),
    },
  };
}

/** "Sunday, December 6, 2026 at 7:00 PM" for a 19:00 dinner. */
export function dateAndTime(details: Pick<ReservationDetails, 'eventDate' | 'eventTime'>): string {
  return `${formatEventDate(details.eventDate)} at ${formatEventTime(details.eventTime)}`;
}

export function locationLine(details: Pick<ReservationDetails, 'email' | 'invited'>): string {
  return `${linkSeries.city} (Address sent to ${details.email ?? (details.invited ? 'the guest who booked' : 'your email')})`;
}

/** The event every calendar button adds: two hours from the dinner's start, New York time, on the event date. */
export function calendarEventFor(details: ReservationDetails): CalendarEvent {
  const ticket = details.ticket ? ` - ${ticketLine(details.ticket)}` : '';
  return {
    title: `${linkSeries.name} Dinner`,
    description: `Five course dinner at ${linkSeries.name} for ${partySize(details.guests)}${ticket}`,
    location: `${linkSeries.city} (address will be provided)`,
    date: details.eventDate,
    startTime: details.eventTime,
    endTime: twoHoursAfter(details.eventTime),
    timeZone: SERIES_TIME_ZONE,
  };
}

/** "20:30" two hours on: "22:30" (the calendar's end, on the same date: at most 23:59). */
function twoHoursAfter(hhMm: string): string {
  const [h, m] = hhMm.split(':').map(Number);
  return h + 2 >= 24 ? '23:59' : `${String(h + 2).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The calendar event of a booking the server confirmed: its own start, two hours, in its timezone. */
export function calendarEventForBooking(booking: ServerBooking): CalendarEvent {
  const ticket = booking.ticketName ? ` - ${booking.ticketName}` : '';
  return {
    title: booking.eventTitle,
    description: `${booking.eventTitle} at ${booking.organizationName} for ${partySize(booking.guests)}${ticket}. Booking code ${booking.bookingCode}.`,
    location: booking.location ?? booking.organizationName,
    date: booking.date,
    startTime: booking.time,
    endTime: twoHoursAfter(booking.time),
    timeZone: booking.timeZone,
  };
}
