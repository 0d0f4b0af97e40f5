// Relative imports: this module is pure and unit-tested outside Vite's '@' alias.
import { TZDate } from '@date-fns/tz';
import { parseCalendarDate } from '../../../lib/dates';
import { slugFromName } from '../../../lib/slug';

/** A dinner as calendar apps see it: wall-clock times on a calendar date in one timezone. */
export interface CalendarEvent {
  title: string;
  description: string;
  location: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour, in timeZone */
  startTime: string;
  endTime: string;
  timeZone: string;
}

function instant(date: string, hhMm: string, timeZone: string): TZDate {
  const day = parseCalendarDate(date);
  const m = /^(\d{2}):(\d{2})$/.exec(hhMm);
  if (!day || !m) throw new Error(`Not a calendar date and time: ${date} ${hhMm}`);
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Number(m[1]), Number(m[2]), 0, timeZone);
}

/** "2026-12-06" + "19:00" → "20261206T190000" (wall clock, no zone). */
function compactLocal(date: string, hhMm: string): string {
  return `${date.replaceAll('-', '')}T${hhMm.replace(':', '')}00`;
}

/** "2026-12-06T19:00:00-05:00": the wall-clock time with its real UTC offset on that date. */
export function isoWithOffset(date: string, hhMm: string, timeZone: string): string {
  return instant(date, hhMm, timeZone)
    .toISOString()
    .replace(/\.000(?=[+-]|Z)/, '');
}

/** "20261207T000000Z": the instant in UTC, as iCalendar writes it. */
function icsUtc(d: Date): string {
  // TZDate prints its own zone; a plain Date prints UTC.
  return new Date(d.getTime())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactLocal(event.date, event.startTime)}/${compactLocal(event.date, event.endTime)}`,
    ctz: event.timeZone,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: isoWithOffset(event.date, event.startTime, event.timeZone),
    enddt: isoWithOffset(event.date, event.endTime, event.timeZone),
    body: event.description,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/** RFC 5545 text escaping. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 line folding: at most 75 octets per line, continuation lines start with a space. */
function fold(line: string): string {
  const bytes = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes.encode(current + ch).length > limit) {
      parts.push(current);
      current = ch;
    } else current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An .ics file (Apple Calendar and every other calendar app) with times in UTC. */
export function icsContent(event: CalendarEvent, opts: { uid: string; now?: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SupperHost//Reservation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${opts.uid}`,
    `DTSTAMP:${icsUtc(opts.now ?? new Date())}`,
    `DTSTART:${icsUtc(instant(event.date, event.startTime, event.timeZone))}`,
    `DTEND:${icsUtc(instant(event.date, event.endTime, event.timeZone))}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

export function icsDataUrl(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

/** The downloaded file's name, after the calendar event's title: "Eat At Home Dinner" → "eat-at-home-dinner.ics". */
export function icsFileName(event: Pick<CalendarEvent, 'title'>): string {
  return `${slugFromName(event.title) || 'dinner'}.ics`;
}
