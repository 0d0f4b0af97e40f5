import { z } from 'zod';
import { guestEmail, guestName, guestPhone } from '@/features/checkout/schemas';

/**
 * The booking form. The handler's toasts are the shared checkout's messages; the field messages
 * here say what to fix next to each field (the supper's own limit per order is checked with its
 * availability, checkSupperClubBooking). `tickets` stays a string in the form (a select) and
 * becomes a number. Loaded on the form's first submit (./form-values holds what the form renders with).
 */
export const supperClubBookingSchema = z.object({
  tickets: z
    .string()
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : 0))
    // The most per order is the chosen supper's own limit: checked with its availability.
    .pipe(z.number().min(1, 'Minimum 1 ticket per order.')),
  name: guestName('Full name is required'),
  email: guestEmail('Email is required'),
  phone: guestPhone,
  eventId: z.string().min(1, 'Select a date'),
  timeSlot: z.string().min(1, 'Select a time slot'),
  /** The ids of the add-ons chosen (the server prices them). */
  addons: z.array(z.string()).optional(),
});

export type SupperClubFormValues = z.input<typeof supperClubBookingSchema>;
export type SupperClubBookingInput = z.output<typeof supperClubBookingSchema>;
