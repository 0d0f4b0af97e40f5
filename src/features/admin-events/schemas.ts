import { z } from 'zod';
import { eventTimezones } from './types';

const timezoneValues = eventTimezones.map((t) => t.value) as [string, ...string[]];

const optionalText = z.string().trim().max(2000);

/** The cancellation policy as typed: the window in hours (empty = none) and the late refund in percent. */
const refundWindowHours = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 8760), 'Enter whole hours from 0 to 8760, or leave empty for no full-refund window');
const lateRefundPercent = z
  .string()
  .trim()
  .refine((v) => /^\d+$/.test(v) && Number(v) <= 100, 'Enter a whole percent from 0 to 100');

/** The typed policy → the events row's columns (null window = no full-refund window). */
export function refundPolicyColumns(values: { refundWindowHours: string; lateRefundPercent: string }) {
  return {
    refund_window_hours: values.refundWindowHours.trim() === '' ? null : Number(values.refundWindowHours),
    late_refund_percent: Number(values.lateRefundPercent),
  };
}

/** Fields shared by both kinds of event. */
export const eventBasicsSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  eventTime: z.string().regex(/^\d{2}:\d{2}$/, 'Time is required'),
  eventTimezone: z.enum(timezoneValues),
  locationName: z.string().trim().min(1, 'Location name is required').max(200),
  locationAddress: optionalText,
  disclosures: optionalText,
  refundWindowHours,
  lateRefundPercent,
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
  refundWindowHours,
  lateRefundPercent,
});

export type EditEventValues = z.infer<typeof editEventSchema>;
