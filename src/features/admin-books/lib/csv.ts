import { toCsv } from '@/lib/csv';
import type { LedgerLine, LedgerMonth } from '../types';

/** Integer cents as a dollar amount with two decimals, exactly (no floating point): -10552 → '-105.52'. */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const ledgerCsvHeader = [
  'Date',
  'Recorded at',
  'Kind',
  'Booking code',
  'Event',
  'Event starts',
  'Guest',
  'Email',
  'Guests',
  'Gross',
  'Discount',
  'Service charge',
  'Tax',
  'Collected',
  'Platform fee',
  'Net',
  'Currency',
  'Processor',
  'Payment ID',
  'Refund ID',
  'Reason',
] as const;

/** The books as CSV: one row per ledger line, dollars with two decimals, refunds negative. */
export function ledgerToCsv(lines: readonly LedgerLine[]): string {
  const rows = lines.map((l) => [
    l.occurred_on,
    l.occurred_at,
    l.kind,
    l.booking_code,
    l.event_title,
    l.event_starts_at,
    l.guest_name,
    l.guest_email,
    l.guests,
    centsToDecimal(l.gross_cents),
    centsToDecimal(l.discount_cents),
    centsToDecimal(l.service_charge_cents),
    centsToDecimal(l.tax_cents),
    centsToDecimal(l.amount_cents),
    centsToDecimal(l.platform_fee_cents),
    centsToDecimal(l.net_cents),
    l.currency,
    l.provider,
    l.provider_payment_id,
    l.provider_refund_id,
    l.reason,
  ]);
  return toCsv(ledgerCsvHeader, rows);
}

/** books-<slug>-<from>-to-<to>.csv */
export const ledgerCsvFilename = (orgSlug: string, from: string, to: string) => `books-${orgSlug}-${from}-to-${to}.csv`;

/** The months' sums, for the table's total row. */
export function totalOf(months: readonly LedgerMonth[]) {
  const add = (key: keyof Omit<LedgerMonth, 'month'>) => months.reduce((total, m) => total + Number(m[key]), 0);
  return {
    gross: add('gross_cents'),
    discount: add('discount_cents'),
    service: add('service_charge_cents'),
    tax: add('tax_cents'),
    amount: add('amount_cents'),
    refunds: add('refunds_cents'),
    fee: add('platform_fee_cents'),
    net: add('net_cents'),
  };
}
