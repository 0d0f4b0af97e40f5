import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface OrgSetup {
  hasBranding: boolean;
  activeEvents: number;
  canPublish: boolean;
}

/** What the checklist shows (SQL staff_org_setup: members). */
export async function getOrgSetup(orgId: string): Promise<OrgSetup> {
  const { data, error } = await supabase.rpc('staff_org_setup', { p_org_id: orgId }).single();
  if (error) throw new Error(error.message);
  return { hasBranding: data.has_branding, activeEvents: data.active_events, canPublish: data.can_publish };
}

const orgSetupQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'setup'], queryFn: () => getOrgSetup(orgId), staleTime: 0 });

export function useOrgSetup(orgId: string) {
  return useQuery(orgSetupQueryOptions(orgId));
}
