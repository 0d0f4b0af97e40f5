// The supper club's organization, for the venue-named functions the spec calls (magnolia-*):
// their only configuration. Everything they sell is the organization's data.

/** The supper club's organization slug: 'magnolia', or the SUPPER_CLUB_ORG_SLUG secret. */
export function venueOrgSlug(): string {
  return Deno.env.get('SUPPER_CLUB_ORG_SLUG')?.trim() || 'magnolia';
}
