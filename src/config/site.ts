/**
 * The product's words, once. Numbers the server also enforces
 * (prices, guest limits, the default deposit…) live in ./product.ts (the edge functions' file).
 */
export const site = {
  productName: 'SupperHost',
  supportEmail: 'hello@supperhost.test',
} as const;

/**
 * The functions the supper club's page (/magnolia-supper-club) calls, by the names the spec gives
 * them: thin aliases of the general functions for the organization its path is an alias of
 * (org_page_aliases). The venue's name, city and address are that organization's data.
 */
export const supperClubFunctions = {
  availability: 'magnolia-availability',
  config: 'magnolia-square-config',
  payment: 'magnolia-process-payment',
} as const;

export const limits = {
  mobileBreakpointPx: 768,
  /** Photos an organization's gallery holds (the database checks org_branding.gallery_images has at most 9). */
  galleryMaxImages: 9,
  limitedSpotsThreshold: 3,
} as const;
