import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AdminEvent } from '../types';

export const eventsQueryKey = (orgId: string) => ['admin', orgId, 'events'] as const;

/** The organization's events, newest date first, with their confirmed reservation counts. */
export async function getEvents(orgId: string): Promise<AdminEvent[]> {
  const [events, pools, counts, privateDetails, cancellations] = await Promise.all([
    supabase
      .from('events')
      .select(
        'id, org_id, title, date, event_time, event_timezone, location_name, location_address, event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount, refund_window_hours, late_refund_percent, reminder_hours, booking_cutoff_hours, unlisted, created_at, kind, seat_price_cents, max_party_size, series_id, ticket_types(id, name, price, pool_id), rsvp_slots(id, slot_time, slot_label, is_active, pool_id)',
      )
      .eq('org_id', orgId)
      .order('date', { ascending: false })
      .order('event_time', { ascending: false }),
    supabase.rpc('staff_capacity_pools', { p_org_id: orgId }),
    supabase.rpc('admin_event_reservation_counts', { p_org_id: orgId }),
    supabase.from('event_private_details').select('event_id, private_address, address_delivery').eq('org_id', orgId),
    supabase.from('event_cancellations').select('event_id').eq('org_id', orgId),
  ]);
  if (events.error) throw events.error;
  if (pools.error) throw pools.error;
  if (counts.error) throw counts.error;
  if (privateDetails.error) throw privateDetails.error;
  if (cancellations.error) throw cancellations.error;
  const cancelled = new Set(cancellations.data.map((c) => c.event_id));
  const pool = new Map(pools.data.map((p) => [p.pool_id, p]));
  const eventCap = new Map(pools.data.filter((p) => p.event_wide).map((p) => [p.event_id, p.size]));
  const byEvent = new Map(counts.data.map((c) => [c.event_id, c]));
  const privateOf = new Map(privateDetails.data.map((d) => [d.event_id, d]));
  return events.data.map((e) => ({
    ...e,
    event_time: e.event_time.slice(0, 5),
    max_guests: eventCap.get(e.id) ?? null,
    ticket_types: (e.ticket_types ?? []).map(({ pool_id, ...t }) => ({ ...t, quantity: seatsLeft(pool.get(pool_id)) })),
    rsvp_slots: (e.rsvp_slots ?? [])
      .map(({ pool_id, ...s }) => ({ ...s, max_capacity: pool.get(pool_id)?.size ?? 0, current_rsvps: pool.get(pool_id)?.taken ?? 0 }))
      .sort((a, b) => a.slot_time.localeCompare(b.slot_time)),
    private_address: privateOf.get(e.id)?.private_address ?? null,
    address_delivery: privateOf.get(e.id)?.address_delivery === 'reminder' ? 'reminder' : 'confirmation',
    reservation_count: byEvent.get(e.id)?.reservation_count ?? 0,
    guest_count: byEvent.get(e.id)?.guest_count ?? 0,
    cancelled: cancelled.has(e.id),
  }));
}

/** What a capacity pool has left (none when it is unknown). */
function seatsLeft(p: { size: number; taken: number } | undefined): number {
  return p ? Math.max(p.size - p.taken, 0) : 0;
}

export const eventsQueryOptions = (orgId: string) => queryOptions({ queryKey: eventsQueryKey(orgId), queryFn: () => getEvents(orgId) });

export function useEvents(orgId: string) {
  return useQuery(eventsQueryOptions(orgId));
}
