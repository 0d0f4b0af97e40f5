// The supper club, for the venue-named functions the spec calls (magnolia-*): their only
// configuration is which organization they serve, named by the spec's own page path. That path
// is an alias of the organization's page (org_page_aliases, set in seed.sql), so the
// organization behind it is data. Everything they sell is that organization's events' data.

/** The supper club's page path ('magnolia-supper-club'), or an organization slug in the SUPPER_CLUB_ORG_SLUG secret (tests run their own). */
export function venueOrgSlug(): string {
  return Deno.env.get('SUPPER_CLUB_ORG_SLUG')?.trim() || 'magnolia-supper-club';
}
