import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { dollarsToCents } from '@/lib/money';
import { createPromoCodeSchema, type CreatePromoCodeOutput } from '../schemas';
import { promoCodesQueryKey } from './get-promo-codes';

export class DuplicatePromoCodeError extends Error {}

export async function createPromoCode({ orgId, values }: { orgId: string; values: CreatePromoCodeOutput }) {
  const v = createPromoCodeSchema.parse(values);
  const { error } = await supabase.from('promo_codes').insert({
    org_id: orgId,
    code: v.code,
    discount_type: v.discountType,
    discount_amount: v.discountType === 'percent' ? Number(v.amount) : dollarsToCents(v.amount)!,
    max_uses: v.maxUses === '' ? null : Number(v.maxUses),
    active: true,
  });
  if (error) {
    if (error.code === '23505') throw new DuplicatePromoCodeError(`The code ${v.code} already exists`);
    throw error;
  }
}

export function useCreatePromoCode(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(createPromoCode, promoCodesQueryKey(orgId), options);
}
