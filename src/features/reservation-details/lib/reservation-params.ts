// Relative imports: this module is pure and unit-tested outside Vite's '@' alias.
import { dinnerSeries } from '../../../config/site';
import { formatEventDate, parseCalendarDate } from '../../../lib/dates';
import { dollarsToCents, formatCents } from '../../../lib/money';
import type { CalendarEvent } from './calendar';

/** The dinner series is in Brooklyn: its 7:00 PM is New York time. */
export const SERIES_TIME_ZONE = 'America/New_York';
export const CALENDAR_START = '19:00';
export const CALENDAR_END = '21:00';

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
  guests: number;
  ticket: TicketInfo | null;
  totalCents: number | null;
  /** The booker's first name, on the link a booker sends their party (no email, ticket or total then). */
  invitedBy: string | null;
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

/** Reads the link's query parameters; the event, its date and the party size must be usable. */
export function parseReservationParams(params: URLSearchParams): ParseResult {
  const problems: string[] = [];
  const eventTitle = text(params, 'eventTitle');
  if (!eventTitle) problems.push('the event');
  const eventDate = text(params, 'eventDate');
  if (!eventDate || !parseCalendarDate(eventDate)) problems.push('the date');
  const guestsRaw = text(params, 'guests');
  const guests = guestsRaw && /^\d{1,3}$/.test(guestsRaw) ? Number(guestsRaw) : 0;
  if (guests < 1) problems.push('the party size');
  if (problems.length || !eventTitle || !eventDate) return { ok: false, problems };

  const emailRaw = text(params, 'email');
  const email = emailRaw && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailRaw) ? emailRaw : null;
  const totalRaw = text(params, 'totalPrice');
  const totalCents = totalRaw ? dollarsToCents(totalRaw.replace(/,/g, '')) : null;
  return {
    ok: true,
    details: {
      name: text(params, 'name'),
      invitedBy: text(params, 'invitedBy'),
      email,
      eventTitle,
      eventDate,
      guests,
      ticket: ticketFromParam(text(params, 'ticketType'), guests, totalCents),
      totalCents,
      dietaryRestrictions: text(params, 'dietaryRestrictions'),
      specialRequests: text(params, 'specialRequests'),
    },
  };
}

export function dateAndTime(details: Pick<ReservationDetails, 'eventDate'>): string {
  return `${formatEventDate(details.eventDate)} at ${dinnerSeries.displayTime}`;
}

export function locationLine(details: Pick<ReservationDetails, 'email' | 'invitedBy'>): string {
  return `${dinnerSeries.city} (Address sent to ${details.email ?? details.invitedBy ?? 'your email'})`;
}

/** The event every calendar button adds: 19:00–21:00 New York time on the event date. */
export function calendarEventFor(details: ReservationDetails): CalendarEvent {
  const ticket = details.ticket ? ` - ${ticketLine(details.ticket)}` : '';
  return {
    title: `${dinnerSeries.name} Dinner`,
    description: `Five course dinner at ${dinnerSeries.name} for ${partySize(details.guests)}${ticket}`,
    location: `${dinnerSeries.city} (address will be provided)`,
    date: details.eventDate,
    startTime: CALENDAR_START,
    endTime: CALENDAR_END,
    timeZone: SERIES_TIME_ZONE,
  };
}
