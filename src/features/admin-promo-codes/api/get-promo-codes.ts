import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { PromoCode } from '../types';

export const promoCodesQueryKey = (orgId: string) => ['admin', orgId, 'promo-codes'] as const;

export async function getPromoCodes(orgId: string): Promise<PromoCode[]> {
  const { data, error } = await supabase
    .from('promo_codes')
    .select('id, org_id, code, discount_type, discount_amount, times_redeemed, max_uses, active, starts_at, ends_at, event_ids, created_at')
    .eq('org_id', orgId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as PromoCode[];
}

export const promoCodesQueryOptions = (orgId: string) => queryOptions({ queryKey: promoCodesQueryKey(orgId), queryFn: () => getPromoCodes(orgId) });

export function usePromoCodes(orgId: string) {
  return useQuery(promoCodesQueryOptions(orgId));
}
