import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { paymentSettingsQueryKey } from './get-payment-settings';

/** Chooses where guests pay (SQL staff_choose_square_location: a USD location of the connected account; the server's message otherwise). */
export async function chooseLocation({ orgId, locationId }: { orgId: string; locationId: string }): Promise<void> {
  const { error } = await supabase.rpc('staff_choose_square_location', { p_org_id: orgId, p_location_id: locationId });
  if (error) throw new Error(error.message);
}

export function useChooseLocation(orgId: string, options: MutationCallbacks<void, { orgId: string; locationId: string }> = {}) {
  return useInvalidatingMutation(chooseLocation, paymentSettingsQueryKey(orgId), options);
}
