import { z } from 'zod';
import { parseCalendarDate } from '@/lib/dates';
import { SERIES_MAX, SERIES_MIN } from './lib/series';

/** A date field's refusal (empty, not a date, or before today), or null when it is fine. */
function dateProblem(value: string, today: string, label: string): string | null {
  if (value.trim() === '') return `Choose ${label}`;
  if (parseCalendarDate(value.trim()) === null) return `Enter ${label} as a valid date`;
  if (value.trim() < today) return `${label[0].toUpperCase()}${label.slice(1)} cannot be in the past`;
  return null;
}

/**
 * The Duplicate event form: one new date ('once'), or a weekly / monthly series of 2–26 dates
 * from a first date ('series'). Only the chosen mode's fields are checked. `today` is YYYY-MM-DD.
 */
export function duplicateEventSchema(today: string) {
  return z
    .object({
      mode: z.enum(['once', 'series']),
      date: z.string(),
      frequency: z.enum(['weekly', 'monthly']),
      count: z.string(),
      firstDate: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'once') {
        const problem = dateProblem(v.date, today, 'the new date');
        if (problem) ctx.addIssue({ code: 'custom', path: ['date'], message: problem });
        return;
      }
      const n = v.count.trim();
      if (!/^\d+$/.test(n) || Number(n) < SERIES_MIN || Number(n) > SERIES_MAX) {
        ctx.addIssue({ code: 'custom', path: ['count'], message: `Enter a number of dates from ${SERIES_MIN} to ${SERIES_MAX}` });
      }
      const problem = dateProblem(v.firstDate, today, 'the first date');
      if (problem) ctx.addIssue({ code: 'custom', path: ['firstDate'], message: problem });
    });
}

export type DuplicateEventValues = z.input<ReturnType<typeof duplicateEventSchema>>;
