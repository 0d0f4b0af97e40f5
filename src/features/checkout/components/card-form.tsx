import { useEffect, type Ref } from 'react';
import { toast } from 'sonner';
import { type CardPayee, useCardConfig } from '../api/get-card-config';
import { bookingMessages, paymentInitFailed } from '../lib/messages';
import type { CardFormHandle } from '../types';
import { PaymentLoader } from './payment-loader';
import { SquareCardForm } from './square-card-form';
import { TestCardForm } from './test-card-form';

/** Square's card field when an application id is configured, else the labelled test card form. */
export function CardForm({
  ref,
  configFunction,
  payee = null,
  disabled,
}: {
  ref?: Ref<CardFormHandle>;
  configFunction: string;
  /** Whose guests pay (their organization's Square location); null: the platform's account. */
  payee?: CardPayee;
  disabled?: boolean;
}) {
  const config = useCardConfig(configFunction, payee);
  const initError = config.isError ? paymentInitFailed(config.error.message) : null;
  useEffect(() => {
    if (initError) toast.error(bookingMessages.paymentError.title, { id: 'payment-init-error', description: initError });
  }, [initError]);

  const data = config.data;
  if (!data || initError) return <PaymentLoader error={initError} />;
  if (data.mode === 'test') return <TestCardForm ref={ref} disabled={disabled} />;
  return <SquareCardForm ref={ref} applicationId={data.applicationId} locationId={data.locationId} environment={data.environment} />;
}
