import { z } from 'zod';
import {
  MAX_EMAIL_MESSAGE_LENGTH,
  MAX_EMAIL_SUBJECT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PHONE_LENGTH,
  RESERVATION_MAX_GUESTS,
} from '@/config/product';

export const editReservationSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(MAX_NAME_LENGTH),
  email: z.string().trim().pipe(z.email('Enter a valid email')),
  phone: z.string().trim().max(MAX_PHONE_LENGTH),
  numGuests: z.coerce
    .number<string>()
    .int('Guests must be a whole number')
    .min(1, 'At least 1 guest required')
    .max(RESERVATION_MAX_GUESTS, `Maximum ${RESERVATION_MAX_GUESTS} guests`),
  dietaryRestrictions: z.string().trim().max(MAX_NOTE_LENGTH),
  specialRequests: z.string().trim().max(MAX_NOTE_LENGTH),
});

export type EditReservationValues = z.input<typeof editReservationSchema>;
export type EditReservationOutput = z.output<typeof editReservationSchema>;

/** Send email needs a recipient, a subject and a message. */
export const guestEmailSchema = z.object({
  email: z.string().trim().min(1, 'Recipient is required').pipe(z.email('Enter a valid email')),
  subject: z.string().trim().min(1, 'Subject is required').max(MAX_EMAIL_SUBJECT_LENGTH, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(MAX_EMAIL_MESSAGE_LENGTH, 'Message is too long'),
});

export type GuestEmailValues = z.infer<typeof guestEmailSchema>;
