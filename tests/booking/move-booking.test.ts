/**
 * Moving a booking to another date of the same series from the manage link (manage-booking
 * 'move'), through the gateway and real Deno: a series is what staff_duplicate_event makes; the
 * booking keeps its money, code, seats and link, its seats move from one date's pools to the
 * other's, and the old date's waitlist is offered the freed seats. Dates at another price, without
 * enough seats, of another series or already started are refused in words the guest can act on;
 * asking again changes nothing; moves racing for the last seats never oversell them, and two moves
 * in opposite directions both finish.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, futureDate, guest, type Org, type Staff, ticketQuantity } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

beforeAll(async () => {
  ({ org, staff } = await createStaffOrgAndOutsider('move', brandedAs('Moving Dates Kitchen')));
});

interface Date_ {
  id: string;
  date: string;
  ticketTypeId: string;
}

/** A dinner of `seats` "Seat" tickets at $100.00, 30 days ahead, repeated by staff on the given days ahead. */
async function series(seats: number, copies: { daysAhead: number; seats?: number }[]): Promise<Date_[]> {
  const first = await createEvent(org.id, {
    title: 'Series Dinner',
    refund_window_hours: 48,
    late_refund_percent: 50,
    ticketTypes: [{ name: 'Seat', price: 10000, quantity: seats }],
  });
  const { data, error } = await staff.client.rpc('staff_duplicate_event', {
    p_event_id: first.id,
    p_dates: copies.map((c) => futureDate(c.daysAhead)),
  });
  expect(error).toBeNull();
  const ids = data as string[];
  const dates: Date_[] = [{ id: first.id, date: first.date, ticketTypeId: first.ticketTypes[0].id }];
  for (const [i, id] of ids.entries()) {
    const t = await one<{ id: string; pool_id: string; date: string }>(
      pool(),
      `select t.id, t.pool_id, to_char(e.date, 'YYYY-MM-DD') as date from public.ticket_types t join public.events e on e.id = t.event_id where t.event_id = $1`,
      [id],
    );
    if (copies[i].seats !== undefined) await pool().query(`update public.capacity_pools set size = $2 where id = $1`, [t.pool_id, copies[i].seats]);
    dates.push({ id, date: t.date, ticketTypeId: t.id });
  }
  return dates;
}

async function paidBooking(on: Date_, guests: number) {
  const email = guest('move').email;
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 10000 * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId: on.id, ticketTypeId: on.ticketTypeId, num_guests: guests, name: 'Mo Mover', email },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  const { reservationId, manageToken } = answer.body as { reservationId: string; manageToken: string };
  return { reservationId, manageToken, email };
}

const move = (token: string, eventId: string) => callFunction('manage-booking', { token, action: 'move', eventId });
const view = async (token: string) => (await callFunction('manage-booking', { token, action: 'view' })).body.booking;
const row = (id: string) =>
  one<{ event_id: string; ticket_type_id: string; booking_code: string; amount_cents: number; num_guests: number; reminder_sent_at: string | null }>(
    pool(),
    `select event_id, ticket_type_id, booking_code, amount_cents, num_guests, reminder_sent_at from public.reservations where id = $1`,
    [id],
  );
const ledger = (id: string) =>
  sql<{ kind: string; status: string; amount_cents: number }>(
    `select kind, status, amount_cents from public.payment_ledger where reservation_id = $1 order by id`,
    [id],
  );
const seats = (id: string) =>
  sql<{ id: string; seat_no: number }>(`select id, seat_no from public.reservation_seats where reservation_id = $1 order by seat_no`, [id]);
const moves = (id: string) =>
  sql<{ detail: any }>(`select detail from public.booking_events where reservation_id = $1 and kind = 'moved' order by id`, [id]);
const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

