/** The host a private dinner request goes to, as its page shows it. */
export interface PrivateDinnerHost {
  /** Its display name (brand name, else the organization's name). */
  name: string;
  /** Its page's slug: /{slug}, and the request's p_slug. */
  slug: string;
  /** What it offers, in its own words (plain text); null when it wrote none. */
  note: string | null;
}

/** What /{slug}/private-dinner needs of the host's page: the host, its colors, and whether it takes requests. */
export interface PrivateDinnerHostPage {
  host: PrivateDinnerHost;
  colors: { primary_color: string | null; secondary_color: string | null };
  /** Published and taking requests (org_branding.private_dinners). */
  open: boolean;
}
