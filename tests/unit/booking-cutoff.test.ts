/**
 * Online booking closes the event's cutoff hours before it starts (events_with_availability's
 * booking_closes_at): what the public pages show once it has passed on the guest's clock. The
 * server refuses the bookings themselves (tests/booking).
 */
import { describe, expect, it } from 'vitest';
import { isBookingClosed } from '../../src/lib/booking';
import { linkedEventId } from '../../src/lib/linked-event';
import { bookingClosesNote, eventAction, eventBadge, hasAvailability, initialEventId } from '../../src/features/org-page/lib/events';
import { type OrgPageRow, toOrgPage } from '../../src/features/org-page/lib/org-page-row';
import { dinnerOptionLabel, openDinners, soldOutTickets } from '../../src/features/dinner-series/lib/booking-rules';
import type { SeriesDinner } from '../../src/features/dinner-series/types';
import { dateOption, soldOutSeatings } from '../../src/features/supper-club/lib/schedule';
import { parseAvailability } from '../../src/features/supper-club/api/get-availability';

// A dinner on Friday, December 4, 2026 at 19:00 in New York (EST, UTC-5) closing 24 hours before.
const start = '2026-12-05T00:00:00Z';
const closesAt = '2026-12-04T00:00:00Z';
const now = Date.parse(closesAt);
const hour = 3_600_000;

const event = (booking_closes_at?: string | null) => ({
  id: 'e1',
  kind: 'tickets' as const,
  rsvp_mode: false,
  deposit_amount: null,
  total_available: 20,
  is_fully_booked: false,
  date: '2026-12-04',
  event_time: '19:00',
  event_timezone: 'America/New_York',
  ...(booking_closes_at === undefined ? {} : { booking_closes_at }),
});

describe('isBookingClosed', () => {
  it('closes at booking_closes_at on the given clock, and stays open without one', () => {
    expect(isBookingClosed({ booking_closes_at: closesAt }, now - 1)).toBe(false);
    expect(isBookingClosed({ booking_closes_at: closesAt }, now)).toBe(true);
    expect(isBookingClosed({ booking_closes_at: closesAt }, now + hour)).toBe(true);
    expect(isBookingClosed({ booking_closes_at: '2026-12-03T19:00:00-05:00' }, now)).toBe(true);
    expect(isBookingClosed({ booking_closes_at: null }, now)).toBe(false);
    expect(isBookingClosed({}, now)).toBe(false);
    expect(isBookingClosed({ booking_closes_at: 'not a time' }, now)).toBe(false);
  });
});

describe('org page cards', () => {
  it("says 'Booking Closed' on the badge and the disabled button once online booking has closed", () => {
    const closed = event(closesAt);
    expect(eventBadge(closed, now)).toEqual({ text: 'Booking Closed', variant: 'destructive' });
    expect(eventAction(closed, now)).toEqual({ label: 'Booking Closed', disabled: true });
    expect(hasAvailability(closed, now)).toBe(false);
    // Sold out as well: still closed (no waitlist to offer).
    expect(eventBadge({ ...closed, is_fully_booked: true, total_available: 0 }, now).text).toBe('Booking Closed');
    // Closed RSVPs say so first.
    expect(eventAction({ ...closed, rsvp_mode: true, rsvp_open: false }, now).label).toBe('RSVPs Closed');
  });

  it('offers the event until then, and always without a cutoff', () => {
    expect(eventAction(event(closesAt), now - 1)).toEqual({ label: 'Reserve Your Spot', disabled: false });
    expect(eventBadge(event(closesAt), now - 1).text).toBe('20 available');
    expect(eventAction(event(null), now)).toEqual({ label: 'Reserve Your Spot', disabled: false });
    expect(eventAction(event(), now).disabled).toBe(false);
  });

  it('does not preselect a closed event', () => {
    expect(initialEventId([event(closesAt), { ...event(null), id: 'e2' }], now)).toBe('e2');
    expect(initialEventId([event(closesAt)], now)).toBeNull();
  });

  it("names when online booking closes, on the event's own clock, while it is open and closes before the start", () => {
    expect(bookingClosesNote(event(closesAt), now - hour)).toBe('Online booking closes Thu, Dec 3, 2026 at 7:00 PM EST');
    expect(bookingClosesNote({ ...event('2026-07-04T01:30:00Z'), date: '2026-07-04', event_timezone: 'America/Los_Angeles' }, 0)).toBe(
      'Online booking closes Fri, Jul 3, 2026 at 6:30 PM PDT',
    );
    // No cutoff (closes at the start), none given, or already closed: nothing to say.
    expect(bookingClosesNote(event(start), now - hour)).toBeNull();
    expect(bookingClosesNote(event(null), now - hour)).toBeNull();
    expect(bookingClosesNote(event(closesAt), now)).toBeNull();
  });

  it("carries the page row's booking_closes_at", () => {
    type EventRow = OrgPageRow['events'][number];
    const row = (id: string, booking_closes_at: string | null) =>
      ({
        id,
        org_id: 'o',
        title: id,
        date: '2026-12-04',
        event_time: '19:00',
        event_timezone: 'America/New_York',
        is_active: true,
        booking_closes_at,
      }) as EventRow;
    const page = toOrgPage(
      {
        organization: { id: 'o', name: 'Org', slug: 'org', state: 'published' },
        layout: null as unknown as string,
        branding: null as unknown as OrgPageRow['branding'],
        events: [row('cutoff', closesAt), row('none', null)],
      },
      new Date(now),
    );
    expect(page.events.map((e) => [e.id, e.booking_closes_at])).toEqual([
      ['cutoff', closesAt],
      ['none', null],
    ]);
  });
});

