import { describe, expect, it } from 'vitest';
import { bookingRulesLine } from '../../src/features/admin-overview/lib/overview';

// The event overview's line under the date: unlisted, and when online booking closes (on the
// event's own clock), or nothing.
const event = { bookingCutoffHours: null, bookingClosesAt: '2026-12-05T00:00:00Z', unlisted: false, timezone: 'America/New_York' };
const now = Date.parse('2026-12-01T12:00:00Z');

describe('bookingRulesLine', () => {
  it('says nothing for a listed event without a cutoff', () => {
    expect(bookingRulesLine(event, now)).toBeNull();
  });

  it('says when online booking closes, on the event’s clock, and that it closed once past', () => {
    const cutoff = { ...event, bookingCutoffHours: 24 };
    expect(bookingRulesLine(cutoff, now)).toBe('Online booking closes Fri, Dec 4, 2026 at 7:00 PM EST');
    expect(bookingRulesLine(cutoff, Date.parse('2026-12-05T00:00:00Z'))).toBe('Online booking closed Fri, Dec 4, 2026 at 7:00 PM EST');
  });

  it('names an unlisted event first', () => {
    expect(bookingRulesLine({ ...event, unlisted: true }, now)).toBe('Unlisted: only its booking link shows it');
    expect(bookingRulesLine({ ...event, unlisted: true, bookingCutoffHours: 2, timezone: 'America/Los_Angeles' }, now)).toBe(
      'Unlisted: only its booking link shows it · Online booking closes Fri, Dec 4, 2026 at 4:00 PM PST',
    );
  });
});
