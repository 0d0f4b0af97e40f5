/**
 * More guests from the manage link (manage-booking 'add'), through the gateway and real Deno with
 * the local test processor: the added guests pay what each guest of the booking paid, in a second
 * charge of their own; the seats are taken while the card is charged and given back if it is
 * declined; a retry never charges twice; a crash between the two halves is settled by the
 * reconciler; refunds afterwards go back to the charge that took the money, split over both when
 * needed; and two bookings racing for the last seats never oversell them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, guest, type Org, type Staff, ticketQuantity } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD, reconcilePayments } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

beforeAll(async () => {
  ({ org, staff } = await createStaffOrgAndOutsider('more', brandedAs('More Guests Kitchen')));
});

/** A booking of `guests` tickets at $100.00, paid by card, on a new event with `seats` tickets (full refunds until 48 hours before). */
async function paidBooking(guests: number, seats = 10) {
  const event = await createEvent(org.id, {
    title: 'Growing Dinner',
    refund_window_hours: 48,
    late_refund_percent: 50,
    ticketTypes: [{ name: 'Seat', price: 10000, quantity: seats }],
  });
  const email = guest('more').email;
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 10000 * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: guests, name: 'Gus Grower', email },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  const { reservationId, manageToken } = answer.body as { reservationId: string; manageToken: string };
  return { reservationId, manageToken, eventId: event.id, ticketTypeId: event.ticketTypes[0].id, email };
}

const add = (token: string, guests: number, extra: Record<string, unknown> = {}) =>
  callFunction('manage-booking', { token, action: 'add', guests, sourceId: CARD.ok, idempotencyKey: randomUUID(), ...extra });

const ledger = (reservationId: string) =>
  sql<{ kind: string; status: string; amount_cents: number; purpose: string; guests: number | null; provider_payment_id: string | null }>(
    `select kind, status, amount_cents, purpose, guests, provider_payment_id from public.payment_ledger where reservation_id = $1 order by id`,
    [reservationId],
  );
const guestsOf = async (reservationId: string) =>
  (await one<{ num_guests: number }>(pool(), `select num_guests from public.reservations where id = $1`, [reservationId])).num_guests;
/** The booking's history as its staff read it, the party changes only. */
async function history(reservationId: string) {
  const { data, error } = await staff.client.rpc('staff_booking_history', { p_reservation_id: reservationId });
  expect(error).toBeNull();
  const rows = (data ?? []) as { kind: string; summary: string }[];
  return rows.filter((row) => row.kind.startsWith('party')).map(({ kind, summary }) => ({ kind, summary }));
}

async function reconcile() {
  const { status, body } = await reconcilePayments(org.id);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { confirmed: number; declined: number };
}

