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

/** When online booking closes, in whole hours before the start (1 to 336, as the database checks); '' = when the dinner starts. */
const bookingCutoffHours = z
  .string()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 336), 'Choose when online booking closes');

/** The chosen cutoff → the events row's column (null = guests may book online until the start). */
export function bookingCutoffColumns(values: { bookingCutoffHours: string }) {
  return { booking_cutoff_hours: values.bookingCutoffHours === '' ? null : Number(values.bookingCutoffHours) };
}

/** Unlisted: kept off the organization's page, its embed and the home page; its own booking link still opens and books it. */
const unlisted = z.boolean();

/** What confirmed guests are emailed: the reminder and the private address (members only). */
const guestEmailShape = {
  reminderHours: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) <= 336, 'Enter whole hours from 0 to 336 (0 sends no reminder)'),
  privateAddress: z.string().trim().max(500, 'The address is too long (500 characters at most)'),
  addressDelivery: z.enum(['confirmation', 'reminder']),
};

export interface GuestEmailSettings {
  reminderHours: string;
  privateAddress: string;
  addressDelivery: 'confirmation' | 'reminder';
}

/** The address sent "with the reminder" needs reminders on. */
const addressNeedsReminder = (v: GuestEmailSettings) =>
  !(v.addressDelivery === 'reminder' && v.privateAddress !== '' && Number(v.reminderHours) === 0);
const addressNeedsReminderError = {
  message: 'Reminders are off: send the address with the confirmation, or set a reminder',
  path: ['addressDelivery'],
};

export const defaultGuestEmailSettings: GuestEmailSettings = { reminderHours: '24', privateAddress: '', addressDelivery: 'confirmation' };

/** The typed settings → the keys admin_create_event / admin_update_event take. */
export function guestEmailColumns(values: GuestEmailSettings) {
  return { reminder_hours: Number(values.reminderHours), private_address: values.privateAddress, address_delivery: values.addressDelivery };
}

/** Fields shared by both kinds of event. */
export const eventBasicsSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
    eventTime: z.string().regex(/^\d{2}:\d{2}$/, 'Time is required'),
    eventTimezone: z.enum(timezoneValues),
    locationName: z.string().trim().min(1, 'Location name is required').max(200),
    locationAddress: optionalText,
    disclosures: optionalText,
    refundWindowHours,
    lateRefundPercent,
    bookingCutoffHours,
    unlisted,
    ...guestEmailShape,
  })
  .refine(addressNeedsReminder, addressNeedsReminderError);

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

const dollars = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\$?\d+(\.\d{1,2})?$/.test(v), message);

/**
 * A ticket type as the Edit Event dialog holds it (id '' = added in this dialog): price in dollars,
 * capacity = tickets in all. An existing type's capacity may be left empty (kept as it is); the
 * database refuses one below what is sold or held.
 */
export const editTicketTypeSchema = z
  .object({
    id: z.string(),
    name: z.string().trim().min(1, 'Enter a name').max(120, 'The name is too long (120 characters at most)'),
    price: dollars('Enter a price in dollars, e.g. 125 or 12.50').refine((v) => v !== '', 'Enter a price in dollars, e.g. 125 or 12.50'),
    capacity: wholeNumber('Enter a whole number'),
  })
  .refine((t) => t.id !== '' || t.capacity !== '', { message: 'Enter how many tickets in all', path: ['capacity'] });

/** An RSVP slot as the Edit Event dialog holds it (id '' = added in this dialog); inactive slots are hidden from guests. */
export const editRsvpSlotSchema = z.object({
  id: z.string(),
  slotLabel: z.string().trim().min(1, 'Enter a label').max(60, 'The label is too long (60 characters at most)'),
  slotTime: z.string().regex(/^\d{2}:\d{2}$/, 'Enter a time'),
  maxCapacity: wholeNumber('Enter a whole number').refine((v) => v !== '', 'Enter a whole number'),
  isActive: z.boolean(),
});

/** The Edit Event dialog: title and date are required. */
export const editEventSchema = z
  .object({
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
    bookingCutoffHours,
    unlisted,
    ...guestEmailShape,
    depositDollars: dollars('Enter the deposit in dollars, e.g. 5 or 12.50'),
    ticketTypes: z.array(editTicketTypeSchema),
    rsvpSlots: z.array(editRsvpSlotSchema),
  })
  .refine(addressNeedsReminder, addressNeedsReminderError);

export type EditEventValues = z.infer<typeof editEventSchema>;
