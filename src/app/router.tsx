import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageSpinner } from '@/components/layout/page-spinner';

// Every route is its own chunk: a guest never downloads admin code.
const routes = {
  home: lazy(() => import('./routes/home')),
  supperClub: lazy(() => import('./routes/supper-club')),
  dinnerSeries: lazy(() => import('./routes/dinner-series')),
  reservationDetails: lazy(() => import('./routes/reservation-details')),
  chefSignup: lazy(() => import('./routes/chef-signup')),
  auth: lazy(() => import('./routes/auth')),
  admin: lazy(() => import('./routes/admin')),
  orgPage: lazy(() => import('./routes/org-page')),
  orgEmbed: lazy(() => import('./routes/org-embed')),
  notFound: lazy(() => import('./routes/not-found')),
};

function page(Component: LazyExoticComponent<ComponentType>) {
  return <Component />;
}

function RootLayout() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: page(routes.home) },
      { path: paths.supperClub.path, element: page(routes.supperClub) },
      { path: paths.supperClubReservations.path, element: page(routes.supperClub) },
      { path: paths.dinnerSeries.path, element: page(routes.dinnerSeries) },
      { path: paths.dinnerSeriesReservations.path, element: <Navigate to={paths.dinnerSeries.getHref()} replace /> },
      { path: paths.reservationDetails.path, element: page(routes.reservationDetails) },
      { path: paths.chefSignup.path, element: page(routes.chefSignup) },
      { path: paths.auth.path, element: page(routes.auth) },
      { path: `${paths.admin.path}/*`, element: page(routes.admin) },
      { path: paths.orgPage.path, element: page(routes.orgPage) },
      { path: paths.orgEmbed.path, element: page(routes.orgEmbed) },
      { path: '*', element: page(routes.notFound) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
