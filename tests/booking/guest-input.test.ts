/**
 * What a guest typed, as the booking functions take it (through the gateway and real Deno):
 * phones stored normalized, a phone that cannot be one refused with the forms' words, and
 * every invalid field named in one refusal, before any seat is held or card charged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createOrg, createSlot, createTicketedEvent, guest, reservationsFor } from '../support/fixtures.ts';
import { callFunction, CARD } from '../support/functions.ts';

const PHONE_WORDS = 'Phone must be a phone number of 7 to 15 digits, e.g. +1 555 010 2000';

let eventId: string;
let ticketTypeId: string;
let rsvpEvent: string;
let rsvpSlot: string;

beforeAll(async () => {
  const org = await createOrg({ branding: { brand_name: 'Input Test Kitchen' } });
  ({ eventId, ticketTypeId } = await createTicketedEvent(org.id, { name: 'Food Only', price: 12500, quantity: 40 }, { title: 'Input Test Dinner' }));
  const rsvpOrg = await createOrg({ branding: { brand_name: 'Input Test Garden', reservation_mode: 'rsvp' } });
  rsvpEvent = (await createEvent(rsvpOrg.id, { title: 'Input RSVP', rsvp_mode: true, rsvp_open: true, deposit_amount: 500, max_guests: 30 })).id;
  rsvpSlot = await createSlot(rsvpEvent, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 20 });
});

const ticketBooking = (over: Record<string, unknown> = {}) => ({
  token: CARD.ok,
  reservationData: { ...guest('input'), eventId, num_guests: 1, ticketTypeId, ...over },
});

const rsvpBooking = (over: Record<string, unknown> = {}) => ({
  eventId: rsvpEvent,
  slotId: rsvpSlot,
  validateOnly: false,
  paymentToken: CARD.ok,
  guestDetails: { ...guest('input-rsvp'), numGuests: 1, ...over },
});

describe('phone numbers in the booking functions', () => {
  it('process-square-payment stores "+1 (555) 010-2000" as +15550102000', async () => {
    const body = ticketBooking({ phone: '+1 (555) 010-2000' });
    const answer = await callFunction('process-square-payment', body);
    expect(answer.status).toBe(200);
    const [row] = await reservationsFor({ email: body.reservationData.email });
    expect(row).toMatchObject({ status: 'confirmed', phone: '+15550102000' });
  });

  it('process-square-payment refuses "abc" with the forms\' words: nothing held, nothing charged', async () => {
    const body = ticketBooking({ phone: 'abc' });
    const answer = await callFunction('process-square-payment', body);
    expect(answer).toMatchObject({ status: 400, body: { success: false, code: 'invalid_input', error: PHONE_WORDS } });
    // No reservation: no hold was taken, so no charge could have been made.
    expect(await reservationsFor({ email: body.reservationData.email })).toEqual([]);
  });

  it('process-rsvp-payment stores the phone normalized and refuses "abc"', async () => {
    const good = rsvpBooking({ phone: '+1 (555) 010-2000' });
    expect((await callFunction('process-rsvp-payment', good)).status).toBe(200);
    expect((await reservationsFor({ email: good.guestDetails.email }))[0]).toMatchObject({ phone: '+15550102000' });

    const bad = rsvpBooking({ phone: 'abc' });
    const answer = await callFunction('process-rsvp-payment', bad);
    expect(answer).toMatchObject({ status: 400, body: { success: false, code: 'invalid_input', error: PHONE_WORDS } });
    expect(await reservationsFor({ email: bad.guestDetails.email })).toEqual([]);
  });
});

describe('one refusal names every invalid field', () => {
  it('process-square-payment lists the name, phone and special requests at once', async () => {
    const body = ticketBooking({ name: 'N'.repeat(300), phone: 'abc', specialRequests: 'R'.repeat(3000) });
    const answer = await callFunction('process-square-payment', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'invalid_input',
      error: 'Name must be at most 200 characters',
      messages: ['Name must be at most 200 characters', PHONE_WORDS, 'Special requests must be at most 2000 characters'],
    });
    expect(await reservationsFor({ email: body.reservationData.email })).toEqual([]);
  });

  it('process-rsvp-payment lists them too', async () => {
    const answer = await callFunction(
      'process-rsvp-payment',
      rsvpBooking({ name: 'N'.repeat(300), phone: 'abc', dietaryRestrictions: 'D'.repeat(2001) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.messages).toEqual([
      'Name must be at most 200 characters',
      PHONE_WORDS,
      'Dietary restrictions must be at most 2000 characters',
    ]);
  });
});
