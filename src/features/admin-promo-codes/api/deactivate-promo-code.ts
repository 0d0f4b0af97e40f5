import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { promoCodesQueryKey } from './get-promo-codes';

/** Staff may only switch a code off (the database grants no other update). */
export async function deactivatePromoCode(id: string) {
  const { data, error } = await supabase.from('promo_codes').update({ active: false }).eq('id', id).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('Promo code not found');
}

export function useDeactivatePromoCode(orgId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePromoCode,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: promoCodesQueryKey(orgId) });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
