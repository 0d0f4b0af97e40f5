const withNext = (path: string, next?: string) => (next ? `${path}?${new URLSearchParams({ next }).toString()}` : path);

/** Every route of the product, defined once. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  supperClub: { path: '/magnolia-supper-club', getHref: () => '/magnolia-supper-club' },
  supperClubReservations: { path: '/magnolia-supper-club/reservations', getHref: () => '/magnolia-supper-club/reservations' },
  dinnerSeries: { path: '/eat-at-home', getHref: () => '/eat-at-home' },
  dinnerSeriesReservations: { path: '/eat-at-home/reservations', getHref: () => '/eat-at-home/reservations' },
  chefSignup: { path: '/pop-up-chef', getHref: () => '/pop-up-chef' },
  reservationDetails: {
    path: '/reservation-details',
    getHref: (params?: Record<string, string | undefined>) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== '') search.set(k, v);
      const q = search.toString();
      return q ? `/reservation-details?${q}` : '/reservation-details';
    },
  },
  /** A guest's private page for one booking (the token is its key; 'booking' is a reserved organization slug). */
  manageBooking: { path: '/booking/:token', getHref: (token: string) => `/booking/${encodeURIComponent(token)}` },
  /** One seat of a booking, or its party (the token, shared by the booker, is its key): the guest's name and needs. */
  seat: { path: '/seat/:token', getHref: (token: string) => `/seat/${encodeURIComponent(token)}` },
  /** A waitlist offer's claim page (the token, from the offer email, is its key). */
  waitlistOffer: { path: '/waitlist/:token', getHref: (token: string) => `/waitlist/${encodeURIComponent(token)}` },
  /** Leaving a waitlist (the token, from any waitlist email, is its key): a page with one button. */
  waitlistLeave: { path: '/waitlist/leave/:token', getHref: (token: string) => `/waitlist/leave/${encodeURIComponent(token)}` },
  /** The payment step of a booking staff entered with a payment link (the token, from the email, is its key; 'pay' is a reserved slug). */
  payBooking: { path: '/pay/:token', getHref: (token: string) => `/pay/${encodeURIComponent(token)}` },
  /** Sign in / up; `next` (a path of this site) is where a signed-in visitor goes instead of /admin, `tab` the open form. */
  auth: {
    path: '/auth',
    getHref: (next?: string, tab?: 'signup') => {
      const search = new URLSearchParams();
      if (next) search.set('next', next);
      if (tab) search.set('tab', tab);
      const q = search.toString();
      return q ? `/auth?${q}` : '/auth';
    },
  },
  /** Asks for a password reset link by email; `next` travels on to the reset page. */
  forgotPassword: { path: '/auth/forgot-password', getHref: (next?: string) => withNext('/auth/forgot-password', next) },
  /** Where the emailed reset link lands (Auth's redirect_to): choose a new password, then `next` or /admin. */
  resetPassword: { path: '/auth/reset-password', getHref: (next?: string) => withNext('/auth/reset-password', next) },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** An emailed team invitation (the token is its key): sign in or up with the invited address to join. */
  adminJoin: { path: '/admin/join/:token', getHref: (token: string) => `/admin/join/${encodeURIComponent(token)}` },
  /** The door list of one event (check-in, run sheet, CSV). */
  adminDoor: { path: '/admin/door/:eventId', getHref: (eventId: string) => `/admin/door/${encodeURIComponent(eventId)}` },
  /** One event's overview: sold and held against capacity, money, check-ins, bookings over time. */
  adminEventOverview: { path: '/admin/events/:eventId', getHref: (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}` },
  /** An event's kitchen report: counts and every guest's needs, printable. */
  adminKitchenReport: {
    path: '/admin/events/:eventId/kitchen',
    getHref: (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/kitchen`,
  },
  orgPage: { path: '/:orgSlug', getHref: (orgSlug: string) => `/${orgSlug}` },
  orgEmbed: { path: '/:orgSlug/embed', getHref: (orgSlug: string) => `/${orgSlug}/embed` },
  /** Where a guest asks the organization for a private dinner of their own (when its branding takes requests). */
  orgPrivateDinner: { path: '/:orgSlug/private-dinner', getHref: (orgSlug: string) => `/${orgSlug}/private-dinner` },
} as const;

/** A `next` path from the URL, kept only when it is a path of this site ('/…', never '//host' or '/\\host'); else null. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || [...next].some((c) => c < ' ')) return null;
  return next;
}
