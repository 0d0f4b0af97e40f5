/**
 * Each guest pays their own seat (072_split_payments.sql), through the gateway and real Deno
 * with the local test processor: the booker pays one seat and the party's other seats are held;
 * each guest claims and pays their seat from its link (pay-seat); at the cutoff the unpaid seats
 * are released to the waitlist and the booker, the team and the released guests are emailed;
 * money stays per seat (a cancellation refunds each seat's charge to its own card); and many
 * payments, a cancellation and the cutoff at once never charge a seat twice or keep money
 * without a seat.
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
  ({ org, staff } = await createStaffOrgAndOutsider('split', brandedAs('Split Bill Supper')));
});

const PRICE = 8000;

/** A dinner of `seats` tickets at $80.00 whose guests may pay their own seats (full refunds until 48 hours before). */
async function splitDinner(seats: number) {
  const event = await createEvent(org.id, {
    title: 'Split Table Dinner',
    refund_window_hours: 48,
    late_refund_percent: 0,
    ticketTypes: [{ name: 'Seat', price: PRICE, quantity: seats }],
  });
  await sql(`insert into public.event_split_payments (event_id) values ($1)`, [event.id]);
  return { eventId: event.id, ticketTypeId: event.ticketTypes[0].id };
}

/** The booker books `guests` with everyone paying their own seat: they pay one seat. */
async function splitBooking(dinner: { eventId: string; ticketTypeId: string }, guests: number) {
  const email = guest('split-booker').email;
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: PRICE,
    idempotencyKey: randomUUID(),
    payOwnSeat: true,
    reservationData: { eventId: dinner.eventId, ticketTypeId: dinner.ticketTypeId, num_guests: guests, name: 'Bea Booker', email },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true, amountCents: PRICE } });
  const { reservationId, manageToken } = answer.body as { reservationId: string; manageToken: string };
  const seats = await sql<{ seat_no: number; seat_token: string; payment: string }>(
    `select seat_no, seat_token, payment from public.booking_seats($1) order by seat_no`,
    [manageToken],
  );
  return { reservationId, manageToken, email, seats };
}

const claim = (token: string, name: string, email: string, allergens: string[] = []) =>
  sql(`select * from public.claim_seat($1, $2, $3, $4, null)`, [token, name, email, allergens]);
const pay = (token: string, extra: Record<string, unknown> = {}) =>
  callFunction('pay-seat', { token, sourceId: CARD.ok, expectedCents: PRICE, idempotencyKey: randomUUID(), ...extra });
const seatCharges = (reservationId: string) =>
  sql<{ seat_no: number | null; status: string; amount_cents: number; provider_payment_id: string | null }>(
    `select seat_no, status, amount_cents, provider_payment_id from public.payment_ledger
     where reservation_id = $1 and kind = 'charge' order by id`,
    [reservationId],
  );
const netOf = async (reservationId: string) =>
  (await one<{ net: number }>(pool(), `select (public.money_of($1) ->> 'net_cents')::int as net`, [reservationId])).net;

/** A per-guest wine pairing ($25.00) and a per-booking corkage ($15.00), offered by the event. */
async function addExtras(eventId: string) {
  const [wine] = await sql<{ id: string }>(
    `insert into public.event_addons (event_id, name, price_cents, per, quantity_limit) values ($1, 'Wine pairing', 2500, 'guest', 20) returning id`,
    [eventId],
  );
  const [corkage] = await sql<{ id: string }>(
    `insert into public.event_addons (event_id, name, price_cents, per, sort) values ($1, 'Corkage', 1500, 'booking', 1) returning id`,
    [eventId],
  );
  return { wine: wine.id, corkage: corkage.id };
}

