import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CheckoutError,
  type BookingHandle,
  type CheckoutFlavour,
  type ConfirmationContent,
  type ConfirmedPayment,
  type PaymentSuccess,
  type Quote,
} from '../types';
import type { PriceLines } from '@/lib/price-lines';
import { bookingMessages, refusedDetails } from '../lib/messages';
import { isFunctionUnreachable } from '../lib/unreachable';

export type CheckoutStep<TOrder> =
  | { kind: 'form' }
  | { kind: 'payment'; order: TOrder; quote: Quote }
  | { kind: 'confirmed'; confirmation: ConfirmationContent; booking: BookingHandle; lines: PriceLines | null };

export interface Checkout<TOrder> {
  step: CheckoutStep<TOrder>;
  /** True while a submitted form is being checked and quoted (forms disable their button). */
  busy: boolean;
  flavour: CheckoutFlavour<TOrder>;
  /**
   * The form was submitted. `prepare` applies the flavour's own rules — toasting what stops the
   * booking and resolving null then — and resolves the order. The server then quotes it (the
   * authority on the price and on what can be booked) and the guest moves on to the payment step:
   * a free order too, so that it is confirmed only from the summary the guest has seen.
   */
  submit(prepare: () => Promise<TOrder | null> | TOrder | null): Promise<void>;
  /** Back from the payment step to the form. */
  back(): void;
  /** The payment step's success: the server confirmed. */
  paid(result: PaymentSuccess): void;
  /** "Make another reservation" on the confirmation. */
  another(): void;
  /** Back to the form whatever the step (another event was chosen). Stable across renders. */
  restart(): void;
}

/**
 * The booking steps every flavour shares: form → payment → confirmed. The flavour says how the
 * server quotes an order, what its payment step and confirmation card read and what it does once
 * booked (`CheckoutFlavour`); render the steps after the form with `<CheckoutSteps>`.
 */
export function useCheckout<TOrder>(flavour: CheckoutFlavour<TOrder>): Checkout<TOrder> {
  const [step, setStep] = useState<CheckoutStep<TOrder>>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  // The flavour object is rebuilt on every render; calls made after an await use the newest.
  const latest = useRef(flavour);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref, read only by callbacks after an await; moving the write to an effect would change when it lands
  latest.current = flavour;

  const restart = useCallback(() => setStep({ kind: 'form' }), []);

  function confirmed(order: TOrder, payment: ConfirmedPayment) {
    const booking = { bookingCode: payment.bookingCode ?? null, manageToken: payment.manageToken ?? null };
    setStep({ kind: 'confirmed', confirmation: latest.current.confirmation(order, payment), booking, lines: payment.lines ?? null });
    latest.current.onConfirmed?.();
  }

  async function submit(prepare: () => Promise<TOrder | null> | TOrder | null) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const order = await prepare();
      if (order === null) return;
      const quote = await latest.current.quote(order);
      setStep({ kind: 'payment', order, quote });
    } catch (error) {
      if (!(error instanceof CheckoutError) && !isFunctionUnreachable(error)) console.error(error);
      const { refusal } = latest.current;
      const message = error instanceof CheckoutError ? error.message : '';
      // The guest's input refused: the fields are what to fix, whatever the flavour.
      const title = error instanceof CheckoutError && refusedDetails(error) ? bookingMessages.detailsRefused.title : refusal.title;
      toast.error(title, { description: message || refusal.fallback });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function paid(result: PaymentSuccess) {
    if (step.kind !== 'payment') return;
    const { paidToast, freeToast } = latest.current;
    const announce = result.free ? freeToast : paidToast;
    if (announce) toast.success(announce.title, { description: announce.description });
    const { reservationId, amountCents, bookingCode, manageToken, lines } = result;
    confirmed(step.order, { reservationId, amountCents, bookingCode, manageToken, lines });
  }

  return {
    step,
    busy,
    flavour,
    submit,
    back: restart,
    paid,
    another: () => {
      latest.current.onAnother?.();
      setStep({ kind: 'form' });
    },
    restart,
  };
}
