/**
 * The product's words and the venues' fixed details, once. Numbers the server also enforces
 * (prices, guest limits, the default deposit…) live in ./product.ts (the edge functions' file).
 */
export const site = {
  productName: 'SupperHost',
  supportEmail: 'hello@supperhost.test',
} as const;

/**
 * The supper club's page (/magnolia-supper-club, the spec's screen and words): its organization is
 * the one its path is an alias of (org_page_aliases), served by the venue-named functions.
 */
export const supperClub = {
  fullName: 'Magnolia Supper Club',
  city: 'Atlanta',
  functions: {
    availability: 'magnolia-availability',
    config: 'magnolia-square-config',
    payment: 'magnolia-process-payment',
  },
} as const;

/** The dinner series' page (/eat-at-home, the spec's screen and words): its organization is the one its path is an alias of. */
export const dinnerSeries = {
  name: 'Eat At Home',
  city: 'Brooklyn, NY',
} as const;

export const limits = {
  mobileBreakpointPx: 768,
  /** Photos an organization's gallery holds (the database checks org_branding.gallery_images has at most 9). */
  galleryMaxImages: 9,
  limitedSpotsThreshold: 3,
} as const;
