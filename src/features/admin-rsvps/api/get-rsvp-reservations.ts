import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from '@/lib/rpc-rows';
import { supabase } from '@/lib/supabase';
import { RSVP_PAGE_SIZE, type RsvpListRow } from '../types';

/** Confirmed reservations that hold an RSVP slot, newest first, one page at a time. */
export async function getRsvpReservations(orgId: string, page: number): Promise<{ total: number; rows: RsvpListRow[] }> {
  // Its rows carry more columns than the list shows (the reservations tab's).
  return fetchPage(page, async (p) => {
    const { data, error } = await supabase.rpc('admin_list_reservations', {
      p_org_id: orgId,
      p_include_cancelled: false,
      p_rsvp_only: true,
      p_limit: RSVP_PAGE_SIZE,
      p_offset: p * RSVP_PAGE_SIZE,
    });
    if (error) throw error;
    return data;
  });
}

export const rsvpReservationsQueryOptions = (orgId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', orgId, 'rsvps', 'list', page] as const,
    queryFn: () => getRsvpReservations(orgId, page),
    placeholderData: keepPreviousData,
  });

export function useRsvpReservations(orgId: string, page: number, enabled = true) {
  return useQuery({ ...rsvpReservationsQueryOptions(orgId, page), enabled });
}
