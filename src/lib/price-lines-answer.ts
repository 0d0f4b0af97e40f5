import { z } from 'zod';
import type { PriceLines } from './price-lines';

// The lines of a booking function's answer, read with zod: imported only by the calling code
// (process-ticket-payment.ts, process-rsvp.ts), which loads after the forms render.

const cents = z.number().int().nonnegative();

/** The lines of a function's answer (older answers carry no service charge or tax: zero). */
export const priceLinesAnswer = z.object({
  serviceChargeCents: cents.nullish(),
  taxCents: cents.nullish(),
  priceDisplay: z.enum(['itemized', 'all_in']).nullish(),
});

/** The lines from an answer's fields, given its subtotal, discount and amount. */
export function readPriceLines(
  answer: z.infer<typeof priceLinesAnswer>,
  money: { subtotalCents: number; discountCents: number; amountCents: number },
): PriceLines {
  return {
    ...money,
    serviceChargeCents: answer.serviceChargeCents ?? 0,
    taxCents: answer.taxCents ?? 0,
    priceDisplay: answer.priceDisplay ?? 'itemized',
  };
}
