/**
 * The money and capacity invariants under concurrency, through the gateway and the Deno
 * functions: never oversell, never charge twice, never book without a charge or charge
 * without a booking.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asService, one, usePool } from '../support/db.ts';
import {
  chargesFor,
  createOrg,
  createPromo,
  createSupper,
  createTicketedEvent,
  guest,
  type Org as TestOrg,
  reservationsFor,
  setEventCap,
  slotTaken,
  ticketQuantity,
} from '../support/fixtures.ts';
import { callFunction, CARD, useSupperClubStack } from '../support/functions.ts';

const pool = usePool();
let org: TestOrg;

beforeAll(async () => {
  org = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
});

const pay = (eventId: string, ticketTypeId: string, amount: number, over: Record<string, unknown> = {}, n: number | string = 1) =>
  callFunction('process-square-payment', {
    token: CARD.ok,
    amount,
    reservationData: { ...guest(n), eventId, num_guests: 1, ticketTypeId },
    idempotencyKey: randomUUID(),
    ...over,
  });

/** A fresh event of `org` with one ticket type: the event's id and the ticket type's. */
const ticketedEvent = async (title: string, price: number, quantity: number, name = 'Seat') => {
  const { eventId, ticketTypeId: ticket } = await createTicketedEvent(org.id, { name, price, quantity }, { title });
  return { eventId, ticket };
};

/** A payment request body with a fresh idempotency key. */
const attempt = (token: string, amount: number, tag: string, eventId: string, ticket: string, guests: number) => ({
  token,
  amount,
  reservationData: { ...guest(tag), eventId, num_guests: guests, ticketTypeId: ticket },
  idempotencyKey: randomUUID(),
});

const statusOf = (key: string) => one<any>(pool(), `select status from public.reservations where idempotency_key = $1`, [key]);

