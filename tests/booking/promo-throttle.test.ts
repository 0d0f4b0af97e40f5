/**
 * Promo codes cannot be guessed: every refused code answers the same words, and refusals are
 * throttled per client and per event (booking SQL: assert_promo_attempts_allowed,
 * record_promo_miss; the functions pass the guest's address).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/db.ts';
import { createEvent, createOrg, createPromo, createSlot, createTicketedEvent, guest, type Org } from '../support/fixtures.ts';
import { callFunction } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

let org: Org;

beforeAll(async () => {
  org = await createOrg({ branding: { brand_name: 'Throttle Kitchen' } });
  await createPromo(org.id, { code: 'REAL10', discount_type: 'percent', discount_amount: 10 });
  await createPromo(org.id, { code: 'ASLEEP', discount_type: 'percent', discount_amount: 10, active: false });
  await createPromo(org.id, { code: 'SPENT', discount_type: 'percent', discount_amount: 10, max_uses: 0 });
});

interface Dinner {
  eventId: string;
  ticketTypeId: string;
}

const ticketedEvent = (title: string): Promise<Dinner> => createTicketedEvent(org.id, { name: 'Food Only', price: 10000, quantity: 40 }, { title });

const quote = (dinner: Dinner, promoCode: string, headers: Record<string, string> = {}) =>
  direct(
    'process-square-payment',
    {
      validateOnly: true,
      reservationData: { ...guest(), eventId: dinner.eventId, num_guests: 2, ticketTypeId: dinner.ticketTypeId },
      promoCode,
    },
    headers,
  );

/** Straight to the functions port, as a proxy in front of them would call them (with the client's address). */
async function direct(name: string, body: unknown, headers: Record<string, string>) {
  if (!headers['x-real-ip']) return { ...(await callFunction(name, body)), retryAfter: null as string | null };
  const env = stackEnv();
  const res = await fetch(`${env.functionsUrl}/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

describe('promo code guessing', () => {
  it('answers an unknown, an inactive and a used-up code with the same words', async () => {
    const dinner = await ticketedEvent('Same Words Dinner');
    const answers = await Promise.all(['NOPE', 'asleep', 'SPENT'].map((code) => quote(dinner, code)));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error: 'Invalid promo code', code: 'invalid_promo_code' });
    }
    expect((await quote(dinner, 'real10')).body).toMatchObject({ success: true, discountCents: 2000 });
  });

  it('after 10 refusals a client gets 429 with the wait, even for a real code; other clients and events are not affected', async () => {
    const dinner = await ticketedEvent('Guessing Dinner');
    const attacker = { 'x-real-ip': '203.0.113.7' };
    for (let i = 0; i < 10; i++) {
      const miss = await quote(dinner, `GUESS${i}`, attacker);
      expect(miss.status, `guess ${i}`).toBe(400);
      expect(miss.body.error).toBe('Invalid promo code');
    }
    const throttled = await quote(dinner, 'GUESS10', attacker);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({
      success: false,
      code: 'too_many_attempts',
      error: 'Too many promo code attempts. Please try again in 15 minutes.',
    });
    expect(Number(throttled.retryAfter)).toBeGreaterThan(800);
    expect(Number(throttled.retryAfter)).toBeLessThanOrEqual(900);
    expect(throttled.body.retryAfter).toBe(Number(throttled.retryAfter));
    // The code is not even looked at: a real one is refused the same way.
    expect((await quote(dinner, 'REAL10', attacker)).status).toBe(429);
    // A booking without a code is never throttled.
    expect((await quote(dinner, '', attacker)).body).toMatchObject({ success: true });

    // Another guest of the same event, and the attacker at another event, still apply codes.
    expect((await quote(dinner, 'REAL10', { 'x-real-ip': '198.51.100.20' })).body).toMatchObject({ success: true, discountCents: 2000 });
    const other = await ticketedEvent('Other Dinner');
    expect((await quote(other, 'REAL10', attacker)).body).toMatchObject({ success: true });
    // Ten misses were recorded for the attacker at this event, none for the real codes.
    const [{ misses }] = await sql<{ misses: number }>(
      `select count(*)::int as misses from public.promo_code_misses where event_id = $1 and client_key = '203.0.113.7'`,
      [dinner.eventId],
    );
    expect(misses).toBe(10);
  });

  it('an event refuses every client for a while once 200 refusals came from many clients', async () => {
    const dinner = await ticketedEvent('Distributed Guessing Dinner');
    await sql(`insert into public.promo_code_misses (event_id, client_key) select $1, 'bot-' || n from generate_series(1, 200) n`, [dinner.eventId]);
    const answer = await quote(dinner, 'REAL10', { 'x-real-ip': '192.0.2.55' });
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('too_many_attempts');
  });

  it('throttles the RSVP deposit flow too', async () => {
    const rsvpOrg = await createOrg({ branding: { brand_name: 'Throttle Garden', reservation_mode: 'rsvp' } });
    const eventId = (
      await createEvent(rsvpOrg.id, { title: 'Garden Guessing', rsvp_mode: true, rsvp_open: true, deposit_amount: 500, max_guests: 30 })
    ).id;
    const slotId = await createSlot(eventId, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 20 });
    const rsvp = (promoCode: string) =>
      direct(
        'process-rsvp-payment',
        {
          eventId,
          slotId,
          validateOnly: true,
          promoCode,
          guestDetails: { name: 'G', email: 'g@example.com', numGuests: 1 },
        },
        { 'x-real-ip': '203.0.113.99' },
      );
    for (let i = 0; i < 10; i++) expect((await rsvp(`NOPE${i}`)).body.error).toBe('Invalid promo code');
    const throttled = await rsvp('NOPE10');
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfter).toMatch(/^\d+$/);
  });
});
