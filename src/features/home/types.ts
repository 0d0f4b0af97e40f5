/** An organization as the home page links to it: /{slug}. */
export interface OrganizationLink {
  name: string;
  slug: string;
}
