import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { boolean, integer, nullable, object, readPage, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import { RESERVATIONS_PAGE_SIZE, type AdminReservation, type ReservationsPage } from '../types';

export interface ReservationsQuery {
  search: string;
  page: number;
  /** The desktop table shows cancelled rows with a badge; cards hide them. */
  includeCancelled: boolean;
}

const text = nullable(string);

/** One row of admin_list_reservations (its `returns jsonb` is typed Json: read, not cast). */
function readAdminReservation(value: Json | undefined): AdminReservation {
  const r = object(value);
  const status = string(r.status);
  return {
    id: string(r.id),
    org_id: string(r.org_id),
    event_id: string(r.event_id),
    name: string(r.name),
    email: string(r.email),
    phone: text(r.phone),
    num_guests: integer(r.num_guests),
    time_slot: text(r.time_slot),
    dietary_restrictions: text(r.dietary_restrictions),
    special_requests: text(r.special_requests),
    rsvp_slot_id: text(r.rsvp_slot_id),
    ticket_type_id: text(r.ticket_type_id),
    // The list holds confirmed and cancelled reservations only.
    status: status === 'cancelled' ? 'cancelled' : 'confirmed',
    amount_cents: integer(r.amount_cents),
    created_at: string(r.created_at),
    cancelled_at: text(r.cancelled_at),
    event_title: string(r.event_title),
    event_date: string(r.event_date),
    event_time: string(r.event_time),
    event_timezone: string(r.event_timezone),
    event_rsvp_mode: boolean(r.event_rsvp_mode),
    slot_label: text(r.slot_label),
    slot_time: text(r.slot_time),
    ticket_type_name: text(r.ticket_type_name),
  };
}

/**
 * One page of the organization's reservations, newest first, with the total, searched by
 * guest name or email on the server (admin_list_reservations), so 50,000 rows open at once.
 */
export async function getReservations(orgId: string, q: ReservationsQuery): Promise<ReservationsPage> {
  const { data, error } = await supabase.rpc('admin_list_reservations', {
    p_org_id: orgId,
    p_search: q.search.trim() || undefined,
    p_include_cancelled: q.includeCancelled,
    p_rsvp_only: false,
    p_limit: RESERVATIONS_PAGE_SIZE,
    p_offset: q.page * RESERVATIONS_PAGE_SIZE,
  });
  if (error) throw error;
  return readPage(data, readAdminReservation);
}

export const reservationsQueryOptions = (orgId: string, q: ReservationsQuery) =>
  queryOptions({
    queryKey: ['admin', orgId, 'reservations', q] as const,
    queryFn: () => getReservations(orgId, q),
    placeholderData: keepPreviousData,
  });

export function useReservations(orgId: string, q: ReservationsQuery) {
  return useQuery(reservationsQueryOptions(orgId, q));
}
