import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { dollarsToCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { editPromoCodeSchema, type EditPromoCodeOutput } from '../schemas';
import { DuplicatePromoCodeError } from './create-promo-code';
import { promoCodesQueryKey } from './get-promo-codes';

/**
 * Edits a code. The database keeps what bookings count (times redeemed; max uses never below it)
 * and refuses events of another organization; its reason reaches the toast.
 */
export async function updatePromoCode({ id, values }: { id: string; values: EditPromoCodeOutput }) {
  const v = editPromoCodeSchema.parse(values);
  const { data, error } = await supabase
    .from('promo_codes')
    .update({
      code: v.code,
      discount_type: v.discountType,
      discount_amount: v.discountType === 'percent' ? Number(v.amount) : dollarsToCents(v.amount)!,
      max_uses: v.maxUses === '' ? null : Number(v.maxUses),
      starts_at: v.startsAt === '' ? null : new Date(v.startsAt).toISOString(),
      ends_at: v.endsAt === '' ? null : new Date(v.endsAt).toISOString(),
      event_ids: v.eventIds.length ? v.eventIds : null,
    })
    .eq('id', id)
    .select('id');
  if (error) {
    if (error.code === '23505') throw new DuplicatePromoCodeError(`The code ${v.code} already exists`);
    throw error;
  }
  expectRows(data, 'Promo code not found');
}

export function useUpdatePromoCode(orgId: string, options: MutationCallbacks<void, { id: string; values: EditPromoCodeOutput }> = {}) {
  return useInvalidatingMutation(updatePromoCode, promoCodesQueryKey(orgId), options);
}
