import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RpcRow } from '@/lib/rpc-rows';
import { supabase } from '@/lib/supabase';
import type { RsvpOverviewEvent } from '../types';

/** The last group of `groups` when it is the one `id` names (the rows come grouped), else a new one `open` makes, added last. */
function groupOf<G extends { id: string }>(groups: G[], id: string, open: () => G): G {
  const last = groups.at(-1);
  if (last?.id === id) return last;
  const group = open();
  groups.push(group);
  return group;
}

/**
 * admin_rsvp_overview's rows (one per reservation of a slot, in the overview's order; a slot
 * without reservations, or an event without slots, has null columns for them) as events with
 * their slots and who is in each.
 */
function toOverview(rows: RpcRow<'admin_rsvp_overview'>[]): RsvpOverviewEvent[] {
  const events: RsvpOverviewEvent[] = [];
  for (const row of rows) {
    const event = groupOf(events, row.event_id, () => ({
      id: row.event_id,
      title: row.event_title,
      date: row.event_date,
      event_time: row.event_time,
      event_timezone: row.event_timezone,
      is_active: row.event_is_active,
      slots: [],
    }));
    if (row.slot_id === null) continue;
    const slot = groupOf(event.slots, row.slot_id, () => ({
      id: row.slot_id,
      slot_time: row.slot_time,
      slot_label: row.slot_label,
      max_capacity: row.slot_max_capacity,
      current_rsvps: row.slot_current_rsvps,
      is_active: row.slot_is_active,
      reservations: [],
    }));
    if (row.reservation_id === null) continue;
    slot.reservations.push({
      id: row.reservation_id,
      name: row.reservation_name,
      email: row.reservation_email,
      phone: row.reservation_phone,
      num_guests: row.reservation_num_guests,
      created_at: row.reservation_created_at,
    });
  }
  return events;
}

/** Every RSVP event of the organization with its slots (filled / capacity) and who is in each. */
export async function getRsvpOverview(orgId: string): Promise<RsvpOverviewEvent[]> {
  const { data, error } = await supabase.rpc('admin_rsvp_overview', { p_org_id: orgId });
  if (error) throw error;
  return toOverview(data);
}

export const rsvpOverviewQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'rsvps', 'overview'] as const, queryFn: () => getRsvpOverview(orgId) });

export function useRsvpOverview(orgId: string, enabled = true) {
  return useQuery({ ...rsvpOverviewQueryOptions(orgId), enabled });
}
