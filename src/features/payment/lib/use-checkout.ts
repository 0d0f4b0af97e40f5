import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { FunctionUnreachableError } from '../api/invoke-function';
import { DEFAULT_PAYMENT_FUNCTION, processTicketPayment } from '../api/process-ticket-payment';
import { CheckoutError, type CardFormHandle, type PaymentCheckout, type PaymentSuccess } from '../types';
import { useIdempotencyKey } from './idempotency';

const PAYMENT_FAILED_FALLBACK = 'Failed to process payment. Please try again.';

/**
 * Pay: tokenize the card (unless the total is 0), then one call to take the payment with this
 * attempt's idempotency key. Every failure message is SPEC 8's. Re-entry is refused while a
 * payment is in flight, so a double click sends one request.
 */
export function useCheckout(options: {
  checkout: PaymentCheckout;
  card: RefObject<CardFormHandle | null>;
  onSuccess(result: PaymentSuccess): void;
}) {
  const [processing, setProcessing] = useState(false);
  const inFlight = useRef(false);
  const key = useIdempotencyKey();

  async function pay(totalCents: number, promoCode: string | null) {
    if (inFlight.current) return;
    inFlight.current = true;
    setProcessing(true);
    const free = totalCents === 0;
    try {
      let token: string | null = null;
      if (!free) {
        const card = options.card.current;
        if (!card || !card.isReady()) {
          toast.error('Payment Error', { description: 'Payment system not ready. Please wait a moment and try again.' });
          return;
        }
        const tokenized = await card.tokenize().catch(() => ({ status: 'ERROR' as const, message: '' }));
        if (tokenized.status !== 'OK') {
          toast.error('Payment Failed', { description: 'There was an error processing your payment. Please try again.' });
          return;
        }
        token = tokenized.token;
      }
      const idempotencyKey = key.current();
      const { checkout } = options;

      if (checkout.kind === 'custom') {
        try {
          const { reservationId } = await checkout.pay({ token, idempotencyKey });
          options.onSuccess({ reservationId, amountCents: totalCents, promoCode, free });
        } catch (error) {
          if (!(error instanceof CheckoutError)) throw error;
          if (error.definitive) key.renew();
          toast.error(checkout.failureTitle ?? 'Payment Failed', {
            description: error.message || checkout.failureFallback || PAYMENT_FAILED_FALLBACK,
          });
        }
        return;
      }

      const result = await processTicketPayment({
        paymentFunction: checkout.paymentFunction ?? DEFAULT_PAYMENT_FUNCTION,
        token,
        amountCents: totalCents,
        reservationData: checkout.reservationData,
        promoCode,
        idempotencyKey,
      });
      if (result.ok) {
        if (free) {
          toast.success('Reservation Confirmed!', { description: 'Your reservation is confirmed. Check your email for confirmation.' });
        }
        options.onSuccess({ reservationId: result.reservationId, amountCents: result.amountCents ?? totalCents, promoCode, free });
        return;
      }
      if (result.definitive) key.renew();
      if (free) {
        toast.error('Reservation Failed', { description: result.message ?? 'There was an error creating your reservation. Please try again.' });
      } else {
        toast.error('Payment Failed', { description: result.message ?? PAYMENT_FAILED_FALLBACK });
      }
    } catch (error) {
      // No answer (network) or something unexpected: the outcome is unknown, so the key is kept
      // and a retry is answered with the first attempt's result.
      if (!(error instanceof FunctionUnreachableError)) console.error(error);
      toast.error('Payment Error', { description: PAYMENT_FAILED_FALLBACK });
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  }

  return { pay, processing } as const;
}
