import { addDays as addCalendarDays, format } from 'date-fns';
import { z } from 'zod';
import { EMAIL } from '@/config/guest-input';
import { MAX_EMAIL_LENGTH } from '@/config/product';
import { parseCalendarDate } from '@/lib/calendar-dates';

/** The limits of public.request_private_dinner (supabase/schemas/115_private_dinners.sql). */
export const privateDinnerLimits = {
  name: { min: 2, max: 200 },
  phone: { max: 40 },
  guests: { min: 1, max: 500 },
  message: { min: 5, max: 5000 },
  /** How far ahead a date may be: the host's today + 730 days. */
  daysAhead: 730,
} as const;

const { name, phone, guests, message, daysAhead } = privateDinnerLimits;

/**
 * The refusals of request_private_dinner, word for word: the form says what the server would
 * (tests/unit/private-dinner-schema.test.ts checks them against the SQL).
 */
export const privateDinnerMessages = {
  closed: 'This host does not take private dinner requests.',
  name: `Name must be between ${name.min} and ${name.max} characters`,
  email: 'Please enter a valid email address',
  phone: `Phone must be at most ${phone.max} characters`,
  dateFromToday: 'Choose a date from today on',
  dateWithinTwoYears: 'Choose a date within the next two years',
  guests: `Guests must be between ${guests.min} and ${guests.max}`,
  message: `Tell the host about your dinner in ${message.min} to ${message.max} characters`,
} as const;

/** Characters as PostgreSQL's char_length counts them (code points: an emoji is one). */
const chars = (value: string) => [...value].length;
const within = (value: string, min: number, max: number) => chars(value) >= min && chars(value) <= max;

/** The visitor's calendar date, 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(yyyyMmDd: string, days: number): string {
  const date = parseCalendarDate(yyyyMmDd);
  return date ? format(addCalendarDays(date, days), 'yyyy-MM-dd') : yyyyMmDd;
}

/** The dates the form offers: from `today` to the last the server takes. */
export function dateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, daysAhead) };
}

/**
 * The private dinner request form; values are trimmed before they are checked and sent. `today`
 * is the visitor's date, asked at each check (a page left open overnight moves on): the server
 * counts from the host's own date, and says so if they differ.
 */
export function privateDinnerSchema(today: () => string = () => localToday()) {
  return z.object({
    name: z
      .string()
      .trim()
      .refine((v) => within(v, name.min, name.max), privateDinnerMessages.name),
    email: z.string().trim().max(MAX_EMAIL_LENGTH, privateDinnerMessages.email).regex(EMAIL, privateDinnerMessages.email),
    phone: z
      .string()
      .trim()
      .refine((v) => chars(v) <= phone.max, privateDinnerMessages.phone),
    date: z
      .string()
      .trim()
      .refine((v) => parseCalendarDate(v) !== null && v >= today(), privateDinnerMessages.dateFromToday)
      .refine((v) => parseCalendarDate(v) === null || v <= dateRange(today()).max, privateDinnerMessages.dateWithinTwoYears),
    guests: z
      .string()
      .trim()
      .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= guests.min && Number(v) <= guests.max, privateDinnerMessages.guests)
      .transform(Number),
    message: z
      .string()
      .trim()
      .refine((v) => within(v, message.min, message.max), privateDinnerMessages.message),
  });
}

export type PrivateDinnerFormValues = z.input<ReturnType<typeof privateDinnerSchema>>;
export type PrivateDinnerInput = z.output<ReturnType<typeof privateDinnerSchema>>;
