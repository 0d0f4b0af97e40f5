import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { promoCodesQueryKey } from './get-promo-codes';

/** Switches a code off, or back on. */
export async function setPromoCodeActive({ id, active }: { id: string; active: boolean }) {
  const { data, error } = await supabase.from('promo_codes').update({ active }).eq('id', id).select('id');
  if (error) throw error;
  expectRows(data, 'Promo code not found');
}

export function useSetPromoCodeActive(orgId: string, options: MutationCallbacks<void, { id: string; active: boolean }> = {}) {
  return useInvalidatingMutation(setPromoCodeActive, promoCodesQueryKey(orgId), options);
}
