import { describe, expect, it } from 'vitest';
import { centsToDecimal, ledgerCsvHeader, ledgerToCsv } from '@/features/admin-books/lib/csv';
import type { LedgerLine } from '@/features/admin-books/types';

const line = (over: Partial<LedgerLine>): LedgerLine => ({
  ledger_id: 1,
  kind: 'charge',
  occurred_at: '2026-03-04T01:02:03+00:00',
  occurred_on: '2026-03-03',
  booking_code: 'SH-ABCD',
  reservation_id: '00000000-0000-0000-0000-000000000001',
  event_title: 'Supper',
  event_starts_at: '2026-04-01T23:00:00+00:00',
  guest_name: 'Gus',
  guest_email: 'gus@example.com',
  guests: 2,
  gross_cents: 11100,
  discount_cents: 0,
  service_charge_cents: 1998,
  tax_cents: 971,
  amount_cents: 14069,
  platform_fee_cents: 422,
  net_cents: 13647,
  currency: 'USD',
  provider: 'square',
  provider_payment_id: 'pay_1',
  provider_refund_id: null as unknown as string,
  reason: null as unknown as string,
  ...over,
});

describe('the books as CSV', () => {
  it('writes integer cents as exact dollars, refunds negative', () => {
    expect(centsToDecimal(14069)).toBe('140.69');
    expect(centsToDecimal(-7034)).toBe('-70.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });

  it('keeps negative amounts as numbers but neutralises formulas in guest-typed text', () => {
    const csv = ledgerToCsv([line({ guest_name: '=HYPERLINK("http://x.test","pay")', reason: '-1+1', amount_cents: -7034, kind: 'refund' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(ledgerCsvHeader.join(','));
    expect(row).toContain(',-70.34,4.22,136.47,USD,');
    expect(row).toContain(`"'=HYPERLINK(""http://x.test"",""pay"")"`);
    expect(row.endsWith(",'-1+1")).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
