import { z } from 'zod';

/** The chef inquiry form ('Chef signup'); values are trimmed before they are sent. */
export const chefSignupSchema = z.object({
  name: z.string().trim().min(2, 'Please enter your full name'),
  email: z.string().trim().pipe(z.email('Enter a valid email')),
  concept: z.string().trim().min(5, 'Tell us a bit about your pop-up concept'),
  // Optional: an empty answer is stored as null.
  nextEventDates: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value)),
});

export type ChefSignupFormValues = z.input<typeof chefSignupSchema>;
export type ChefSignupInput = z.output<typeof chefSignupSchema>;
