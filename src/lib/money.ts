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

/** public.money_of: what a reservation's payment ledger comes to, in cents. */
export interface ReservationMoney {
  paid_cents: number;
  refunded_cents: number;
  pending_refund_cents: number;
  failed_refund_cents: number;
  /** Paid less refunded. */
  net_cents: number;
  /** Paid less refunded and refunds on their way: the most a refund can be now. */
  refundable_cents: number;
  comp_cents: number;
  badge: string;
}
