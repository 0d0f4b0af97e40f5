/** Product and venue constants: the product's own words live here once. */
export const site = {
  productName: 'SupperHost',
  supportEmail: 'hello@supperhost.test',
} as const;

/** The supper-club venue (Atlanta). Its events live in the `magnolia` organization. */
export const supperClub = {
  name: 'Magnolia',
  fullName: 'Magnolia Supper Club',
  orgSlug: 'magnolia',
  city: 'Atlanta',
  ticketPriceCents: 6500,
  ticketsPerSlot: 20,
  maxTicketsPerOrder: 6,
  timeSlots: ['5:30pm', '8:00pm'] as const,
  functions: {
    availability: 'magnolia-availability',
    config: 'magnolia-square-config',
    payment: 'magnolia-process-payment',
  },
} as const;

/** The dinner series (Brooklyn). Its events live in the `eatathome` organization. */
export const dinnerSeries = {
  name: 'Eat At Home',
  orgSlug: 'eatathome',
  city: 'Brooklyn, NY',
  maxGuestsPerOrder: 6,
  displayTime: '7:00 PM',
} as const;

export const limits = {
  mobileBreakpointPx: 768,
  uploadMaxBytes: 10 * 1024 * 1024,
  galleryMaxImages: 9,
  storageCacheControlSeconds: 3600,
  defaultDepositCents: 500,
  rsvpMaxGuests: 10,
  limitedSpotsThreshold: 3,
} as const;
