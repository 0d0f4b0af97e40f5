import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { arrayOf, boolean, integer, nullable, object, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import type { RsvpOverviewEvent, RsvpOverviewSlot, RsvpSlotReservation } from '../types';

function readSlotReservation(value: Json | undefined): RsvpSlotReservation {
  const r = object(value);
  return {
    id: string(r.id),
    name: string(r.name),
    email: string(r.email),
    phone: nullable(string)(r.phone),
    num_guests: integer(r.num_guests),
    created_at: string(r.created_at),
  };
}

function readSlot(value: Json | undefined): RsvpOverviewSlot {
  const s = object(value);
  return {
    id: string(s.id),
    slot_time: string(s.slot_time),
    slot_label: string(s.slot_label),
    max_capacity: integer(s.max_capacity),
    current_rsvps: integer(s.current_rsvps),
    is_active: boolean(s.is_active),
    reservations: arrayOf(readSlotReservation)(s.reservations),
  };
}

/** One event of admin_rsvp_overview (its `returns jsonb` is typed Json: read, not cast). */
function readOverviewEvent(value: Json | undefined): RsvpOverviewEvent {
  const e = object(value);
  return {
    id: string(e.id),
    title: string(e.title),
    date: string(e.date),
    event_time: string(e.event_time),
    event_timezone: string(e.event_timezone),
    is_active: boolean(e.is_active),
    slots: arrayOf(readSlot)(e.slots),
  };
}

/** Every RSVP event of the organization with its slots (filled / capacity) and who is in each. */
export async function getRsvpOverview(orgId: string): Promise<RsvpOverviewEvent[]> {
  const { data, error } = await supabase.rpc('admin_rsvp_overview', { p_org_id: orgId });
  if (error) throw error;
  return data === null ? [] : arrayOf(readOverviewEvent)(data);
}

export const rsvpOverviewQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'rsvps', 'overview'] as const, queryFn: () => getRsvpOverview(orgId) });

export function useRsvpOverview(orgId: string, enabled = true) {
  return useQuery({ ...rsvpOverviewQueryOptions(orgId), enabled });
}
