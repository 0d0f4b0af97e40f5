import { z } from 'zod';
import { CheckoutError } from '@/features/checkout/types';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import type { ClaimedOffer } from '../types';
import { OFFER_FUNCTION } from './get-waitlist-offer';

/** A refused claim: the server answered, so the attempt is over. */
export class ClaimRefusal extends CheckoutError {
  override name = 'ClaimRefusal';
  constructor(
    message: string | null,
    public readonly status: number,
  ) {
    super(message, true);
  }
}

const paidAnswer = z.object({
  success: z.literal(true),
  reservationId: z.string().nullable().optional(),
  amountCents: z.number().int(),
  bookingCode: z.string().nullable().optional(),
  manageToken: z.string().nullable().optional(),
});

/**
 * Pays for (or, when free, claims) exactly the offered seats: `amount` is the total the guest was
 * shown (the server refuses a different one), `paymentToken` the card's token (none when free).
 * A refusal throws a CheckoutError with the server's message (`code` 'offer_expired' when the offer lapsed).
 */
export async function claimWaitlistOffer(request: { token: string; paymentToken: string | null; amount: number }): Promise<ClaimedOffer> {
  const answer = await invokeFunction<unknown>(OFFER_FUNCTION, {
    token: request.token,
    action: 'pay',
    ...(request.paymentToken ? { paymentToken: request.paymentToken } : {}),
    amount: request.amount,
  });
  if (answer.status !== 200) throw new ClaimRefusal(serverMessage(answer.body), answer.status);
  const parsed = paidAnswer.safeParse(answer.body);
  if (!parsed.success) throw new ClaimRefusal(null, answer.status);
  const { reservationId = null, amountCents, bookingCode = null, manageToken = null } = parsed.data;
  return { reservationId, amountCents, bookingCode, manageToken };
}