describe('the table, end to end', () => {
  it('a party pays seat by seat and takes extras; the cutoff releases the unpaid seats to the waitlist; the kitchen and the door see the three guests and the extras', async () => {
    const dinner = await splitDinner(5);
    const extras = await addExtras(dinner.eventId);
    const b = await splitBooking(dinner, 5);
    const waiting = guest('table-wait').email;
    const join = { eventId: dinner.eventId, ticketTypeId: dinner.ticketTypeId, name: 'Walt Waiting', email: waiting, partySize: 2 };
    expect((await callFunction('join-waitlist', join)).status).toBe(200);

    const [mine, s2, s3, s4] = b.seats;
    await claim(mine.seat_token, 'Bea Booker', b.email, ['sesame']);
    await claim(s2.seat_token, 'Cy Celiac', guest('table-cy').email, ['gluten']);
    await claim(s3.seat_token, 'Di Dairy', guest('table-di').email, ['milk']);
    await claim(s4.seat_token, 'Ed Unpaid', guest('table-ed').email, ['peanuts']);
    // Extras from a seat wait for the seat's own payment.
    const wineForOne = { action: 'addons', addons: [{ id: extras.wine, quantity: 1 }], expectedCents: 2500 };
    expect((await pay(s2.seat_token, wineForOne)).body).toMatchObject({ error: 'Pay for your seat first, then add extras to it.' });
    expect((await pay(s2.seat_token)).status).toBe(200);
    expect((await pay(s3.seat_token)).status).toBe(200);
    expect(await pay(s2.seat_token, wineForOne)).toMatchObject({ status: 200, body: { success: true, chargedCents: 2500 } });
    expect(await pay(s3.seat_token, wineForOne)).toMatchObject({ status: 200, body: { chargedCents: 2500 } });
    // The booker adds corkage for the party from the manage page.
    const offers = (await callFunction('manage-booking', { token: b.manageToken, action: 'view' })).body.booking.addon_offers;
    expect(offers.map((o: { name: string; taken: number; most: number }) => [o.name, o.taken, o.most])).toEqual([
      ['Wine pairing', 2, 3],
      ['Corkage', 0, 10],
    ]);
    const corkage = await callFunction('manage-booking', {
      token: b.manageToken,
      action: 'add_addons',
      addons: [{ id: extras.corkage, quantity: 1 }],
      sourceId: CARD.ok,
      expectedCents: 1500,
      idempotencyKey: randomUUID(),
    });
    expect(corkage).toMatchObject({ status: 200, body: { chargedCents: 1500 } });

    // The cutoff: seats 4 and 5 go to the waiting party.
    await sql(`update public.reservation_splits set pay_by = now() - interval '1 minute' where reservation_id = $1`, [b.reservationId]);
    await sql(`select public.release_unpaid_seats()`);
    expect(await one(pool(), `select status from public.waitlist_entries where email = $1`, [waiting])).toEqual({ status: 'offered' });

    const lines = await sql<{ section: string; label: string; guests: number }>(
      `select section, label, guests from public.kitchen_report_lines($1) where section in ('addon', 'allergen', 'guest') order by section, label`,
      [dinner.eventId],
    );
    expect(lines.filter((l) => l.section === 'allergen').map((l) => [l.label, l.guests])).toEqual([
      ['gluten', 1],
      ['milk', 1],
      ['sesame', 1],
    ]);
    expect(lines.filter((l) => l.section === 'guest').map((l) => l.label)).toEqual(['Bea Booker', 'Cy Celiac', 'Di Dairy']);
    expect(lines.filter((l) => l.section === 'addon').map((l) => [l.label, l.guests])).toEqual([
      ['Corkage', 1],
      ['Wine pairing', 2],
    ]);
    const door = await staff.client.rpc('staff_door_list', { p_event_id: dinner.eventId });
    expect(door.error).toBeNull();
    const parties = (door.data ?? []) as { id: string; num_guests: number; addons: string | null; seats: { guest_name: string }[] }[];
    const party = parties.find((p) => p.id === b.reservationId);
    expect(party).toMatchObject({ num_guests: 3, addons: '2 × Wine pairing, 1 × Corkage' });
    expect((party?.seats ?? []).map((seat) => seat.guest_name)).toEqual(['Bea Booker', 'Cy Celiac', 'Di Dairy']);
    // The money: three seats and the extras, each on its own ledger line.
    expect((await seatCharges(b.reservationId)).filter((c) => c.status === 'completed').map((c) => c.amount_cents)).toEqual([
      PRICE,
      PRICE,
      PRICE,
      2500,
      2500,
      1500,
    ]);
  });
});

