import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageSpinner } from '@/components/layout/page-spinner';

// Every route is its own chunk: a guest never downloads admin code. Declarative routing
// (no loaders or actions) keeps the data-router code out of the first-render bundle.
const routes = {
  home: lazy(() => import('./routes/home')),
  supperClub: lazy(() => import('./routes/supper-club')),
  dinnerSeries: lazy(() => import('./routes/dinner-series')),
  reservationDetails: lazy(() => import('./routes/reservation-details')),
  manageBooking: lazy(() => import('./routes/manage-booking')),
  waitlistOffer: lazy(() => import('./routes/waitlist-offer')),
  payBooking: lazy(() => import('./routes/pay-booking')),
  chefSignup: lazy(() => import('./routes/chef-signup')),
  auth: lazy(() => import('./routes/auth')),
  admin: lazy(() => import('./routes/admin')),
  adminJoin: lazy(() => import('./routes/admin-join')),
  adminDoor: lazy(() => import('./routes/admin-door')),
  adminEventOverview: lazy(() => import('./routes/admin-event-overview')),
  orgPage: lazy(() => import('./routes/org-page')),
  orgEmbed: lazy(() => import('./routes/org-embed')),
  notFound: lazy(() => import('./routes/not-found')),
};

function page(Component: LazyExoticComponent<ComponentType>) {
  return <Component />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route path={paths.home.path} element={page(routes.home)} />
            <Route path={paths.supperClub.path} element={page(routes.supperClub)} />
            <Route path={paths.supperClubReservations.path} element={page(routes.supperClub)} />
            <Route path={paths.dinnerSeries.path} element={page(routes.dinnerSeries)} />
            <Route path={paths.dinnerSeriesReservations.path} element={<Navigate to={paths.dinnerSeries.getHref()} replace />} />
            <Route path={paths.reservationDetails.path} element={page(routes.reservationDetails)} />
            <Route path={paths.manageBooking.path} element={page(routes.manageBooking)} />
            <Route path={paths.waitlistOffer.path} element={page(routes.waitlistOffer)} />
            <Route path={paths.payBooking.path} element={page(routes.payBooking)} />
            <Route path={paths.chefSignup.path} element={page(routes.chefSignup)} />
            <Route path={paths.auth.path} element={page(routes.auth)} />
            <Route path={paths.adminDoor.path} element={page(routes.adminDoor)} />
            <Route path={paths.adminEventOverview.path} element={page(routes.adminEventOverview)} />
            <Route path={paths.adminJoin.path} element={page(routes.adminJoin)} />
            <Route path={`${paths.admin.path}/*`} element={page(routes.admin)} />
            <Route path={paths.orgPage.path} element={page(routes.orgPage)} />
            <Route path={paths.orgEmbed.path} element={page(routes.orgEmbed)} />
            <Route path="*" element={page(routes.notFound)} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
