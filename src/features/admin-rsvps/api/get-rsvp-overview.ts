import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { RsvpOverviewEvent } from '../types';

/** Every RSVP event of the organization with its slots (filled / capacity) and who is in each. */
export async function getRsvpOverview(orgId: string): Promise<RsvpOverviewEvent[]> {
  const { data, error } = await supabase.rpc('admin_rsvp_overview', { p_org_id: orgId });
  if (error) throw error;
  return (data ?? []) as unknown as RsvpOverviewEvent[];
}

export const rsvpOverviewQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'rsvps', 'overview'] as const, queryFn: () => getRsvpOverview(orgId) });

export function useRsvpOverview(orgId: string, enabled = true) {
  return useQuery({ ...rsvpOverviewQueryOptions(orgId), enabled });
}
