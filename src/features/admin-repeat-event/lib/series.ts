import { addMonths, addWeeks, format } from 'date-fns';
import { parseCalendarDate } from '@/lib/dates';
import type { RepeatFrequency } from '../types';

/** The fewest and most dates of a series (the server takes up to 52 at a time). */
export const SERIES_MIN = 2;
export const SERIES_MAX = 26;

const step = (date: Date, frequency: RepeatFrequency, n: number) => (frequency === 'weekly' ? addWeeks(date, n) : addMonths(date, n));

/**
 * The dates of a series: `count` dates from `first` (YYYY-MM-DD), every week or every month.
 *
 * Monthly dates keep the first date's day of the month; in a month without that day (the 31st
 * in April, the 29th–31st in February) the date is clamped to the month's last day, and the
 * next month goes back to the first date's day (Jan 31 → Feb 28 → Mar 31 → Apr 30). Each date is
 * counted from the first one (date-fns addMonths(first, k)), never from the clamped one before
 * it, so the series does not drift. Empty when `first` is not a calendar date.
 */
export function seriesDates(first: string, frequency: RepeatFrequency, count: number): string[] {
  const start = parseCalendarDate(first);
  if (!start || !Number.isInteger(count) || count < 1) return [];
  return Array.from({ length: count }, (_, k) => format(step(start, frequency, k), 'yyyy-MM-dd'));
}

/** Whether a monthly date fell on a shorter month's last day instead of the first date's day. */
export function isClamped(first: string, date: string): boolean {
  return first.slice(8) !== date.slice(8);
}

/**
 * The default first date of a copy: one week (or one month) after the event's date, moved on by
 * further weeks (months) until it is not before `today` (YYYY-MM-DD), so a past event's copy
 * starts on its next future occurrence.
 */
export function nextOccurrence(eventDate: string, frequency: RepeatFrequency, today: string): string {
  const start = parseCalendarDate(eventDate);
  if (!start) return today;
  for (let k = 1; k < 1000; k++) {
    const next = format(step(start, frequency, k), 'yyyy-MM-dd');
    if (next >= today) return next;
  }
  return today;
}
