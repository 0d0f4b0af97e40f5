import { useEffect } from 'react';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { site } from '@/config/site';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { FormCardWithWaitlist } from '@/features/checkout/components/form-card-with-waitlist';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { sayError } from '@/features/checkout/lib/say-error';
import { useSeriesDinners } from '../api/get-dinners';
import { useSeriesBooking } from '../hooks/use-series-booking';
import { soldOutTickets, type SoldOutTicket } from '../lib/booking-rules';
import { SeriesBookingForm } from './series-booking-form';

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

  useEffect(() => {
    if (dinners.isError) sayError(bookingMessages.loadEventsFailed);
  }, [dinners.isError]);

  let body: React.ReactNode;
  if (checkout.step.kind !== 'form') {
    body = <CheckoutSteps checkout={checkout} />;
  } else if (dinners.isPending) {
    body = <PageSpinner label="Loading dinners…" />;
  } else if (dinners.isError) {
    body = (
      <Alert variant="destructive" className="mx-auto max-w-2xl">
        Unable to load available dates. Please refresh the page.
      </Alert>
    );
  } else if (dinners.data.length === 0) {
    body = (
      <Card className="mx-auto max-w-xl text-center">
        <CardContent className="space-y-2 pt-6">
          <h2 className="font-serif text-2xl font-semibold">New dinners coming soon</h2>
          <p className="text-muted-foreground">
            No dinners are on the calendar right now. Write to{' '}
            <a className="font-medium text-foreground underline underline-offset-4" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>{' '}
            to hear about the next ones.
          </p>
        </CardContent>
      </Card>
    );
  } else {
    const soldOut = soldOutTickets(dinners.data);
    const nothingLeft = soldOut.length === dinners.data.reduce((n, d) => n + d.ticket_types.length, 0);
    const waitlist = renderWaitlist?.(soldOut, () => void dinners.refetch());
    body = (
      <FormCardWithWaitlist
        form={<SeriesBookingForm form={booking.form} dinners={dinners.data} busy={checkout.busy} onSubmit={booking.submit} />}
        waitlist={waitlist}
        waitlistFirst={nothingLeft}
      />
    );
  }

  return body;
}
