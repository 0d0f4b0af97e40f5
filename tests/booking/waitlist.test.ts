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
import { createEvent, createOrg, createStaff, guest, type Org, type Staff, ticketQuantity, uniqueEmail } from '../support/fixtures.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

beforeAll(async () => {
  staff = await createStaff('waitlist-staff');
  org = await createOrg({ name: 'Waiting Room', members: [staff], branding: { brand_name: 'Waiting Room' } });
});

async function soldOutEvent(seats: number, price = 8000) {
  const event = await createEvent(org.id, { title: 'Popular Dinner', ticketTypes: [{ name: 'Seat', price, quantity: seats }] });
  const ticketTypeId = event.ticketTypes[0].id;
  const bookings: string[] = [];
  for (let i = 0; i < seats; i++) {
    const answer = await callFunction('process-square-payment', {
      token: price > 0 ? CARD.ok : undefined,
      amount: price,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId, num_guests: 1, ...guest(`seated-${i}`) },
    });
    expect(answer.body.success).toBe(true);
    bookings.push(answer.body.reservationId);
  }
  return { eventId: event.id, ticketTypeId, bookings };
}

const join = (eventId: string, ticketTypeId: string, partySize = 1, email = uniqueEmail('waiting')) =>
  callFunction('join-waitlist', { eventId, ticketTypeId, name: 'Wanda Waiting', email, partySize }).then((a) => ({ ...a, email }));

const entries = (eventId: string) =>
  sql<{ email: string; status: string; reservation_id: string | null }>(
    `select email, status, reservation_id from public.waitlist_entries where event_id = $1 order by created_at, id`,
    [eventId],
  );

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
    const hold = await one<{ status: string; hours: number; amount_cents: number }>(
      pool(),
      `select status, extract(epoch from hold_expires_at - now()) / 3600 as hours, amount_cents from public.reservations where id = $1`,
      [a.reservation_id],
    );
    expect(hold.status).toBe('held');
    expect(hold.amount_cents).toBe(8000);
    expect(Number(hold.hours)).toBeGreaterThan(11.9);
    expect(Number(hold.hours)).toBeLessThanOrEqual(12);
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
    const full = await soldOutEvent(1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 1);
    const second = await join(full.eventId, full.ticketTypeId, 1);
    await pool().query(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
    const [offered] = await entries(full.eventId);
    expect(offered.status).toBe('offered');
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
