import { describe, expect, it } from 'vitest';
import { formatOfferExpiry, waitlistRows } from '../../src/features/admin-waitlist/lib/rows';
import type { WaitlistEntry } from '../../src/features/admin-waitlist/types';
import { zoneAbbreviation } from '../../src/lib/dates';
import { formatHeldUntil, timeLeftText } from '../../src/features/waitlist/lib/offer-time';
import { waitlistTargets } from '../../src/features/waitlist/lib/targets';

const slot = (id: string, available: number, extra: Partial<{ is_active: boolean; slot_label: string }> = {}) => ({
  id,
  slot_time: '18:30',
  slot_label: extra.slot_label ?? '',
  max_capacity: 10,
  current_rsvps: 10 - available,
  available_spots: available,
  is_active: extra.is_active ?? true,
});

describe('waitlistTargets', () => {
  const event = {
    id: 'e1',
    title: 'Dinner',
    ticket_types: [
      { id: 't1', name: 'Seat', price: 8000, quantity: 0 },
      { id: 't2', name: 'Counter', price: 9000, quantity: 3 },
    ],
    rsvp_slots: [slot('s1', 0, { slot_label: 'Early' }), slot('s2', 4), slot('s3', 0, { is_active: false })],
  };

  it('ticketed: the sold-out ticket types', () => {
    expect(waitlistTargets(event, false)).toEqual([{ kind: 'ticket', ticketTypeId: 't1', label: 'Seat' }]);
  });

  it('RSVP: the full active slots, named by time and label', () => {
    expect(waitlistTargets(event, true)).toEqual([{ kind: 'slot', slotId: 's1', label: '6:30 PM · Early' }]);
  });
});

describe('offer times', () => {
  it("formats the deadline in the event's timezone", () => {
    expect(formatHeldUntil('2026-12-05T12:30:00Z', 'America/New_York')).toBe('Sat, Dec 5, 7:30 AM EST');
    expect(formatOfferExpiry('2026-07-05T03:00:00Z', 'America/Los_Angeles')).toBe('Jul 4, 8:00 PM PDT');
    expect(zoneAbbreviation('2026-07-04', 'America/Chicago')).toBe('CDT');
  });

  it('counts down, and says nothing once over', () => {
    expect(timeLeftText((11 * 3600 + 59 * 60 + 30) * 1000)).toBe('11 h 59 min left');
    expect(timeLeftText((4 * 60 + 10) * 1000)).toBe('4 min 10 s left');
    expect(timeLeftText(9_000)).toBe('9 s left');
    expect(timeLeftText(0)).toBeNull();
  });
});

describe('waitlistRows', () => {
  const entry = (id: string, status: WaitlistEntry['status'], ticket: string | null, slotId: string | null = null): WaitlistEntry => ({
    id,
    event_id: 'e1',
    ticket_type_id: ticket,
    rsvp_slot_id: slotId,
    name: id,
    email: `${id}@example.com`,
    party_size: 2,
    status,
    offer_expires_at: null,
    created_at: '2026-01-01T00:00:00Z',
  });

  it('numbers the waiting parties of each list in order, and leaves removed ones out', () => {
    const rows = waitlistRows(
      [
        entry('a', 'offered', 't1'),
        entry('b', 'waiting', 't1'),
        entry('c', 'removed', 't1'),
        entry('d', 'waiting', 't1'),
        entry('e', 'waiting', null, 's1'),
      ],
      {
        id: 'e1',
        title: 'Dinner',
        event_timezone: 'America/New_York',
        ticket_types: [{ id: 't1', name: 'Seat' }],
        rsvp_slots: [{ id: 's1', slot_time: '19:00', slot_label: 'Late' }],
      },
    );
    expect(rows.map((r) => [r.id, r.position, r.list])).toEqual([
      ['a', null, 'Seat'],
      ['b', 1, 'Seat'],
      ['d', 2, 'Seat'],
      ['e', 1, '7:00 PM · Late'],
    ]);
  });
});
