import { describe, expect, it } from 'vitest';
import { isClamped, nextOccurrence, seriesDates } from '@/features/admin-repeat-event/lib/series';

describe('repeat-event series dates', () => {
  it('weekly: every 7 days from the first date, across a month and a year end', () => {
    expect(seriesDates('2026-12-22', 'weekly', 4)).toEqual(['2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12']);
  });

  it('monthly: the first date day each month, clamped to a shorter month, never drifting', () => {
    const dates = seriesDates('2027-01-31', 'monthly', 5);
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(dates.map((d) => isClamped('2027-01-31', d))).toEqual([false, true, false, true, false]);
    expect(seriesDates('2028-01-30', 'monthly', 2)).toEqual(['2028-01-30', '2028-02-29']);
  });

  it('nothing for a date that is not a calendar date or a count below 1', () => {
    expect(seriesDates('2027-02-30', 'weekly', 3)).toEqual([]);
    expect(seriesDates('2027-02-01', 'weekly', 0)).toEqual([]);
  });

  it("a copy's default date is the next week (or month) after the event that is not in the past", () => {
    expect(nextOccurrence('2026-11-20', 'weekly', '2026-11-25')).toBe('2026-11-27');
    expect(nextOccurrence('2026-12-05', 'weekly', '2026-11-25')).toBe('2026-12-12');
    expect(nextOccurrence('2026-08-31', 'monthly', '2026-11-25')).toBe('2026-11-30');
  });
});
