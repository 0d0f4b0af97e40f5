import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { OrgBranding } from '../types';

export const brandingQueryKey = (orgId: string) => ['admin', orgId, 'branding'] as const;

/** The organization's branding row, or null before it has been saved once. */
export async function getBranding(orgId: string): Promise<OrgBranding | null> {
  const { data, error } = await supabase.from('org_branding').select('*').eq('org_id', orgId).maybeSingle();
  if (error) throw error;
  return (data as OrgBranding | null) ?? null;
}

export const brandingQueryOptions = (orgId: string) => queryOptions({ queryKey: brandingQueryKey(orgId), queryFn: () => getBranding(orgId) });

export function useBranding(orgId: string) {
  return useQuery(brandingQueryOptions(orgId));
}
