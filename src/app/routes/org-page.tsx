import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { OrgPage } from '@/features/org-page/components/org-page';
import { BookingPanelFallback } from '@/features/org-page/components/booking-panel-fallback';

// The booking panel is not part of the page's first render (its placeholder is): its code,
// with the forms' loaders, comes when the page first shows it (docs/BENCHMARKS.md, `page`).
// Its fallback is the placeholder it replaces, so nothing moves while it loads.
const BookingPanel = lazy(() => import('../booking-panel').then((m) => ({ default: m.BookingPanel })));

export default function OrgPageRoute() {
  const { orgSlug = '' } = useParams();
  return (
    <OrgPage
      slug={orgSlug}
      renderBookingPanel={(context) => (
        <Suspense fallback={<BookingPanelFallback />}>
          <BookingPanel context={context} />
        </Suspense>
      )}
    />
  );
}
