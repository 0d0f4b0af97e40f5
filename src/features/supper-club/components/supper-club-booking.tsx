import { useEffect } from 'react';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { FormCardWithWaitlist } from '@/features/checkout/components/form-card-with-waitlist';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { sayError } from '@/features/checkout/lib/say-error';
import { useSupperClubAvailability } from '../api/get-availability';
import { useSupperClubBooking } from '../hooks/use-supper-club-booking';
import { soldOutSeatings, type SoldOutSeating } from '../lib/schedule';
import { BookingForm } from './booking-form';
import { ComingSoonCard } from './coming-soon-card';

/** What the page offers for its sold-out seatings (the route composes the waitlist in); `refresh` re-reads the seats. */
export type RenderSupperWaitlist = (seatings: SoldOutSeating[], venueName: string, refresh: () => void) => React.ReactNode;

/**
 * The page's booking part: the dates, the form and the checkout steps after it, and the waitlist
 * of every sold-out seating (first when nothing is left to book). Its code (the form library, the
 * checkout, toasts) is split from the page's first render: supper-club-page.tsx.
 */
export function SupperClubBooking({ renderWaitlist }: { renderWaitlist?: RenderSupperWaitlist }) {
  const availability = useSupperClubAvailability();
  const booking = useSupperClubBooking();
  const { checkout } = booking;

  useEffect(() => {
    if (availability.isError) {
      sayError(bookingMessages.loadEventsFailed);
    }
  }, [availability.isError]);

  const events = availability.data?.events;
  const venue = availability.data?.venue;
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
  } else if (!events || !venue || events.length === 0) {
    body = venue ? <ComingSoonCard venue={venue} /> : null;
  } else {
    const nothingLeft = events.every((e) => e.available_seats < 1);
    const waitlist = renderWaitlist?.(soldOutSeatings(events), venue.name, () => void availability.refetch());
    body = (
      <FormCardWithWaitlist
        form={<BookingForm form={booking.form} events={events} venue={venue} busy={checkout.busy} onSubmit={booking.submit} />}
        waitlist={waitlist}
        waitlistFirst={nothingLeft}
      />
    );
  }

  return body;
}