describe('scarce seats', () => {
  it('60 simultaneous payments for 10 tickets: exactly 10 confirmed and charged, 50 refused, never negative', async () => {
    const { eventId, ticket } = await ticketedEvent('Rush Dinner', 4000, 10, 'Rush Seat');

    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => pay(eventId, ticket, 4000, {}, `rush-${i}`)));

    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(50);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, error: 'Only 0 tickets available for Rush Seat.' });
    }
    expect(await ticketQuantity(ticket)).toBe(0);

    const rows = await reservationsFor({ eventId });
    const confirmed = rows.filter((r) => r.status === 'confirmed');
    expect(confirmed).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'held')).toHaveLength(0);
    expect(new Set(confirmed.map((r) => r.id))).toEqual(new Set(ok.map((a) => a.body.reservationId)));
    const charges = await chargesFor(rows.map((r) => r.id));
    expect(charges).toHaveLength(10);
    expect(charges.every((c) => c.status === 'COMPLETED' && c.amount_cents === 4000)).toBe(true);
    expect(new Set(charges.map((c) => c.id))).toEqual(new Set(confirmed.map((r) => r.payment_id)));
    const mails = await one<{ n: number }>(pool(), `select count(*)::int as n from public.email_outbox where reservation_id = any($1::uuid[])`, [
      confirmed.map((r) => r.id),
    ]);
    expect(mails.n).toBe(10);
  });

  it('the same request sent twice at once with one key: one reservation, one charge, the same answer', async () => {
    const { eventId, ticket } = await ticketedEvent('Double Click Dinner', 5000, 5);
    const body = attempt(CARD.ok, 10000, 'double', eventId, ticket, 2);

    const answers = await Promise.all(Array.from({ length: 4 }, () => callFunction('process-square-payment', body)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: { success: true, amountCents: 10000 } });

    const rows = await reservationsFor({ eventId });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('confirmed');
    expect(await chargesFor([rows[0].id])).toHaveLength(1);
    expect(await ticketQuantity(ticket)).toBe(3);
    const mails = await one<{ n: number }>(pool(), `select count(*)::int as n from public.email_outbox where reservation_id = $1`, [rows[0].id]);
    expect(mails.n).toBe(1);
  });

  it('a declined duplicate never leaves seats held', async () => {
    const { eventId, ticket } = await ticketedEvent('Declined Dinner', 5000, 3);
    const body = attempt(CARD.declined, 5000, 'declined', eventId, ticket, 1);
    const answers = await Promise.all([callFunction('process-square-payment', body), callFunction('process-square-payment', body)]);
    for (const a of answers) expect(a.status).toBe(402);
    expect(await ticketQuantity(ticket)).toBe(3);
    expect((await reservationsFor({ eventId })).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('expired holds', () => {
  const holdDirect = (key: string, eventId: string, ticket: string, email: string, guests: number) =>
    asService<any>(
      pool(),
      `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => $3, p_name => 'Stale Guest',
      p_email => $4, p_ticket_type => $5)`,
      [key, eventId, guests, email, ticket],
    );
  const expire = (key: string) =>
    pool().query(`update public.reservations set hold_expires_at = now() - interval '1 minute' where idempotency_key = $1`, [key]);

  /** A two-seat hold made by an earlier attempt whose answer was lost, now past its expiry. */
  const staleHold = async (tag: string, eventId: string, ticket: string) => {
    const key = randomUUID();
    const data = { ...guest(tag), eventId, num_guests: 2, ticketTypeId: ticket };
    await holdDirect(key, eventId, ticket, data.email, 2);
    await expire(key);
    return { key, data };
  };

  it('a hold left unconfirmed past its expiry gives its seats to the next booking', async () => {
    const { eventId, ticket } = await ticketedEvent('Abandoned Cart Dinner', 3000, 2);
    const staleKey = randomUUID();
    await holdDirect(staleKey, eventId, ticket, 'stale@example.com', 2);
    expect(await ticketQuantity(ticket)).toBe(0);
    const blocked = await pay(eventId, ticket, 6000, { reservationData: { ...guest('late'), eventId, num_guests: 2, ticketTypeId: ticket } });
    expect(blocked).toMatchObject({ status: 409, body: { error: 'Only 0 tickets available for Seat.' } });

    await expire(staleKey);
    const next = await pay(eventId, ticket, 6000, { reservationData: { ...guest('next'), eventId, num_guests: 2, ticketTypeId: ticket } });
    expect(next.status).toBe(200);
    expect(await statusOf(staleKey)).toEqual({ status: 'expired' });
    expect(await ticketQuantity(ticket)).toBe(0);
  });

  it('a payment that completes after its hold expired and the seats were sold is refunded, and the guest told', async () => {
    const { eventId, ticket } = await ticketedEvent('Slow Card Dinner', 3000, 2);
    // The first attempt held the seats, then its answer was lost before the charge.
    const { key, data: slow } = await staleHold('slow', eventId, ticket);
    const other = await pay(eventId, ticket, 6000, { reservationData: { ...guest('fast'), eventId, num_guests: 2, ticketTypeId: ticket } });
    expect(other.status).toBe(200);

    const retry = { token: CARD.ok, amount: 6000, reservationData: slow, idempotencyKey: key };
    const answer = await callFunction('process-square-payment', retry);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      error:
        'Sorry, your reservation hold expired and the seats were released before your payment completed. Your payment of $60.00 has been refunded.',
    });
    const charge = await one<any>(pool(), `select * from test_processor.payments where idempotency_key = $1`, [key]);
    expect(charge).toMatchObject({ status: 'COMPLETED', amount_cents: 6000, refunded_cents: 6000 });
    expect(await ticketQuantity(ticket)).toBe(0);
    expect((await reservationsFor({ eventId })).filter((r) => r.status === 'confirmed')).toHaveLength(1);

    // Asking again replays the answer: no second charge, no second refund, no booking.
    expect(await callFunction('process-square-payment', retry)).toEqual(answer);
    expect((await one<any>(pool(), `select count(*)::int as n from test_processor.refunds where payment_id = $1`, [charge.id])).n).toBe(1);
    expect(await statusOf(key)).toEqual({ status: 'expired' });
  });

  it("a retry after a lost answer charges the first attempt's card with the same key, once", async () => {
    const { eventId, ticket } = await ticketedEvent('Lost Answer Dinner', 3000, 4);
    const key = randomUUID();
    const data = { ...guest('lost'), eventId, num_guests: 1, ticketTypeId: ticket };
    // The first attempt (approved card) held the seats; its answer never reached the browser.
    await asService(
      pool(),
      `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 1, p_name => 'Lost',
      p_email => $3, p_ticket_type => $4, p_has_payment_token => true, p_payment_source => $5)`,
      [key, eventId, data.email, ticket, CARD.ok],
    );
    // The browser retries the same attempt with a freshly tokenized card.
    const answer = await callFunction('process-square-payment', {
      token: 'cnon:fresh-token-from-retry',
      amount: 3000,
      reservationData: data,
      idempotencyKey: key,
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true, amountCents: 3000 } });
    const charges = await one<any>(
      pool(),
      `select count(*)::int as n, min(source_id) as source from test_processor.payments where idempotency_key = $1`,
      [key],
    );
    expect(charges).toEqual({ n: 1, source: CARD.ok });
    expect(await ticketQuantity(ticket)).toBe(3);
  });

  it('a late payment whose seats are still free is booked', async () => {
    const { eventId, ticket } = await ticketedEvent('Late But Lucky Dinner', 3000, 2);
    const { key, data: late } = await staleHold('lucky', eventId, ticket);
    const answer = await callFunction('process-square-payment', { token: CARD.ok, amount: 6000, reservationData: late, idempotencyKey: key });
    expect(answer).toMatchObject({ status: 200, body: { success: true, amountCents: 6000 } });
    expect(await ticketQuantity(ticket)).toBe(0);
    expect(await statusOf(key)).toEqual({ status: 'confirmed' });
  });
});

