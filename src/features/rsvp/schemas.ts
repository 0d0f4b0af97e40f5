import { z } from 'zod';
import { limits } from '@/config/site';

const guestsNumber = (v: string) => Number(v.trim());

/** The RSVP form (SPEC 5 'RSVP form'), messages verbatim. Values stay strings as typed. */
export const rsvpFormSchema = z.object({
  slotId: z.string().min(1, 'Please select a time slot'),
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().pipe(z.email('Valid email is required')),
  phone: z.string().trim(),
  numGuests: z
    .string()
    .refine((v) => v.trim() !== '' && Number.isInteger(guestsNumber(v)) && guestsNumber(v) >= 1, 'At least 1 guest required')
    .refine((v) => !(guestsNumber(v) > limits.rsvpMaxGuests), 'Maximum 10 guests'),
  dietaryRestrictions: z.string().trim().max(2000),
  specialRequests: z.string().trim().max(2000),
  promoCode: z.string().trim().max(40),
});

export type RsvpFormValues = z.input<typeof rsvpFormSchema>;

export const emptyRsvpForm: RsvpFormValues = {
  slotId: '',
  name: '',
  email: '',
  phone: '',
  numGuests: '1',
  dietaryRestrictions: '',
  specialRequests: '',
  promoCode: '',
};

/** A valid guest count, or null. */
export function parseGuests(value: string): number | null {
  const n = guestsNumber(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= limits.rsvpMaxGuests ? n : null;
}
