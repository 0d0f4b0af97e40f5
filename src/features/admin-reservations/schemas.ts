import { z } from 'zod';

export const editReservationSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().pipe(z.email('Enter a valid email')),
  phone: z.string().trim().max(40),
  numGuests: z.coerce.number<string>().int('Guests must be a whole number').min(1, 'At least 1 guest required').max(10, 'Maximum 10 guests'),
  dietaryRestrictions: z.string().trim().max(2000),
  specialRequests: z.string().trim().max(2000),
});

export type EditReservationValues = z.input<typeof editReservationSchema>;
export type EditReservationOutput = z.output<typeof editReservationSchema>;

/** Send email needs a recipient, a subject and a message. */
export const guestEmailSchema = z.object({
  email: z.string().trim().min(1, 'Recipient is required').pipe(z.email('Enter a valid email')),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10000, 'Message is too long'),
});

export type GuestEmailValues = z.infer<typeof guestEmailSchema>;
