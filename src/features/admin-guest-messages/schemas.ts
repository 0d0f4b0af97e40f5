import { z } from 'zod';
import { MAX_EMAIL_MESSAGE_LENGTH, MAX_EMAIL_SUBJECT_LENGTH } from '@/config/product';

/** A message to every guest: a one-line subject and a message (the server checks both again). */
export const guestMessageSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(MAX_EMAIL_SUBJECT_LENGTH, 'Subject is too long')
    .refine((s) => !/[\r\n]/.test(s), 'The subject must be one line'),
  message: z.string().trim().min(1, 'Message is required').max(MAX_EMAIL_MESSAGE_LENGTH, 'Message is too long'),
});

export type GuestMessageValues = z.infer<typeof guestMessageSchema>;
