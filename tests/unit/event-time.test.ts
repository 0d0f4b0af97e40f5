import { describe, expect, it } from 'vitest';
import {
  eventTimeWithZone,
  formatCalendarDate,
  formatEventTime,
  labelBesideTime,
  parseTimeOfDay,
  timeOfDay24,
  zoneAbbreviation,
  zonedInstant,
  zoneName,
} from '../../supabase/functions/_shared/event-time';
import * as pageDates from '../../src/lib/dates';
import * as calendarDates from '../../src/lib/calendar-dates';

describe('the event time formatter', () => {
  it("writes a seating's label beside its time only when it says more than the time", () => {
    expect(labelBesideTime('Late seating', '20:00')).toBe('Late seating');
    expect(labelBesideTime('8:00pm', '20:00')).toBeNull();
    expect(labelBesideTime(' 8pm ', '8:00 PM')).toBeNull();
    expect(labelBesideTime('8:30pm', '20:00')).toBe('8:30pm');
    expect(labelBesideTime('  ', '20:00')).toBeNull();
    expect(labelBesideTime(null, '20:00')).toBeNull();
  });

  // An event's own start (19:00 is the spec's 7:00 PM) and a seating's label, read as the
  // evening it names, never as a morning.
  it.each([
    ['19:00', '7:00 PM', '19:00'],
    ['20:30', '8:30 PM', '20:30'],
    ['20:30:00', '8:30 PM', '20:30'],
    ['20:00:00', '8:00 PM', '20:00'],
    ['00:00', '12:00 AM', '00:00'],
    ['00:30', '12:30 AM', '00:30'],
    ['12:00', '12:00 PM', '12:00'],
    ['9:05', '9:05 AM', '09:05'],
    ['23:59:59', '11:59 PM', '23:59'],
    ['8:00pm', '8:00 PM', '20:00'],
    ['5:30pm', '5:30 PM', '17:30'],
    ['7:00 PM', '7:00 PM', '19:00'],
    ['8pm', '8:00 PM', '20:00'],
    ['8:00 p.m.', '8:00 PM', '20:00'],
    ['12:00am', '12:00 AM', '00:00'],
    ['12:30pm', '12:30 PM', '12:30'],
    ['11:00am', '11:00 AM', '11:00'],
  ])('writes %j as %s (%s on a 24-hour clock)', (value, shown, clock24) => {
    expect(formatEventTime(value)).toBe(shown);
    expect(timeOfDay24(value)).toBe(clock24);
  });

  it('shows a label that is not a time as written', () => {
    for (const label of ['Early seating', 'Dinner', '8', '13pm', '24:00', '7:60', '']) expect(parseTimeOfDay(label), label).toBeNull();
    expect(formatEventTime(' Early seating ')).toBe('Early seating');
    expect(formatEventTime('13pm')).toBe('13pm');
    expect(timeOfDay24('soon')).toBeNull();
  });

  it('names the zone at the start itself: EST in winter, EDT in summer, across the DST days', () => {
    expect(eventTimeWithZone({ date: '2026-12-05', time: '20:30', timezone: 'America/New_York' })).toBe('8:30 PM EST');
    expect(eventTimeWithZone({ date: '2026-07-04', time: '20:30', timezone: 'America/New_York' })).toBe('8:30 PM EDT');
    expect(eventTimeWithZone({ date: '2026-07-04', time: '20:00', timezone: 'America/Los_Angeles' })).toBe('8:00 PM PDT');
    // Spring forward (March 8, 2026, 2:00 AM in New York): before it EST, after it EDT.
    expect(zoneAbbreviation('2026-03-08', 'America/New_York', '01:30')).toBe('EST');
    expect(zoneAbbreviation('2026-03-08', 'America/New_York', '20:30')).toBe('EDT');
    // Fall back (November 1, 2026, 2:00 AM): an early start is still EDT, the evening EST.
    expect(zoneAbbreviation('2026-11-01', 'America/New_York', '00:30')).toBe('EDT');
    expect(zoneAbbreviation('2026-11-01', 'America/New_York', '20:30')).toBe('EST');
    expect(zoneAbbreviation('2026-11-01', 'Not/AZone', '20:30')).toBe('');
    expect(eventTimeWithZone({ date: '2026-12-05', time: '20:30', timezone: 'Not/AZone' })).toBe('8:30 PM');
  });

  it("writes the emails' zone names", () => {
    expect(eventTimeWithZone({ date: '2026-12-05', time: '20:30', timezone: 'America/New_York' }, 'long')).toBe('8:30 PM Eastern Time');
    expect(eventTimeWithZone({ date: '2026-12-05', time: '8:00pm', timezone: 'America/Chicago' }, 'long')).toBe('8:00 PM Central Time');
    expect(zoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(eventTimeWithZone({ date: '2026-12-05', time: '20:30', timezone: 'America/New_York' }, 'none')).toBe('8:30 PM');
  });

  it('finds the instant of a wall-clock start as PostgreSQL does, DST days included', () => {
    expect(zonedInstant('2026-12-05', '20:30', 'America/New_York')?.toISOString()).toBe('2026-12-06T01:30:00.000Z');
    expect(zonedInstant('2026-07-04', '20:30', 'America/New_York')?.toISOString()).toBe('2026-07-05T00:30:00.000Z');
    expect(zonedInstant('2026-03-08', '20:30', 'America/New_York')?.toISOString()).toBe('2026-03-09T00:30:00.000Z');
    // A time the clocks skip: the offset before the change ('2026-03-08 02:30' at time zone 'America/New_York').
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // A time the clocks repeat: the offset after the change.
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(zonedInstant('2026-12-05', '20:30', 'Asia/Tokyo')?.toISOString()).toBe('2026-12-05T11:30:00.000Z');
    expect(zonedInstant('2026-12-05', 'later', 'America/New_York')).toBeNull();
    expect(zonedInstant('2026-12-05', '20:30', 'Not/AZone')).toBeNull();
  });

  it('writes calendar dates on their own day', () => {
    expect(formatCalendarDate('2026-12-05')).toBe('Saturday, December 5, 2026');
    expect(formatCalendarDate('2026-12-05', 'medium')).toBe('Sat, Dec 5, 2026');
    expect(formatCalendarDate('2026-12-05', 'day')).toBe('Saturday, December 5');
    expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30');
  });

  it('is the one the pages use', () => {
    expect(pageDates.formatEventTime).toBe(formatEventTime);
    expect(pageDates.eventTimeWithZone).toBe(eventTimeWithZone);
    expect(calendarDates.formatEventTime).toBe(formatEventTime);
    expect(pageDates.formatEventDate('2026-12-05')).toBe(formatCalendarDate('2026-12-05'));
  });
});
