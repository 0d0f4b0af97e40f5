import { z } from 'zod';
import { EMAIL, tooLongMessage } from '@/config/guest-input';
import {
  CHEF_CONCEPT_MAX_LENGTH,
  CHEF_CONCEPT_MIN_LENGTH,
  CHEF_EVENT_DATES_MAX_LENGTH,
  CHEF_NAME_MIN_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
} from '@/config/product';

const EMAIL_INVALID = 'Enter a valid email';

/**
 * The chef inquiry form ('Chef signup'); values are trimmed before they are sent. The limits are
 * the checks of public.chef_signups, so the database never refuses what the form let through.
 */
export const chefSignupSchema = z.object({
  name: z.string().trim().min(CHEF_NAME_MIN_LENGTH, 'Please enter your full name').max(MAX_NAME_LENGTH, tooLongMessage('Name', MAX_NAME_LENGTH)),
  email: z.string().trim().max(MAX_EMAIL_LENGTH, EMAIL_INVALID).regex(EMAIL, EMAIL_INVALID),
  concept: z
    .string()
    .trim()
    .min(CHEF_CONCEPT_MIN_LENGTH, 'Tell us a bit about your pop-up concept')
    .max(CHEF_CONCEPT_MAX_LENGTH, tooLongMessage('Concept', CHEF_CONCEPT_MAX_LENGTH)),
  // Optional: an empty answer is stored as null.
  nextEventDates: z
    .string()
    .trim()
    .max(CHEF_EVENT_DATES_MAX_LENGTH, tooLongMessage('Ideal dates', CHEF_EVENT_DATES_MAX_LENGTH))
    .transform((value) => (value === '' ? null : value)),
});

export type ChefSignupFormValues = z.input<typeof chefSignupSchema>;
export type ChefSignupInput = z.output<typeof chefSignupSchema>;

/** Each field's limit as the form says it under the field, and where its character count stops. */
export const chefSignupRules: Record<keyof ChefSignupFormValues, { rule: string; max: number }> = {
  name: { rule: `${CHEF_NAME_MIN_LENGTH} to ${MAX_NAME_LENGTH} characters`, max: MAX_NAME_LENGTH },
  email: { rule: `At most ${MAX_EMAIL_LENGTH} characters; we email you a confirmation`, max: MAX_EMAIL_LENGTH },
  concept: {
    rule: `The food, the format, the feeling: a few lines is plenty. ${CHEF_CONCEPT_MIN_LENGTH} to ${CHEF_CONCEPT_MAX_LENGTH} characters`,
    max: CHEF_CONCEPT_MAX_LENGTH,
  },
  nextEventDates: { rule: `At most ${CHEF_EVENT_DATES_MAX_LENGTH} characters`, max: CHEF_EVENT_DATES_MAX_LENGTH },
};

/** What the database's check on each column of chef_signups refuses, in the form's words. */
export const chefSignupLimits: Record<string, string> = {
  name: `Name must be ${CHEF_NAME_MIN_LENGTH} to ${MAX_NAME_LENGTH} characters`,
  email: EMAIL_INVALID,
  concept: `Concept must be ${CHEF_CONCEPT_MIN_LENGTH} to ${CHEF_CONCEPT_MAX_LENGTH} characters`,
  next_event_dates: tooLongMessage('Ideal dates', CHEF_EVENT_DATES_MAX_LENGTH),
};
