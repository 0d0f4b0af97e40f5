import { describe, expect, it } from 'vitest';
import { fewerGuestsOptionText } from '../../src/features/manage-booking/lib/booking-text';

describe('fewerGuestsOptionText', () => {
  it('says what comes back, or why nothing does', () => {
    expect(fewerGuestsOptionText(15500, 35500)).toBe('You get $155.00 back.');
    expect(fewerGuestsOptionText(0, 0)).toBe('Nothing comes back: no payment is left to refund.');
    expect(fewerGuestsOptionText(0, 35500)).toBe('Nothing comes back under the cancellation policy.');
  });

  it('names the extras the smaller party drops, after the money', () => {
    expect(fewerGuestsOptionText(15500, 35500, '1 × Sake flight')).toBe(
      'You get $155.00 back. The extras for the guests who no longer come are dropped: 1 × Sake flight.',
    );
    expect(fewerGuestsOptionText(0, 35500, '2 × Wine pairing, 1 × Dessert')).toBe(
      'Nothing comes back under the cancellation policy. The extras for the guests who no longer come are dropped: 2 × Wine pairing, 1 × Dessert.',
    );
  });
});
