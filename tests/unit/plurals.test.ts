/**
 * Counts in words say "1 guest" and "2 guests": the email placeholder {{party_size}}, the default
 * templates that use it, and the booking form's refusal.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, fillPlaceholders } from '../../supabase/functions/_shared/email/templates.ts';
import { guestCount } from '../../supabase/functions/_shared/words.ts';
import { notEnoughTickets } from '../../src/features/checkout/lib/messages.ts';

describe('counts in words', () => {
  it('a party: "1 guest", "2 guests"', () => {
    expect(guestCount(1)).toBe('1 guest');
    expect(guestCount(2)).toBe('2 guests');
  });

  it('the default reminder and waitlist offer never say "1 guests"', () => {
    for (const template of [DEFAULT_TEMPLATES.reminder, DEFAULT_TEMPLATES.waitlist_offer]) {
      const one = fillPlaceholders(template.body, { guests: '1', party_size: guestCount(1) });
      expect(one).toContain('1 guest');
      expect(one).not.toMatch(/\b1 (guests|seats)\b/);
    }
    expect(fillPlaceholders(DEFAULT_TEMPLATES.reminder.body, { party_size: guestCount(1) })).toContain('(1 guest)');
    expect(fillPlaceholders(DEFAULT_TEMPLATES.reminder.body, { party_size: guestCount(3) })).toContain('(3 guests)');
  });

  it('"Only 1 ticket available", "Only 2 tickets available"', () => {
    expect(notEnoughTickets(1, 'Seat').description).toBe('Only 1 ticket available for Seat.');
    expect(notEnoughTickets(2, 'Seat').description).toBe('Only 2 tickets available for Seat.');
  });
});
