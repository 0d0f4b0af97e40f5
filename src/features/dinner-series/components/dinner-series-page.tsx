import { useEffect } from 'react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { dinnerSeries, site } from '@/config/site';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { useSeriesDinners } from '../api/get-dinners';
import { useSeriesBooking } from '../hooks/use-series-booking';
import { SeriesBookingForm } from './series-booking-form';

function Intro() {
  return (
    <header className="bg-primary text-primary-foreground">
      <div className="container space-y-4 py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary-foreground/80">A dinner series in {dinnerSeries.city}</p>
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{dinnerSeries.name}</h1>
        <p className="max-w-2xl text-lg text-primary-foreground/85">
          Five courses cooked and served at home, at one long table with a few friendly strangers. Come hungry; wine pairing optional. Dinner starts
          at {dinnerSeries.displayTime}.
        </p>
        <p className="text-sm font-medium text-primary-foreground/80">Pricing shown after selecting a date</p>
      </div>
    </header>
  );
}

export function DinnerSeriesPage() {
  const dinners = useSeriesDinners();
  const booking = useSeriesBooking();
  const { checkout } = booking;

  useEffect(() => {
    if (dinners.isError) toast.error(bookingMessages.loadEventsFailed.title, { description: bookingMessages.loadEventsFailed.description });
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
    body = (
      <Card className="mx-auto max-w-2xl">
        <CardContent className="pt-5 sm:pt-6">
          <SeriesBookingForm form={booking.form} dinners={dinners.data} busy={checkout.busy} onSubmit={booking.submit} />
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <PageMeta
        title={dinnerSeries.name}
        description={`Book a table at ${dinnerSeries.name}, a five-course dinner series in ${dinnerSeries.city}. Food only or with a wine pairing.`}
        canonical={paths.dinnerSeries.getHref()}
      />
      <Intro />
      <main className="container py-10 sm:py-14">{body}</main>
    </>
  );
}
