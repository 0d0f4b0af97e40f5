import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type RpcRow } from '@/lib/rpc-rows';
import { supabase } from '@/lib/supabase';
import { RESERVATIONS_PAGE_SIZE, type AdminReservation, type ReservationsPage } from '../types';

export interface ReservationsQuery {
  search: string;
  page: number;
  /** The desktop table shows cancelled rows with a badge; cards hide them. */
  includeCancelled: boolean;
}

/** A row of admin_list_reservations with its money (public.money_of's figures) gathered as the panel shows it. */
function toAdminReservation(row: RpcRow<'admin_list_reservations'>): AdminReservation {
  const {
    paid_cents,
    refunded_cents,
    pending_refund_cents,
    failed_refund_cents,
    net_cents,
    refundable_cents,
    comp_cents,
    money_badge,
    total_count,
    ...r
  } = row;
  return {
    ...r,
    // The list holds confirmed and cancelled reservations only.
    status: r.status === 'cancelled' ? 'cancelled' : 'confirmed',
    money: { paid_cents, refunded_cents, pending_refund_cents, failed_refund_cents, net_cents, refundable_cents, comp_cents, badge: money_badge },
  };
}

/**
 * One page of the organization's reservations, newest first, with the total, searched by
 * guest name, email or booking code on the server (admin_list_reservations), so 50,000 rows open at once.
 */
export async function getReservations(orgId: string, q: ReservationsQuery): Promise<ReservationsPage> {
  const { total, rows } = await fetchPage(q.page, async (page) => {
    const { data, error } = await supabase.rpc('admin_list_reservations', {
      p_org_id: orgId,
      p_search: q.search.trim() || undefined,
      p_include_cancelled: q.includeCancelled,
      p_rsvp_only: false,
      p_limit: RESERVATIONS_PAGE_SIZE,
      p_offset: page * RESERVATIONS_PAGE_SIZE,
    });
    if (error) throw error;
    return data;
  });
  return { total, rows: rows.map(toAdminReservation) };
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
