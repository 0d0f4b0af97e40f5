import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { readStatus } from '../lib/status';
import type { PrivateDinnerRequest } from '../types';

type Row = Pick<
  Tables<'private_dinner_requests'>,
  'id' | 'name' | 'email' | 'phone' | 'preferred_date' | 'guests' | 'message' | 'status' | 'created_at'
>;

export const privateDinnerRequestsQueryKey = (orgId: string) => ['admin', orgId, 'private-dinner-requests'] as const;

function readRequest(row: Row): PrivateDinnerRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferredDate: row.preferred_date,
    guests: row.guests,
    message: row.message,
    status: readStatus(row.status),
    createdAt: row.created_at,
  };
}

/**
 * The organization's private dinner requests, newest first, archived ones included (the tab
 * hides those until asked): RLS lets a member read only their own organization's.
 */
export async function getPrivateDinnerRequests(orgId: string): Promise<PrivateDinnerRequest[]> {
  const { data, error } = await supabase
    .from('private_dinner_requests')
    .select('id, name, email, phone, preferred_date, guests, message, status, created_at')
    .eq('org_id', orgId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return (data ?? []).map(readRequest);
}

export const privateDinnerRequestsQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: privateDinnerRequestsQueryKey(orgId), queryFn: () => getPrivateDinnerRequests(orgId) });

export function usePrivateDinnerRequests(orgId: string) {
  return useQuery(privateDinnerRequestsQueryOptions(orgId));
}
