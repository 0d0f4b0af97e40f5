import { RSVP_MAX_GUESTS, RSVP_MIN_GUESTS } from '@/config/product';
import { emptyGuestDetails } from '@/features/checkout/lib/guest-details';
import type { RsvpFormValues } from './schemas';

// What the RSVP form needs to render, without zod: the schema (./schemas) loads on the form's
// first submit (lazyZodResolver).

export type { RsvpFormValues };

export const guestsNumber = (v: string) => Number(v.trim());

export const emptyRsvpForm: RsvpFormValues = { ...emptyGuestDetails, slotId: '', numGuests: '1', promoCode: '', addons: [] };

/** A valid guest count, or null. */
export function parseGuests(value: string): number | null {
  const n = guestsNumber(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= RSVP_MIN_GUESTS && n <= RSVP_MAX_GUESTS ? n : null;
}
