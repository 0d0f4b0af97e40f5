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
  /** A waitlist offer's claim page (the token, from the offer email, is its key). */
  waitlistOffer: { path: '/waitlist/:token', getHref: (token: string) => `/waitlist/${encodeURIComponent(token)}` },
  auth: { path: '/auth', getHref: () => '/auth' },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** The door list of one event (check-in, run sheet, CSV). */
  adminDoor: { path: '/admin/door/:eventId', getHref: (eventId: string) => `/admin/door/${encodeURIComponent(eventId)}` },
  orgPage: { path: '/:orgSlug', getHref: (orgSlug: string) => `/${orgSlug}` },
  orgEmbed: { path: '/:orgSlug/embed', getHref: (orgSlug: string) => `/${orgSlug}/embed` },
} as const;
