import { z } from 'zod';
import { EMAIL, EMAIL_INVALID_MESSAGE, normalizePhone, PHONE_INVALID_MESSAGE, tooLongMessage } from '@/config/guest-input';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_PHONE_LENGTH } from '@/config/product';

// Every guest form checks its fields with the limits and the words of the booking functions
// (supabase/functions/_shared/guest-input.ts), so a refusal comes on blur, before the payment
// step, and never after the card.

/** The guest's name: required (`required` is the form's own message), at most MAX_NAME_LENGTH characters. */
export const guestName = (required: string) => z.string().trim().min(1, required).max(MAX_NAME_LENGTH, tooLongMessage('Name', MAX_NAME_LENGTH));

/** The guest's email: required, an address the functions accept (at most MAX_EMAIL_LENGTH characters). */
export const guestEmail = (required = EMAIL_INVALID_MESSAGE) =>
  z.string().trim().min(1, required).max(MAX_EMAIL_LENGTH, EMAIL_INVALID_MESSAGE).regex(EMAIL, EMAIL_INVALID_MESSAGE);

/** An optional phone: empty, or one the server can store ('+1 (555) 010-2000'; not 'abc'). */
export const guestPhone = z
  .string()
  .trim()
  .max(MAX_PHONE_LENGTH, tooLongMessage('Phone', MAX_PHONE_LENGTH))
  .refine((phone) => phone === '' || normalizePhone(phone) !== null, PHONE_INVALID_MESSAGE);

/** The guest's name, email and phone, as the ticketed forms (org page, dinner series) ask for them. */
export const guestContactFields = {
  name: guestName('Name is required'),
  email: guestEmail('Email is required'),
  phone: guestPhone,
};

/** The guest's notes to the host, at most MAX_NOTE_LENGTH characters each. */
export const guestNoteFields = {
  dietaryRestrictions: z.string().trim().max(MAX_NOTE_LENGTH, tooLongMessage('Dietary restrictions', MAX_NOTE_LENGTH)),
  specialRequests: z.string().trim().max(MAX_NOTE_LENGTH, tooLongMessage('Special requests', MAX_NOTE_LENGTH)),
};