describe('moving to another date of the series', () => {
  it('staff repeating an event make a series: the first date and its copies share its id', async () => {
    const [a, b, c] = await series(10, [{ daysAhead: 37 }, { daysAhead: 44 }]);
    const rows = await sql<{ id: string; series_id: string }>(`select id, series_id from public.events where id = any($1) order by date`, [
      [a.id, b.id, c.id],
    ]);
    expect(rows.map((r) => r.series_id)).toEqual([a.id, a.id, a.id]);
    // Repeating a copy keeps the same series.
    const { data } = await staff.client.rpc('staff_duplicate_event', { p_event_id: c.id, p_dates: [futureDate(51)] });
    expect(await one(pool(), `select series_id from public.events where id = $1`, [(data as string[])[0]])).toEqual({ series_id: a.id });
  });

  it('moves the party: seats leave one date and take the other, the money, code, seats and link stay; emailed; asked again, nothing changes', async () => {
    const [a, b, c] = await series(10, [{ daysAhead: 37 }, { daysAhead: 44, seats: 1 }]);
    const bk = await paidBooking(a, 2);
    await pool().query(`update public.reservations set reminder_sent_at = now() where id = $1`, [bk.reservationId]);
    // A friend claimed the second seat.
    const friend = guest('seat').email;
    const [seat2] = await sql<{ seat_token: string }>(`select seat_token from public.booking_seats($1) where seat_no = 2`, [bk.manageToken]);
    await pool().query(`select public.claim_seat($1, 'Sam Seated', $2, '{}', null)`, [seat2.seat_token, friend]);
    const before = await row(bk.reservationId);
    const seatsBefore = await seats(bk.reservationId);
    const ledgerBefore = await ledger(bk.reservationId);

    // The page lists the other dates with what they have left.
    expect((await view(bk.manageToken)).other_dates).toEqual([
      { event_id: b.id, title: 'Series Dinner', date: b.date, time: '19:00', timezone: 'America/New_York', seats_left: 10, enough_seats: true },
      { event_id: c.id, title: 'Series Dinner', date: c.date, time: '19:00', timezone: 'America/New_York', seats_left: 1, enough_seats: false },
    ]);

    const moved = await move(bk.manageToken, b.id);
    expect(moved).toMatchObject({ status: 200, body: { success: true, booking: { guests: 2, status: 'confirmed', event: { date: b.date } } } });
    expect(moved.body.booking.booking_code).toBe(before.booking_code);
    expect(moved.body.booking.other_dates.map((d: { event_id: string }) => d.event_id)).toEqual([a.id, c.id]);

    expect(await ticketQuantity(a.ticketTypeId)).toBe(10);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(8);
    const after = await row(bk.reservationId);
    expect(after).toEqual({ ...before, event_id: b.id, ticket_type_id: b.ticketTypeId, reminder_sent_at: null });
    expect(await seats(bk.reservationId)).toEqual(seatsBefore);
    expect(await ledger(bk.reservationId)).toEqual(ledgerBefore);
    expect((await moves(bk.reservationId)).map((m) => m.detail)).toEqual([
      { by: 'guest', from: { event_id: a.id, date: a.date }, to: { event_id: b.id, date: b.date } },
    ]);

    const mail = (await mailFor(bk.email, 2)).find((m) => m.subject.includes('has moved to'));
    expect(mail?.subject).toBe(`Your reservation at Moving Dates Kitchen has moved to ${longDate(b.date).replace(/, \d{4}$/, '')}: Series Dinner`);
    expect(mail?.body_text).toContain(
      `has moved from ${new Date(`${a.date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long' })}`,
    );
    expect(mail?.body_text).toContain(`/booking/${bk.manageToken}`);
    // The same calendar entry at the new date, and the same link.
    expect(mail?.body_html).toContain('Add to Google Calendar');
    expect(mail?.body_html).toContain(`/booking/${bk.manageToken}`);

    const note = (await mailFor(friend, 2)).find((m) => m.subject.startsWith('New date: Series Dinner'));
    expect(note?.body_text).toContain('Mo Mover has moved their booking for Series Dinner, and your seat with it, from');
    expect(note?.body_text).toContain(`/seat/${seat2.seat_token}`);

    const { data, error } = await staff.client.rpc('staff_booking_history', { p_reservation_id: bk.reservationId });
    expect(error).toBeNull();
    expect((data as { summary: string }[]).map((h) => h.summary)).toEqual([
      'Booked and confirmed',
      `The guest moved the booking from ${longDate(a.date)} to ${longDate(b.date)}`,
    ]);

    // The same request again: nothing more changes, nothing more is sent.
    const mails = (await mailFor(bk.email, 2)).length;
    expect(await move(bk.manageToken, b.id)).toMatchObject({ status: 200, body: { success: true, booking: { event: { date: b.date } } } });
    expect(await moves(bk.reservationId)).toHaveLength(1);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(8);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailFor(bk.email)).toHaveLength(mails);
    expect(await mailFor(friend)).toHaveLength(2);
  });

  it('offers the seats it leaves to the old date’s waitlist', async () => {
    const [a, b] = await series(2, [{ daysAhead: 37 }]);
    const bk = await paidBooking(a, 2);
    const waiting = guest('waiting').email;
    await pool().query(`select public.join_waitlist($1, $2, null, 'Wendy Waiting', $3, 2)`, [a.id, a.ticketTypeId, waiting]);
    expect(await move(bk.manageToken, b.id)).toMatchObject({ status: 200 });
    expect(await one(pool(), `select status from public.waitlist_entries where email = $1`, [waiting])).toEqual({ status: 'offered' });
    expect(await ticketQuantity(a.ticketTypeId)).toBe(0);
  });

  it('refuses another price, too few seats, another series and a started date, and changes nothing', async () => {
    const [a, dearer, small, started] = await series(10, [{ daysAhead: 37 }, { daysAhead: 44, seats: 1 }, { daysAhead: 51 }]);
    await pool().query(`update public.ticket_types set price = 12000 where id = $1`, [dearer.ticketTypeId]);
    await pool().query(`update public.events set date = $2 where id = $1`, [started.id, futureDate(-1)]);
    const other = await createEvent(org.id, { title: 'Series Dinner', ticketTypes: [{ name: 'Seat', price: 10000, quantity: 10 }] });
    const bk = await paidBooking(a, 2);

    expect((await view(bk.manageToken)).other_dates.map((d: { event_id: string }) => d.event_id)).toEqual([small.id]);
    for (const [to, status, error] of [
      [
        dearer.id,
        409,
        'That date costs more: $240.00 for your party instead of $200.00. A booking moves online only to a date at the same price; please contact the host.',
      ],
      [small.id, 409, 'That date has only 1 seat left: not enough for your party of 2.'],
      [other.id, 404, 'That is not another date of this dinner, so the booking cannot move there.'],
      [randomUUID(), 404, 'That is not another date of this dinner, so the booking cannot move there.'],
      [started.id, 409, 'That date has already started.'],
    ] as const) {
      expect(await move(bk.manageToken, to)).toMatchObject({ status, body: { success: false, error } });
    }
    expect((await row(bk.reservationId)).event_id).toBe(a.id);
    expect(await moves(bk.reservationId)).toEqual([]);

    // A party already checked in (early, at the door) stays where it is.
    await pool().query(`update public.reservations set checked_in_guests = 1 where id = $1`, [bk.reservationId]);
    expect(await move(bk.manageToken, small.id)).toMatchObject({
      status: 409,
      body: { error: 'Your party has already checked in, so the booking can no longer move to another date. Please contact the host.' },
    });
    await pool().query(`update public.reservations set checked_in_guests = 0 where id = $1`, [bk.reservationId]);

    // A booking whose own dinner has started moves no more.
    await pool().query(`update public.events set date = $2 where id = $1`, [a.id, futureDate(-1)]);
    expect(await move(bk.manageToken, small.id)).toMatchObject({
      status: 409,
      body: { error: 'This dinner has already started, so the booking can no longer be changed online. Please contact the host.' },
    });
  });

  it('moves racing for the last seats never oversell them; moves in opposite directions both finish', async () => {
    const [a, b] = await series(10, [{ daysAhead: 37, seats: 3 }]);
    const racers = await Promise.all([1, 2, 3].map(() => paidBooking(a, 2)));
    const answers = await Promise.all(racers.map((r) => move(r.manageToken, b.id)));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    for (const x of answers.filter((y) => y.status === 409))
      expect(x.body.error).toBe('That date has only 1 seat left: not enough for your party of 2.');
    expect(await ticketQuantity(b.ticketTypeId)).toBe(1);
    expect(await ticketQuantity(a.ticketTypeId)).toBe(6);

    // One booking from each date to the other, at once, straight in SQL (the function would retry a
    // deadlock): both dates are locked in one order, so each waits for the other and none deadlocks.
    const [c, d] = await series(10, [{ daysAhead: 37 }]);
    const onC = await paidBooking(c, 1);
    const onD = await paidBooking(d, 1);
    const sqlMove = (token: string, to: string) => pool().query(`select public.guest_move_booking($1, $2)`, [token, to]);
    for (let i = 0; i < 12; i++) {
      const swaps = await Promise.allSettled([sqlMove(onC.manageToken, i % 2 ? c.id : d.id), sqlMove(onD.manageToken, i % 2 ? d.id : c.id)]);
      expect(swaps.map((x) => (x.status === 'rejected' ? String(x.reason) : 'moved'))).toEqual(['moved', 'moved']);
    }
    expect((await row(onC.reservationId)).event_id).toBe(c.id);
    expect((await row(onD.reservationId)).event_id).toBe(d.id);
  });
});
