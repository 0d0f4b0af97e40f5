import { z } from 'zod';
import { dinnerSeries } from '@/config/site';

/**
 * 'BOOK YOUR TABLE'. SPEC 5 names the handler's toasts ('Missing Information', 'Minimum Guests
 * Required', ...); the field messages here say what to fix next to each field.
 */
export const seriesBookingSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z.string().trim(),
  eventId: z.string().min(1, 'Select a dinner'),
  ticketTypeId: z.string().min(1, 'Select a ticket type'),
  guests: z
    .string()
    .min(1, 'Select the number of guests')
    .transform((value) => (/^-?\d+$/.test(value) ? Number(value) : 0))
    .pipe(
      z
        .number()
        .min(1, 'At least 1 guest is required.')
        .max(dinnerSeries.maxGuestsPerOrder, `Parties larger than ${dinnerSeries.maxGuestsPerOrder}: please email us.`),
    ),
  dietaryRestrictions: z.string().trim(),
  specialRequests: z.string().trim(),
});

export type SeriesFormValues = z.input<typeof seriesBookingSchema>;
export type SeriesBookingInput = z.output<typeof seriesBookingSchema>;

export const emptySeriesForm: SeriesFormValues = {
  name: '',
  email: '',
  phone: '',
  eventId: '',
  ticketTypeId: '',
  guests: '',
  dietaryRestrictions: '',
  specialRequests: '',
};
