import { Card, CardContent } from '@/components/ui/card';
import { FormCardWithWaitlist } from '@/features/checkout/components/form-card-with-waitlist';
import { VenueBookingStates } from '@/features/checkout/components/venue-booking-states';
import { useSeriesDinners } from '../api/get-dinners';
import { useSeriesBooking } from '../hooks/use-series-booking';
import { openDinners, soldOutTickets, type SoldOutTicket } from '../lib/booking-rules';
import { SeriesBookingForm } from './series-booking-form';
import { SupportEmailLink } from '@/components/support-email-link';

/** What the page offers for its sold-out ticket types (the route composes the waitlist in); `refresh` re-reads the dinners. */
export type RenderSeriesWaitlist = (tickets: SoldOutTicket[], refresh: () => void) => React.ReactNode;

/**
 * The page's booking part: the dates, the form and the checkout steps after it, and the waitlist
 * of every sold-out ticket type (first when nothing is left to book). Its code (the form library,
 * the checkout, toasts) is split from the page's first render: dinner-series-page.tsx.
 */
export function DinnerSeriesBooking({ renderWaitlist }: { renderWaitlist?: RenderSeriesWaitlist }) {
  const dinners = useSeriesDinners();
  const booking = useSeriesBooking();
  const { checkout } = booking;

  return (
    <VenueBookingStates checkout={checkout} dates={dinners} loadingLabel="Loading dinners…" alertClassName="mx-auto max-w-2xl">
      {(data) => {
        if (data.length === 0) return <ComingSoonCard />;
        const soldOut = soldOutTickets(data);
        const nothingLeft = soldOut.length === openDinners(data).reduce((n, d) => n + d.ticket_types.length, 0);
        return (
          <FormCardWithWaitlist
            form={<SeriesBookingForm form={booking.form} dinners={data} busy={checkout.busy} onSubmit={booking.submit} />}
            waitlist={renderWaitlist?.(soldOut, () => void dinners.refetch())}
            waitlistFirst={nothingLeft}
          />
        );
      }}
    </VenueBookingStates>
  );
}

function ComingSoonCard() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardContent className="space-y-2 pt-6">
        <h2 className="font-serif text-2xl font-semibold">New dinners coming soon</h2>
        <p className="text-muted-foreground">
          No dinners are on the calendar right now. Write to <SupportEmailLink /> to hear about the next ones.
        </p>
      </CardContent>
    </Card>
  );
}
