import { z } from 'zod';
import { dollarsToCents } from '@/lib/money';

/** The most guests one booking takes (as the booking SQL allows). */
export const MAX_GUESTS = 10;

/** The Add booking form. `targetLabel` names what is chosen ('a ticket type' or 'a time slot'). */
export function staffBookingSchema(targetLabel: string) {
  return z
    .object({
      target: z.string().min(1, `Choose ${targetLabel}`),
      guests: z
        .string()
        .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_GUESTS, `Choose 1 to ${MAX_GUESTS} guests`)
        .transform(Number),
      name: z.string().trim().min(1, "Enter the guest's name").max(200, 'At most 200 characters'),
      email: z.string().trim().min(1, "Enter the guest's email").pipe(z.email('Enter a valid email address, e.g. name@example.com')),
      phone: z.string().trim().max(40, 'At most 40 characters'),
      dietaryRestrictions: z.string().trim().max(1000, 'At most 1000 characters'),
      specialRequests: z.string().trim().max(1000, 'At most 1000 characters'),
      mode: z.enum(['comp', 'cash', 'payment_link']),
      cash: z.string().trim(),
      sendConfirmation: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'cash' && dollarsToCents(v.cash) === null) {
        ctx.addIssue({ code: 'custom', path: ['cash'], message: 'Enter the amount paid in dollars, e.g. 90 or 45.50' });
      }
    });
}

export type StaffBookingValues = z.input<ReturnType<typeof staffBookingSchema>>;
export type StaffBookingOutput = z.output<ReturnType<typeof staffBookingSchema>>;
