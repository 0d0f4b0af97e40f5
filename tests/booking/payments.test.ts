/**
 * The payment functions through the gateway and real Deno, with the local test processor
 * (no Square secrets on the test stack): what guests see and what is stored.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asService, one, usePool } from '../support/db.ts';
import {
  chargesFor,
  createEvent,
  createOrg,
  createPromo,
  createSlot,
  createSupper,
  createTicketedEvent,
  createTicketType,
  guest,
  type Org as TestOrg,
  reservationsFor,
  slotTaken,
  ticketQuantity,
} from '../support/fixtures.ts';
import { callFunction, CARD, useSupperClubStack } from '../support/functions.ts';

const pool = usePool();

let org: TestOrg;
let eventId: string;
let foodOnly: string;
let rsvpOrg: TestOrg;
let rsvpEvent: string;
let rsvpSlot: string;

beforeAll(async () => {
  org = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
  ({ eventId, ticketTypeId: foodOnly } = await createTicketedEvent(
    org.id,
    { name: 'Food Only', price: 12500, quantity: 40 },
    { title: 'Payments Test Dinner' },
  ));
  await createPromo(org.id, { code: 'WELCOME10', discount_type: 'percent', discount_amount: 10 });
  await createPromo(org.id, { code: 'TAKE5', discount_type: 'fixed', discount_amount: 500 });
  await createPromo(org.id, { code: 'COMP100', discount_type: 'percent', discount_amount: 100 });
  await createPromo(org.id, { code: 'OLDCODE', discount_type: 'percent', discount_amount: 20, active: false });
  await createPromo(org.id, { code: 'USEDUP', discount_type: 'percent', discount_amount: 15, max_uses: 0 });

  rsvpOrg = await createOrg({ branding: { brand_name: 'Booking Test Kitchen', reservation_mode: 'rsvp' } });
  rsvpEvent = (
    await createEvent(rsvpOrg.id, {
      title: 'Garden RSVP',
      rsvp_mode: true,
      rsvp_open: true,
      deposit_amount: 500,
      max_guests: 30,
      event_timezone: 'America/Chicago',
      event_time: '18:00',
    })
  ).id;
  rsvpSlot = await createSlot(rsvpEvent, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 20 });
  await createPromo(rsvpOrg.id, { code: 'COMP100', discount_type: 'percent', discount_amount: 100 });
  await createPromo(rsvpOrg.id, { code: 'HALF', discount_type: 'percent', discount_amount: 50 });
});

const ticketData = (over: Record<string, unknown> = {}) => ({
  ...guest(),
  eventId,
  num_guests: 2,
  ticketTypeId: foodOnly,
  dietaryRestrictions: 'Vegetarian',
  ...over,
});

describe('process-square-payment', () => {
  it('prices a validation call on the server', async () => {
    const plain = await callFunction('process-square-payment', { validateOnly: true, reservationData: ticketData() });
    // Without tax or service charge the lines are the subtotal alone.
    expect(plain).toEqual({
      status: 200,
      body: {
        success: true,
        finalAmountCents: 25000,
        subtotalCents: 25000,
        discountCents: 0,
        serviceChargeCents: 0,
        taxCents: 0,
        amountCents: 25000,
        priceDisplay: 'itemized',
        promo: null,
        addons: [],
        split: null,
      },
    });
    const percent = await callFunction('process-square-payment', { validateOnly: true, reservationData: ticketData(), promoCode: 'welcome10' });
    expect(percent.body).toMatchObject({
      success: true,
      finalAmountCents: 22500,
      discountCents: 2500,
      promo: { discount_type: 'percent', discount_amount: 10 },
    });
    expect(percent.body.promo.id).toMatch(/^[0-9a-f-]{36}$/);
    const fixed = await callFunction('process-square-payment', { validateOnly: true, reservationData: ticketData(), promoCode: 'TAKE5' });
    expect(fixed.body).toMatchObject({ success: true, finalAmountCents: 24500, promo: { discount_type: 'fixed', discount_amount: 500 } });
  });

  it('refuses invalid, inactive and exhausted codes with their messages', async () => {
    for (const [code, message] of [
      ['NOPE', 'Invalid promo code'],
      ['oldcode', 'Invalid promo code'],
      ['USEDUP', 'Invalid promo code'],
    ]) {
      const answer = await callFunction('process-square-payment', { validateOnly: true, reservationData: ticketData(), promoCode: code });
      expect(answer.status, code).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: message });
    }
  });

  it("charges an approved card the server's amount and confirms the booking", async () => {
    const before = await ticketQuantity(foodOnly);
    // ticket_price from the browser is ignored: the ticket type's price is what is charged.
    const data = ticketData({ ticket_price: 1 });
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 22500,
      reservationData: data,
      promoCode: 'WELCOME10',
      idempotencyKey: randomUUID(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, amountCents: 22500, status: 'confirmed' });
    const id = answer.body.reservationId;
    const row = await one<any>(pool(), `select * from public.reservations where id = $1`, [id]);
    expect(row).toMatchObject({
      status: 'confirmed',
      amount_cents: 22500,
      discount_cents: 2500,
      num_guests: 2,
      payment_provider: 'test',
      email: data.email,
      dietary_restrictions: 'Vegetarian',
    });
    expect(await ticketQuantity(foodOnly)).toBe(before - 2);
    const charges = await chargesFor([id]);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount_cents: 22500, status: 'COMPLETED', id: row.payment_id, buyer_email: data.email });
    const mail = await one<any>(pool(), `select * from public.email_outbox where reservation_id = $1`, [id]);
    expect(mail).toMatchObject({
      kind: 'booking_confirmation',
      to_email: data.email,
      subject: 'Your reservation at Booking Test Kitchen is confirmed: Payments Test Dinner',
    });
    expect(mail.body_text).toContain('Total paid: $225.00');
  });

  it('answers a retry with the same idempotency key with the first result, charging once', async () => {
    const key = randomUUID();
    const body = { token: CARD.ok, amount: 12500, reservationData: ticketData({ num_guests: 1 }), idempotencyKey: key };
    const first = await callFunction('process-square-payment', body);
    const second = await callFunction('process-square-payment', body);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    const charges = await chargesFor([first.body.reservationId]);
    expect(charges).toHaveLength(1);
    expect((await one<any>(pool(), `select count(*)::int as n from public.reservations where idempotency_key = $1`, [key])).n).toBe(1);
  });

  it('a declined card: 402 with the reason, nothing confirmed, seats back', async () => {
    const before = await ticketQuantity(foodOnly);
    for (const [nonce, message] of [
      [CARD.declined, 'Your card was declined. Please try another card or contact your card issuer.'],
      [CARD.cvv, 'The card security code (CVV) was not accepted. Please check it and try again.'],
      [CARD.postal, 'The postal code does not match the card. Please check it and try again.'],
      [CARD.expiration, 'The card expiration date is invalid. Please check it and try again.'],
      [
        CARD.verification,
        'Your bank needs you to verify this payment, and it was not verified. You have not been charged. Please try again and complete the check your bank shows, or use another card.',
      ],
      ['cnon:not-a-real-nonce', 'Your card details could not be used. Please re-enter your card and try again.'],
    ]) {
      const data = ticketData();
      const key = randomUUID();
      const answer = await callFunction('process-square-payment', { token: nonce, amount: 25000, reservationData: data, idempotencyKey: key });
      expect(answer.status, nonce).toBe(402);
      expect(answer.body).toMatchObject({ success: false, error: message });
      const row = await one<any>(pool(), `select status from public.reservations where idempotency_key = $1`, [key]);
      expect(row.status).toBe('failed');
      // The retry replays the decline; no new hold, no charge.
      const retry = await callFunction('process-square-payment', { token: nonce, amount: 25000, reservationData: data, idempotencyKey: key });
      expect(retry).toEqual(answer);
    }
    expect(await ticketQuantity(foodOnly)).toBe(before);
  });

  it("refuses an amount that differs from the server's total, leaving nothing behind", async () => {
    const before = (await reservationsFor({ eventId })).length;
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 100,
      reservationData: ticketData(),
      idempotencyKey: randomUUID(),
    });
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: 'The amount has changed. Please review your order and try again.', code: 'invalid_booking' },
    });
    expect((await reservationsFor({ eventId })).length).toBe(before);
  });

  it('a free booking needs no card and refuses one; a paid booking needs one', async () => {
    const withToken = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 0,
      reservationData: ticketData(),
      promoCode: 'COMP100',
    });
    expect(withToken.status).toBe(400);
    expect(withToken.body.error).toBe('This booking is free: no card payment is needed. Please submit it without card details.');
    const free = await callFunction('process-square-payment', { token: null, amount: 0, reservationData: ticketData(), promoCode: 'comp100' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ success: true, amountCents: 0 });
    expect(
      await one<any>(pool(), `select status, payment_provider, amount_cents from public.reservations where id = $1`, [free.body.reservationId]),
    ).toEqual({ status: 'confirmed', payment_provider: 'comp', amount_cents: 0 });
    const noToken = await callFunction('process-square-payment', { token: null, amount: 25000, reservationData: ticketData() });
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toBe('Card details are required to pay $250.00 for this booking.');
  });

  it('says how many tickets are left', async () => {
    const small = await createTicketType(eventId, { name: 'Chef Counter', price: 20000, quantity: 1 });
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 40000,
      reservationData: ticketData({ ticketTypeId: small }),
    });
    expect(answer).toMatchObject({ status: 409, body: { success: false, error: 'Only 1 ticket available for Chef Counter.' } });
  });

  it('answers malformed requests with a 400 and a clear message, never a 500', async () => {
    const cases: [unknown, string | undefined, number, string][] = [
      [undefined, '{"token": ', 400, 'The request body is not valid JSON'],
      [[1, 2], undefined, 400, 'The request body must be a JSON object'],
      [{ token: CARD.ok }, undefined, 400, 'reservationData is required'],
      [{ token: CARD.ok, reservationData: ticketData({ name: '' }) }, undefined, 400, 'Please fill in all required fields.'],
      [{ token: CARD.ok, reservationData: ticketData({ email: 'not-an-email' }) }, undefined, 400, 'Valid email is required'],
      [{ token: CARD.ok, reservationData: ticketData({ num_guests: 0 }) }, undefined, 400, 'At least 1 guest is required.'],
      [
        { token: CARD.ok, reservationData: ticketData({ num_guests: 7 }) },
        undefined,
        400,
        'Parties larger than 6: please email the host with your preferred date and party size.',
      ],
      [{ token: CARD.ok, reservationData: ticketData({ ticketTypeId: null }) }, undefined, 400, 'Please fill in all required fields.'],
      [{ token: CARD.ok, reservationData: ticketData({ eventId: 'nope' }) }, undefined, 404, 'Event not found. Please select a valid event.'],
      [{ token: CARD.ok, reservationData: ticketData({ eventId: randomUUID() }) }, undefined, 404, 'Event not found. Please select a valid event.'],
      [
        { token: CARD.ok, reservationData: ticketData({ ticketTypeId: randomUUID() }) },
        undefined,
        404,
        'Ticket type not found. Please select a valid ticket type.',
      ],
      [{ token: 42, reservationData: ticketData() }, undefined, 400, 'token must be a string'],
      [{ token: CARD.ok, amount: 'lots', reservationData: ticketData() }, undefined, 400, 'amount must be a number of cents'],
      [
        { token: CARD.ok, reservationData: ticketData(), idempotencyKey: 'x'.repeat(46) },
        undefined,
        400,
        'idempotencyKey must be 1 to 45 letters, digits or _ : . -',
      ],
    ];
    for (const [body, raw, status, error] of cases) {
      const answer = await callFunction('process-square-payment', body, { raw });
      expect(answer.status, JSON.stringify(body ?? raw)).toBe(status);
      expect(answer.body, JSON.stringify(body ?? raw)).toMatchObject({ success: false, error });
    }
  });

  it('refuses out-of-range numbers and NUL characters with a 400 and a clear message, never a 500', async () => {
    const rows = (await reservationsFor({ eventId })).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ token: CARD.ok, amount: 1e20, reservationData: ticketData() }, 'amount must be at most 2147483647 cents'],
      [{ token: CARD.ok, amount: 2147483648, reservationData: ticketData() }, 'amount must be at most 2147483647 cents'],
      [{ token: CARD.ok, amount: 12.5, reservationData: ticketData() }, 'amount must be a whole number of cents'],
      [{ token: CARD.ok, amount: -100, reservationData: ticketData() }, 'amount must not be negative'],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData({ name: 'Ada\u0000Lovelace' }) },
        'reservationData.name must not contain NUL characters (\\u0000)',
      ],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData({ specialRequests: '\u0000' }) },
        'reservationData.specialRequests must not contain NUL characters (\\u0000)',
      ],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData(), promoCode: 'WELCOME\u000010' },
        'promoCode must not contain NUL characters (\\u0000)',
      ],
      [{ token: 'cnon:\u0000', amount: 25000, reservationData: ticketData() }, 'token must not contain NUL characters (\\u0000)'],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData({ num_guests: 1e10 }) },
        'Parties larger than 6: please email the host with your preferred date and party size.',
      ],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData({ num_guests: '1e10' }) },
        'Parties larger than 6: please email the host with your preferred date and party size.',
      ],
      [{ token: CARD.ok, amount: 25000, reservationData: ticketData({ num_guests: 2.5 }) }, 'The number of guests must be a whole number.'],
      [
        { token: CARD.ok, amount: 25000, reservationData: ticketData({ num_guests: '1e400' }) },
        'Parties larger than 6: please email the host with your preferred date and party size.',
      ],
      [
        { validateOnly: true, reservationData: ticketData({ num_guests: 1e10 }) },
        'Parties larger than 6: please email the host with your preferred date and party size.',
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await callFunction('process-square-payment', { ...body, idempotencyKey: randomUUID() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ success: false, error });
    }
    expect((await reservationsFor({ eventId })).length).toBe(rows);
  });

  it('answers CORS preflights', async () => {
    const { apiUrl } = (await import('../support/stack-env.ts')).stackEnv();
    const res = await fetch(`${apiUrl}/functions/v1/process-square-payment`, { method: 'OPTIONS' });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('process-rsvp-payment', () => {
  const details = (over: Record<string, unknown> = {}) => ({ ...guest('rsvp'), numGuests: 2, ...over });

  it('prices the deposit per guest, with a promo code', async () => {
    const answer = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: { numGuests: 3 },
      validateOnly: true,
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true, totalDeposit: 1500, discountApplied: 0, subtotal: 1500, promo: null } });
    const half = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: { numGuests: 3 },
      promoCode: 'half',
      validateOnly: true,
    });
    expect(half.body).toMatchObject({ success: true, totalDeposit: 750, discountApplied: 750, subtotal: 1500 });
  });

  it('takes a paid deposit and holds the spots in the slot', async () => {
    const before = await slotTaken(rsvpSlot);
    const answer = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: details(),
      validateOnly: false,
      paymentToken: CARD.ok,
      idempotencyKey: randomUUID(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalDeposit: 1000, discountApplied: 0 });
    expect(await slotTaken(rsvpSlot)).toBe(before + 2);
    const row = await one<any>(pool(), `select status, rsvp_slot_id, time_slot, amount_cents from public.reservations where id = $1`, [
      answer.body.reservationId,
    ]);
    expect(row).toEqual({ status: 'confirmed', rsvp_slot_id: rsvpSlot, time_slot: '6:00pm', amount_cents: 1000 });
    const mail = await one<any>(pool(), `select body_text from public.email_outbox where reservation_id = $1`, [answer.body.reservationId]);
    expect(mail.body_text).toContain('Deposit paid: $10.00');
    expect(mail.body_text).toContain('Time: 6:00 PM Central Time');
  });

  it('a 100% code makes a free RSVP: no token needed, a token refused', async () => {
    const priced = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: details(),
      promoCode: 'COMP100',
      validateOnly: true,
    });
    expect(priced.body).toMatchObject({ totalDeposit: 0, discountApplied: 1000 });
    const refused = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: details(),
      promoCode: 'COMP100',
      validateOnly: false,
      paymentToken: CARD.ok,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('This booking is free: no card payment is needed. Please submit it without card details.');
    const free = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: rsvpSlot,
      guestDetails: details(),
      promoCode: 'COMP100',
      validateOnly: false,
    });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ success: true, totalDeposit: 0, discountApplied: 1000 });
    expect(await one<any>(pool(), `select status, payment_provider from public.reservations where id = $1`, [free.body.reservationId])).toEqual({
      status: 'confirmed',
      payment_provider: 'comp',
    });
  });

  it("uses the product's validation messages", async () => {
    const base = { eventId: rsvpEvent, slotId: rsvpSlot, validateOnly: false, paymentToken: CARD.ok };
    for (const [body, message] of [
      [{ ...base, guestDetails: details({ name: '  ' }) }, 'Name is required'],
      [{ ...base, guestDetails: details({ email: 'nope' }) }, 'Valid email is required'],
      [{ ...base, guestDetails: details({ numGuests: 0 }) }, 'At least 1 guest required'],
      [{ ...base, guestDetails: details({ numGuests: 11 }) }, 'Maximum 10 guests'],
      [{ ...base, slotId: null, guestDetails: details() }, 'Please select a time slot'],
      [{ ...base, slotId: '', guestDetails: details() }, 'Please select a time slot'],
    ] as const) {
      const answer = await callFunction('process-rsvp-payment', body);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: message });
    }
    const malformed = await callFunction('process-rsvp-payment', null, { raw: 'nope' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON' } });
  });

  it('refuses out-of-range numbers and NUL characters with a 400 and a clear message, never a 500', async () => {
    const base = { eventId: rsvpEvent, slotId: rsvpSlot, validateOnly: false, paymentToken: CARD.ok };
    for (const [body, message] of [
      [{ ...base, amount: 1e20, guestDetails: details() }, 'amount must be at most 2147483647 cents'],
      [{ ...base, amount: 12.5, guestDetails: details() }, 'amount must be a whole number of cents'],
      [{ ...base, amount: 1000, guestDetails: details({ name: 'Ada\u0000' }) }, 'guestDetails.name must not contain NUL characters (\\u0000)'],
      [
        { ...base, amount: 1000, guestDetails: details({ dietaryRestrictions: 'none\u0000' }) },
        'guestDetails.dietaryRestrictions must not contain NUL characters (\\u0000)',
      ],
      [{ ...base, amount: 1000, guestDetails: details({ numGuests: 1e10 }) }, 'Maximum 10 guests'],
      [{ ...base, amount: 1000, guestDetails: details({ numGuests: 1e300 }) }, 'Maximum 10 guests'],
      [{ ...base, amount: 1000, guestDetails: details({ numGuests: '99999999999' }) }, 'Maximum 10 guests'],
      [{ ...base, amount: 1000, guestDetails: details({ numGuests: 2.5 }) }, 'The number of guests must be a whole number'],
      [{ ...base, validateOnly: true, guestDetails: { numGuests: 1e10 } }, 'Maximum 10 guests'],
    ] as const) {
      const answer = await callFunction('process-rsvp-payment', { ...body, idempotencyKey: randomUUID() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ success: false, error: message });
    }
  });

  it('refuses more guests than the slot has spots', async () => {
    const small = await createSlot(rsvpEvent, { slot_label: '8:00pm', slot_time: '20:00', max_capacity: 1 });
    const answer = await callFunction('process-rsvp-payment', {
      eventId: rsvpEvent,
      slotId: small,
      guestDetails: details(),
      validateOnly: false,
      paymentToken: CARD.ok,
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { success: false, error: 'Only 1 spot left in the 8:00pm time slot. Please select another time or fewer guests.' },
    });
  });
});

describe('magnolia-process-payment', () => {
  const club = useSupperClubStack();
  let supper: string;
  beforeAll(async () => {
    supper = (await createSupper(club().org.id, 30)).eventId;
  });
  const callClub = (name: string, body: unknown) => callFunction(name, body, { apiUrl: club().apiUrl });
  const supperData = (over: Record<string, unknown> = {}) => ({
    ...guest('supper'),
    eventId: supper,
    guests: 2,
    timeSlot: '8:00pm',
    ticket_price: 100,
    ...over,
  });

  it('charges 6500 cents per ticket whatever the browser says', async () => {
    const priced = await callClub('magnolia-process-payment', { validateOnly: true, reservationData: supperData() });
    expect(priced.body).toMatchObject({ success: true, finalAmountCents: 13000 });
    const cheap = await callClub('magnolia-process-payment', { token: CARD.ok, amount: 200, reservationData: supperData() });
    expect(cheap).toMatchObject({ status: 400, body: { error: 'The amount has changed. Please review your order and try again.' } });
    const paid = await callClub('magnolia-process-payment', { token: CARD.ok, amount: 13000, reservationData: supperData() });
    expect(paid.body).toMatchObject({ success: true, amountCents: 13000 });
    expect(
      await one<any>(pool(), `select time_slot, amount_cents, num_guests, status from public.reservations where id = $1`, [paid.body.reservationId]),
    ).toEqual({ time_slot: '8:00pm', amount_cents: 13000, num_guests: 2, status: 'confirmed' });
  });

  it('refuses out-of-range numbers and NUL characters with a 400, never a 500', async () => {
    for (const [body, message] of [
      [{ token: CARD.ok, amount: 1e20, reservationData: supperData() }, 'amount must be at most 2147483647 cents'],
      [{ token: CARD.ok, amount: 12.5, reservationData: supperData() }, 'amount must be a whole number of cents'],
      [
        { token: CARD.ok, amount: 13000, reservationData: supperData({ name: '\u0000' }) },
        'reservationData.name must not contain NUL characters (\\u0000)',
      ],
      [{ token: CARD.ok, amount: 13000, reservationData: supperData({ guests: 1e10 }) }, 'Maximum 6 tickets per order.'],
      [{ token: CARD.ok, amount: 13000, reservationData: supperData({ guests: 1.5 }) }, 'The number of guests must be a whole number.'],
    ] as const) {
      const answer = await callClub('magnolia-process-payment', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ success: false, error: message });
    }
  });

  it("uses the words of an event sold by seating and only books its own organization's events", async () => {
    for (const [data, status, message] of [
      [supperData({ guests: 0 }), 400, 'Minimum 1 ticket per order.'],
      [supperData({ guests: 7 }), 400, 'Maximum 6 tickets per order.'],
      [supperData({ timeSlot: '6:00pm' }), 404, 'Time slot not found. Please select a valid time slot.'],
      [supperData({ timeSlot: null }), 400, 'Please select a time slot'],
      [supperData({ email: '' }), 400, 'Please fill in all required fields.'],
      [supperData({ eventId }), 404, 'Event not found. Please select a valid event.'],
    ] as const) {
      const answer = await callClub('magnolia-process-payment', { token: CARD.ok, amount: 13000, reservationData: data });
      expect(answer.status, message).toBe(status);
      expect(answer.body).toMatchObject({ success: false, error: message });
    }
  });

  it("as deployed, prices only the magnolia organization's suppers", async () => {
    // The main stack runs the functions without SUPPER_CLUB_ORG_SLUG: 'magnolia' (read-only calls).
    const seeded = await one<{ id: string }>(
      pool(),
      `
      select e.id from public.events e join public.organizations o on o.id = e.org_id
      where o.slug = 'magnolia' and e.is_active and e.date > current_date
        and exists (select 1 from public.rsvp_slots s where s.event_id = e.id and s.slot_label = '8:00pm' and public.capacity_pool_left(s.pool_id) >= 2)
      order by e.date desc limit 1`,
    );
    const priced = await callFunction('magnolia-process-payment', { validateOnly: true, reservationData: supperData({ eventId: seeded.id }) });
    // 2 × $65.00 and the club's 20% service charge (its seeded terms).
    expect(priced).toMatchObject({
      status: 200,
      body: { success: true, subtotalCents: 13000, serviceChargeCents: 2600, taxCents: 0, finalAmountCents: 15600, amountCents: 15600 },
    });
    const other = await callFunction('magnolia-process-payment', { validateOnly: true, reservationData: supperData() });
    expect(other).toMatchObject({ status: 404, body: { error: 'Event not found. Please select a valid event.' } });
  });

  it('lists its dates with seats per seating: the answer of get-rsvp-availability for its organization', async () => {
    const answer = await callClub('magnolia-availability', {});
    expect(answer.status).toBe(200);
    expect(answer.body.organization.slug).toBe(club().org.slug);
    const event = answer.body.events.find((e: { id: string }) => e.id === supper);
    expect(event).toMatchObject({ kind: 'seatings', seat_price_cents: 6500, party_limit: 6 });
    expect(event.rsvp_slots.map((s: { slot_label: string }) => s.slot_label)).toEqual(['5:30pm', '8:00pm']);
    const eight = event.rsvp_slots.find((s: { slot_label: string }) => s.slot_label === '8:00pm');
    expect(eight.max_capacity).toBe(20);
    expect(event.total_available).toBe(event.rsvp_slots.reduce((n: number, s: { available_spots: number }) => n + s.available_spots, 0));
    expect(event.total_available).toBeGreaterThan(0);
    const general = await callFunction('get-rsvp-availability', { orgSlug: club().org.slug }, { apiUrl: club().apiUrl });
    expect(general.body).toEqual(answer.body);
  });

  it('adds an unlisted supper only for its own link ({ event }); any other body is ignored', async () => {
    const hidden = await createEvent(club().org.id, {
      title: 'Private Supper',
      daysAhead: 95,
      seat_price_cents: 6500,
      unlisted: true,
      slots: [{ slot_time: '17:30', slot_label: '5:30pm', max_capacity: 10 }],
    });
    const ids = (answer: { body: { events: { id: string }[] } }) => answer.body.events.map((e) => e.id);
    expect(ids(await callClub('magnolia-availability', {}))).not.toContain(hidden.id);
    expect(ids(await callClub('magnolia-availability', { event: hidden.id }))).toContain(hidden.id);
    expect(ids(await callClub('magnolia-availability', { event: 42 }))).not.toContain(hidden.id);
    const general = (body: Record<string, unknown>) =>
      callFunction('get-rsvp-availability', { orgSlug: club().org.slug, ...body }, { apiUrl: club().apiUrl });
    expect(ids(await general({}))).not.toContain(hidden.id);
    expect(ids(await general({ event: hidden.id }))).toContain(hidden.id);
    expect(ids(await general({ event: 'not-an-id' }))).not.toContain(hidden.id);
    expect(await general({ event: 42 })).toMatchObject({ status: 400, body: { error: 'event must be an event id' } });
  });
});

describe('availability and card configuration', () => {
  it("names the venue as its organization's branding does: name, city, address and social page", async () => {
    const own = await createOrg({
      name: 'Venue Test Org',
      branding: { brand_name: 'The Venue Table', instagram_url: 'https://instagram.com/venuetable' },
    });
    await pool().query("update public.org_branding set city = 'Savannah, GA', address = '12 Jones St, Savannah, GA' where org_id = $1", [own.id]);
    const answer = await callFunction('get-rsvp-availability', { orgSlug: own.slug });
    expect(answer.body.venue).toEqual({
      name: 'The Venue Table',
      city: 'Savannah, GA',
      address: '12 Jones St, Savannah, GA',
      instagram_url: 'https://instagram.com/venuetable',
    });
  });

  it("get-rsvp-availability lists an organization's upcoming events with slots", async () => {
    const answer = await callFunction('get-rsvp-availability', { orgSlug: rsvpOrg.slug });
    expect(answer.status).toBe(200);
    expect(answer.body.reservationMode).toBe('rsvp');
    const event = answer.body.events.find((e: { id: string }) => e.id === rsvpEvent);
    expect(event.rsvp_slots[0]).toMatchObject({ slot_label: '6:00pm', max_capacity: 20 });
    expect(typeof event.rsvp_slots[0].available_spots).toBe('number');
    expect(await callFunction('get-rsvp-availability', { orgSlug: 'no-such-org' })).toMatchObject({
      status: 404,
      body: { error: 'Organization not found' },
    });
    expect(await callFunction('get-rsvp-availability', {})).toMatchObject({ status: 400, body: { error: 'orgSlug is required' } });
  });

  it('the public page (anon, through the gateway) shows the seats of an abandoned hold before it is released', async () => {
    const own = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
    const { eventId: dinner, ticketTypeId: seat } = await createTicketedEvent(
      own.id,
      { name: 'Counter', price: 5000, quantity: 2 },
      { title: 'Abandoned Cart Page Dinner', max_guests: null },
    );
    const key = randomUUID();
    await asService(
      pool(),
      `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 2, p_name => 'Gone',
      p_email => 'gone@example.com', p_ticket_type => $3)`,
      [key, dinner, seat],
    );
    const { apiUrl, anonKey } = (await import('../support/stack-env.ts')).stackEnv();
    const page = async () => {
      const res = await fetch(`${apiUrl}/rest/v1/rpc/get_public_org_page`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_slug: own.slug }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { events: any[] }[])[0].events.find((e) => e.id === dinner);
    };
    expect(await page()).toMatchObject({ is_fully_booked: true, total_available: 0, ticket_types: [{ quantity: 0 }] });
    // The guest walked away: the hold is past its expiry; nothing has released it yet.
    await pool().query(`update public.reservations set hold_expires_at = now() - interval '1 minute' where idempotency_key = $1`, [key]);
    expect(await page()).toMatchObject({ is_fully_booked: false, total_available: 2, ticket_types: [{ quantity: 2 }] });
    // And the seats can be bought: the booking releases the stale hold first.
    const bought = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 10000,
      reservationData: { ...guest('walk-in'), eventId: dinner, num_guests: 2, ticketTypeId: seat },
      idempotencyKey: randomUUID(),
    });
    expect(bought).toMatchObject({ status: 200, body: { success: true } });
    expect(await page()).toMatchObject({ is_fully_booked: true, total_available: 0 });
  });

  it('square-config and magnolia-square-config report the test processor when Square is not configured', async () => {
    for (const name of ['square-config', 'magnolia-square-config']) {
      const answer = await callFunction(name, {});
      expect(answer).toEqual({ status: 200, body: { success: true, applicationId: null, locationId: null, environment: 'test', testMode: true } });
    }
  });
});
