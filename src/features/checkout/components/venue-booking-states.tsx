import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import type { Checkout } from '../hooks/use-checkout';
import { bookingMessages } from '../lib/messages';
import { sayError } from '../lib/say-error';
import { CheckoutSteps } from './checkout-steps';

interface Props<TOrder, TData> {
  checkout: Checkout<TOrder>;
  /** The venue's dates. */
  dates: UseQueryResult<TData>;
  loadingLabel: string;
  alertClassName: string;
  /** The form, once the dates are there. */
  children(data: TData): ReactNode;
}

/**
 * A venue page's booking part: the checkout's steps once the guest is past the form; before, the
 * dates loading, failing (said as a toast too) or the form for them.
 */
export function VenueBookingStates<TOrder, TData>({ checkout, dates, loadingLabel, alertClassName, children }: Props<TOrder, TData>) {
  useEffect(() => {
    if (dates.isError) sayError(bookingMessages.loadEventsFailed);
  }, [dates.isError]);

  if (checkout.step.kind !== 'form') return <CheckoutSteps checkout={checkout} />;
  if (dates.isPending) return <PageSpinner label={loadingLabel} />;
  if (dates.isError) {
    return (
      <Alert variant="destructive" className={alertClassName}>
        Unable to load available dates. Please refresh the page.
      </Alert>
    );
  }
  return children(dates.data);
}
