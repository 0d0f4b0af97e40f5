import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AdminEvent } from '../types';

export const eventsQueryKey = (orgId: string) => ['admin', orgId, 'events'] as const;

/** The organization's events, newest date first, with their confirmed reservation counts. */
export async function getEvents(orgId: string): Promise<AdminEvent[]> {
  const [events, counts, privateDetails, cancellations] = await Promise.all([
    supabase
      .from('events')
      .select(
        'id, org_id, title, date, event_time, event_timezone, max_guests, location_name, location_address, event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount, refund_window_hours, late_refund_percent, reminder_hours, created_at, kind, seat_price_cents, max_party_size, ticket_types(id, name, price, quantity), rsvp_slots(id, slot_time, slot_label, max_capacity, current_rsvps, is_active)',
      )
      .eq('org_id', orgId)
      .order('date', { ascending: false })
      .order('event_time', { ascending: false }),
    supabase.rpc('admin_event_reservation_counts', { p_org_id: orgId }),
    supabase.from('event_private_details').select('event_id, private_address, address_delivery').eq('org_id', orgId),
    supabase.from('event_cancellations').select('event_id').eq('org_id', orgId),
  ]);
  if (events.error) throw events.error;
  if (counts.error) throw counts.error;
  if (privateDetails.error) throw privateDetails.error;
  if (cancellations.error) throw cancellations.error;
  const cancelled = new Set(cancellations.data.map((c) => c.event_id));
  const byEvent = new Map(counts.data.map((c) => [c.event_id, c]));
  const privateOf = new Map(privateDetails.data.map((d) => [d.event_id, d]));
  return events.data.map((e) => ({
    ...e,
    event_time: e.event_time.slice(0, 5),
    ticket_types: e.ticket_types ?? [],
    rsvp_slots: [...(e.rsvp_slots ?? [])].sort((a, b) => a.slot_time.localeCompare(b.slot_time)),
    private_address: privateOf.get(e.id)?.private_address ?? null,
    address_delivery: privateOf.get(e.id)?.address_delivery === 'reminder' ? 'reminder' : 'confirmation',
    reservation_count: byEvent.get(e.id)?.reservation_count ?? 0,
    guest_count: byEvent.get(e.id)?.guest_count ?? 0,
    cancelled: cancelled.has(e.id),
  }));
}

export const eventsQueryOptions = (orgId: string) => queryOptions({ queryKey: eventsQueryKey(orgId), queryFn: () => getEvents(orgId) });

export function useEvents(orgId: string) {
  return useQuery(eventsQueryOptions(orgId));
}
