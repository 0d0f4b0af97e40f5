import { describe, expect, it } from 'vitest';
import { checkTicketBooking } from '../../src/features/checkout/lib/ticket-rules';
import { guestOptions, ticketOptionLabel } from '../../src/features/ticket-booking/lib/ticket-options';

const foodOnly = { id: 't1', name: 'Food Only', price: 12500, quantity: 2 };
const soldOut = { id: 't2', name: 'Food + Wine Pairing', price: 17500, quantity: 0 };
const event = { id: 'e1', ticket_types: [foodOnly, soldOut] };
const values = { name: 'Ada', email: 'ada@example.com', ticketTypeId: 't1', guests: '2', eventId: 'e1' };

describe('ticket type and guest options', () => {
  it("reads 'name - $price per person (N available)' or '(Sold Out)'", () => {
    expect(ticketOptionLabel(foodOnly)).toBe('Food Only - $125.00 per person (2 available)');
    expect(ticketOptionLabel(soldOut)).toBe('Food + Wine Pairing - $175.00 per person (Sold Out)');
  });

  it('offers 1 to 6 guests, disabling and marking counts above what remains', () => {
    const options = guestOptions(2, 6);
    expect(options).toHaveLength(6);
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual([1, 2]);
    expect(options[2]).toEqual({ value: 3, label: '3 Guests (unavailable)', disabled: true });
    expect(options[0].label).toBe('1 Guest');
  });
});

describe('booking checks (in the order guests meet them)', () => {
  it('passes a booking within what remains', () => {
    expect(checkTicketBooking(values, event)).toBeNull();
  });

  it('Missing Information', () => {
    for (const missing of ['name', 'email', 'ticketTypeId', 'guests', 'eventId'] as const) {
      expect(checkTicketBooking({ ...values, [missing]: '' }, event)).toMatchObject({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
      });
    }
  });

  it.each([
    ['Minimum Guests Required', { ...values, guests: '0' }, event, 'At least 1 guest is required.'],
    ['Event Not Found', values, null, 'Please select a valid event.'],
    ['Ticket Type Not Found', { ...values, ticketTypeId: 'gone' }, event, 'Please select a valid ticket type.'],
  ] as const)('%s', (title, input, forEvent, description) => {
    expect(checkTicketBooking(input, forEvent)).toMatchObject({ title, description });
  });

  it('Not Enough Tickets Available', () => {
    expect(checkTicketBooking({ ...values, guests: '3' }, event)).toEqual({
      title: 'Not Enough Tickets Available',
      description: 'Only 2 tickets available for Food Only.',
      field: 'guests',
    });
    expect(checkTicketBooking({ ...values, ticketTypeId: 't2', guests: '1' }, event)?.description).toBe(
      'Only 0 tickets available for Food + Wine Pairing.',
    );
  });
});