describe('extras after booking', () => {
  it('a declined card gives the extras back; a limit and the per-guest rule hold; the same attempt never charges twice; a smaller party keeps one per guest', async () => {
    const event = await createEvent(org.id, { title: 'Extras Dinner', ticketTypes: [{ name: 'Seat', price: PRICE, quantity: 6 }] });
    const extras = await addExtras(event.id);
    await sql(`update public.event_addons set quantity_limit = 3 where id = $1`, [extras.wine]);
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 2 * PRICE,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 2, name: 'Xena Extra', email: guest('extra').email },
    });
    const token = answer.body.manageToken as string;
    const reservationId = answer.body.reservationId as string;
    const addExtra = (quantity: number, extra: Record<string, unknown> = {}) =>
      callFunction('manage-booking', {
        token,
        action: 'add_addons',
        addons: [{ id: extras.wine, quantity }],
        sourceId: CARD.ok,
        idempotencyKey: randomUUID(),
        ...extra,
      });
    const taken = async () =>
      (await sql(`select quantity from public.reservation_addons where reservation_id = $1`, [reservationId])).map((r) => r.quantity);

    expect(await addExtra(1, { sourceId: CARD.declined })).toMatchObject({ status: 402 });
    expect(await taken()).toEqual([]);
    expect(await addExtra(3)).toMatchObject({ status: 400, body: { error: 'At most 2 Wine pairing for 2 guests: one per guest.' } });
    const key = randomUUID();
    expect(await addExtra(2, { idempotencyKey: key, expectedCents: 5000 })).toMatchObject({ status: 200, body: { chargedCents: 5000 } });
    expect(await addExtra(2, { idempotencyKey: key, expectedCents: 5000 })).toMatchObject({ status: 200, body: { chargedCents: 5000 } });
    expect(await taken()).toEqual([2]);
    expect(await sql(`select count(*)::int as n from test_processor.payments where idempotency_key = $1`, [key])).toEqual([{ n: 1 }]);
    expect(await addExtra(1)).toMatchObject({ status: 400, body: { error: 'At most 2 Wine pairing for 2 guests: one per guest.' } });
    // A smaller party keeps one wine pairing per guest.
    expect((await callFunction('manage-booking', { token, action: 'reduce', guests: 1 })).status).toBe(200);
    expect(await taken()).toEqual([1]);
    // A cancellation gives the extras' money back too (full refund window).
    await sql(`update public.reservations set refund_window_hours = 48 where id = $1`, [reservationId]);
    expect((await callFunction('manage-booking', { token, action: 'cancel' })).body).toMatchObject({ refundedCents: 2 * PRICE + 5000 });
  });
});

