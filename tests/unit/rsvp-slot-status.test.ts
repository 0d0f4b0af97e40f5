import { describe, expect, it } from 'vitest';
import { isSelectable, slotBadge, slotFilledText, slotStatus, spotsLeft } from '../../src/features/rsvp/lib/slot-status';
import { parseGuests, rsvpFormSchema, emptyRsvpForm } from '../../src/features/rsvp/schemas';

const slot = (current: number, max = 20, active = true) => ({
  is_active: active,
  max_capacity: max,
  current_rsvps: current,
  available_spots: Math.max(max - current, 0),
});

describe('RSVP slot status', () => {
  it('derives inactive, full, insufficient, limited and available', () => {
    expect(slotStatus(slot(0, 20, false), 1)).toBe('inactive');
    expect(slotStatus(slot(20), 1)).toBe('full');
    expect(slotStatus(slot(18), 3)).toBe('insufficient');
    expect(slotStatus(slot(17), 3)).toBe('limited');
    expect(slotStatus(slot(17), 1)).toBe('limited');
    expect(slotStatus(slot(16), 1)).toBe('available');
  });

  it('lets only limited and available slots be chosen', () => {
    expect(isSelectable('inactive')).toBe(false);
    expect(isSelectable('full')).toBe(false);
    expect(isSelectable('insufficient')).toBe(false);
    expect(isSelectable('limited')).toBe(true);
    expect(isSelectable('available')).toBe(true);
  });

  it('badges and fill text', () => {
    expect(slotBadge('full', 0).text).toBe('Full');
    expect(slotBadge('insufficient', 2).text).toBe('Not enough spots');
    expect(slotBadge('limited', 2).text).toBe('2 left');
    expect(slotBadge('available', 12).text).toBe('12 available');
    expect(slotBadge('inactive', 5).text).toBe('Unavailable');
    expect(slotFilledText(slot(7))).toBe('7/20 spots filled');
  });

  it('never trusts more spots than capacity allows', () => {
    expect(spotsLeft({ is_active: true, max_capacity: 10, current_rsvps: 9, available_spots: 5 })).toBe(1);
    expect(spotsLeft({ is_active: true, max_capacity: 10, current_rsvps: 12, available_spots: 0 })).toBe(0);
  });
});

describe('RSVP form rules', () => {
  const valid = { ...emptyRsvpForm, slotId: 's1', name: 'Ada', email: 'ada@example.com', numGuests: '2' };
  const messages = (values: typeof valid) => {
    const result = rsvpFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a complete RSVP', () => {
    expect(messages(valid)).toEqual([]);
  });

  it("uses the product's messages", () => {
    expect(messages({ ...valid, name: ' ' })).toEqual(['Name is required']);
    expect(messages({ ...valid, email: 'nope' })).toEqual(['Valid email is required']);
    expect(messages({ ...valid, numGuests: '0' })).toEqual(['At least 1 guest required']);
    expect(messages({ ...valid, numGuests: '' })).toEqual(['At least 1 guest required']);
    expect(messages({ ...valid, numGuests: '11' })).toEqual(['Maximum 10 guests']);
    expect(messages({ ...valid, slotId: '' })).toEqual(['Please select a time slot']);
  });

  it('parses guest counts 1 to 10 only', () => {
    expect(parseGuests('1')).toBe(1);
    expect(parseGuests('10')).toBe(10);
    expect(parseGuests('11')).toBeNull();
    expect(parseGuests('2.5')).toBeNull();
    expect(parseGuests('')).toBeNull();
  });
});