describe('dinner series', () => {
  const dinner: SeriesDinner = {
    id: 'd1',
    title: 'Eat At Home Dinner #41',
    date: '2026-12-04',
    event_time: '19:00',
    event_timezone: 'America/New_York',
    max_guests: 20,
    available_seats: 0,
    event_details_disclosures: null,
    ticket_types: [{ id: 't1', name: 'Food Only', price: 12500, quantity: 0 }],
    booking_closes_at: closesAt,
  };

  it("labels a closed dinner '(Booking Closed)' and leaves it out of the waitlist", () => {
    expect(dinnerOptionLabel(dinner, now)).toBe('Eat At Home Dinner #41 - Friday, December 4, 2026 (Booking Closed)');
    expect(dinnerOptionLabel(dinner, now - 1)).toBe('Eat At Home Dinner #41 - Friday, December 4, 2026');
    expect(openDinners([dinner], now)).toEqual([]);
    expect(soldOutTickets([dinner], now)).toEqual([]);
    expect(soldOutTickets([dinner], now - 1).map((t) => t.ticketTypeId)).toEqual(['t1']);
  });
});

describe('supper club', () => {
  const supper = {
    id: 's1',
    date: '2026-12-06',
    available_seats: 0,
    seat_price_cents: 6500,
    party_limit: 6,
    booking_closes_at: '2026-12-05T22:30:00Z',
    slots: [{ id: 'late', label: '8:00pm', available: 0 }],
  };
  const closed = Date.parse(supper.booking_closes_at);

  it("offers a closed date as '<date> (Booking Closed)', disabled, and not on the waitlist", () => {
    expect(dateOption({ ...supper, available_seats: 12 }, closed)).toEqual({
      value: 's1',
      label: 'Sunday, December 6 (Booking Closed)',
      disabled: true,
    });
    expect(dateOption({ ...supper, available_seats: 12 }, closed - 1)).toEqual({ value: 's1', label: 'Sunday, December 6', disabled: false });
    expect(dateOption(supper, closed - 1)).toEqual({ value: 's1', label: 'Sunday, December 6 (Sold Out)', disabled: true });
    expect(soldOutSeatings([supper], closed)).toEqual([]);
    expect(soldOutSeatings([supper], closed - 1).map((s) => s.slotId)).toEqual(['late']);
  });

  it("reads the availability answer's booking_closes_at", () => {
    const answer = (booking_closes_at?: unknown) => ({
      events: [
        {
          id: 's1',
          date: '2026-12-06',
          total_available: 12,
          seat_price_cents: 6500,
          party_limit: 6,
          rsvp_slots: [],
          ...(booking_closes_at === undefined ? {} : { booking_closes_at }),
        },
      ],
    });
    expect(parseAvailability(answer(supper.booking_closes_at))[0].booking_closes_at).toBe(supper.booking_closes_at);
    expect(parseAvailability(answer(null))[0].booking_closes_at).toBeNull();
    expect(parseAvailability(answer())[0]).not.toHaveProperty('booking_closes_at');
    expect(() => parseAvailability(answer(42))).toThrow('events.0.booking_closes_at');
  });
});

describe("the supper club's page", () => {
  it('leaves out dinners of other kinds (its organization page sells them) instead of failing', () => {
    const supper = { id: 's1', kind: 'seatings', date: '2026-12-07', total_available: 12, seat_price_cents: 6500, party_limit: 6, rsvp_slots: [] };
    const ticketed = { id: 't1', kind: 'tickets', date: '2026-12-08', total_available: 10, seat_price_cents: null, party_limit: 6 };
    const rsvp = { id: 'r1', kind: 'rsvp', date: '2026-12-09', total_available: 10, party_limit: 10 };
    expect(parseAvailability({ events: [ticketed, supper, rsvp] }).map((e) => e.id)).toEqual(['s1']);
    // A seatings supper without its price is still a broken answer.
    expect(() => parseAvailability({ events: [{ ...supper, seat_price_cents: null }] })).toThrow('events.0.seat_price_cents');
  });
});

describe('linkedEventId', () => {
  it("reads a dinner's own link (?event=), trimmed; none without one", () => {
    expect(linkedEventId('?event=abc-123')).toBe('abc-123');
    expect(linkedEventId('?utm_source=x&event=%20abc%20')).toBe('abc');
    expect(linkedEventId('?event=')).toBeNull();
    expect(linkedEventId('')).toBeNull();
  });
});
