// The supper club's upcoming dates with the seats left per seating.
// → { success: true, events: [{ id, title, date, event_time, event_timezone, available_seats,
//     slots: [{ id, label, time, capacity, available }] }] }
// Computed in SQL by public.get_supper_club_availability (supabase/migrations/
// 20261124001000_supper_club_availability.sql): a seating takes at most
// SUPPER_CLUB_TICKETS_PER_SEATING (20) tickets, as magnolia-process-payment enforces, even
// when its stored max_capacity is higher; available_seats: tickets left for the date (both
// seatings, within the event's max_guests). Seats of abandoned holds count as free.
import { allowMethods, handler, json } from '../_shared/http.ts';
import { supperClubOrgSlug } from '../_shared/pricing.ts';
import { SUPPER_CLUB_TICKETS_PER_SEATING } from '../_shared/product.ts';
import { callRpc, releaseExpiredHolds } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'GET', 'POST');
    await req.body?.cancel();
    const db = sharedAdminClient();
    await releaseExpiredHolds(db);
    const events = await callRpc<unknown[]>(db, 'get_supper_club_availability', {
      p_org_slug: supperClubOrgSlug(),
      p_slot_cap: SUPPER_CLUB_TICKETS_PER_SEATING,
    });
    return json({ success: true, events });
  }),
);
