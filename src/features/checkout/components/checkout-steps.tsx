import { lazy, Suspense } from 'react';
import { quoteLines } from '@/lib/price-lines';
import type { Checkout } from '../hooks/use-checkout';
import { BookingConfirmation } from './booking-confirmation';
import { PaymentLoader } from './payment-loader';

// The payment step (card form, Square SDK loader, promo code) loads when the guest gets there,
// not with the booking form.
const PaymentStep = lazy(() => import('./payment-step').then((m) => ({ default: m.PaymentStep })));

/**
 * The steps after a flavour's form: the payment step for the server's quote, then the
 * confirmation card. Renders nothing while the form is shown (the flavour renders its form).
 */
export function CheckoutSteps<TOrder>({ checkout }: { checkout: Checkout<TOrder> }) {
  const { step } = checkout;
  if (step.kind === 'confirmed') {
    return <BookingConfirmation {...step.confirmation} booking={step.booking} lines={step.lines} onAnother={checkout.another} />;
  }
  if (step.kind !== 'payment') return null;
  const { className, ...content } = checkout.flavour.payment(step.order, step.quote);
  const payment = (
    <Suspense fallback={<PaymentLoader />}>
      <PaymentStep
        {...content}
        amountCents={step.quote.totalCents}
        lines={quoteLines(step.quote)}
        split={step.quote.split}
        onBack={checkout.back}
        onSuccess={checkout.paid}
      />
    </Suspense>
  );
  return className ? <div className={className}>{payment}</div> : payment;
}
