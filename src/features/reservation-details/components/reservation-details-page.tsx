import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { dinnerSeries, site } from '@/config/site';
import { useRestoreDefaultTitleOnLeave } from '../hooks/use-restore-title';
import { parseReservationParams } from '../lib/reservation-params';
import { ReservationDetailsView, ReservationLinkProblem } from './reservation-details-view';

/** Driven only by the link's query parameters: no backend call. */
export function ReservationDetailsPage() {
  const [searchParams] = useSearchParams();
  const result = useMemo(() => parseReservationParams(searchParams), [searchParams]);
  const title = `Reservation Confirmation | ${dinnerSeries.name}`;
  useRestoreDefaultTitleOnLeave(title, site.productName);
  return (
    <main className="min-h-screen bg-muted/40 px-4 py-10 sm:py-16">
      <PageMeta fullTitle={title} description={`Your ${dinnerSeries.name} dinner reservation: date, party size, ticket and calendar links.`} />
      <div className="mx-auto max-w-2xl">
        {result.ok ? <ReservationDetailsView details={result.details} /> : <ReservationLinkProblem problems={result.problems} />}
      </div>
    </main>
  );
}
