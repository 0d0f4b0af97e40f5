/**
 * The org page's event dates, with the platform's Intl instead of date-fns and @date-fns/tz
 * (~7 KB gzip kept off the page's first render). Same answers as src/lib/dates.ts
 * (tests/unit/org-page-dates.test.ts compares them).
 */
import { wallClockAt } from '../../../../supabase/functions/_shared/event-time.ts';

/** A calendar date ("2026-12-06") at local noon, so no viewer timezone shifts it; null when invalid. */
function parseCalendarDate(yyyyMmDd: string): Date | null {
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
export { formatEventTime } from '../../../../supabase/functions/_shared/event-time.ts';

/** Whether an event (date + start time in its own timezone) has not started yet. */
export function isUpcoming(event: { date: string; event_time: string; event_timezone: string }, now: Date = new Date()): boolean {
  const { date, time } = wallClockAt(now, event.event_timezone);
  if (event.date !== date) return event.date > date;
  return event.event_time.slice(0, 5) > time.slice(0, 5);
}
