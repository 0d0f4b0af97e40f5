import { useEffect } from 'react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { useSupperClubAvailability } from '../api/get-availability';
import { useSupperClubBooking } from '../hooks/use-supper-club-booking';
import { BookingForm } from './booking-form';
import { ComingSoonCard } from './coming-soon-card';

/**
 * The page's booking part: the dates, the form and the checkout steps after it. Its code (the
 * form library, the checkout, toasts) is split from the page's first render: supper-club-page.tsx.
 */
export function SupperClubBooking() {
  const availability = useSupperClubAvailability();
  const booking = useSupperClubBooking();
  const { checkout } = booking;

  useEffect(() => {
    if (availability.isError) {
      toast.error(bookingMessages.loadEventsFailed.title, { description: bookingMessages.loadEventsFailed.description });
    }
  }, [availability.isError]);

  const events = availability.data;
  let body: React.ReactNode;
  if (checkout.step.kind !== 'form') {
    body = <CheckoutSteps checkout={checkout} />;
  } else if (availability.isPending) {
    body = <PageSpinner label="Loading available dates…" />;
  } else if (availability.isError) {
    body = (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        Unable to load available dates. Please refresh the page.
      </Alert>
    );
  } else if (!events || events.length === 0) {
    body = <ComingSoonCard />;
  } else {
    body = (
      <Card className="mx-auto max-w-2xl">
        <CardContent className="pt-5 sm:pt-6">
          <BookingForm form={booking.form} events={events} busy={checkout.busy} onSubmit={booking.submit} />
        </CardContent>
      </Card>
    );
  }

  return body;
}
