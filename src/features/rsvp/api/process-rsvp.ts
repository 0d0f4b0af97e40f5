import { z } from 'zod';
import { CheckoutError, type BookingHandle, type Quote } from '@/features/checkout/types';
import { invokeFunction, serverCode, serverMessage, type FunctionAnswer } from '@/lib/invoke-function';
import type { PriceLines } from '@/lib/price-lines';
import { priceLinesAnswer, readPriceLines } from '@/lib/price-lines-answer';
import { addonChoices } from '@/features/checkout/api/event-addons';
import type { RsvpRequest, RsvpSelection } from './rsvp-request';

const RSVP_FUNCTION = 'process-rsvp-payment';

const cents = z.number().int().nonnegative();
const quoteAnswer = priceLinesAnswer.extend({
  totalDeposit: cents,
  discountApplied: cents.nullish(),
  subtotal: cents.nullish(),
  addons: z.array(z.object({ totalCents: cents })).nullish(),
});

/** The function's answer read with `schema`; a refusal, or an answer it cannot read, throws CheckoutError with the server's message. */
function accepted<S extends z.ZodType>(answer: FunctionAnswer<unknown>, schema: S): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  const refused = (answer.body as { success?: unknown } | null)?.success === false;
  if (answer.status !== 200 || refused || !parsed.success) {
    throw new CheckoutError(serverMessage(answer.body), answer.status < 500, answer.status, serverCode(answer.body));
  }
  return parsed.data;
}

/**
 * The pricing call (`validateOnly: true`): the server's deposit for the party after any code
 * (name and email are not needed yet). Throws CheckoutError with the server's message when refused.
 */
export async function quoteRsvp(selection: RsvpSelection): Promise<Quote> {
  const answer = await invokeFunction<unknown>(RSVP_FUNCTION, {
    eventId: selection.eventId,
    slotId: selection.slotId,
    guestDetails: { numGuests: selection.numGuests },
    promoCode: selection.promoCode || undefined,
    addons: addonChoices(selection.addons),
    validateOnly: true,
  });
  const quote = accepted(answer, quoteAnswer);
  const { totalDeposit, discountApplied, subtotal, addons } = quote;
  const discountCents = discountApplied ?? 0;
  const lines = readPriceLines(quote, { subtotalCents: subtotal ?? totalDeposit + discountCents, discountCents, amountCents: totalDeposit });
  const addonsCents = (addons ?? []).reduce((sum, a) => sum + a.totalCents, 0);
  return { ...lines, totalCents: totalDeposit, addonsCents };
}

const confirmAnswer = priceLinesAnswer.extend({
  reservationId: z.string(),
  totalDeposit: cents.nullish(),
  discountApplied: cents.nullish(),
  subtotalCents: cents.nullish(),
  bookingCode: z.string().nullish(),
  manageToken: z.string().nullish(),
});

/**
 * The final call (validateOnly false): takes the spot, with the card token (null when free) and
 * the attempt's idempotency key: the reservation with its booking code and manage-link token.
 * Throws CheckoutError with the server's message when refused.
 */
export async function confirmRsvp(
  request: RsvpRequest & { paymentToken: string | null; idempotencyKey: string; amount: number },
): Promise<{ reservationId: string; lines: PriceLines | null } & BookingHandle> {
  const answer = await invokeFunction<unknown>(RSVP_FUNCTION, {
    ...request,
    promoCode: request.promoCode || undefined,
    addons: addonChoices(request.addons),
    validateOnly: false,
  });
  const confirmed = accepted(answer, confirmAnswer);
  const { reservationId, bookingCode, manageToken, totalDeposit, discountApplied, subtotalCents } = confirmed;
  const lines =
    totalDeposit != null && subtotalCents != null
      ? readPriceLines(confirmed, { subtotalCents, discountCents: discountApplied ?? 0, amountCents: totalDeposit })
      : null;
  return { reservationId, lines, bookingCode, manageToken };
}
