import type { Checkout } from '../hooks/use-checkout';
import { BookingConfirmation } from './booking-confirmation';
import { PaymentStep } from './payment-step';

/**
 * The steps after a flavour's form: the payment step for the server's quote, then the
 * confirmation card. Renders nothing while the form is shown (the flavour renders its form).
 */
export function CheckoutSteps<TOrder>({ checkout }: { checkout: Checkout<TOrder> }) {
  const { step } = checkout;
  if (step.kind === 'confirmed') return <BookingConfirmation {...step.confirmation} booking={step.booking} onAnother={checkout.another} />;
  if (step.kind !== 'payment') return null;
  const { className, ...content } = checkout.flavour.payment(step.order, step.quote);
  const payment = <PaymentStep {...content} amountCents={step.quote.totalCents} onBack={checkout.back} onSuccess={checkout.paid} />;
  return className ? <div className={className}>{payment}</div> : payment;
}