describe('more guests, paying the difference', () => {
  it('offers the sizes the seats allow at the booking price, charges the added guests once and emails the guest', async () => {
    const b = await paidBooking(2, 5);
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking.more_guests).toEqual([
      { guests: 3, charge_cents: 10000 },
      { guests: 4, charge_cents: 20000 },
      { guests: 5, charge_cents: 30000 },
    ]);

    const key = randomUUID();
    const added = await add(b.manageToken, 4, { expectedCents: 20000, idempotencyKey: key });
    expect(added).toMatchObject({ status: 200, body: { success: true, added: 2, chargedCents: 20000, booking: { guests: 4 } } });
    expect(added.body.booking.money).toMatchObject({ paid_cents: 40000, badge: 'Paid' });
    expect(await ticketQuantity(b.ticketTypeId)).toBe(1);
    // The same attempt again: the same answer, nothing charged twice.
    expect(await add(b.manageToken, 4, { expectedCents: 20000, idempotencyKey: key })).toMatchObject({
      status: 200,
      body: { added: 2, chargedCents: 20000, booking: { guests: 4 } },
    });
    const lines = await ledger(b.reservationId);
    expect(lines.map(({ kind, status, amount_cents, purpose, guests }) => ({ kind, status, amount_cents, purpose, guests }))).toEqual([
      { kind: 'charge', status: 'completed', amount_cents: 20000, purpose: 'booking', guests: 2 },
      { kind: 'charge', status: 'completed', amount_cents: 20000, purpose: 'more_guests', guests: 2 },
    ]);
    expect(await sql(`select amount_cents from test_processor.payments where idempotency_key = $1`, [key])).toEqual([{ amount_cents: 20000 }]);
    expect(await sql(`select count(*)::int as n from public.reservation_seats where reservation_id = $1`, [b.reservationId])).toEqual([{ n: 4 }]);

    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is now for 4 guests'));
    expect(mail?.body_text).toContain('We charged $200.00 to your card for the added guests.');
    expect(mail?.body_html).toContain('View your booking');
    expect(await history(b.reservationId)).toEqual([
      { kind: 'party_increased', summary: 'The guest changed the party from 2 to 4 guests, paying $200.00' },
    ]);
    // The last seat is still on offer; beyond it nothing is.
    expect((await callFunction('manage-booking', { token: b.manageToken, action: 'view' })).body.booking.more_guests).toEqual([
      { guests: 5, charge_cents: 10000 },
    ]);
  });

  it('a declined card gives the seats back and charges nothing', async () => {
    const b = await paidBooking(2);
    const declined = await add(b.manageToken, 3, { sourceId: CARD.declined });
    expect(declined).toMatchObject({ status: 402, body: { success: false } });
    expect(await guestsOf(b.reservationId)).toBe(2);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(8);
    expect((await ledger(b.reservationId)).map((l) => [l.purpose, l.status])).toEqual([
      ['booking', 'completed'],
      ['more_guests', 'failed'],
    ]);
    expect(await history(b.reservationId)).toEqual([{ kind: 'party_increase_declined', summary: 'Adding 1 guest failed: the payment was declined' }]);
  });

  it('refuses a changed price, too many guests and fewer guests, and changes nothing', async () => {
    const b = await paidBooking(2, 3);
    expect(await add(b.manageToken, 3, { expectedCents: 5000 })).toMatchObject({
      status: 409,
      body: { error: 'Adding these guests costs $100.00, not $50.00. Please check the price and try again.' },
    });
    expect(await add(b.manageToken, 4)).toMatchObject({ status: 409, body: { error: 'This booking can have at most 3 guests now.' } });
    expect(await add(b.manageToken, 2)).toMatchObject({ status: 400, body: { error: 'Choose more guests than the booking has now (2).' } });
    expect(await add(b.manageToken, 3, { sourceId: null })).toMatchObject({
      status: 400,
      body: { error: 'Card details are required to pay $100.00 for the added guests.' },
    });
    expect(await guestsOf(b.reservationId)).toBe(2);
    expect((await ledger(b.reservationId)).length).toBe(1);
  });

  it('refunds go back to the charge that took the money: fewer guests from the newest, a cancellation split over both', async () => {
    const b = await paidBooking(2);
    expect((await add(b.manageToken, 4)).status).toBe(200);
    const [first, second] = (await ledger(b.reservationId)).filter((l) => l.kind === 'charge');

    const reduced = await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 3 });
    expect(reduced.body).toMatchObject({ refundedCents: 10000, refundStatus: 'completed' });
    const cancelled = await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(cancelled.body).toMatchObject({ refundedCents: 40000, refundStatus: 'completed' });

    const refunds = (await ledger(b.reservationId)).filter((l) => l.kind === 'refund');
    expect(refunds.map((r) => [r.provider_payment_id, r.amount_cents, r.status])).toEqual([
      [second.provider_payment_id, 10000, 'completed'],
      [second.provider_payment_id, 10000, 'completed'],
      [first.provider_payment_id, 20000, 'completed'],
    ]);
    expect(
      await sql(`select id, refunded_cents from test_processor.payments where id = any($1) order by array_position($1::text[], id)`, [
        [first.provider_payment_id, second.provider_payment_id],
      ]),
    ).toEqual([
      { id: first.provider_payment_id, refunded_cents: 20000 },
      { id: second.provider_payment_id, refunded_cents: 20000 },
    ]);
    // One cancellation email for the whole refund, not one per part.
    const cancellations = (await mailFor(b.email, 4)).filter((m) => m.subject.includes('is cancelled'));
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0].body_text).toContain('We have refunded $300.00 to the card you paid with.');
  });
});

