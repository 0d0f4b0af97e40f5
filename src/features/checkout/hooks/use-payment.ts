import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { processTicketPayment } from '../api/process-ticket-payment';
import { DEFAULT_PAYMENT_FUNCTION } from '../api/ticket-quote';
import { bookingMessages, paymentRefusal } from '../lib/messages';
import { sayError } from '../lib/say-error';
import { chargeVerificationDetails } from '../lib/verification';
import { isFunctionUnreachable } from '../lib/unreachable';
import { CheckoutError, type CardFormHandle, type PaymentCheckout, type PaymentSuccess } from '../types';
import { useIdempotencyKey } from './use-idempotency-key';

/**
 * Pay: tokenize the card (unless the total is 0) with the verification details of `totalCents`
 * (the server's quote) and the guest's name and email, then one call to take the payment with this
 * attempt's idempotency key. Each failure has its own toast: 'Payment Error' when the card field
 * is not ready or no answer came back, 'Payment Failed' when the card could not be tokenized or
 * the charge failed (its message), 'Please check your details' when the server refused the guest's
 * input before any charge and 'Reservation Failed' for other refusals before the charge (sold out)
 * or of a free booking (paymentRefusal). Re-entry is
 * refused while a payment is in flight, so a double click sends one request.
 */
export function usePayment(options: { checkout: PaymentCheckout; card: RefObject<CardFormHandle | null>; onSuccess(result: PaymentSuccess): void }) {
  const [processing, setProcessing] = useState(false);
  const inFlight = useRef(false);
  const key = useIdempotencyKey();

  async function pay(totalCents: number, promoCode: string | null, payOwnSeat = false) {
    if (inFlight.current) return;
    inFlight.current = true;
    setProcessing(true);
    const free = totalCents === 0;
    try {
      let token: string | null = null;
      if (!free) {
        const card = options.card.current;
        if (!card || !card.isReady()) {
          sayError(bookingMessages.paymentNotReady);
          return;
        }
        const { checkout } = options;
        const payer = checkout.kind === 'ticket' ? checkout.reservationData : (checkout.payer ?? {});
        const tokenized = await card.tokenize(chargeVerificationDetails(totalCents, payer)).catch(() => ({ status: 'ERROR' as const, message: '' }));
        if (tokenized.status !== 'OK') {
          sayError(bookingMessages.cardFailed);
          return;
        }
        token = tokenized.token;
      }
      const idempotencyKey = key.current();
      const { checkout } = options;

      if (checkout.kind === 'custom') {
        try {
          const { reservationId, bookingCode, manageToken, lines } = await checkout.pay({ token, idempotencyKey });
          options.onSuccess({ reservationId, amountCents: lines?.amountCents ?? totalCents, lines, promoCode, free, bookingCode, manageToken });
        } catch (error) {
          if (!(error instanceof CheckoutError)) throw error;
          if (error.definitive) key.renew();
          const chargeTitle = checkout.failureTitle ?? bookingMessages.paymentFailed.title;
          sayError(
            paymentRefusal(error, {
              chargeTitle,
              refusedTitle: checkout.failureTitle ?? bookingMessages.reservationFailed.title,
              fallback: checkout.failureFallback || bookingMessages.paymentFailed.description,
            }),
          );
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
        payOwnSeat,
      });
      if (result.ok) {
        if (free) {
          const { title, description } = bookingMessages.freeReservationConfirmed;
          toast.success(title, { description });
        }
        const { reservationId, bookingCode, manageToken, lines } = result;
        options.onSuccess({ reservationId, amountCents: result.amountCents ?? totalCents, lines, promoCode, free, bookingCode, manageToken });
        return;
      }
      if (result.definitive) key.renew();
      const failed = free ? bookingMessages.reservationFailed : bookingMessages.paymentFailed;
      sayError(
        paymentRefusal(result, {
          chargeTitle: failed.title,
          refusedTitle: bookingMessages.reservationFailed.title,
          fallback: failed.description,
        }),
      );
    } catch (error) {
      // No answer (network) or something unexpected: the outcome is unknown, so the key is kept
      // and a retry is answered with the first attempt's result.
      if (!isFunctionUnreachable(error)) console.error(error);
      sayError(bookingMessages.paymentError);
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  }

  return { pay, processing } as const;
}
