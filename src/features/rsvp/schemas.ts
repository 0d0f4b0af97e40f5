import { z } from 'zod';
import { MAX_PROMO_CODE_LENGTH, RSVP_MAX_GUESTS, RSVP_MIN_GUESTS } from '@/config/product';
import { guestEmail, guestName, guestNoteFields, guestPhone } from '@/features/checkout/schemas';
import { guestsNumber } from './form-values';

export { emptyRsvpForm, parseGuests } from './form-values';

/** The RSVP form, with the product's messages. Values stay strings as typed. Loaded on the form's first submit. */
export const rsvpFormSchema = z.object({
  slotId: z.string().min(1, 'Please select a time slot'),
  name: guestName('Name is required'),
  email: guestEmail(),
  phone: guestPhone,
  numGuests: z
    .string()
    .refine(
      (v) => v.trim() !== '' && Number.isInteger(guestsNumber(v)) && guestsNumber(v) >= RSVP_MIN_GUESTS,
      `At least ${RSVP_MIN_GUESTS} guest required`,
    )
    .refine((v) => !(guestsNumber(v) > RSVP_MAX_GUESTS), `Maximum ${RSVP_MAX_GUESTS} guests`),
  ...guestNoteFields,
  promoCode: z.string().trim().max(MAX_PROMO_CODE_LENGTH, 'Invalid promo code'),
  /** The add-ons chosen (ids): the server prices them, and refuses what it cannot sell. */
  addons: z.array(z.string()).optional(),
});

export type RsvpFormValues = z.input<typeof rsvpFormSchema>;
