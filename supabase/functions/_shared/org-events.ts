// An organization's upcoming events with what each can still sell (get-rsvp-availability, and
// the supper club's magnolia-availability, which is the same answer for its own organization).
// Answer: { success: true, organization: {id, name, slug}, venue: {name, city, address,
// instagram_url} (what the venue's page names, from its branding), reservationMode, events: [...] },
// each event a row of the public view events_with_availability (its kind, ticket_types with
// the tickets left, rsvp_slots with available_spots, available_seats, total_available,
// is_fully_booked), upcoming only, soonest first; an unlisted event only when `event` names it (a
// dinner's own booking link, as get_public_org_page's p_event). Unknown slug → 404.
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

export async function orgEventsAnswer(orgSlug: string, event: string | null = null): Promise<Response> {
  const db = sharedAdminClient();
  await releaseExpiredHolds(db);
  const [page] = await callRpc<OrgPage[]>(db, 'get_public_org_page', event ? { p_slug: orgSlug, p_event: event } : { p_slug: orgSlug });
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

/**
 * The event a request's JSON body names (`{ "event": "<id>" }`), for a function whose body is
 * otherwise ignored: anything else (no body, not JSON, no such string) names none.
 */
export async function linkedEventOf(req: Request): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await req.text());
    const event = body && typeof body === 'object' ? (body as { event?: unknown }).event : undefined;
    return typeof event === 'string' && event.trim() && event.length <= 100 ? event.trim() : null;
  } catch {
    return null;
  }
}
