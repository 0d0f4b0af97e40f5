import { describe, expect, it } from 'vitest';
import { withReason } from '../../src/lib/error-reason';

describe("withReason (admin error toasts: the product's words, then the server's reason)", () => {
  it("adds the server's reason", () => {
    expect(withReason('Failed to update reservation', new Error('Only 2 tickets available for Seat.'))).toBe(
      'Failed to update reservation: Only 2 tickets available for Seat.',
    );
    expect(withReason('Failed to delete event', { message: 'This event has 2 reservation(s)' })).toBe(
      'Failed to delete event: This event has 2 reservation(s)',
    );
  });
  it('leaves out empty and generic transport messages', () => {
    for (const error of [new Error(''), new Error('Failed to fetch'), new Error('send-guest-email failed (500)'), null, 'x']) {
      expect(withReason('Failed to save', error)).toBe('Failed to save');
    }
  });
});
