// An organization's upcoming events with what each can still sell (get-rsvp-availability, and
// the supper club's magnolia-availability, which is the same answer for its own organization).
// Answer: { success: true, organization: {id, name, slug}, venue: {name, city, address,
// instagram_url} (what the venue's page names, from its branding), reservationMode, events: [...] },
// each event a row of the public view events_with_availability (its kind, ticket_types with
// the tickets left, rsvp_slots with available_spots, available_seats, total_available,
// is_fully_booked), upcoming only, soonest first. Unknown slug → 404.
// Imports http.ts, rpc.ts and supabase.ts.
import { json, refusal } from './http.ts';
import { callRpc, releaseExpiredHolds } from './rpc.ts';
import { sharedAdminClient } from './supabase.ts';

interface OrgPage {
  organization: { id: string; name: string; slug: string };
  branding: {
    reservation_mode?: string;
    brand_name: string | null;
    city: string | null;
    address: string | null;
    instagram_url: string | null;
  } | null;
  events: unknown[];
}

export async function orgEventsAnswer(orgSlug: string): Promise<Response> {
  const db = sharedAdminClient();
  await releaseExpiredHolds(db);
  const [page] = await callRpc<OrgPage[]>(db, 'get_public_org_page', { p_slug: orgSlug });
  if (!page) throw refusal(404, 'Organization not found', 'not_found');
  return json({
    success: true,
    organization: page.organization,
    venue: {
      name: page.branding?.brand_name || page.organization.name,
      city: page.branding?.city ?? null,
      address: page.branding?.address ?? null,
      instagram_url: page.branding?.instagram_url ?? null,
    },
    reservationMode: page.branding?.reservation_mode ?? 'reservations',
    events: page.events,
  });
}
