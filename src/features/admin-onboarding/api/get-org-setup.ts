import { queryOptions, useQuery } from '@tanstack/react-query';
import { AFTER_ANY_CHANGE } from '@/lib/react-query';
import { supabase } from '@/lib/supabase';

export interface OrgSetup {
  hasBranding: boolean;
  activeEvents: number;
  /** An active event that takes card payments (null: none does, no account is needed). */
  cardEvent: string | null;
  /** Card payments can be taken (a connected Square account with a location, or the platform's). */
  paymentsReady: boolean;
  canPublish: boolean;
}

/** What the checklist shows (SQL staff_org_setup: members). */
export async function getOrgSetup(orgId: string): Promise<OrgSetup> {
  const { data, error } = await supabase.rpc('staff_org_setup', { p_org_id: orgId }).single();
  if (error) throw new Error(error.message);
  return {
    hasBranding: data.has_branding,
    activeEvents: data.active_events,
    cardEvent: data.payments_needed ? data.card_event : null,
    paymentsReady: data.payments_ready,
    canPublish: data.can_publish,
  };
}

const orgSetupQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'setup'], queryFn: () => getOrgSetup(orgId), staleTime: 0, meta: AFTER_ANY_CHANGE });

export function useOrgSetup(orgId: string) {
  return useQuery(orgSetupQueryOptions(orgId));
}
