import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction, serverMessage } from '@/features/payment/api/invoke-function';
import { CheckoutError } from '@/features/payment/types';
import type { RsvpPricing } from '../types';

const RSVP_FUNCTION = 'process-rsvp-payment';

export interface RsvpRequest {
  eventId: string;
  slotId: string;
  guestDetails: {
    name: string;
    email: string;
    phone: string | null;
    numGuests: number;
    dietaryRestrictions: string | null;
    specialRequests: string | null;
  };
  promoCode: string | null;
}

const pricingAnswer = z.object({
  totalDeposit: z.number().int().nonnegative(),
  discountApplied: z.number().int().nonnegative().nullish(),
});

/** The pricing call (validateOnly): the server's deposit for the party after any code. */
export async function priceRsvp(request: RsvpRequest): Promise<RsvpPricing> {
  const answer = await invokeFunction<unknown>(RSVP_FUNCTION, { ...request, promoCode: request.promoCode || undefined, validateOnly: true });
  const parsed = pricingAnswer.safeParse(answer.body);
  const refused = (answer.body as { success?: unknown } | null)?.success === false;
  if (answer.status !== 200 || refused || !parsed.success) {
    throw new CheckoutError(serverMessage(answer.body), true);
  }
  return { totalDeposit: parsed.data.totalDeposit, discountApplied: parsed.data.discountApplied ?? 0 };
}

const confirmAnswer = z.object({ reservationId: z.string() });

/**
 * The final call (validateOnly false): takes the spot, with the card token (null when free) and
 * the attempt's idempotency key. Throws CheckoutError with the server's message when refused.
 */
export async function confirmRsvp(
  request: RsvpRequest & { paymentToken: string | null; idempotencyKey: string; amount: number },
): Promise<{ reservationId: string }> {
  const answer = await invokeFunction<unknown>(RSVP_FUNCTION, { ...request, promoCode: request.promoCode || undefined, validateOnly: false });
  const parsed = confirmAnswer.safeParse(answer.body);
  const refused = (answer.body as { success?: unknown } | null)?.success === false;
  if (answer.status !== 200 || refused || !parsed.success) {
    throw new CheckoutError(serverMessage(answer.body), answer.status < 500);
  }
  return { reservationId: parsed.data.reservationId };
}

/**
 * Live pricing while the guest edits slot, party size or code. The inputs arrive already
 * debounced; failures are silent (no data: the total is cleared), as SPEC 8 asks.
 */
export function useRsvpPricing(input: { eventId: string; slotId: string; numGuests: number | null; promoCode: string; guestDetails: RsvpRequest['guestDetails'] }) {
  const { eventId, slotId, numGuests, promoCode } = input;
  return useQuery({
    queryKey: ['rsvp-pricing', eventId, slotId, numGuests, promoCode],
    queryFn: () => priceRsvp({ eventId, slotId, promoCode: promoCode || null, guestDetails: { ...input.guestDetails, numGuests: numGuests ?? 1 } }),
    enabled: Boolean(eventId && slotId && numGuests),
    retry: false,
    staleTime: 15_000,
  });
}
