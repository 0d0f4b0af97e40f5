import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { promoCodesQueryKey } from './get-promo-codes';

/** Staff may only switch a code off (the database grants no other update). */
export async function deactivatePromoCode(id: string) {
  const { data, error } = await supabase.from('promo_codes').update({ active: false }).eq('id', id).select('id');
  if (error) throw error;
  expectRows(data, 'Promo code not found');
}

export function useDeactivatePromoCode(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(deactivatePromoCode, promoCodesQueryKey(orgId), options);
}
