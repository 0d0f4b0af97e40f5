import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageSpinner } from '@/components/layout/page-spinner';

type RouteModule = { default: ComponentType };
type LazyRoute = ReturnType<typeof lazy<ComponentType>> & { preload(): Promise<RouteModule> };

const RELOADED_AT = 'supperhost:route-chunk-reload';

/**
 * A page's code that cannot be loaded is most often code a deploy replaced while the tab was
 * open (its file names change with each build): the page loads again, with the new build, at
 * the address it was going to. At most once a minute, so code that still fails shows the crash
 * page instead of reloading forever; never while offline, where a reload shows the browser's own
 * error page. True when the reload has started.
 */
function reloadForNewBuild(): boolean {
  if (!navigator.onLine) return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false; // no session storage: no way to tell a second failure from the first
  }
  window.location.reload();
  return true;
}

/**
 * React.lazy with a preload. Once the module has arrived, the component's loader hands it over
 * with a thenable that answers at once (React.lazy takes any thenable), so the first render
 * does not suspend: no Suspense fallback is committed, and React does not hold the page back
 * for the 300 ms it keeps a just-shown fallback on screen (its Suspense throttling). A render
 * whose code cannot be loaded reloads the page once (reloadForNewBuild), else it throws to the
 * error boundary.
 */
function lazyRoute(load: () => Promise<RouteModule>): LazyRoute {
  let loaded: RouteModule | undefined;
  let loading: Promise<RouteModule> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later render tries again (and its error boundary shows the failure)
        throw error;
      },
    ));
  const ready = (module: RouteModule) => ({ then: (resolve: (m: RouteModule) => void) => resolve(module) }) as unknown as Promise<RouteModule>;
  const render = () =>
    preload().catch((error: unknown) => {
      if (reloadForNewBuild()) return new Promise<RouteModule>(() => undefined); // the page is going away
      throw error;
    });
  return Object.assign(
    lazy(() => (loaded ? ready(loaded) : render())),
    { preload },
  );
}

// Every route is its own chunk: a guest never downloads admin code. Declarative routing
// (no loaders or actions) keeps the data-router code out of the first-render bundle.
const routes = {
  home: lazyRoute(() => import('./routes/home')),
  supperClub: lazyRoute(() => import('./routes/supper-club')),
  dinnerSeries: lazyRoute(() => import('./routes/dinner-series')),
  reservationDetails: lazyRoute(() => import('./routes/reservation-details')),
  manageBooking: lazyRoute(() => import('./routes/manage-booking')),
  seat: lazyRoute(() => import('./routes/seat')),
  waitlistOffer: lazyRoute(() => import('./routes/waitlist-offer')),
  waitlistLeave: lazyRoute(() => import('./routes/waitlist-leave')),
  payBooking: lazyRoute(() => import('./routes/pay-booking')),
  chefSignup: lazyRoute(() => import('./routes/chef-signup')),
  auth: lazyRoute(() => import('./routes/auth')),
  forgotPassword: lazyRoute(() => import('./routes/auth-forgot-password')),
  resetPassword: lazyRoute(() => import('./routes/auth-reset-password')),
  admin: lazyRoute(() => import('./routes/admin')),
  adminJoin: lazyRoute(() => import('./routes/admin-join')),
  adminDoor: lazyRoute(() => import('./routes/admin-door')),
  adminEventOverview: lazyRoute(() => import('./routes/admin-event-overview')),
  adminKitchenReport: lazyRoute(() => import('./routes/admin-kitchen-report')),
  orgPage: lazyRoute(() => import('./routes/org-page')),
  orgEmbed: lazyRoute(() => import('./routes/org-embed')),
  orgPrivateDinner: lazyRoute(() => import('./routes/org-private-dinner')),
  notFound: lazyRoute(() => import('./routes/not-found')),
};

// The pages served at their own path (the route and the path share a name).
const atTheirPaths = [
  'home',
  'supperClub',
  'dinnerSeries',
  'reservationDetails',
  'manageBooking',
  'seat',
  'waitlistOffer',
  'waitlistLeave',
  'payBooking',
  'chefSignup',
  'auth',
  'forgotPassword',
  'resetPassword',
  'adminDoor',
  'adminEventOverview',
  'adminKitchenReport',
  'adminJoin',
  'orgPage',
  'orgEmbed',
  'orgPrivateDinner',
] as const;

/** The routes, in one table for <Routes> and for preloadRoute (the router ranks them by path, not by order). */
const table: { path: string; page?: LazyRoute; element?: ReactNode }[] = [
  ...atTheirPaths.map((name) => ({ path: paths[name].path, page: routes[name] })),
  { path: paths.supperClubReservations.path, page: routes.supperClub },
  { path: paths.dinnerSeriesReservations.path, element: <Navigate to={paths.dinnerSeries.getHref()} replace /> },
  { path: `${paths.admin.path}/*`, page: routes.admin },
  { path: '*', page: routes.notFound },
];

/**
 * Loads the code of the page at `pathname` (as <Routes> picks it); settles, never rejects, once
 * it is there or has failed. main.tsx renders the app after it, so the page renders at once
 * instead of behind the router's fallback (index.html shows the same spinner until then).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const page = matchRoutes(table, pathname)?.[0]?.route.page;
  return page
    ? page.preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            {table.map(({ path, page: Page, element }) => (
              <Route key={path} path={path} element={Page ? <Page /> : element} />
            ))}
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
