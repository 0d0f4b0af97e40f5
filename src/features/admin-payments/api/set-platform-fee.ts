import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { paymentSettingsQueryKey } from './get-payment-settings';

/** Sets the platform fee in basis points (SQL super_admin_set_platform_fee: the super admin only). */
export async function setPlatformFee({ orgId, feeBps }: { orgId: string; feeBps: number }): Promise<void> {
  const { error } = await supabase.rpc('super_admin_set_platform_fee', { p_org_id: orgId, p_fee_bps: feeBps });
  if (error) throw new Error(error.message);
}

export function useSetPlatformFee(orgId: string, options: MutationCallbacks<void, { orgId: string; feeBps: number }> = {}) {
  return useInvalidatingMutation(setPlatformFee, paymentSettingsQueryKey(orgId), options);
}
