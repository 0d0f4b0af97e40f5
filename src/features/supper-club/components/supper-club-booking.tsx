import { isBookingClosed } from '@/lib/booking';
import { FormCardWithWaitlist } from '@/features/checkout/components/form-card-with-waitlist';
import { VenueBookingStates } from '@/features/checkout/components/venue-booking-states';
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

  return (
    <VenueBookingStates checkout={checkout} dates={availability} loadingLabel="Loading available dates…" alertClassName="mx-auto max-w-xl">
      {({ events, venue }) => {
        if (events.length === 0) return <ComingSoonCard venue={venue} />;
        const nothingLeft = events.every((e) => e.available_seats < 1 || isBookingClosed(e));
        return (
          <FormCardWithWaitlist
            form={<BookingForm form={booking.form} events={events} venue={venue} busy={checkout.busy} onSubmit={booking.submit} />}
            waitlist={renderWaitlist?.(soldOutSeatings(events), venue.name, () => void availability.refetch())}
            waitlistFirst={nothingLeft}
          />
        );
      }}
    </VenueBookingStates>
  );
}