describe('each guest pays their own seat', () => {
  it('quotes one seat, holds the party, lets each guest pay once, and releases the unpaid seats to the waitlist at the cutoff', async () => {
    const dinner = await splitDinner(5);
    const quote = await callFunction('process-square-payment', {
      validateOnly: true,
      reservationData: { eventId: dinner.eventId, ticketTypeId: dinner.ticketTypeId, num_guests: 5 },
    });
    expect(quote.body).toMatchObject({ finalAmountCents: 5 * PRICE, split: { cutoffHours: 48, seatCents: PRICE } });

    const b = await splitBooking(dinner, 5);
    expect(b.seats.map((s) => s.payment)).toEqual(['paid', 'due', 'due', 'due', 'due']);
    expect(await ticketQuantity(dinner.ticketTypeId)).toBe(0);
    expect(await seatCharges(b.reservationId)).toEqual([
      { seat_no: null, status: 'completed', amount_cents: PRICE, provider_payment_id: expect.any(String) },
    ]);
    const hours = await one<{ h: number }>(
      pool(),
      `select round(extract(epoch from pay_by - now()) / 3600)::int as h from public.reservation_splits where reservation_id = $1`,
      [b.reservationId],
    );
    expect(hours.h).toBe(48);

    // A waiting party of 2 for the full dinner.
    const waiting = guest('split-wait').email;
    expect(
      (
        await callFunction('join-waitlist', {
          eventId: dinner.eventId,
          ticketTypeId: dinner.ticketTypeId,
          name: 'Walt Waiting',
          email: waiting,
          partySize: 2,
        })
      ).status,
    ).toBe(200);

    // Seats 2 and 3 claim and pay; seat 4 claims without paying; seat 5's link is never opened.
    const [, s2, s3, s4] = b.seats;
    expect((await pay(s2.seat_token)).body).toMatchObject({ error: 'Add your name and email to your seat first.' });
    const cy = guest('split-cy').email;
    await claim(s2.seat_token, 'Cy Celiac', cy, ['gluten']);
    await claim(s3.seat_token, 'Di Dairy', guest('split-di').email, ['milk', 'eggs']);
    const ed = guest('split-ed').email;
    await claim(s4.seat_token, 'Ed Unpaid', ed, ['peanuts']);
    const key = randomUUID();
    expect(await pay(s2.seat_token, { idempotencyKey: key })).toMatchObject({ status: 200, body: { success: true, seatNo: 2, chargedCents: PRICE } });
    expect(await pay(s2.seat_token, { idempotencyKey: key })).toMatchObject({ status: 200, body: { seatNo: 2, chargedCents: PRICE } });
    expect(await pay(s2.seat_token)).toMatchObject({ status: 409, body: { error: 'This seat is already paid for.' } });
    expect(await pay(s3.seat_token, { sourceId: CARD.declined })).toMatchObject({ status: 402 });
    expect(await pay(s3.seat_token, { expectedCents: 100 })).toMatchObject({
      status: 409,
      body: { error: 'Your seat costs $80.00, not $1.00. Please check the price and try again.' },
    });
    expect((await pay(s3.seat_token)).status).toBe(200);
    expect((await sql(`select seat_no, payment from public.booking_seats($1) order by seat_no`, [b.manageToken])).map((s) => s.payment)).toEqual([
      'paid',
      'paid',
      'paid',
      'due',
      'due',
    ]);
    const receipt = (await mailFor(await seatEmail(b.reservationId, 2))).find((m) => m.subject.includes('is paid'));
    expect(receipt?.body_text).toContain('We charged $80.00 to your card for your seat at Split Table Dinner');
    expect(await sql(`select count(*)::int as n from test_processor.payments where idempotency_key = $1`, [key])).toEqual([{ n: 1 }]);

    // The cutoff: seats 4 and 5 go, the waiting party is offered them, everyone concerned is told.
    await sql(`update public.reservation_splits set pay_by = now() - interval '1 minute' where reservation_id = $1`, [b.reservationId]);
    expect(await pay(s4.seat_token)).toMatchObject({
      status: 409,
      body: { error: 'The time to pay for this seat has passed, so it is no longer held.' },
    });
    await sql(`select public.release_unpaid_seats()`);
    expect(await one(pool(), `select num_guests from public.reservations where id = $1`, [b.reservationId])).toEqual({ num_guests: 3 });
    expect(await one(pool(), `select status from public.waitlist_entries where email = $1`, [waiting])).toEqual({ status: 'offered' });
    expect((await mailFor(b.email)).find((m) => m.subject === 'Unpaid seats released: Split Table Dinner')?.body_text).toContain(
      '2 seats were not paid for and are released:\nSeat 4: Ed Unpaid\nSeat 5: not claimed',
    );
    expect((await mailFor(staff.email)).some((m) => m.subject.startsWith('Unpaid seats released: Split Table Dinner'))).toBe(true);
    expect((await mailFor(ed)).some((m) => m.subject.includes('was released'))).toBe(true);
    // Once settled, the cutoff changes nothing more.
    await sql(`select public.release_unpaid_seats()`);
    expect(await one(pool(), `select num_guests from public.reservations where id = $1`, [b.reservationId])).toEqual({ num_guests: 3 });

    // The kitchen sees the three named guests' needs.
    const report = await sql<{ label: string }>(`select label from public.kitchen_report_lines($1) where section = 'allergen' order by label`, [
      dinner.eventId,
    ]);
    expect(report.map((r) => r.label)).toEqual(['eggs', 'gluten', 'milk']);

    // A cancellation gives each seat's money back to the card that paid it.
    const cancelled = await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(cancelled.body).toMatchObject({ refundedCents: 3 * PRICE, refundStatus: 'completed' });
    const paid = (await seatCharges(b.reservationId)).filter((c) => c.status === 'completed').map((c) => c.provider_payment_id);
    expect(await sql(`select refunded_cents from test_processor.payments where id = any($1)`, [paid])).toEqual([
      { refunded_cents: PRICE },
      { refunded_cents: PRICE },
      { refunded_cents: PRICE },
    ]);
    // Each guest who paid is told what comes back of their own payment.
    const told = (await mailFor(cy, 3)).find((m) => m.subject === 'Cancelled: Split Table Dinner');
    expect(told?.body_text).toContain('We are refunding $80.00 of the $80.00 you paid for your seat to your card.');
  });

  it('refuses what it cannot do, in words', async () => {
    const dinner = await splitDinner(6);
    const refused = (body: Record<string, unknown>) =>
      callFunction('process-square-payment', {
        token: CARD.ok,
        amount: PRICE,
        idempotencyKey: randomUUID(),
        payOwnSeat: true,
        reservationData: { eventId: dinner.eventId, ticketTypeId: dinner.ticketTypeId, num_guests: 2, name: 'Nope', email: guest('split-no').email },
        ...body,
      });
    expect(
      (
        await refused({
          reservationData: { eventId: dinner.eventId, ticketTypeId: dinner.ticketTypeId, num_guests: 1, name: 'Solo', email: guest('solo').email },
        })
      ).body,
    ).toMatchObject({
      error: 'Everyone paying their own seat needs a party of 2 guests at least.',
    });
    const whole = await createEvent(org.id, { title: 'Whole Table', ticketTypes: [{ name: 'Seat', price: PRICE, quantity: 4 }] });
    expect(
      (
        await refused({
          reservationData: { eventId: whole.id, ticketTypeId: whole.ticketTypes[0].id, num_guests: 2, name: 'No', email: guest('no').email },
        })
      ).body,
    ).toMatchObject({ error: 'Guests cannot pay their own seats for this event. Please pay for the whole party.' });

    const b = await splitBooking(dinner, 3);
    // The size of a split booking changes seat by seat, not from the booker's link.
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking).toMatchObject({ fewer_guests: [], more_guests: [], split: { seat_cents: PRICE, released: false } });
    expect((await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 2 })).body).toMatchObject({
      error: 'Each guest of this booking pays their own seat, so its size cannot be changed here. Please contact the host.',
    });
    // The booker's own seat was paid with the booking.
    expect((await pay(b.seats[0].seat_token)).body).toMatchObject({ error: 'This seat was paid for when the booking was made.' });
    expect((await pay('x'.repeat(43))).status).toBe(404);
  });

  it('a guest gives up their seat: it goes back, and only their own payment is refunded', async () => {
    const dinner = await splitDinner(6);
    const b = await splitBooking(dinner, 3);
    const [mine, s2, s3] = b.seats;
    const grace = guest('split-giveup').email;
    await claim(s2.seat_token, 'Grace Giveup', grace);
    await claim(s3.seat_token, 'Hal Unpaid', guest('split-hal').email);
    expect((await pay(s2.seat_token)).status).toBe(200);
    const invitation = await sql(`select payment, cancel_refund_cents from public.seat_invitation($1)`, [s2.seat_token]);
    expect(invitation).toEqual([{ payment: 'paid', cancel_refund_cents: PRICE }]);

    const given = await callFunction('cancel-seat', { token: s2.seat_token });
    expect(given).toMatchObject({ status: 200, body: { success: true, refundedCents: PRICE, refundStatus: 'completed' } });
    expect(await one(pool(), `select num_guests from public.reservations where id = $1`, [b.reservationId])).toEqual({ num_guests: 2 });
    expect(await ticketQuantity(dinner.ticketTypeId)).toBe(4);
    const [booker, seat2] = (await seatCharges(b.reservationId)).filter((c) => c.status === 'completed');
    expect(
      await sql(`select id, refunded_cents from test_processor.payments where id = any($1) order by refunded_cents`, [
        [booker.provider_payment_id, seat2.provider_payment_id],
      ]),
    ).toEqual([
      { id: booker.provider_payment_id, refunded_cents: 0 },
      { id: seat2.provider_payment_id, refunded_cents: PRICE },
    ]);
    expect((await mailFor(grace)).find((m) => m.subject.startsWith('You gave up your seat'))?.body_text).toContain(
      'We are refunding $80.00 to the card you paid with.',
    );
    expect((await mailFor(b.email)).some((m) => m.subject.startsWith('Grace Giveup gave up their seat'))).toBe(true);
    // Asking again finds no seat; an unpaid seat goes back without money; the booker's own seat is the booking's.
    expect(await callFunction('cancel-seat', { token: s2.seat_token })).toMatchObject({ status: 404 });
    expect(await callFunction('cancel-seat', { token: s3.seat_token })).toMatchObject({
      status: 200,
      body: { refundedCents: 0, refundStatus: 'none' },
    });
    expect(await callFunction('cancel-seat', { token: mine.seat_token })).toMatchObject({
      status: 409,
      body: { error: "Your seat is the booking's own: cancel the booking from its page instead." },
    });
    expect(await netOf(b.reservationId)).toBe(PRICE);
  });

  it('many payments, a cancellation and the cutoff at once: no seat is charged twice, and no money is kept without a seat', async () => {
    const dinner = await splitDinner(8);
    const b = await splitBooking(dinner, 4);
    for (const seat of b.seats.slice(1)) await claim(seat.seat_token, `Guest ${seat.seat_no}`, guest(`split-race-${seat.seat_no}`).email);
    await sql(`update public.reservation_splits set pay_by = now() + interval '2 seconds' where reservation_id = $1`, [b.reservationId]);
    const attempts = b.seats.slice(1).flatMap((seat) => [pay(seat.seat_token), pay(seat.seat_token), pay(seat.seat_token)]);
    const answers = await Promise.all([
      ...attempts,
      new Promise((resolve) => setTimeout(resolve, 2100)).then(() => sql(`select public.release_unpaid_seats()`)),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => callFunction('manage-booking', { token: b.manageToken, action: 'cancel' })),
    ]);
    expect(answers.length).toBe(11);
    // Settle whatever a race left open, as the reconciler would.
    await sql(`update public.payment_ledger set created_at = now() - interval '10 minutes' where reservation_id = $1 and status = 'charging'`, [
      b.reservationId,
    ]);
    await reconcilePayments(org.id);
    const charges = await seatCharges(b.reservationId);
    for (const seatNo of [2, 3, 4]) expect(charges.filter((c) => c.seat_no === seatNo && c.status === 'completed').length).toBeLessThanOrEqual(1);
    expect(charges.filter((c) => c.status === 'charging')).toEqual([]);
    // Cancelled inside the full-refund window: every cent taken went back.
    expect(await netOf(b.reservationId)).toBe(0);
    expect(await ticketQuantity(dinner.ticketTypeId)).toBe(8);
  });
});

/** The email of the guest who claimed a seat. */
async function seatEmail(reservationId: string, seatNo: number): Promise<string> {
  return (
    await one<{ guest_email: string }>(pool(), `select guest_email from public.reservation_seats where reservation_id = $1 and seat_no = $2`, [
      reservationId,
      seatNo,
    ])
  ).guest_email;
}
