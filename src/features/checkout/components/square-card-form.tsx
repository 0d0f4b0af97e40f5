import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { toast } from 'sonner';
import { bookingMessages, PAYMENT_LOAD_FAILED, paymentInitFailed } from '../lib/messages';
import { loadSquareSdk, SquareSdkLoadError, type SquareCard } from '../lib/square-sdk';
import type { CardFormHandle } from '../types';
import { PaymentLoader } from './payment-loader';

interface Props {
  ref?: Ref<CardFormHandle>;
  applicationId: string;
  locationId: string;
  environment: 'sandbox' | 'production';
}

/** Square's card field: the SDK is fetched on first use, the card attached, tokenized on Pay with the charge's verification details. */
export function SquareCardForm({ ref, applicationId, locationId, environment }: Props) {
  const containerId = `sq-card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const cardRef = useRef<SquareCard | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let card: SquareCard | null = null;
    const fail = (description: string) => {
      if (cancelled) return;
      setError(description);
      toast.error(bookingMessages.paymentError.title, { id: 'payment-init-error', description });
    };
    void (async () => {
      try {
        const Square = await loadSquareSdk(environment);
        card = await Square.payments(applicationId, locationId).card();
        if (cancelled) return;
        await card.attach(`#${containerId}`);
        if (cancelled) return;
        cardRef.current = card;
        setReady(true);
      } catch (e) {
        if (e instanceof SquareSdkLoadError) fail(PAYMENT_LOAD_FAILED);
        else fail(paymentInitFailed(e instanceof Error ? e.message : String(e)));
      }
    })();
    return () => {
      cancelled = true;
      cardRef.current = null;
      setReady(false);
      card?.destroy().catch(() => undefined);
    };
  }, [applicationId, locationId, environment, containerId]);

  useImperativeHandle(
    ref,
    () => ({
      isReady: () => ready && cardRef.current !== null,
      async tokenize(verification) {
        const card = cardRef.current;
        if (!card) return { status: 'ERROR', message: 'not ready' };
        const result = await card.tokenize(verification);
        if (result.status === 'OK' && result.token) return { status: 'OK', token: result.token };
        return {
          status: 'ERROR',
          message:
            result.errors
              ?.map((e) => e.message)
              .filter(Boolean)
              .join(' ') || result.status,
        };
      },
    }),
    [ready],
  );

  return (
    <div className="space-y-3">
      {!ready ? <PaymentLoader error={error} /> : null}
      <div id={containerId} className={error ? 'hidden' : 'min-h-[90px]'} aria-label="Card details" />
    </div>
  );
}
