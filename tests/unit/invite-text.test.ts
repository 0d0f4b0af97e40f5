import { describe, expect, it } from 'vitest';
import { inviteText } from '@/features/manage-booking/lib/invite';

describe('the text shared with the party link', () => {
  it('names the dinner and its day, and nobody', () => {
    expect(inviteText({ title: 'Harvest Table', date: '2026-12-17' })).toBe(
      'A seat for you at Harvest Table on Thursday, December 17: add your name and what you cannot eat.',
    );
  });
});
