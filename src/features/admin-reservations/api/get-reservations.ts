import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { RESERVATIONS_PAGE_SIZE, type ReservationsPage } from '../types';

export interface ReservationsQuery {
  search: string;
  page: number;
  /** The desktop table shows cancelled rows with a badge; cards hide them. */
  includeCancelled: boolean;
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
  return data as unknown as ReservationsPage;
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
