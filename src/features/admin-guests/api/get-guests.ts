import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from '@/lib/rpc-rows';
import { supabase } from '@/lib/supabase';
import { GUESTS_PAGE_SIZE, type AdminGuest } from '../types';

export interface GuestsPage {
  total: number;
  rows: AdminGuest[];
}

/** Unique guests by email (case-insensitive), with their confirmed reservation counts (admin_list_guests). */
export async function getGuests(orgId: string, search: string, page: number, pageSize = GUESTS_PAGE_SIZE): Promise<GuestsPage> {
  return fetchPage(page, async (p) => {
    const { data, error } = await supabase.rpc('admin_list_guests', {
      p_org_id: orgId,
      p_search: search.trim() || undefined,
      p_limit: pageSize,
      p_offset: p * pageSize,
    });
    if (error) throw error;
    return data;
  });
}

export const guestsQueryOptions = (orgId: string, search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', orgId, 'guests', { search, page }] as const,
    queryFn: () => getGuests(orgId, search, page),
    placeholderData: keepPreviousData,
  });

export function useGuests(orgId: string, search: string, page: number) {
  return useQuery(guestsQueryOptions(orgId, search, page));
}
