// What a guest may type, and the words a refusal uses: one copy for the edge functions'
// schemas (input.ts) and the browser's forms (src/config/guest-input.ts re-exports this file).
//
// PURE: imports only product.ts (pure constants); no zod, no Deno or browser APIs. The
// database refuses the same values with the same words (public.normalize_phone and the
// checks of public.reservations and public.chef_signups).
import { MAX_EMAIL_LENGTH, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './product.ts';

/** The refusal of a text over its limit, e.g. 'Special requests must be at most 2000 characters'. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

/** An email address as the booking forms accept it (something@host.tld, no spaces); the database checks the same pattern. */
export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The refusal of an email address that is malformed or longer than MAX_EMAIL_LENGTH. */
export const EMAIL_INVALID_MESSAGE = 'Valid email is required';

/** Whether `email` (trimmed) is an address the booking functions accept. */
export function isEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);
}

/** The refusal of a phone that cannot be a phone number. */
export const PHONE_INVALID_MESSAGE = `Phone must be a phone number of ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, e.g. +1 555 010 2000`;

/** What a phone may look like as typed: digits, an optional leading +, and spaces, dashes, dots or parentheses between. */
const PHONE_AS_TYPED = /^\+?[0-9 ().-]+$/;

/**
 * A phone number as stored: its digits, after a + when it was typed with one ('+1 (555) 010-2000'
 * → '+15550102000'), or null when it cannot be a phone number (letters, other signs, fewer than
 * PHONE_MIN_DIGITS or more than PHONE_MAX_DIGITS digits, as E.164 allows). SQL twin:
 * public.normalize_phone.
 */
export function normalizePhone(typed: string): string | null {
  const phone = typed.trim();
  if (!PHONE_AS_TYPED.test(phone)) return null;
  const digits = phone.replace(/[^0-9]/g, '');
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return null;
  return (phone.startsWith('+') ? '+' : '') + digits;
}
