import { z } from 'zod';
import { eventTimezones } from './types';

const timezoneValues = eventTimezones.map((t) => t.value) as [string, ...string[]];

const optionalText = z.string().trim().max(2000);

/** Fields shared by both kinds of event. */
export const eventBasicsSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  eventTime: z.string().regex(/^\d{2}:\d{2}$/, 'Time is required'),
  eventTimezone: z.enum(timezoneValues),
  locationName: z.string().trim().min(1, 'Location name is required').max(200),
  locationAddress: optionalText,
  disclosures: optionalText,
});

export type EventBasics = z.infer<typeof eventBasicsSchema>;

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), message);

export const rsvpExtrasSchema = z.object({
  maxGuests: wholeNumber('Max guests must be a whole number'),
  depositDollars: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\$?\d+(\.\d{1,2})?$/.test(v), 'Enter the deposit in dollars, e.g. 5 or 12.50'),
});

/** The Edit Event dialog: title and date are required. */
export const editEventSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  eventTime: z.string().regex(/^(\d{2}:\d{2})?$/, 'Enter a time'),
  eventTimezone: z.enum(timezoneValues),
  locationName: z.string().trim().max(200),
  locationAddress: z.string().trim().max(500),
  maxGuests: wholeNumber('Max guests must be a whole number'),
  disclosures: z.string().trim().max(2000),
});

export type EditEventValues = z.infer<typeof editEventSchema>;
