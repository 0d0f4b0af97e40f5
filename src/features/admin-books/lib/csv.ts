import type { LedgerLine, LedgerMonth } from '../types';

/**
 * A CSV cell that spreadsheets open safely (RFC 4180 quoting). A plain number (-105.52) is
 * written as is, so the money columns add up in a spreadsheet; any other cell that starts with
 * = + - @ (or a tab / carriage return) gets a leading single quote, so guest-typed text is never
 * evaluated as a formula (CSV injection).
 */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return [ledgerCsvHeader, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

export function downloadCsv(filename: string, csv: string) {
  // A BOM so spreadsheets read UTF-8 names correctly.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
