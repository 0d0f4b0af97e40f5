import { z } from 'zod';
import { SUPPER_CLUB_MAX_TICKETS_PER_ORDER, SUPPER_CLUB_MIN_TICKETS_PER_ORDER } from '@/config/product';

/**
 * The booking form. The handler's toasts are the shared checkout's messages; the field messages
 * here say what to fix next to each field. `tickets` stays a string in the form (a select) and
 * becomes a number. Loaded on the form's first submit (./form-values holds what the form renders with).
 */
export const supperClubBookingSchema = z.object({
  tickets: z
    .string()
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : 0))
    .pipe(
      z
        .number()
        .min(SUPPER_CLUB_MIN_TICKETS_PER_ORDER, `Minimum ${SUPPER_CLUB_MIN_TICKETS_PER_ORDER} ticket per order.`)
        .max(SUPPER_CLUB_MAX_TICKETS_PER_ORDER, `Maximum ${SUPPER_CLUB_MAX_TICKETS_PER_ORDER} tickets per order.`),
    ),
  name: z.string().trim().min(1, 'Full name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z.string().trim(),
  eventId: z.string().min(1, 'Select a date'),
  timeSlot: z.string().min(1, 'Select a time slot'),
});

export type SupperClubFormValues = z.input<typeof supperClubBookingSchema>;
export type SupperClubBookingInput = z.output<typeof supperClubBookingSchema>;
