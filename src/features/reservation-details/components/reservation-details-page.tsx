import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useRestoreDefaultTitleOnLeave } from '../hooks/use-restore-title';
import { linkSeries, parseReservationParams } from '../lib/reservation-params';
import type { ServerBookingState } from '../types';
import { BookingDetailsView, ReservationDetailsView, ReservationLinkProblem } from './reservation-details-view';

/**
 * Opened with a booking's private token (`server`, read by the route): the booking as the server
 * holds it, a confirmation. Otherwise driven only by the link's query parameters, with no backend
 * call, and labelled as details from the link: anyone can write such a link.
 */
export function ReservationDetailsPage({ server }: { server?: ServerBookingState }) {
  const [searchParams] = useSearchParams();
  const result = useMemo(() => parseReservationParams(searchParams), [searchParams]);
  const confirmed = server?.status === 'ready';
  // A booking opened with its token names its own organization; a link speaks for the series.
  const venueName = confirmed ? server.booking.organizationName : linkSeries.name;
  const title = `${confirmed ? 'Reservation Confirmation' : 'Reservation Details'} | ${venueName}`;
  useRestoreDefaultTitleOnLeave(title, site.productName);

  let body: React.ReactNode;
  if (server?.status === 'loading') body = <PageSpinner label="Loading your reservation…" />;
  else if (server?.status === 'invalid') body = <BookingTokenProblem message={server.message} />;
  else if (server?.status === 'ready') body = <BookingDetailsView booking={server.booking} />;
  else if (result.ok) body = <ReservationDetailsView details={result.details} />;
  else body = <ReservationLinkProblem problems={result.problems} />;

  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10 sm:py-16">
      <PageMeta fullTitle={title} description={`Your ${venueName} dinner reservation: date, party size, ticket and calendar links.`} />
      <div className="mx-auto max-w-2xl">{body}</div>
    </main>
  );
}

function BookingTokenProblem({ message }: { message: string }) {
  return (
    <div className="space-y-5 text-center">
      <h1 className="font-serif text-3xl font-semibold sm:text-4xl">We couldn’t open this reservation</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link to={paths.home.getHref()}>Go to the home page</Link>
      </Button>
    </div>
  );
}
