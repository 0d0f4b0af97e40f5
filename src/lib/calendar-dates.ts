/**
 * Event dates with the platform's Intl instead of date-fns and @date-fns/tz: what the public
 * page and its booking forms show, ~7 kB gzip lighter than src/lib/dates.ts (which re-exports
 * these and adds date-fns patterns for the rest). tests/unit/calendar-dates.test.ts checks them
 * against date-fns.
 */
import { wallClockAt } from '../../supabase/functions/_shared/event-time.ts';

/**
 * Event dates are calendar dates ("2026-12-06"): they are parsed at local noon so no viewer
 * timezone can shift them to the day before; null when invalid.
 */
export function parseCalendarDate(yyyyMmDd: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0);
  return date.getMonth() === Number(m[2]) - 1 ? date : null;
}

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** "Sunday, December 6, 2026". */
export function formatEventDate(yyyyMmDd: string): string {
  const date = parseCalendarDate(yyyyMmDd);
  return date ? longDate.format(date) : yyyyMmDd;
}

/** The event's start as every page and email writes it ("19:00" → "7:00 PM"). */
export { formatEventTime, labelBesideTime } from '../../supabase/functions/_shared/event-time.ts';

/** Whether an event (date + start time in its own timezone) has not started yet. */
export function isUpcoming(event: { date: string; event_time: string; event_timezone: string }, now: Date = new Date()): boolean {
  const { date, time } = wallClockAt(now, event.event_timezone);
  if (event.date !== date) return event.date > date;
  return event.event_time.slice(0, 5) > time.slice(0, 5);
}
