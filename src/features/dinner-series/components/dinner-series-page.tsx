import { lazy } from 'react';
import { AfterPaintMain } from '@/components/venue/after-paint-main';
import { VenueTitle } from '@/components/venue/venue-title';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import { formatEventTime } from '@/lib/dates';
import { useSeriesDinners, useSeriesVenue } from '../api/get-dinners';
import type { SeriesVenue } from '../types';
import type { RenderSeriesWaitlist } from './dinner-series-booking';

// The booking part loads once the page's first render is painted (react-hook-form, the checkout, toasts:
// out of the code the page's header waits for); its spinner is the one it shows while the dates load.
const DinnerSeriesBooking = lazy(() => import('./dinner-series-booking').then((m) => ({ default: m.DinnerSeriesBooking })));

/** The listed dinners' start when they all share one ('19:00'), else null (each dinner then says its own). */
function sharedStart(dinners: readonly { event_time: string }[] | undefined): string | null {
  const starts = new Set((dinners ?? []).map((d) => d.event_time.slice(0, 5)));
  return starts.size === 1 ? [...starts][0] : null;
}

function Intro({ venue, start }: { venue: SeriesVenue | undefined; start: string | null }) {
  return (
    <header className="bg-primary text-primary-foreground">
      <div className="container space-y-4 py-12 sm:py-16">
        <VenueTitle
          title={venue && { kicker: venue.city ? `A dinner series in ${venue.city}` : 'A dinner series', name: venue.name }}
          placeholderWidths={['w-48', 'w-60']}
        />
        <p className="max-w-2xl text-lg text-primary-foreground/85">
          Five courses cooked and served at home, at one long table with a few friendly strangers. Come hungry; wine pairing optional.
          {start ? ` Dinner starts at ${formatEventTime(start)}.` : null}
        </p>
        <p className="text-sm font-medium text-primary-foreground/80">Pricing shown after selecting a date</p>
      </div>
    </header>
  );
}

export function DinnerSeriesPage({ renderWaitlist }: { renderWaitlist?: RenderSeriesWaitlist }) {
  const dinners = useSeriesDinners(); // the dates are asked for now, while the booking part's code loads
  const venue = useSeriesVenue();
  return (
    <>
      <PageMeta
        title={venue?.name}
        description={
          venue &&
          `Book a table at ${venue.name}, a five-course dinner series${venue.city ? ` in ${venue.city}` : ''}. Food only or with a wine pairing.`
        }
        canonical={paths.dinnerSeries.getHref()}
      />
      <Intro venue={venue} start={sharedStart(dinners.data)} />
      <AfterPaintMain loadingLabel="Loading dinners…" headerReady={!dinners.isPending}>
        <DinnerSeriesBooking renderWaitlist={renderWaitlist} />
      </AfterPaintMain>
    </>
  );
}
