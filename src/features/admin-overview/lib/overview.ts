import { eventTimeWithZone, formatEventDate, formatEventTime, labelBesideTime, momentOnClock } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import type { BookingsDay, CapacityLine, EventOverview, OverviewEvent } from '../types';
import { guestCount } from '@/lib/words';

/** "Sat, Dec 26, 2026 · 7:00 PM EST": the event's calendar date and start time in its own timezone. */
export function eventWhen(event: Pick<OverviewEvent, 'date' | 'eventTime' | 'timezone'>): string {
  return `${formatEventDate(event.date, 'EEE, MMM d, yyyy')} · ${eventTimeWithZone({ date: event.date, time: event.eventTime, timezone: event.timezone })}`;
}

/**
 * How guests reach the event beyond its date, in words for its header: "Unlisted", and when online
 * booking closes or closed (only with a cutoff); null when neither applies.
 */
export function bookingRulesLine(
  event: Pick<OverviewEvent, 'bookingCutoffHours' | 'bookingClosesAt' | 'unlisted' | 'timezone'>,
  now: number = Date.now(),
): string | null {
  const parts: string[] = [];
  if (event.unlisted) parts.push('Unlisted: only its booking link shows it');
  if (event.bookingCutoffHours !== null) {
    const closesAt = new Date(event.bookingClosesAt);
    parts.push(`Online booking ${closesAt.getTime() <= now ? 'closed' : 'closes'} ${momentOnClock(closesAt, event.timezone)}`);
  }
  return parts.length ? parts.join(' · ') : null;
}

/** The capacity list: every ticket type (with its price), then every RSVP slot (with its time). */
export function capacityLines(overview: Pick<EventOverview, 'ticketTypes' | 'slots'>): CapacityLine[] {
  return [
    ...overview.ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      detail: formatCents(t.priceCents),
      sold: t.sold,
      held: t.held,
      remaining: t.remaining,
      capacity: t.capacity,
      inactive: false,
    })),
    ...overview.slots.map((s) => {
      // A slot named by its time alone ('5:30pm') is shown once, as its time.
      const label = labelBesideTime(s.label, s.time);
      return {
        id: s.id,
        name: label ?? formatEventTime(s.time),
        detail: label ? formatEventTime(s.time) : '',
        sold: s.sold,
        held: s.held,
        remaining: s.remaining,
        capacity: s.capacity,
        inactive: !s.isActive,
      };
    }),
  ];
}

/** A share of the capacity as a CSS width (0–100 %); 0 when there is no capacity. */
export function share(part: number, capacity: number): string {
  if (capacity <= 0 || part <= 0) return '0%';
  return `${Math.min(100, (part / capacity) * 100).toFixed(1)}%`;
}

const DAY_MS = 86_400_000;
/** Days without bookings are drawn as zeros up to this span; a longer sale shows only its booking days. */
const MAX_FILLED_DAYS = 120;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The booking days from the first to the last, the days in between (nothing booked) at zero. */
export function fillDays(days: readonly BookingsDay[]): BookingsDay[] {
  if (days.length < 2) return [...days];
  const first = dayNumber(days[0].day);
  const last = dayNumber(days[days.length - 1].day);
  if (!Number.isFinite(first) || !Number.isFinite(last) || last - first > MAX_FILLED_DAYS) return [...days];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const filled: BookingsDay[] = [];
  for (let n = first; n <= last; n += 1) {
    const day = new Date(n * DAY_MS).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, bookings: 0, guests: 0 });
  }
  return filled;
}

/** "Dec 3" (a booking day on the chart's axis and in its table). */
export function dayLabel(day: string): string {
  return formatEventDate(day, 'MMM d');
}

/** The chart in words: "7 bookings (15 guests) from Nov 20 to Nov 25; the busiest day was Nov 24 with 3 bookings." */
export function chartSummary(days: readonly BookingsDay[]): string {
  if (days.length === 0) return 'No bookings yet.';
  const bookings = days.reduce((n, d) => n + d.bookings, 0);
  const guests = days.reduce((n, d) => n + d.guests, 0);
  const busiest = days.reduce((best, d) => (d.bookings > best.bookings ? d : best), days[0]);
  const span = days.length === 1 ? `on ${dayLabel(days[0].day)}` : `from ${dayLabel(days[0].day)} to ${dayLabel(days[days.length - 1].day)}`;
  const total = `${bookings} ${bookings === 1 ? 'booking' : 'bookings'} (${guestCount(guests)}) ${span}`;
  return days.length === 1
    ? `${total}.`
    : `${total}; the busiest day was ${dayLabel(busiest.day)} with ${busiest.bookings} ${busiest.bookings === 1 ? 'booking' : 'bookings'}.`;
}
