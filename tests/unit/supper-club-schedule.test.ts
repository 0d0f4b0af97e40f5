import { describe, expect, it } from 'vitest';
import {
  checkSupperClubBooking,
  describeSchedule,
  describeSlots,
  seatPriceOf,
  slotLabels,
  soldOutSeatings,
  supperDate,
  ticketChoicesOf,
  ticketsLeft,
} from '../../src/features/supper-club/lib/schedule';

/** What every supper's data carries besides its date and seats: its price per seat and limit per order. */
const sold = { seat_price_cents: 6500, party_limit: 6 };

const slots = (a: number, b: number) => [
  { label: '5:30pm', available: a },
  { label: '8:00pm', available: b },
];

describe('supper club schedule', () => {
  it('names the weekdays and the first and last dates of the upcoming suppers', () => {
    const events = ['2026-12-06', '2026-11-29', '2026-11-30', '2026-12-07', '2026-12-21'].map((date) => ({ date }));
    expect(describeSchedule(events)).toBe('Sundays and Mondays, Nov 29 to Dec 21');
  });

  it('names the years when the dates cross one, and a single date by itself', () => {
    expect(describeSchedule([{ date: '2026-12-27' }, { date: '2027-01-04' }])).toBe('Sundays and Mondays, Dec 27, 2026 to Jan 4, 2027');
    expect(describeSchedule([{ date: '2026-11-29' }])).toBe('Sunday, Nov 29');
    expect(describeSchedule([{ date: '2026-11-27' }, { date: '2026-11-28' }, { date: '2026-11-29' }])).toBe(
      'Fridays, Saturdays and Sundays, Nov 27 to Nov 29',
    );
    expect(describeSchedule([])).toBeNull();
  });

  it('lists the slots found in the data', () => {
    const labels = slotLabels([{ slots: slots(20, 20) }, { slots: [{ label: '8:00pm', available: 0 }] }]);
    expect(labels).toEqual(['5:30pm', '8:00pm']);
    expect(describeSlots(labels)).toBe('5:30pm or 8:00pm');
    expect(describeSlots(['7:00pm'])).toBe('7:00pm');
  });

  it('limits tickets by the date and by the chosen slot', () => {
    const event = { id: 'e', date: '2026-11-29', available_seats: 5, slots: slots(3, 20), ...sold };
    expect(ticketsLeft(event, undefined)).toBe(5);
    expect(ticketsLeft(event, '5:30pm')).toBe(3);
    expect(ticketsLeft(event, '8:00pm')).toBe(5);
    expect(ticketsLeft(undefined, undefined)).toBe(0);
    expect(ticketsLeft({ ...event, available_seats: -2 }, undefined)).toBe(0);
  });

  it('lists the sold-out seatings for the waitlist: a full seating, or every seating of a full date', () => {
    const seating = (id: string, label: string, available: number) => ({ id, label, available });
    const events = [
      { id: 'e1', date: '2026-11-29', available_seats: 4, slots: [seating('s1', '5:30pm', 0), seating('s2', '8:00pm', 4)], ...sold },
      { id: 'e2', date: '2026-11-30', available_seats: 0, slots: [seating('s3', '5:30pm', 3), seating('s4', '8:00pm', 0)], ...sold, party_limit: 4 },
      { id: 'e3', date: '2026-12-06', available_seats: 40, slots: [seating('s5', '5:30pm', 20), seating('s6', '8:00pm', 20)], ...sold },
    ];
    expect(soldOutSeatings(events)).toEqual([
      { eventId: 'e1', slotId: 's1', label: 'Sunday, November 29 at 5:30pm', partyLimit: 6 },
      { eventId: 'e2', slotId: 's3', label: 'Monday, November 30 at 5:30pm', partyLimit: 4 },
      { eventId: 'e2', slotId: 's4', label: 'Monday, November 30 at 8:00pm', partyLimit: 4 },
    ]);
  });

  it("takes the price and the limit per order from the suppers' own data", () => {
    const events = [
      { id: 'e1', date: '2026-11-29', available_seats: 40, slots: slots(20, 20), seat_price_cents: 7000, party_limit: 4 },
      { id: 'e2', date: '2026-11-30', available_seats: 40, slots: slots(20, 20), seat_price_cents: 6500, party_limit: 8 },
    ];
    expect(seatPriceOf(events)).toBe(6500);
    expect(seatPriceOf([])).toBeNull();
    expect(seatPriceOf(undefined)).toBeNull();
    expect(ticketChoicesOf(events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ticketChoicesOf(events, events[0])).toEqual([1, 2, 3, 4]);
    expect(checkSupperClubBooking({ eventId: 'e1', timeSlot: '5:30pm', tickets: 5 }, events)).toEqual({
      title: 'Too Many Tickets',
      description: 'Maximum 4 tickets per order.',
    });
    expect(checkSupperClubBooking({ eventId: 'e2', timeSlot: '5:30pm', tickets: 5 }, events)).toBeNull();
  });

  it('formats a supper date with its weekday, never shifted by the viewer timezone', () => {
    expect(supperDate('2026-11-29')).toBe('Sunday, November 29');
  });
});

describe('supper club weekdays', () => {
  it('reads Sunday and Monday as a run even when the first upcoming date is a Monday', () => {
    expect(describeSchedule([{ date: '2026-11-30' }, { date: '2026-12-06' }, { date: '2026-12-07' }])).toBe('Sundays and Mondays, Nov 30 to Dec 7');
  });
});
