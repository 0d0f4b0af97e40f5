import { formatCents } from '@/lib/money';
import type { PromoCode } from '../types';

/** Usage reads 'redeemed / max', or 'redeemed / unlimited' when there is no max. */
export function promoUsage(code: Pick<PromoCode, 'times_redeemed' | 'max_uses'>): string {
  return `${code.times_redeemed} / ${code.max_uses ?? 'unlimited'}`;
}

export function promoDiscount(code: Pick<PromoCode, 'discount_type' | 'discount_amount'>): string {
  return code.discount_type === 'percent' ? `${code.discount_amount}% off` : `${formatCents(code.discount_amount)} off`;
}