describe('a crash between taking the seats and the charge', () => {
  /** The first half alone, as if the function died after it (optionally after the processor charged). */
  async function openCharge(b: Awaited<ReturnType<typeof paidBooking>>, guests: number, charged: boolean) {
    const key = randomUUID();
    const [start] = await sql<{ ledger_id: number; amount_cents: number }>(
      `select ledger_id, amount_cents from public.guest_add_guests($1, $2, $3, null, 'test')`,
      [b.manageToken, guests, key],
    );
    if (charged) {
      const request = {
        source_id: CARD.ok,
        idempotency_key: key,
        amount_money: { amount: start.amount_cents, currency: 'USD' },
        reference_id: b.reservationId,
        autocomplete: true,
      };
      await sql(`select public.note_charge($1, $2)`, [b.reservationId, request]);
      await sql(`select public.test_processor_charge($1, $2, $3)`, [key, CARD.ok, start.amount_cents]);
    }
    return start.ledger_id;
  }

  it('a charge that went through: the reconciler keeps the guests and completes it, once', async () => {
    const b = await paidBooking(2);
    const ledgerId = await openCharge(b, 3, true);
    expect(await guestsOf(b.reservationId)).toBe(3);
    // Nothing else changes while the payment is open.
    expect(await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 1 })).toMatchObject({
      status: 409,
      body: { error: 'A payment for this booking is still being processed. Please wait a minute and reload the page.' },
    });
    expect((await reconcile()).confirmed).toBeGreaterThanOrEqual(1);
    expect(await one(pool(), `select status from public.payment_ledger where id = $1`, [ledgerId])).toEqual({ status: 'completed' });
    expect(await guestsOf(b.reservationId)).toBe(3);
    await reconcile();
    expect((await ledger(b.reservationId)).filter((l) => l.kind === 'charge').map((l) => l.status)).toEqual(['completed', 'completed']);
    expect((await mailFor(b.email, 2)).filter((m) => m.subject.includes('is now for 3 guests'))).toHaveLength(1);
  });

  it('a charge never sent: the reconciler gives the seats back', async () => {
    const b = await paidBooking(2);
    const ledgerId = await openCharge(b, 4, false);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(6);
    await reconcile();
    expect(await one(pool(), `select status from public.payment_ledger where id = $1`, [ledgerId])).toEqual({ status: 'failed' });
    expect(await guestsOf(b.reservationId)).toBe(2);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(8);
  });

  it('a booking cancelled while its added guests were being charged: that charge is refunded whole', async () => {
    const b = await paidBooking(2);
    const ledgerId = await openCharge(b, 3, true);
    await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    await reconcile();
    expect(await one(pool(), `select status from public.payment_ledger where id = $1`, [ledgerId])).toEqual({ status: 'completed' });
    expect(await one(pool(), `select (public.money_of($1) ->> 'net_cents')::int as net`, [b.reservationId])).toEqual({ net: 0 });
  });
});

it('two bookings racing for the last seats: exactly one gets them, and nothing is oversold', async () => {
  const event = await createEvent(org.id, { title: 'Last Seats Dinner', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 6 }] });
  const book = async () => {
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 10000,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 2, name: 'Racer', email: guest('race').email },
    });
    return answer.body.manageToken as string;
  };
  const tokens = [await book(), await book()];
  const answers = await Promise.all([...tokens, ...tokens].map((token) => add(token, 4)));
  // The others are refused: no seats left, a payment in progress, or already that size.
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 409 || a.status === 400)).toHaveLength(3);
  expect(await ticketQuantity(event.ticketTypes[0].id)).toBe(0);
  expect(
    await one(
      pool(),
      `select coalesce(sum(l.amount_cents), 0)::int as paid from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
                       where r.event_id = $1 and l.kind = 'charge' and l.status = 'completed'`,
      [event.id],
    ),
  ).toEqual({ paid: 30000 });
});
