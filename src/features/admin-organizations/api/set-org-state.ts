import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

export interface StateChange {
  orgId: string;
  name: string;
  to: 'suspended' | 'active';
}

/** Suspends or reactivates an organization (SQL super_admin_set_org_state); nothing is deleted. */
export async function setOrgState({ orgId, to }: StateChange): Promise<void> {
  const { error } = await supabase.rpc('super_admin_set_org_state', { p_org_id: orgId, p_state: to });
  if (error) throw new Error(error.message);
}

export function useSetOrgState(options: MutationCallbacks<void, StateChange> = {}) {
  return useInvalidatingMutation(setOrgState, ['admin'], options);
}

export interface PlatformPaymentsChange {
  orgId: string;
  name: string;
  on: boolean;
}

/** Whether SupperHost's own Square account takes the organization's payments (SQL super_admin_set_platform_payments). */
export async function setPlatformPayments({ orgId, on }: PlatformPaymentsChange): Promise<void> {
  const { error } = await supabase.rpc('super_admin_set_platform_payments', { p_org_id: orgId, p_platform_payments: on });
  if (error) throw new Error(error.message);
}

export function useSetPlatformPayments(options: MutationCallbacks<void, PlatformPaymentsChange> = {}) {
  return useInvalidatingMutation(setPlatformPayments, ['admin'], options);
}