describe('promo codes under concurrency', () => {
  it('20 simultaneous uses of a code with 3 uses left: exactly 3 redeemed, max_uses never exceeded', async () => {
    // The code belongs to the organization: spread the rush over four of its events, so the
    // bookings do not queue on one event row and only the code's own lock keeps the count.
    const events = await Promise.all([1, 2, 3, 4].map((n) => ticketedEvent(`Promo Rush Dinner ${n}`, 10000, 50)));
    const promoId = await createPromo(org.id, { code: 'RUSH3', discount_type: 'percent', discount_amount: 25, max_uses: 3 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { eventId, ticket } = events[i % events.length];
        return pay(eventId, ticket, 7500, { promoCode: 'rush3' }, `promo-${i}`);
      }),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({ status: 400, body: { success: false, error: 'Invalid promo code' } });
    }
    expect(await one<any>(pool(), `select times_redeemed, max_uses from public.promo_codes where id = $1`, [promoId])).toEqual({
      times_redeemed: 3,
      max_uses: 3,
    });
    const rows = (await Promise.all(events.map((e) => reservationsFor({ eventId: e.eventId })))).flat();
    expect(rows.filter((r) => r.status === 'confirmed' && r.promo_code_id === promoId)).toHaveLength(3);
    // Refused before any charge: exactly three charges, none refunded.
    const charges = await chargesFor(rows.map((r) => r.id));
    expect(charges.map((c) => [c.amount_cents, c.refunded_cents])).toEqual([
      [7500, 0],
      [7500, 0],
      [7500, 0],
    ]);
    let left = 0;
    for (const e of events) left += await ticketQuantity(e.ticket);
    expect(left).toBe(200 - 3);
  });
});

describe('supper club seatings', () => {
  const club = useSupperClubStack();
  /** One 5:30pm ticket for a supper club event, paid with an approved card. */
  const seatingTicket = (tag: string, eventId: string, extra: Record<string, unknown> = {}) =>
    callFunction(
      'magnolia-process-payment',
      {
        token: CARD.ok,
        amount: 6500,
        reservationData: { ...guest(tag), eventId, guests: 1, timeSlot: '5:30pm', ...extra },
        idempotencyKey: randomUUID(),
      },
      { apiUrl: club().apiUrl },
    );

  it('30 simultaneous single tickets for one seating of 20: 20 booked, 10 refused', async () => {
    const { eventId: supper, early, late } = await createSupper(club().org.id, 40);

    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => seatingTicket(`supper-${i}`, supper, { ticket_price: 6500 })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(20);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.error).toMatch(
        /^Not enough tickets for \w+day, \w+ \d{1,2}, \d{4} at 5:30pm \(0 left\)\. Please select another date or reduce tickets\.$/,
      );
    }
    expect(await slotTaken(early)).toBe(20);
    expect(await slotTaken(late)).toBe(0);
    const rows = await reservationsFor({ eventId: supper });
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(20);
    expect(rows.every((r) => r.status !== 'confirmed' || (r.amount_cents === 6500 && r.time_slot === '5:30pm'))).toBe(true);
    expect(await chargesFor(rows.map((r) => r.id))).toHaveLength(20);
  });

  it("a seating sells within the event's cap, and the availability answer says so before and after", async () => {
    const { eventId: supper, early } = await createSupper(club().org.id, 47);
    await setEventCap(supper, 15);
    const seating = async () => {
      const answer = await callFunction('magnolia-availability', {}, { apiUrl: club().apiUrl });
      expect(answer.status).toBe(200);
      const event = answer.body.events.find((e: { id: string }) => e.id === supper);
      return { event, slot: event.rsvp_slots.find((s: { slot_label: string }) => s.slot_label === '5:30pm') };
    };
    // The seating holds 20, the event 15: the page offers 15.
    expect((await seating()).slot).toMatchObject({ max_capacity: 20, available_spots: 15 });

    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => seatingTicket(`capped-${i}`, supper)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(15);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.error).toMatch(/^Not enough tickets for \w+day, \w+ \d{1,2}, \d{4} \(0 left\)\. Please select another date or reduce tickets\.$/);
    }
    expect(await slotTaken(early)).toBe(15);
    const rows = await reservationsFor({ eventId: supper });
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(15);
    expect(await chargesFor(rows.map((r) => r.id))).toHaveLength(15);

    // Both seatings now offer nothing: the event is full.
    const after = await seating();
    expect(after.event.rsvp_slots.map((s: { available_spots: number }) => s.available_spots)).toEqual([0, 0]);
    expect(after.event).toMatchObject({ available_seats: 0, total_available: 0, is_fully_booked: true });
  });
});
