import { formatCents } from '@/lib/money';
import type { PromoCode } from '../types';

/** Usage reads 'redeemed / max', or 'redeemed / unlimited' when there is no max. */
export function promoUsage(code: Pick<PromoCode, 'times_redeemed' | 'max_uses'>): string {
  return `${code.times_redeemed} / ${code.max_uses ?? 'unlimited'}`;
}

export function promoDiscount(code: Pick<PromoCode, 'discount_type' | 'discount_amount'>): string {
  return code.discount_type === 'percent' ? `${code.discount_amount}% off` : `${formatCents(code.discount_amount)} off`;
}

/** The code's state now: switched off, not yet started, ended, or usable. */
export function promoStatus(
  code: Pick<PromoCode, 'active' | 'starts_at' | 'ends_at'>,
  now = new Date(),
): 'Inactive' | 'Scheduled' | 'Ended' | 'Active' {
  if (!code.active) return 'Inactive';
  if (code.starts_at && new Date(code.starts_at) > now) return 'Scheduled';
  if (code.ends_at && new Date(code.ends_at) <= now) return 'Ended';
  return 'Active';
}

/** 'YYYY-MM-DDTHH:MM' in the browser's time for a datetime-local input, from an ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
