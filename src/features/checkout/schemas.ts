import { z } from 'zod';
import { MAX_NOTE_LENGTH } from '@/config/product';

/** The guest's name, email and phone, as the ticketed forms (org page, dinner series) ask for them. */
export const guestContactFields = {
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z.string().trim(),
};

/** The guest's notes to the host, at most MAX_NOTE_LENGTH characters each. */
export const guestNoteFields = {
  dietaryRestrictions: z.string().trim().max(MAX_NOTE_LENGTH),
  specialRequests: z.string().trim().max(MAX_NOTE_LENGTH),
};
