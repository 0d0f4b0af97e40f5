// How every page, email and calendar link shows when a dinner starts: the event's date and
// start time (or its seating's) on the event's own wall clock, named with the event's timezone.
// Pure (the platform's Intl only, no imports): the edge functions import it, and the browser
// through src/lib/dates.ts and the org page, so the two can never show different times.
//
// An event's start is stored as a calendar date, a time of day and a timezone: the time is
// already the event's wall clock and is never converted, only written out. A seating's time is
// either a time of day ('20:00') or, in a reservation's time_slot and the supper club's words, a label
// ('8:00pm'); both read the same.

/** Hours (0-23) and minutes of a time of day: '20:30', '20:30:00', '8:30pm', '8:30 PM', '8pm', '8 p.m.'; null otherwise. */
export function parseTimeOfDay(value: string): { hours: number; minutes: number } | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2}(?:\.\d+)?)?\s*(?:([ap])\.?\s*m\.?)?\s*$/i.exec(value);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const meridiem = m[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (m[2] === undefined || hours > 23) {
    // A bare number ('8') says neither the minutes nor the half of the day.
    return null;
  }
  return { hours, minutes };
}

/**
 * "7:00 PM" for a 19:00 start, "8:00 PM" for a seating at '20:00' or labelled '8:00pm'. A label
 * that is not a time ('Early seating') is shown as written.
 */
export function formatEventTime(value: string): string {
  const t = parseTimeOfDay(value);
  if (!t) return value.trim();
  return `${t.hours % 12 || 12}:${String(t.minutes).padStart(2, '0')} ${t.hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * What a seating's label adds beside its time: the label, or null when it has none or it only
 * says that time again ('8:00pm' for a 20:00 seating), so pages do not write "8:00 PM (8:00pm)".
 */
export function labelBesideTime(label: string | null | undefined, time: string): string | null {
  const text = label?.trim();
  if (!text) return null;
  const [a, b] = [parseTimeOfDay(text), parseTimeOfDay(time)];
  return a && b && a.hours === b.hours && a.minutes === b.minutes ? null : text;
}

/** '20:00' (24-hour, zero-padded) for a time of day or a seating label; null when it is not a time. */
export function timeOfDay24(value: string): string | null {
  const t = parseTimeOfDay(value);
  return t ? `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}` : null;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of a timezone at an instant: { date: 'YYYY-MM-DD', time: 'HH:mm:ss' } (hours
 * 00-23). Throws for an unknown zone.
 */
export function wallClockAt(instant: Date, timeZone: string): { date: string; time: string } {
  let f = wallClockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${p.year.padStart(4, '0')}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/** The UTC offset (ms) of a timezone at an instant. Throws for an unknown zone. */
function offsetAt(instant: number, timeZone: string): number {
  const { date, time } = wallClockAt(new Date(instant), timeZone);
  return Date.parse(`${date}T${time}Z`) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a calendar date happens in a timezone; null when the date,
 * time or zone is unreadable. A time the clocks skip (02:30 on the spring-forward day) is read
 * with the offset before the change, as PostgreSQL's `at time zone` does.
 */
export function zonedInstant(yyyyMmDd: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  const t = parseTimeOfDay(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), t.hours, t.minutes);
  try {
    // The offsets a day before and a day after; on a day the clocks change they differ.
    const before = offsetAt(wall - 86_400_000, timeZone);
    const after = offsetAt(wall + 86_400_000, timeZone);
    const withAfter = wall - after;
    if (offsetAt(withAfter, timeZone) === after) return new Date(withAfter);
    return new Date(wall - before);
  } catch {
    return null;
  }
}

/** "EST" / "EDT" at an instant in a timezone ("" when unknown). */
export function zoneAbbreviationAt(instant: Date, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) return '';
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * "EST" / "EDT" for an event in a timezone ("" when unknown): at its start when the time is
 * given, else at noon UTC of the day (the same calendar day in every US zone).
 */
export function zoneAbbreviation(yyyyMmDd: string, timeZone: string, time?: string): string {
  const at = time ? zonedInstant(yyyyMmDd, time, timeZone) : null;
  if (at) return zoneAbbreviationAt(at, timeZone);
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  if (!d) return '';
  return zoneAbbreviationAt(new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), 12)), timeZone);
}

const ZONE_NAMES: Record<string, string> = {
  'America/New_York': 'Eastern Time',
  'America/Chicago': 'Central Time',
  'America/Denver': 'Mountain Time',
  'America/Phoenix': 'Mountain Time',
  'America/Los_Angeles': 'Pacific Time',
  'America/Anchorage': 'Alaska Time',
  'Pacific/Honolulu': 'Hawaii Time',
};

/** "Eastern Time" for America/New_York (the emails' words); other zones by their IANA name. */
export function zoneName(timeZone: string): string {
  return ZONE_NAMES[timeZone] ?? timeZone;
}

/**
 * The event's start (or its seating's) with its zone: "8:30 PM EST" (zone 'short', at that
 * start's own offset, so a date after the clocks change says EDT), "8:30 PM Eastern Time"
 * ('long', the emails'), or "8:30 PM" ('none').
 */
export function eventTimeWithZone(event: { date: string; time: string; timezone: string }, zone: 'short' | 'long' | 'none' = 'short'): string {
  const time = formatEventTime(event.time);
  if (zone === 'none') return time;
  const name = zone === 'long' ? zoneName(event.timezone) : zoneAbbreviation(event.date, event.timezone, event.time);
  return name ? `${time} ${name}` : time;
}

const calendarDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date (no timezone shift): 'long' "Saturday, December 5, 2026", 'medium'
 * "Sat, Dec 5, 2026", 'day' "Saturday, December 5". The input as given when it is not a date.
 */
export function formatCalendarDate(yyyyMmDd: string, style: 'long' | 'medium' | 'day' = 'long'): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  if (!d) return yyyyMmDd;
  const date = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
  if (date.getUTCMonth() !== Number(d[2]) - 1) return yyyyMmDd;
  let f = calendarDates.get(style);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      style === 'long'
        ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
        : style === 'medium'
          ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }
          : { weekday: 'long', month: 'long', day: 'numeric' };
    f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });
    calendarDates.set(style, f);
  }
  return f.format(date);
}

/** "Fri, Dec 4, 2026 at 7:00 PM EST": an instant on an event's own clock (when its online booking closes). */
export function momentOnClock(instant: Date, timeZone: string): string {
  const { date, time } = wallClockAt(instant, timeZone);
  const zone = zoneAbbreviationAt(instant, timeZone);
  return `${formatCalendarDate(date, 'medium')} at ${formatEventTime(time)}${zone ? ` ${zone}` : ''}`;
}
