/**
 * What the Cancel this dinner dialog says will be refunded: each booking's share of what it holds,
 * a percent rounded half up to the cent, as staff_cancel_event computes it
 * (event_cancellation_refund_cents; the API test checks the server's side to the cent).
 */
import { describe, expect, it } from 'vitest';
import { refundTotalCents } from '../../src/features/admin-cancel-event/lib/refund';

describe('refundTotalCents', () => {
  it('adds each booking’s share, rounded half up per booking', () => {
    // 50 % of 3333 is 1666.5 → 1667; of 9999 is 4999.5 → 5000; of 1 is 0.5 → 1.
    expect(refundTotalCents([3333, 9999, 1], { percent: 50 })).toBe(1667 + 5000 + 1);
    expect(refundTotalCents([3333], { percent: 33 })).toBe(1100); // 1099.89 → 1100
    expect(refundTotalCents([101], { percent: 1 })).toBe(1); // 1.01 → 1
  });

  it('all, nothing, and never more than a booking holds', () => {
    expect(refundTotalCents([3333, 9999], 'full')).toBe(13332);
    expect(refundTotalCents([3333, 9999], 'none')).toBe(0);
    expect(refundTotalCents([3333, 9999], { percent: 100 })).toBe(13332);
    expect(refundTotalCents([3333, 9999], { percent: 0 })).toBe(0);
    expect(refundTotalCents([], 'full')).toBe(0);
  });
});
