import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import * as lean from '../../src/lib/calendar-dates';
import * as shared from '../../src/lib/dates';

// The Intl-based dates of the public page and its booking forms (src/lib/calendar-dates.ts)
// answer as date-fns and @date-fns/tz do.

/** "Not started yet" as date-fns reads the event's clock. */
function upcomingByDateFns(event: { date: string; event_time: string; event_timezone: string }, now: Date): boolean {
  const local = new TZDate(now, event.event_timezone);
  const today = format(local, 'yyyy-MM-dd');
  if (event.date !== today) return event.date > today;
  return event.event_time.slice(0, 5) > format(local, 'HH:mm');
}

describe('calendar dates (Intl) = date-fns', () => {
  it('formats calendar dates and start times alike', () => {
    const dates = ['2026-12-06', '2027-01-01', '2028-02-29', '2026-02-30', '2026-13-01', 'not-a-date', '2026-7-04'];
    for (let day = 0; day < 400; day += 7) dates.push(new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10));
    for (const d of dates) {
      const parsed = lean.parseCalendarDate(d);
      expect(lean.formatEventDate(d), d).toBe(parsed ? format(parsed, 'EEEE, MMMM d, yyyy') : d);
      expect(shared.formatEventDate(d), d).toBe(lean.formatEventDate(d));
      expect(shared.formatEventDate(d, 'MMM d'), d).toBe(parsed ? format(parsed, 'MMM d') : d);
    }
    const times = ['00:00', '00:30', '9:05', '11:59', '12:00', '12:30:00', '13:00', '19:00', '19:00:00', '23:59', 'soon'];
    for (const t of times) expect(lean.formatEventTime(t), t).toBe(shared.formatEventTime(t));
  });

  it('decides upcoming in the event timezone alike, around midnight and DST changes', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Australia/Lord_Howe', 'UTC'];
    const instants = ['2026-12-07T03:00:00Z', '2026-03-08T06:59:00Z', '2026-03-08T07:01:00Z', '2026-11-01T05:30:00Z', '2026-06-30T23:59:59Z'];
    const events = [
      { date: '2026-12-06', event_time: '23:30' },
      { date: '2026-12-06', event_time: '19:00' },
      { date: '2026-12-07', event_time: '00:30' },
      { date: '2026-03-08', event_time: '01:30:00' },
      { date: '2026-03-07', event_time: '23:00' },
      { date: '2026-11-01', event_time: '01:00' },
      { date: '2026-06-30', event_time: '19:00' },
      { date: '2026-07-01', event_time: '08:00' },
    ];
    for (const zone of zones)
      for (const at of instants)
        for (const e of events) {
          const event = { ...e, event_timezone: zone };
          expect(lean.isUpcoming(event, new Date(at)), `${zone} ${at} ${e.date} ${e.event_time}`).toBe(upcomingByDateFns(event, new Date(at)));
        }
  });
});
