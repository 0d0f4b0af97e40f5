import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';

/**
 * Times are written by the one formatter the edge functions' emails and calendar files use too
 * (supabase/functions/_shared/event-time.ts): a page and its email never disagree.
 */
import { zoneAbbreviationAt } from '../../supabase/functions/_shared/event-time.ts';

export { eventTimeWithZone, formatEventTime, zoneAbbreviation } from '../../supabase/functions/_shared/event-time.ts';

/**
 * Event dates are calendar dates ("2026-12-06"): they are parsed at local noon so no
 * viewer timezone can shift them to the day before.
 */
export function parseCalendarDate(yyyyMmDd: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0);
  return date.getMonth() === Number(m[2]) - 1 ? date : null;
}

/** "Sunday, December 6, 2026" (the default event date format everywhere). */
export function formatEventDate(yyyyMmDd: string, pattern = 'EEEE, MMMM d, yyyy'): string {
  const date = parseCalendarDate(yyyyMmDd);
  return date ? format(date, pattern) : yyyyMmDd;
}

/** Today's calendar date in a timezone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

/** Whether an event (date + start time in its own timezone) has not started yet. */
export function isUpcoming(event: { date: string; event_time: string; event_timezone: string }, now: Date = new Date()): boolean {
  const local = new TZDate(now, event.event_timezone);
  const today = format(local, 'yyyy-MM-dd');
  if (event.date !== today) return event.date > today;
  return event.event_time.slice(0, 5) > format(local, 'HH:mm');
}

/**
 * An instant on the event's clock, with its zone: "Thursday, December 10 at 7:00 PM EST" (the
 * default pattern) or "Dec 4, 3:12 PM EST". An unreadable instant is shown as given.
 */
export function formatInstant(iso: string, timeZone: string, pattern = "EEEE, MMMM d 'at' h:mm a"): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  let local: Date;
  try {
    local = new TZDate(instant, timeZone);
  } catch {
    local = instant;
  }
  const zone = zoneAbbreviationAt(instant, timeZone);
  return `${format(local, pattern)}${zone ? ` ${zone}` : ''}`;
}
