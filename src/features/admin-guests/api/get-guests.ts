import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { integer, nullable, object, readPage, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import { GUESTS_PAGE_SIZE, type AdminGuest } from '../types';

export interface GuestsPage {
  total: number;
  rows: AdminGuest[];
}

/** One row of admin_list_guests (its `returns jsonb` is typed Json: read, not cast). */
function readGuest(value: Json | undefined): AdminGuest {
  const g = object(value);
  return {
    email: string(g.email),
    name: string(g.name),
    phone: nullable(string)(g.phone),
    reservation_count: integer(g.reservation_count),
    guest_count: integer(g.guest_count),
    last_reservation_at: string(g.last_reservation_at),
  };
}

/** Unique guests by email (case-insensitive), with their confirmed reservation counts. */
export async function getGuests(orgId: string, search: string, page: number, pageSize = GUESTS_PAGE_SIZE): Promise<GuestsPage> {
  const { data, error } = await supabase.rpc('admin_list_guests', {
    p_org_id: orgId,
    p_search: search.trim() || undefined,
    p_limit: pageSize,
    p_offset: page * pageSize,
  });
  if (error) throw error;
  return readPage(data, readGuest);
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
