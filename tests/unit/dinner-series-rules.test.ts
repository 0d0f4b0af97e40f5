import { describe, expect, it } from 'vitest';
import {
  confirmationTicketType,
  dinnerOptionLabel,
  guestOptionLabel,
  inviteHref,
  isMobileDevice,
  partyInviteHref,
  reservationDetailsHref,
  soldOutTickets,
  ticketOptionLabel,
  ticketsLeft,
} from '../../src/features/dinner-series/lib/booking-rules';
import type { SeriesBooking, SeriesDinner } from '../../src/features/dinner-series/types';

const dinner: SeriesDinner = {
  id: 'd1',
  title: 'Eat At Home Dinner #41',
  date: '2026-11-28',
  event_time: '19:00',
  event_timezone: 'America/New_York',
  max_guests: 20,
  available_seats: 5,
  event_details_disclosures: null,
  ticket_types: [],
};
const foodOnly = { id: 't1', name: 'Food Only', price: 12500, quantity: 12 };

const booking: SeriesBooking = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  eventTitle: 'Eat At Home Dinner #41',
  eventDate: '2026-11-28',
  eventTime: '20:30:00',
  guests: 2,
  ticketName: 'Food + Wine Pairing',
  totalPaidCents: 35000,
  dietaryRestrictions: '',
  specialRequests: ' Window table ',
  manageToken: null,
  venue: { name: 'Eat At Home', city: 'Brooklyn, NY' },
};
const token = 'k'.repeat(43);

describe('dinner series options', () => {
  it('labels events, ticket types and guest counts as the product writes them', () => {
    expect(dinnerOptionLabel(dinner)).toBe('Eat At Home Dinner #41 - Saturday, November 28, 2026');
    expect(ticketOptionLabel(foodOnly)).toBe('Food Only - $125.00 per person (12 available)');
    expect(ticketOptionLabel({ ...foodOnly, name: "Chef's Counter", price: 22500, quantity: 0 })).toBe(
      "Chef's Counter - $225.00 per person (Sold Out)",
    );
    expect(guestOptionLabel(1, 3)).toBe('1 guest');
    expect(guestOptionLabel(4, 3)).toBe('4 guests (unavailable)');
  });

  it('limits a ticket type by its quantity and by the dinner seats when capped', () => {
    expect(ticketsLeft(dinner, foodOnly)).toBe(5);
    expect(ticketsLeft({ ...dinner, available_seats: 40 }, foodOnly)).toBe(12);
    expect(ticketsLeft({ ...dinner, max_guests: null, available_seats: 0 }, foodOnly)).toBe(12);
    expect(ticketsLeft(dinner, { ...foodOnly, quantity: 0 })).toBe(0);
  });
});

describe('confirmation links', () => {
  /** The query of a link to /reservation-details (a link elsewhere fails). */
  const detailsQuery = (href: string) => {
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/reservation-details');
    return Object.fromEntries(url.searchParams);
  };
  /** What a details link may say of the booking to anyone: the dinner, its date and time, the party's size. */
  const publicDetails = { eventTitle: 'Eat At Home Dinner #41', eventDate: '2026-11-28', eventTime: '20:30', guests: '2' };

  it('sends the two classic tickets by key and others by name', () => {
    expect(confirmationTicketType('Food + Wine Pairing')).toBe('food_wine');
    expect(confirmationTicketType('Food Only')).toBe('food_only');
    expect(confirmationTicketType("Chef's Counter")).toBe("Chef's Counter");
  });

  it("opens /reservation-details with the booking's private token, and nothing else", () => {
    expect(detailsQuery(reservationDetailsHref({ ...booking, manageToken: token }))).toEqual({ booking: token });
  });

  it('without a token, carries only what is not personal: no name, email or requests', () => {
    expect(detailsQuery(reservationDetailsHref({ ...booking, dietaryRestrictions: 'No nuts' }))).toEqual({
      ...publicDetails,
      ticketType: 'food_wine',
      totalPrice: '350.00',
    });
  });

  it('invites by SMS on phones and by email elsewhere, with a save-the-date and the link', () => {
    const sms = inviteHref(booking, { origin: 'https://supperhost.test', mobile: true });
    expect(sms.startsWith('sms:?&body=')).toBe(true);
    const smsBody = decodeURIComponent(sms.slice('sms:?&body='.length));
    expect(smsBody).toContain('Save the date!');
    expect(smsBody).toContain('Saturday, November 28, 2026 at 8:30 PM');
    expect(smsBody).toContain(`https://supperhost.test${partyInviteHref(booking)}`);

    const mail = new URL(inviteHref(booking, { origin: 'https://supperhost.test', mobile: false }));
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe('Save the date: Eat At Home dinner on Saturday, November 28, 2026');
    expect(mail.searchParams.get('body')).toBe(smsBody);
  });

  it('invites the party without anything private: no email, phone, dietary restrictions, special requests, ticket or amount', () => {
    const private_ = {
      ...booking,
      email: 'ada.private@example.com',
      dietaryRestrictions: 'Severe peanut allergy',
      specialRequests: 'Proposal at dessert',
    };
    expect(detailsQuery(partyInviteHref(private_))).toEqual({ ...publicDetails, invite: '1' });
    for (const mobile of [true, false]) {
      const href = inviteHref({ ...private_, manageToken: token }, { origin: 'https://supperhost.test', mobile });
      const decoded = decodeURIComponent(href);
      for (const secret of ['ada.private', 'Ada', 'Lovelace', 'peanut', 'Proposal', 'dietary', 'special', 'food_wine', 'Wine', '350', token]) {
        expect(decoded).not.toContain(secret);
      }
      expect(decoded).toContain(`https://supperhost.test${partyInviteHref(private_)}`);
    }
  });

  it('lists every sold-out ticket type: its own quantity gone, or the dinner full', () => {
    const wine = { id: 't2', name: 'Food + Wine Pairing', price: 17500, quantity: 0 };
    const open = { ...dinner, ticket_types: [foodOnly, wine] };
    const full = { ...dinner, id: 'd2', title: 'Eat At Home Dinner #42', date: '2026-12-05', available_seats: 0, ticket_types: [foodOnly] };
    expect(soldOutTickets([open, full])).toEqual([
      {
        eventId: 'd1',
        eventTitle: 'Eat At Home Dinner #41',
        ticketTypeId: 't2',
        ticketName: 'Food + Wine Pairing',
        label: 'Eat At Home Dinner #41 - Saturday, November 28, 2026 · Food + Wine Pairing',
      },
      {
        eventId: 'd2',
        eventTitle: 'Eat At Home Dinner #42',
        ticketTypeId: 't1',
        ticketName: 'Food Only',
        label: 'Eat At Home Dinner #42 - Saturday, December 5, 2026 · Food Only',
      },
    ]);
    expect(soldOutTickets([{ ...dinner, ticket_types: [foodOnly] }])).toEqual([]);
  });

  it('treats phones as mobile', () => {
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', maxTouchPoints: 5 }, 390)).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/147', maxTouchPoints: 0 }, 1280)).toBe(false);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/147', maxTouchPoints: 0 }, 375)).toBe(false);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/147', maxTouchPoints: 1 }, 375)).toBe(true);
  });
});
