import { describe, expect, it } from 'vitest';
import { promoStatus } from '../../src/features/admin-promo-codes/lib/format';

describe('promoStatus', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('reads switched off, scheduled, ended or active', () => {
    expect(promoStatus({ active: false, starts_at: null, ends_at: null }, now)).toBe('Inactive');
    expect(promoStatus({ active: true, starts_at: '2026-11-24T00:00:00Z', ends_at: null }, now)).toBe('Scheduled');
    expect(promoStatus({ active: true, starts_at: null, ends_at: '2026-11-23T11:59:00Z' }, now)).toBe('Ended');
    expect(promoStatus({ active: true, starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }, now)).toBe('Active');
  });
});
