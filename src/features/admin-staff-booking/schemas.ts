import { z } from 'zod';
import { RESERVATION_MAX_GUESTS } from '@/config/product';
import { guestEmail, guestName, guestNoteFields, guestPhone } from '@/features/checkout/schemas';
import { dollarsToCents } from '@/lib/money';

/** The most guests one booking takes (as the booking SQL allows). */
export const MAX_GUESTS = RESERVATION_MAX_GUESTS;

/** The Add booking form. `targetLabel` names what is chosen ('a ticket type' or 'a time slot'). */
export function staffBookingSchema(targetLabel: string) {
  return z
    .object({
      target: z.string().min(1, `Choose ${targetLabel}`),
      guests: z
        .string()
        .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_GUESTS, `Choose 1 to ${MAX_GUESTS} guests`)
        .transform(Number),
      name: guestName("Enter the guest's name"),
      email: guestEmail("Enter the guest's email"),
      phone: guestPhone,
      ...guestNoteFields,
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
