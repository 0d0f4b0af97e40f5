const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** 12500 → "$125.00". Money is integer cents everywhere; this is the only place it turns into text. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars typed by staff ("12.5", "125") → integer cents, or null when not a valid amount. */
export function dollarsToCents(input: string): number | null {
  const trimmed = input.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** public.money_of: what a reservation's payment ledger comes to, in cents (the edge functions read the same type). */
export type { Money as ReservationMoney } from '../../supabase/functions/_shared/reservation-money.ts';
