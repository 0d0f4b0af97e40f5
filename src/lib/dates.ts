import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { formatEventDate as longEventDate, parseCalendarDate } from './calendar-dates';

/**
 * Times are written by the one formatter the edge functions' emails and calendar files use too
 * (supabase/functions/_shared/event-time.ts): a page and its email never disagree.
 */
import { zoneAbbreviationAt } from '../../supabase/functions/_shared/event-time.ts';

export { eventTimeWithZone, formatEventTime, labelBesideTime, momentOnClock, zoneAbbreviation } from '../../supabase/functions/_shared/event-time.ts';

// Calendar dates, the long date and "not started yet" need no date-fns (./calendar-dates.ts).
export { isUpcoming, parseCalendarDate } from './calendar-dates';

/** "Sunday, December 6, 2026" (the default event date format everywhere), or the date in a date-fns pattern. */
export function formatEventDate(yyyyMmDd: string, pattern?: string): string {
  if (!pattern) return longEventDate(yyyyMmDd);
  const date = parseCalendarDate(yyyyMmDd);
  return date ? format(date, pattern) : yyyyMmDd;
}

/** Today's calendar date in a timezone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
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
