import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import { bookingMessages } from '../lib/messages';
import { chargeVerificationDetails, type Payer } from '../lib/verification';
import type { CardFormHandle } from '../types';
import { useIdempotencyKey } from './use-idempotency-key';

/** A refused charge after a booking (added guests, a guest's own seat): `definitive` when the attempt ended, not when its outcome is unknown. */
export class ChargeRefusedError extends Error {
  override name = 'ChargeRefusedError';
  constructor(
    message: string,
    readonly status: number,
    readonly definitive: boolean,
  ) {
    super(message);
  }
}

/** Calls a paying function and answers its 200 body, or throws ChargeRefusedError with the server's words. */
export async function invokeCharge(functionName: string, body: Record<string, unknown>): Promise<unknown> {
  const answer = await invokeFunction<unknown>(functionName, body);
  if (answer.status === 200) return answer.body;
  const message = serverMessage(answer.body) ?? `The payment could not be made (error ${answer.status}). Please try again.`;
  throw new ChargeRefusedError(message, answer.status, answer.status < 500);
}

/**
 * A card payment made after the booking (more guests, a guest's own seat): the card field's
 * handle, the attempt's idempotency key (kept across a retry whose outcome is unknown, renewed
 * once the server refused the attempt) and `tokenize`, which turns the card into a token for
 * `cents` (the server's price) with the payer's details, or says why it could not (a toast) and
 * answers null.
 */
export function useCardCharge() {
  const card = useRef<CardFormHandle>(null);
  const key = useIdempotencyKey();
  const [tokenizing, setTokenizing] = useState(false);

  async function tokenize(cents: number, payer: Payer): Promise<string | null> {
    const field = card.current;
    if (!field?.isReady()) {
      toast.error(bookingMessages.paymentNotReady.title, { description: bookingMessages.paymentNotReady.description });
      return null;
    }
    setTokenizing(true);
    const tokenized = await field
      .tokenize(chargeVerificationDetails(cents, payer))
      .catch(() => ({ status: 'ERROR' as const, message: '' }))
      .finally(() => setTokenizing(false));
    if (tokenized.status !== 'OK') {
      toast.error(bookingMessages.cardFailed.title, { description: bookingMessages.cardFailed.description });
      return null;
    }
    return tokenized.token;
  }

  /** After a refusal: a new attempt gets a new key unless the outcome is unknown. */
  function refused(error: Error) {
    if (error instanceof ChargeRefusedError && error.definitive) key.renew();
  }

  return { card, key, tokenizing, tokenize, refused } as const;
}
