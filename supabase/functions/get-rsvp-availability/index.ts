// The organization page's events with their RSVP slots and availability, in one call.
// Request: { orgSlug } → { success: true, organization: {id, name, slug}, reservationMode,
//   events: [...] } where each event is a row of the public view events_with_availability
//   (ticket_types, rsvp_slots with available_spots, available_seats, total_available,
//   is_fully_booked), upcoming only, soonest first. Unknown slug → 404.
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody, refusal } from '../_shared/http.ts';
import { callRpc, releaseExpiredHolds } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const bodySchema = z.object(
  {
    orgSlug: z
      .string({ error: 'orgSlug is required' })
      .trim()
      .min(1, { message: 'orgSlug is required' })
      .max(60, { message: 'Organization not found' }),
  },
  { error: 'The request body must be a JSON object' },
);

interface OrgPage {
  organization: { id: string; name: string; slug: string };
  branding: { reservation_mode?: string } | null;
  events: unknown[];
}

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const { orgSlug } = await readBody(req, bodySchema, { summary: 'first' });
    const db = sharedAdminClient();
    await releaseExpiredHolds(db);
    const page = await callRpc<OrgPage | null>(db, 'get_public_org_page', { p_slug: orgSlug });
    if (!page) throw refusal(404, 'Organization not found', 'not_found');
    return json({
      success: true,
      organization: page.organization,
      reservationMode: page.branding?.reservation_mode ?? 'reservations',
      events: page.events,
    });
  }),
);
