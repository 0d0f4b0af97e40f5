import { describe, expect, it } from 'vitest';
import { formatEventDate, formatEventTime, isUpcoming, parseCalendarDate, todayIn } from '../../src/lib/dates';

describe('event dates', () => {
  it('keeps a calendar date on its own day whatever the viewer timezone', () => {
    expect(formatEventDate('2026-12-06')).toBe('Sunday, December 6, 2026');
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(formatEventDate('not-a-date')).toBe('not-a-date');
  });

  it('formats start times on a 12-hour clock', () => {
    expect(formatEventTime('19:00')).toBe('7:00 PM');
    expect(formatEventTime('17:30:00')).toBe('5:30 PM');
  });

  it('computes today and upcoming in the event timezone, not UTC', () => {
    // 03:00 UTC on Dec 7 is still Dec 6 (10pm) in New York.
    const now = new Date('2026-12-07T03:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-12-06');
    const base = { date: '2026-12-06', event_timezone: 'America/New_York' };
    expect(isUpcoming({ ...base, event_time: '23:30' }, now)).toBe(true);
    expect(isUpcoming({ ...base, event_time: '19:00' }, now)).toBe(false);
    expect(isUpcoming({ ...base, date: '2026-12-07', event_time: '00:30' }, now)).toBe(true);
    expect(isUpcoming({ ...base, date: '2026-12-05', event_time: '23:59' }, now)).toBe(false);
  });
});
