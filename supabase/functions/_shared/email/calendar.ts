// Calendar pieces of a booking email: the .ics attachment (ical-generator, with a VTIMEZONE
// block for the event's timezone from timezones-ical-library) and "Add to Google Calendar" /
// Outlook links. A dinner is shown as three hours long (events have no end time).
import ical, { ICalCalendarMethod } from 'npm:ical-generator@11.1.2';
import { tzlib_get_ical_block } from 'npm:timezones-ical-library@2.3.2';

const DINNER_HOURS = 3;

/** A timezone's VTIMEZONE block, built once per worker (building it is most of an .ics's cost). */
const vtimezones = new Map<string, string>();
function vtimezone(tz: string): string {
  let block = vtimezones.get(tz);
  if (block === undefined) {
    block = tzlib_get_ical_block(tz)[0];
    vtimezones.set(tz, block);
  }
  return block;
}

export interface CalendarEvent {
  /** Stable per reservation: the same booking always has the same UID. */
  uid: string;
  title: string;
  /** The start instant (ISO, with offset): for the Google and Outlook links (UTC). */
  startsAt: string;
  /** The start on the event's wall clock ('YYYY-MM-DD', 'HH:MM'): the .ics DTSTART with its TZID. */
  localDate: string;
  localTime: string;
  timezone: string;
  location: string;
  description: string;
  url: string | null;
}

function endOf(startsAt: string): Date {
  return new Date(new Date(startsAt).getTime() + DINNER_HOURS * 3_600_000);
}

/**
 * The event's wall-clock start as ical-generator reads a plain Date under a TZID: it writes
 * the Date's UTC fields as the local time of `timezone` (no date library is involved), so the
 * Date carries the wall clock in its UTC fields.
 */
function wallClock(date: string, time: string, plusHours = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, h + plusHours, min));
}

const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/**
 * The iCalendar file (METHOD:PUBLISH, TZID'd DTSTART/DTEND and the VTIMEZONE). DTSTAMP is
 * written by hand: RFC 5545 requires it in UTC ('Z'), and ical-generator writes it in the
 * calendar's timezone, without the Z, whenever the calendar has one (as here, for the VTIMEZONE).
 */
export function icsFile(event: CalendarEvent): string {
  const calendar = ical({
    prodId: { company: 'SupperHost', product: 'Bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: event.timezone, generator: vtimezone },
  });
  calendar.createEvent({
    id: event.uid,
    start: wallClock(event.localDate, event.localTime),
    end: wallClock(event.localDate, event.localTime, DINNER_HOURS),
    timezone: event.timezone,
    summary: event.title,
    location: event.location || null,
    description: event.description,
    url: event.url,
  });
  return calendar.toString().replace(/^DTSTAMP:.*$/m, `DTSTAMP:${compactUtc(new Date())}`);
}

export function googleCalendarLink(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(new Date(event.startsAt))}/${compactUtc(endOf(event.startsAt))}`,
    ctz: event.timezone,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

export function outlookCalendarLink(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.startsAt).toISOString(),
    enddt: endOf(event.startsAt).toISOString(),
    body: event.description,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}
