import { lazy } from 'react';
import { AfterPaintMain } from '@/components/venue/after-paint-main';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { useSupperClubAvailability } from '../api/get-availability';
import { seatPriceOf } from '../lib/schedule';
import type { RenderSupperWaitlist } from './supper-club-booking';
import { SupperClubHeader } from './supper-club-header';

// The booking part loads once the page's first render is painted (react-hook-form, the checkout, toasts:
// out of the code the page's header waits for); its spinner is the one it shows while the dates load.
const SupperClubBooking = lazy(() => import('./supper-club-booking').then((m) => ({ default: m.SupperClubBooking })));

export function SupperClubPage({ renderWaitlist }: { renderWaitlist?: RenderSupperWaitlist }) {
  const availability = useSupperClubAvailability(); // also asked for now, while the booking part's code loads
  const { venue, events } = availability.data ?? {};
  const price = seatPriceOf(events);
  return (
    <>
      <PageMeta
        title={venue?.name}
        description={
          venue &&
          `Reserve your seats at the ${venue.name}${venue.city ? ` in ${venue.city}` : ''}: ${price !== null ? `${formatCents(price)} per person for ` : ''}four shared savory courses and one shared sweet course.`
        }
        canonical={paths.supperClub.getHref()}
      />
      <SupperClubHeader venue={venue} events={events} />
      <AfterPaintMain loadingLabel="Loading available dates…" headerReady={!availability.isPending}>
        <SupperClubBooking renderWaitlist={renderWaitlist} />
      </AfterPaintMain>
    </>
  );
}
