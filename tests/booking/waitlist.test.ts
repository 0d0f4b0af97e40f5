/**
 * The waitlist on the real stack: joining a sold-out ticket type, an offer (a hold) made the
 * moment a seat frees up, its email and claim link, paying for exactly those seats, an offer
 * that lapses passing to the next party, staff removing a party, and concurrent cancellations
 * and claims that never oversell and never offer the same seats twice.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, createStaff, guest, type Org, type Staff, ticketQuantity, uniqueEmail } from '../support/fixtures.ts';
import { createStaffOrg } from '../support/staff-org.ts';
import { callFunction, CARD, sellOutEvent } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('waitlist-staff', brandedAs('Waiting Room')));
});

const soldOutEvent = (seats: number, price = 8000) => sellOutEvent(org.id, seats, price, { title: 'Popular Dinner' }, 'seated');

const join = (eventId: string, ticketTypeId: string, partySize = 1, email = uniqueEmail('waiting')) =>
  callFunction('join-waitlist', { eventId, ticketTypeId, name: 'Wanda Waiting', email, partySize }).then((a) => ({ ...a, email }));

const entries = (eventId: string) =>
  sql<{ email: string; status: string; reservation_id: string | null }>(
    `select email, status, reservation_id from public.waitlist_entries where event_id = $1 order by created_at, id`,
    [eventId],
  );

/** A free sold-out seat, two parties of one waiting for it, then the seat freed: the first party is offered it. */
async function offerFreedSeat() {
  const full = await soldOutEvent(1, 0);
  const first = await join(full.eventId, full.ticketTypeId, 1);
  const second = await join(full.eventId, full.ticketTypeId, 1);
  await pool().query(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
  const [offered] = await entries(full.eventId);
  expect(offered.status).toBe('offered');
  return { full, first, second, offered };
}

/** The claim token from the offer email's link. */
async function claimToken(email: string): Promise<string> {
  const mails = await mailFor(email, 2);
  const offer = mails.find((m) => /held for you/.test(m.subject));
  const token = offer?.body_text.match(/\/waitlist\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no offer email for ${email}: ${mails.map((m) => m.subject).join(' | ')}`);
  return token;
}

describe('joining', () => {
  it('is refused while the party could book, accepted once sold out, one place per guest', async () => {
    const open = await createEvent(org.id, { ticketTypes: [{ name: 'Seat', price: 0, quantity: 3 }] });
    expect(await join(open.id, open.ticketTypes[0].id, 2)).toMatchObject({
      status: 409,
      body: { success: false, error: 'There are seats for your party: you can book them now.' },
    });
    // 4 guests do not fit in 3 seats: they may wait.
    expect((await join(open.id, open.ticketTypes[0].id, 4)).body).toMatchObject({ success: true, position: 1 });

    const full = await soldOutEvent(2, 0);
    const first = await join(full.eventId, full.ticketTypeId, 1);
    expect(first.body).toEqual({ success: true, position: 1 });
    expect((await join(full.eventId, full.ticketTypeId, 2)).body).toEqual({ success: true, position: 2 });
    expect((await join(full.eventId, full.ticketTypeId, 1, first.email.toUpperCase())).body).toEqual({ success: true, position: 1 });
    const mail = await mailFor(first.email, 1);
    expect(mail[0].subject).toBe('You are on the waitlist: Popular Dinner');
    expect(
      await callFunction('join-waitlist', { eventId: full.eventId, ticketTypeId: full.ticketTypeId, name: '', email: 'x', partySize: 11 }),
    ).toMatchObject({
      status: 400,
    });
  });
});

describe('offers', () => {
  it('a cancellation offers the seat to the first party at once; nobody else can book it; the claim link pays and books it', async () => {
    const full = await soldOutEvent(2);
    const first = await join(full.eventId, full.ticketTypeId, 1);
    const second = await join(full.eventId, full.ticketTypeId, 1);

    const cancelled = await staff.client.rpc('staff_cancel_reservation', { p_reservation_id: full.bookings[0], p_refund: 'full' });
    expect(cancelled.error).toBeNull();
    const [a, b] = await entries(full.eventId);
    expect(a).toMatchObject({ email: first.email, status: 'offered' });
    expect(b).toMatchObject({ email: second.email, status: 'waiting' });
    // 12 hours (the dinner is a month away), or on to 09:00 when that would end at night.
    const hold = await one<{ status: string; amount_cents: number; as_ruled: boolean; local_hour: number }>(
      pool(),
      `select r.status, r.amount_cents,
              r.hold_expires_at = public.waitlist_offer_expiry(w.offered_at, public.reservation_starts_at(r), 'America/New_York')
                and r.hold_expires_at = w.offer_expires_at as as_ruled,
              extract(hour from r.hold_expires_at at time zone 'America/New_York')::int as local_hour
       from public.reservations r join public.waitlist_entries w on w.reservation_id = r.id where r.id = $1`,
      [a.reservation_id],
    );
    expect(hold.status).toBe('held');
    expect(hold.amount_cents).toBe(8000);
    expect(hold.as_ruled).toBe(true);
    expect(hold.local_hour).toBeGreaterThanOrEqual(8);
    expect(hold.local_hour).toBeLessThan(22);
    expect(await ticketQuantity(full.ticketTypeId)).toBe(0);

    // The freed seat is not for sale to anyone else while the offer is open.
    const walkIn = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 8000,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: full.eventId, ticketTypeId: full.ticketTypeId, num_guests: 1, ...guest('walk-in') },
    });
    expect(walkIn.status).toBe(409);

    const token = await claimToken(first.email);
    const view = await callFunction('waitlist-offer', { token, action: 'view' });
    expect(view.body.offer).toMatchObject({ status: 'open', guests: 1, total_cents: 8000, event: { title: 'Popular Dinner' } });
    expect(view.body.offer).not.toHaveProperty('idempotency_key');
    const paid = await callFunction('waitlist-offer', { token, action: 'pay', paymentToken: CARD.ok, amount: 8000 });
    expect(paid.body).toMatchObject({ success: true, amountCents: 8000 });
    expect(await one(pool(), `select status from public.reservations where id = $1`, [a.reservation_id])).toEqual({ status: 'confirmed' });
    expect((await entries(full.eventId))[0].status).toBe('claimed');
    expect(await sql(`select kind, status from public.payment_ledger where reservation_id = $1`, [a.reservation_id])).toEqual([
      { kind: 'charge', status: 'completed' },
    ]);
    // Paying again charges nothing more.
    const again = await callFunction('waitlist-offer', { token, action: 'pay', paymentToken: CARD.ok, amount: 8000 });
    expect(again.body).toMatchObject({ success: true, reservationId: a.reservation_id });
    expect(await sql(`select 1 from test_processor.payments where reference_id = $1`, [a.reservation_id])).toHaveLength(1);
    const tampered = await callFunction('waitlist-offer', { token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), action: 'view' });
    expect(tampered).toEqual({ status: 404, body: { success: false, error: 'This waitlist link is not valid.', code: 'not_found' } });
  });

  it('an offer that lapses passes to the next party; a lapsed link is refused before any charge', async () => {
    const { full, first, second, offered } = await offerFreedSeat();
    const token = await claimToken(first.email);

    await pool().query(`update public.reservations set hold_expires_at = now() - interval '1 minute' where id = $1`, [offered.reservation_id]);
    await pool().query(`select public.release_expired_holds()`);
    const [a, b] = await entries(full.eventId);
    expect(a.status).toBe('expired');
    expect(b).toMatchObject({ email: second.email, status: 'offered' });
    expect(await callFunction('waitlist-offer', { token, action: 'pay', amount: 0 })).toMatchObject({
      status: 409,
      body: { error: 'This offer has expired and the seats have gone to the next party on the waitlist.' },
    });
    expect((await callFunction('waitlist-offer', { token: await claimToken(second.email), action: 'pay', amount: 0 })).body.success).toBe(true);
  });

  it('staff see the list; removing an offered party passes its seats on; outsiders cannot', async () => {
    const full = await soldOutEvent(1, 0);
    await join(full.eventId, full.ticketTypeId, 1);
    const second = await join(full.eventId, full.ticketTypeId, 1);
    await pool().query(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
    const { data: list } = await staff.client
      .from('waitlist_entries')
      .select('id, status, party_size')
      .eq('event_id', full.eventId)
      .order('created_at');
    expect(list!.map((e) => e.status)).toEqual(['offered', 'waiting']);

    const outsider = await createStaff('waitlist-outsider');
    expect((await outsider.client.rpc('staff_remove_waitlist', { p_entry_id: list![0].id })).error?.message).toBe(
      'You can only manage waitlists of your own organization',
    );
    expect((await outsider.client.from('waitlist_entries').select('id').eq('event_id', full.eventId)).data).toEqual([]);

    expect((await staff.client.rpc('staff_remove_waitlist', { p_entry_id: list![0].id })).error).toBeNull();
    const after = await entries(full.eventId);
    expect(after.map((e) => e.status)).toEqual(['removed', 'offered']);
    expect(after[1].email).toBe(second.email);
  });
});

describe('when an offer lapses', () => {
  /** waitlist_offer_expiry for an offer made at `now` (New York wall clock) for a dinner at `starts`. */
  const expiry = async (now: string, starts: string) =>
    (
      await one<{ at: string }>(
        pool(),
        `select to_char(public.waitlist_offer_expiry(($1::timestamp) at time zone 'America/New_York', ($2::timestamp) at time zone 'America/New_York', 'America/New_York')
                  at time zone 'America/New_York', 'YYYY-MM-DD HH24:MI') as at`,
        [now, starts],
      )
    ).at;

  it("never between 22:00 and 08:00 on the event's clock: such an offer runs on to 09:00", async () => {
    // Sent at 4:19 PM, a dinner weeks away: not 4:19 AM, but 9:00 AM.
    expect(await expiry('2027-03-01 16:19', '2027-04-01 19:00')).toBe('2027-03-02 09:00');
    // Ending at 22:30 or at 01:00: 9:00 the next morning; ending at 08:00 sharp: 9:00 too.
    expect(await expiry('2027-03-01 10:30', '2027-04-01 19:00')).toBe('2027-03-02 09:00');
    expect(await expiry('2027-03-01 13:00', '2027-04-01 19:00')).toBe('2027-03-02 09:00');
    expect(await expiry('2027-03-01 20:00', '2027-04-01 19:00')).toBe('2027-03-02 09:00');
    // In the day it keeps its length: 12 hours, or 2 within 48 hours of the dinner.
    expect(await expiry('2027-03-01 09:00', '2027-04-01 19:00')).toBe('2027-03-01 21:00');
    expect(await expiry('2027-03-01 19:59', '2027-03-02 19:00')).toBe('2027-03-01 21:59');
    expect(await expiry('2027-03-01 21:00', '2027-03-02 19:00')).toBe('2027-03-02 09:00');
  });

  it('never past the start of the dinner: 30 minutes before it at the latest, night or not', async () => {
    expect(await expiry('2027-03-01 18:00', '2027-03-01 19:00')).toBe('2027-03-01 18:30');
    // Would run on to 09:00 the next day, but the dinner starts at 22:00.
    expect(await expiry('2027-03-01 20:30', '2027-03-01 22:00')).toBe('2027-03-01 21:30');
    expect(await expiry('2027-03-01 23:30', '2027-03-02 07:00')).toBe('2027-03-02 06:30');
  });
});

/** The leave link's token from a waitlist email of `email` (subject matching `subject`). */
async function leaveToken(email: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await mailFor(email, 1)).find((m) => subject.test(m.subject));
    const token = mail?.body_text.match(/\/waitlist\/leave\/([A-Za-z0-9_-]{43})/)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no leave link for ${email}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('leaving', () => {
  it('every waitlist email has a leave link; viewing changes nothing; leaving frees the place, once', async () => {
    const full = await soldOutEvent(1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 1);
    const second = await join(full.eventId, full.ticketTypeId, 2);
    const token = await leaveToken(first.email, /on the waitlist/);
    // Only the hash is kept.
    expect(await sql(`select 1 from public.waitlist_entries where leave_token_hash::text like '%' || $1 || '%'`, [token])).toEqual([]);

    const view = await callFunction('leave-waitlist', { token, action: 'view' });
    expect(view.body).toMatchObject({ success: true, entry: { status: 'waiting', party_size: 1, event: { title: 'Popular Dinner' } } });
    expect((await entries(full.eventId)).map((e) => e.status)).toEqual(['waiting', 'waiting']);

    const left = await callFunction('leave-waitlist', { token, action: 'leave' });
    expect(left.body).toMatchObject({ success: true, entry: { status: 'left' } });
    expect((await callFunction('leave-waitlist', { token, action: 'leave' })).body).toMatchObject({ success: true, entry: { status: 'left' } });
    expect((await entries(full.eventId)).map((e) => e.status)).toEqual(['removed', 'waiting']);
    // The second party is now first in line.
    expect((await join(full.eventId, full.ticketTypeId, 2, second.email)).body).toEqual({ success: true, position: 1 });

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await callFunction('leave-waitlist', { token: tampered, action: 'leave' })).toEqual({
      status: 404,
      body: { success: false, error: 'This waitlist link is not valid.', code: 'not_found' },
    });
  });

  it('leaving with an open offer lets it lapse at once and offers the seats to the next party', async () => {
    const { full, first, second, offered } = await offerFreedSeat();
    // The offer email has its own leave link (the same place in line).
    const token = await leaveToken(first.email, /held for you/);
    expect((await callFunction('leave-waitlist', { token, action: 'view' })).body.entry.status).toBe('offered');

    expect((await callFunction('leave-waitlist', { token, action: 'leave' })).body.entry.status).toBe('left');
    expect(await one(pool(), `select status from public.reservations where id = $1`, [offered.reservation_id])).toEqual({ status: 'expired' });
    const [a, b] = await entries(full.eventId);
    expect(a.status).toBe('removed');
    expect(b).toMatchObject({ email: second.email, status: 'offered' });
    expect(await ticketQuantity(full.ticketTypeId)).toBe(0);
    // Leaving again changes nothing (the next party keeps its offer).
    expect((await callFunction('leave-waitlist', { token, action: 'leave' })).body.entry.status).toBe('left');
    expect((await entries(full.eventId))[1].status).toBe('offered');
  });
});

describe('concurrency', () => {
  it('20 simultaneous cancellations offer 20 seats to 20 different parties; 20 claims and 10 walk-ins never oversell', async () => {
    const seats = 20;
    const full = await soldOutEvent(seats, 0);
    const waiting: string[] = [];
    for (let i = 0; i < seats + 5; i++) waiting.push((await join(full.eventId, full.ticketTypeId, 1)).email);

    const connect = async () => {
      const c = new pg.Client({ connectionString: stackEnv().dbUrl });
      await c.connect();
      return c;
    };
    await Promise.all(
      full.bookings.map(async (id) => {
        const c = await connect();
        try {
          await c.query(`update public.reservations set status = 'cancelled' where id = $1`, [id]);
        } finally {
          await c.end();
        }
      }),
    );
    const list = await entries(full.eventId);
    expect(list.filter((e) => e.status === 'offered')).toHaveLength(seats);
    expect(list.slice(0, seats).every((e) => e.status === 'offered')).toBe(true);
    expect(new Set(list.filter((e) => e.reservation_id).map((e) => e.reservation_id)).size).toBe(seats);
    expect(await ticketQuantity(full.ticketTypeId)).toBe(0);

    const tokens = await Promise.all(waiting.slice(0, seats).map((email) => claimToken(email)));
    const claims = tokens.map((token) => callFunction('waitlist-offer', { token, action: 'pay', amount: 0 }));
    const walkIns = Array.from({ length: 10 }, (_, i) =>
      callFunction('process-square-payment', {
        amount: 0,
        idempotencyKey: randomUUID(),
        reservationData: { eventId: full.eventId, ticketTypeId: full.ticketTypeId, num_guests: 1, ...guest(`walk-in-${i}`) },
      }),
    );
    const [claimed, walked] = await Promise.all([Promise.all(claims), Promise.all(walkIns)]);
    expect(claimed.filter((c) => c.body.success)).toHaveLength(seats);
    expect(walked.filter((w) => w.body.success)).toHaveLength(0);
    const seated = await one<{ guests: number }>(
      pool(),
      `select coalesce(sum(num_guests), 0)::int as guests from public.reservations where event_id = $1 and status = 'confirmed'`,
      [full.eventId],
    );
    expect(seated.guests).toBe(seats);
    expect(await ticketQuantity(full.ticketTypeId)).toBe(0);
  });
});
