import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { boolean, integer, nullable, object, readPage, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import { RESERVATIONS_PAGE_SIZE, type AdminReservation, type ReservationMoney, type ReservationsPage } from '../types';

export interface ReservationsQuery {
  search: string;
  page: number;
  /** The desktop table shows cancelled rows with a badge; cards hide them. */
  includeCancelled: boolean;
}

const text = nullable(string);

/** public.money_of's object (paid, refunded, net … in cents, and the badge). */
export function readMoney(value: Json | undefined): ReservationMoney {
  const m = object(value);
  return {
    paid_cents: integer(m.paid_cents),
    refunded_cents: integer(m.refunded_cents),
    pending_refund_cents: integer(m.pending_refund_cents),
    failed_refund_cents: integer(m.failed_refund_cents),
    net_cents: integer(m.net_cents),
    refundable_cents: integer(m.refundable_cents),
    comp_cents: integer(m.comp_cents),
    badge: string(m.badge),
  };
}

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
    discount_cents: integer(r.discount_cents),
    created_at: string(r.created_at),
    cancelled_at: text(r.cancelled_at),
    cancel_reason: text(r.cancel_reason),
    booking_code: string(r.booking_code),
    event_title: string(r.event_title),
    event_date: string(r.event_date),
    event_time: string(r.event_time),
    event_timezone: string(r.event_timezone),
    event_rsvp_mode: boolean(r.event_rsvp_mode),
    slot_label: text(r.slot_label),
    slot_time: text(r.slot_time),
    ticket_type_name: text(r.ticket_type_name),
    refund_policy: string(r.refund_policy),
    policy_refund_cents: integer(r.policy_refund_cents),
    money: readMoney(r.money),
  };
}

/**
 * One page of the organization's reservations, newest first, with the total, searched by
 * guest name, email or booking code on the server (admin_list_reservations), so 50,000 rows open at once.
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
