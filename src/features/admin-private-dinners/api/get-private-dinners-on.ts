import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Under the branding's own key (['admin', orgId, 'branding']): saving the branding form, which
 * turns requests on or off, refreshes this too.
 */
export const privateDinnersOnQueryKey = (orgId: string) => ['admin', orgId, 'branding', 'private-dinners'] as const;

/** Whether the organization's page takes private dinner requests (org_branding.private_dinners; off without a branding row). */
export async function getPrivateDinnersOn(orgId: string): Promise<boolean> {
  const { data, error } = await supabase.from('org_branding').select('private_dinners').eq('org_id', orgId).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.private_dinners ?? false;
}

export const privateDinnersOnQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: privateDinnersOnQueryKey(orgId), queryFn: () => getPrivateDinnersOn(orgId) });

export function usePrivateDinnersOn(orgId: string) {
  return useQuery(privateDinnersOnQueryOptions(orgId));
}
