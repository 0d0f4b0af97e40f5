/**
 * The Square path of the payment functions, against a fake Square Payments API on loopback:
 * a second Deno runner serves the same function sources with Square secrets set and
 * SQUARE_API_BASE_URL pointing at the fake. Checks what is sent to Square and how its
 * answers (approved, declined, lost) become bookings.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, usePool } from '../support/db.ts';
import { FakeSquare } from '../support/fake-square.ts';
import { createOrg, createTicketedEvent, guest, ticketQuantity } from '../support/fixtures.ts';
import { useSquareFunctions } from '../support/functions.ts';

const pool = usePool();

const square = new FakeSquare();
const functionsUrl = useSquareFunctions(square, { SQUARE_ENVIRONMENT: 'sandbox', SQUARE_API_VERSION: '2025-01-23' });

async function call(name: string, body: unknown) {
  const res = await fetch(`${functionsUrl()}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('with Square configured', () => {
  let eventId: string;
  let ticket: string;
  beforeAll(async () => {
    const org = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
    ({ eventId, ticketTypeId: ticket } = await createTicketedEvent(org.id, { name: 'Seat', price: 8800, quantity: 10 }, { title: 'Square Dinner' }));
  });
  const data = (over: Record<string, unknown> = {}) => ({ ...guest('square'), eventId, num_guests: 2, ticketTypeId: ticket, ...over });

  it('the card form gets the Square application, not the test form', async () => {
    expect(await call('square-config', {})).toEqual({
      status: 200,
      body: { success: true, applicationId: 'sandbox-sq0idb-test', locationId: 'LOC123', environment: 'sandbox', testMode: false },
    });
  });

  it("charges through Square with the reservation's key and books it", async () => {
    const key = randomUUID();
    const d = data();
    const answer = await call('process-square-payment', { token: 'cnon:card-nonce-ok', amount: 17600, reservationData: d, idempotencyKey: key });
    expect(answer).toMatchObject({ status: 200, body: { success: true, amountCents: 17600 } });
    const sent = square.callsFor(key);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/v2/payments');
    expect(sent[0].headers.authorization).toBe('Bearer EAAA-test-access-token');
    expect(sent[0].headers['square-version']).toBe('2025-01-23');
    expect(sent[0].body).toEqual({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: key,
      amount_money: { amount: 17600, currency: 'USD' },
      location_id: 'LOC123',
      reference_id: answer.body.reservationId,
      note: expect.stringContaining('Square Dinner (2 guests)'),
      buyer_email_address: d.email,
      autocomplete: true,
    });
    const row = await one<any>(pool(), `select status, payment_provider, payment_id from public.reservations where id = $1`, [
      answer.body.reservationId,
    ]);
    expect(row).toMatchObject({ status: 'confirmed', payment_provider: 'square' });
    expect(row.payment_id).toMatch(/^sq_pay_/);
  });

  it('a Square decline fails the booking and gives the seats back', async () => {
    const before = await ticketQuantity(ticket);
    const answer = await call('process-square-payment', {
      token: 'cnon:card-nonce-declined',
      amount: 17600,
      reservationData: data(),
      idempotencyKey: randomUUID(),
    });
    expect(answer).toMatchObject({
      status: 402,
      body: { success: false, error: 'Your card was declined. Please try another card or contact your card issuer.' },
    });
    expect(await ticketQuantity(ticket)).toBe(before);
  });

  it('a lost answer keeps the hold (503, retry); the retry with the same key books it without a second charge', async () => {
    const key = randomUUID();
    const d = data({ num_guests: 1 });
    square.loseAnswers(1);
    const lost = await call('process-square-payment', { token: 'cnon:card-nonce-ok', amount: 8800, reservationData: d, idempotencyKey: key });
    expect(lost).toMatchObject({
      status: 503,
      body: {
        success: false,
        error: 'We could not confirm your payment with the card processor. Please try again in a moment; you will not be charged twice.',
      },
    });
    expect(await one<any>(pool(), `select status from public.reservations where idempotency_key = $1`, [key])).toEqual({ status: 'held' });

    // The browser retries the attempt with a new token: the first attempt's token is charged again.
    const retry = await call('process-square-payment', { token: 'cnon:another-token', amount: 8800, reservationData: d, idempotencyKey: key });
    expect(retry).toMatchObject({ status: 200, body: { success: true, amountCents: 8800 } });
    const sent = square.callsFor(key);
    expect(sent.map((c) => c.body.source_id)).toEqual(['cnon:card-nonce-ok', 'cnon:card-nonce-ok']);
    // Square answered the repeat with its first payment: one payment for the key.
    expect(sent[1].body).toEqual(sent[0].body);
    expect(await one<any>(pool(), `select status, payment_id from public.reservations where idempotency_key = $1`, [key])).toEqual({
      status: 'confirmed',
      payment_id: square.paymentFor(key).id,
    });
  });
});
