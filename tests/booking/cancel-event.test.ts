/**
 * Cancelling a whole dinner (cancel-event, staff_cancel_event), through the gateway and real
 * Deno with the local test processor: every booking cancelled with its share of the refund
 * choice to the cent, the ledger and the processor agreeing, the host's message in every
 * guest's and waiting party's email, the waitlist closed, the event closed for good; a repeat
 * changing nothing; a refund the processor does not answer left pending and finished exactly
 * once by a later run or the reconciler; outsiders and bad requests refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow, one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, createReservation, guest, type Staff, uniqueEmail } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD, reconcilePayments, startFunctions, startGatewayFor } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

const { staff, org, outsider } = await createStaffOrgAndOutsider('cancel-event', brandedAs('Cancel Kitchen'));

async function call(who: Staff | null, name: string, body: unknown, apiUrl = stackEnv().apiUrl): Promise<{ status: number; body: any }> {
  const env = stackEnv();
  const bearer = who ? (await who.client.auth.getSession()).data.session!.access_token : env.anonKey;
  const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function reconcile(): Promise<void> {
  expect((await reconcilePayments(org.id)).status).toBe(200);
}

const PRICE = 3333;

/** A dinner of the org selling one ticket type at $33.33. */
async function dinner(title: string, seats = 30) {
  const event = await createEvent(org.id, { title, ticketTypes: [{ name: 'Tasting', price: PRICE, quantity: seats }] });
  return { id: event.id, ticketTypeId: event.ticketTypes[0].id };
}

/** A booking paid by card through the booking function. */
async function paid(event: { id: string; ticketTypeId: string }, guests: number, email = guest('cancel').email) {
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: PRICE * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypeId, num_guests: guests, name: 'Paid Guest', email, phone: '+1 555 0100' },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  return { id: answer.body.reservationId as string, email, cents: PRICE * guests };
}

const refundsOf = (reservationId: string) =>
  sql<{ status: string; amount_cents: number; provider_refund_id: string | null }>(
    `select status, amount_cents, provider_refund_id from public.payment_ledger where reservation_id = $1 and kind = 'refund' order by id`,
    [reservationId],
  );
const processorRefunds = (reservationId: string) =>
  sql<{ amount_cents: number; status: string }>(
    `select r.amount_cents, r.status from test_processor.refunds r join test_processor.payments p on p.id = r.payment_id where p.reference_id = $1`,
    [reservationId],
  );
const cancellationEmails = (reservationId: string) =>
  sql<{ kind: string; host_message: string | null }>(
    `select kind, template_data -> 'notice' ->> 'host_message' as host_message from public.email_outbox
      where reservation_id = $1 and kind in ('booking_cancellation', 'booking_refunded') order by created_at`,
    [reservationId],
  );

describe('cancel-event: a dinner with paid, comp and held bookings and a waitlist, half refunded', () => {
  const message = 'Our chef has fallen ill. We are so sorry: we hope to cook for you soon.';
  let event: { id: string; ticketTypeId: string };
  let one1: { id: string; email: string; cents: number };
  let three: { id: string; email: string; cents: number };
  const seatFriend = uniqueEmail('cancel-seat-friend');
  let comp: { id: string; email: string };
  let held: { id: string };
  let waiting: { id: string; email: string };
  let offered: { id: string; email: string; reservation_id: string };

  beforeAll(async () => {
    // Nine seats: the bookings and the offer below take them all, so the stack's timer
    // (fill_waitlists, every 30 s) has nothing to offer the waiting party while the tests run.
    event = await dinner('Harvest Supper', 9);
    one1 = await paid(event, 1);
    three = await paid(event, 3);
    // A friend of the party of three has claimed their seat.
    await sql(
      `select public.claim_seat(public.link_token_of('seat', s.id), 'Seat Friend', $2, '{}', null)
       from public.reservation_seats s where s.reservation_id = $1 and s.seat_no = 2`,
      [three.id, seatFriend],
    );
    comp = await createReservation(event.id, { ticket_type_id: event.ticketTypeId, num_guests: 2, amount_cents: 0 });
    held = await createReservation(event.id, {
      ticket_type_id: event.ticketTypeId,
      num_guests: 1,
      status: 'held',
      hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const entry = (email: string) =>
      insertRow<{ id: string; email: string }>(
        'waitlist_entries',
        { org_id: org.id, event_id: event.id, ticket_type_id: event.ticketTypeId, name: 'Waiting Party', email, party_size: 2 },
        'id, email',
      );
    waiting = await entry(uniqueEmail('cancel-waiting'));
    const toOffer = await entry(uniqueEmail('cancel-offered'));
    await sql(`select public.offer_to_waitlist_entry(w) from public.waitlist_entries w where w.id = $1`, [toOffer.id]);
    offered = await one(pool(), `select id, email, reservation_id from public.waitlist_entries where id = $1 and status = 'offered'`, [toOffer.id]);
  });

  it('shows staff what it will touch before anything happens', async () => {
    const { data, error } = await staff.client.rpc('staff_event_cancellation', { p_event_id: event.id }).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      state: 'none',
      bookings_open: 3,
      holds_open: 2,
      held_cents: PRICE * 4,
      waitlist_open: 2,
      bookings_cancelled: 0,
    });
    expect([...(data as { held_by_booking: number[] }).held_by_booking].sort()).toEqual([PRICE, PRICE * 3].sort());
  });

  it('cancels every booking, refunds half of each to the cent, emails the message, closes the waitlist and the event', async () => {
    const answer = await call(staff, 'cancel-event', { eventId: event.id, refund: { percent: 50 }, message });
    // 50 % of $33.33 is $16.665 → $16.67; of $99.99 is $49.995 → $50.00 (half up).
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        eventId: event.id,
        alreadyCancelled: false,
        state: 'done',
        bookingsCancelled: 3,
        holdsReleased: 2,
        waitlistClosed: 2,
        refunds: { completed: { count: 2, cents: 1667 + 5000 }, pending: { count: 0, cents: 0 }, failed: { count: 0, cents: 0 } },
      },
    });

    const statuses = await sql<{ id: string; status: string; cancelled_by: string; cancel_reason: string }>(
      `select id, status, cancelled_by, cancel_reason from public.reservations where event_id = $1`,
      [event.id],
    );
    expect(statuses).toHaveLength(5);
    for (const r of statuses) expect(r).toMatchObject({ status: 'cancelled', cancelled_by: 'staff', cancel_reason: message });

    expect(await refundsOf(one1.id)).toEqual([{ status: 'completed', amount_cents: 1667, provider_refund_id: expect.any(String) }]);
    expect(await refundsOf(three.id)).toEqual([{ status: 'completed', amount_cents: 5000, provider_refund_id: expect.any(String) }]);
    expect(await refundsOf(comp.id)).toEqual([]);
    expect(await processorRefunds(one1.id)).toEqual([{ amount_cents: 1667, status: 'COMPLETED' }]);
    expect(await processorRefunds(three.id)).toEqual([{ amount_cents: 5000, status: 'COMPLETED' }]);
    // The ledger and the badge agree: what is kept is the other half.
    const money = await one<{ m: any }>(pool(), `select public.money_of($1) as m`, [three.id]);
    expect(money.m).toMatchObject({ paid_cents: 9999, refunded_cents: 5000, net_cents: 4999, badge: 'Partially refunded' });

    expect(await one(pool(), `select is_active from public.events where id = $1`, [event.id])).toEqual({ is_active: false });
    expect(
      await one(
        pool(),
        `select refund_mode, refund_percent, message, finished_at is not null as finished from public.event_cancellations where event_id = $1`,
        [event.id],
      ),
    ).toEqual({ refund_mode: 'percent', refund_percent: 50, message, finished: true });

    for (const r of [one1, three, comp]) expect(await cancellationEmails(r.id)).toEqual([{ kind: 'booking_cancellation', host_message: message }]);
    // The held checkout gets no cancellation email: it had no booking and paid nothing.
    expect(await cancellationEmails(held.id)).toEqual([]);

    expect(await sql(`select id, status from public.waitlist_entries where event_id = $1 order by created_at`, [event.id])).toEqual([
      { id: waiting.id, status: 'cancelled' },
      { id: offered.id, status: 'cancelled' },
    ]);
    expect(await one(pool(), `select status from public.reservations where id = $1`, [offered.reservation_id])).toEqual({ status: 'cancelled' });
    for (const party of [waiting, offered]) {
      const closed = await sql<{ message: string }>(
        `select template_data -> 'closing' ->> 'host_message' as message from public.email_outbox where to_email = $1 and kind = 'waitlist_closed'`,
        [party.email],
      );
      expect(closed).toEqual([{ message }]);
    }

    const [mail] = (await mailFor(one1.email, 2)).filter((m) => m.subject.includes('is cancelled'));
    expect(mail.subject).toBe('Your reservation at Cancel Kitchen is cancelled: Harvest Supper');
    expect(mail.body_text).toContain(`A message from Cancel Kitchen:\n${message}`);
    expect(mail.body_text).toContain('We have refunded $16.67 to the card you paid with.');
    const compMail = (await mailFor(comp.email)).find((m) => m.subject.includes('is cancelled'));
    expect(compMail?.body_text).toContain(message);
    // The guest who claimed a seat hears it in the host's words too; the unclaimed seat has nobody to tell.
    const seatMail = (await mailFor(seatFriend)).find((m) => m.subject === 'Cancelled: Harvest Supper');
    expect(seatMail?.body_text).toContain(`Cancel Kitchen has cancelled Harvest Supper`);
    expect(seatMail?.body_text).toContain(message);
    expect(await sql(`select to_email from public.email_outbox where kind = 'seat_cancelled' and reservation_id = $1`, [three.id])).toEqual([
      { to_email: seatFriend },
    ]);
    const waitMail = (await mailFor(waiting.email)).find((m) => m.subject === 'Cancelled: Harvest Supper');
    expect(waitMail?.body_text).toContain('Cancel Kitchen has cancelled Harvest Supper');
    expect(waitMail?.body_text).toContain(message);
  });

  it('a repeat (even with another choice) changes nothing: no second refund, email or closing', async () => {
    const count = (text: string) => one<{ n: number }>(pool(), text, [event.id]).then((r) => r.n);
    const ledgerRows = `select count(*)::int as n from public.payment_ledger l join public.reservations r on r.id = l.reservation_id where r.event_id = $1`;
    const processorRows = `select count(*)::int as n from test_processor.refunds x join test_processor.payments p on p.id = x.payment_id
                            join public.reservations r on r.id::text = p.reference_id where r.event_id = $1`;
    const emails = `select count(*)::int as n from public.email_outbox o join public.reservations r on r.id = o.reservation_id where r.event_id = $1`;
    const before = [await count(ledgerRows), await count(processorRows), await count(emails)];

    const again = await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'Another message' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      alreadyCancelled: true,
      state: 'done',
      bookingsCancelled: 3,
      refunds: { completed: { count: 2, cents: 6667 } },
    });
    expect([await count(ledgerRows), await count(processorRows), await count(emails)]).toEqual(before);
    expect(before[1]).toBe(2);
    expect(await sql(`select 1 from public.email_outbox where kind = 'waitlist_closed' and to_email = $1`, [waiting.email])).toHaveLength(1);
    expect(await one(pool(), `select refund_mode, message from public.event_cancellations where event_id = $1`, [event.id])).toEqual({
      refund_mode: 'percent',
      message,
    });
  });

  it('the cancelled event is never reopened, and it takes no new booking', async () => {
    const { error } = await staff.client.from('events').update({ is_active: true }).eq('id', event.id);
    expect(error?.message).toBe('This dinner was cancelled, so it cannot take bookings again. Duplicate it to sell a new date.');
    const booking = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: PRICE,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypeId, num_guests: 1, name: 'Late Guest', email: guest('late').email },
    });
    expect(booking.status).toBeGreaterThanOrEqual(400);
  });
});

describe('cancel-event: refunds the processor does not answer', () => {
  const fault = `cancel_event_fault_${randomUUID().replace(/-/g, '')}`;

  /** The test processor answers nothing for these payments (its SQL fails, as a timeout would). */
  async function failRefundsOf(paymentIds: string[]) {
    await sql(
      `create or replace function public.${fault}() returns trigger language plpgsql as $$
       begin
         if new.payment_id = any (${paymentIds.length ? `array[${paymentIds.map((id) => `'${id}'`).join(', ')}]` : `'{}'::text[]`}) then
           raise exception 'the processor did not answer';
         end if;
         return new;
       end $$`,
    );
    await sql(`drop trigger if exists ${fault} on test_processor.refunds`);
    await sql(`create trigger ${fault} before insert on test_processor.refunds for each row execute function public.${fault}()`);
  }

  afterAll(async () => {
    await sql(`drop trigger if exists ${fault} on test_processor.refunds`);
    await sql(`drop function if exists public.${fault}()`);
  });

  it('leaves them pending; a second run and the reconciler each finish theirs, and nobody is refunded twice', async () => {
    const event = await dinner('Storm Supper');
    const bookings = [await paid(event, 1), await paid(event, 2), await paid(event, 1)];
    const payments = await Promise.all(
      bookings.map((b) => one<{ id: string }>(pool(), `select id from test_processor.payments where reference_id = $1`, [b.id]).then((p) => p.id)),
    );
    await failRefundsOf([payments[1], payments[2]]);

    const first = await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'A storm closed the road.' });
    expect(first.body).toMatchObject({
      success: true,
      state: 'in_progress',
      bookingsCancelled: 3,
      refunds: { completed: { count: 1, cents: PRICE }, pending: { count: 2, cents: PRICE * 3 }, failed: { count: 0, cents: 0 } },
    });
    expect(await refundsOf(bookings[1].id)).toEqual([{ status: 'pending', amount_cents: PRICE * 2, provider_refund_id: null }]);
    // The guest is emailed once the processor has answered, not before.
    expect(await cancellationEmails(bookings[1].id)).toEqual([]);
    const progress = await staff.client.rpc('staff_event_cancellation', { p_event_id: event.id }).single();
    expect(progress.data).toMatchObject({ state: 'in_progress', refunds_pending: 2, refunds_pending_cents: PRICE * 3 });

    // The processor answers again for the second booking: running the function again finishes it.
    await failRefundsOf([payments[2]]);
    const second = await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'A storm closed the road.' });
    expect(second.body).toMatchObject({
      alreadyCancelled: true,
      state: 'in_progress',
      refunds: { completed: { count: 2, cents: PRICE * 3 }, pending: { count: 1, cents: PRICE } },
    });

    // Then for the third: the reconciler finishes it.
    await failRefundsOf([]);
    await reconcile();
    const done = await staff.client.rpc('staff_event_cancellation', { p_event_id: event.id }).single();
    expect(done.data).toMatchObject({ state: 'done', refunds_completed: 3, refunds_completed_cents: PRICE * 4, refunds_pending: 0 });
    expect((done.data as { finished_at: string | null }).finished_at).not.toBeNull();

    // Nothing more on any later run.
    await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'A storm closed the road.' });
    await reconcile();
    for (const [i, b] of bookings.entries()) {
      expect(await processorRefunds(b.id)).toEqual([{ amount_cents: b.cents, status: 'COMPLETED' }]);
      expect(await refundsOf(b.id)).toEqual([{ status: 'completed', amount_cents: b.cents, provider_refund_id: expect.any(String) }]);
      expect(await cancellationEmails(b.id), `booking ${i}`).toEqual([{ kind: 'booking_cancellation', host_message: 'A storm closed the road.' }]);
    }
  });
});

describe('cancel-event: the functions process killed halfway', () => {
  const slow = `cancel_event_slow_${randomUUID().replace(/-/g, '')}`;
  let runner: Awaited<ReturnType<typeof startFunctions>>;
  let gateway: Awaited<ReturnType<typeof startGatewayFor>>;

  beforeAll(async () => {
    runner = await startFunctions();
    gateway = await startGatewayFor(runner.url);
  }, 120_000);

  afterAll(async () => {
    await sql(`drop trigger if exists ${slow} on test_processor.refunds`);
    await sql(`drop function if exists public.${slow}()`);
    await gateway?.close();
    await runner?.stop();
  });

  it('a dinner of 20 bookings: after the reconciler everyone is refunded once and emailed once', async () => {
    const event = await dinner('Twenty Supper', 60);
    const bookings = [];
    for (let i = 0; i < 20; i++) bookings.push(await paid(event, 1 + (i % 3)));
    // The processor takes a moment per refund, so the kill lands while refunds are being sent.
    await sql(
      `create or replace function public.${slow}() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from test_processor.payments p join public.reservations r on r.id::text = p.reference_id
                    where p.id = new.payment_id and r.event_id = '${event.id}') then
           perform pg_sleep(0.2);
         end if;
         return new;
       end $$`,
    );
    await sql(`create trigger ${slow} before insert on test_processor.refunds for each row execute function public.${slow}()`);

    const completed = () =>
      one<{ n: number }>(
        pool(),
        `select count(*)::int as n from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
          where r.event_id = $1 and l.kind = 'refund' and l.status = 'completed'`,
        [event.id],
      ).then((r) => r.n);
    const request = call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'The venue lost power.' }, gateway.url).catch(
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    for (let i = 0; i < 200 && (await completed()) < 4; i++) await new Promise((r) => setTimeout(r, 25));
    process.kill(runner.pid!, 'SIGKILL');
    const answer = await request;
    expect(answer.status).not.toBe(200);
    await sql(`drop trigger ${slow} on test_processor.refunds`);

    // Halfway: every booking is cancelled (one transaction), some refunds are sent, the rest pending.
    const midway = await staff.client.rpc('staff_event_cancellation', { p_event_id: event.id }).single();
    expect(midway.data).toMatchObject({ state: 'in_progress', bookings_cancelled: 20 });
    expect((midway.data as { refunds_pending: number }).refunds_pending).toBeGreaterThan(0);
    expect((midway.data as { refunds_completed: number }).refunds_completed).toBeGreaterThanOrEqual(4);

    await reconcile();
    const done = await staff.client.rpc('staff_event_cancellation', { p_event_id: event.id }).single();
    const total = bookings.reduce((sum, b) => sum + b.cents, 0);
    expect(done.data).toMatchObject({ state: 'done', refunds_completed: 20, refunds_completed_cents: total, refunds_pending: 0, refunds_failed: 0 });
    for (const b of bookings) {
      expect(await processorRefunds(b.id)).toEqual([{ amount_cents: b.cents, status: 'COMPLETED' }]);
      expect(await refundsOf(b.id)).toEqual([{ status: 'completed', amount_cents: b.cents, provider_refund_id: expect.any(String) }]);
      expect(await cancellationEmails(b.id)).toEqual([{ kind: 'booking_cancellation', host_message: 'The venue lost power.' }]);
    }
  }, 120_000);
});

describe('cancel-event: who may, and what it accepts', () => {
  it("refuses another organization's staff and anonymous callers, changing nothing", async () => {
    const event = await dinner('Private Supper');
    const booking = await paid(event, 1);
    expect(await call(outsider, 'cancel-event', { eventId: event.id, refund: 'full', message: 'Not yours' })).toEqual({
      status: 403,
      body: { success: false, error: 'You can only cancel events of your own organization', code: 'not_a_member' },
    });
    expect((await call(null, 'cancel-event', { eventId: event.id, refund: 'full', message: 'Nobody' })).status).toBe(401);
    const read = await outsider.client.rpc('staff_event_cancellation', { p_event_id: event.id });
    expect(read.error?.message).toBe('You can only see events of your own organization');
    expect(await one(pool(), `select status from public.reservations where id = $1`, [booking.id])).toEqual({ status: 'confirmed' });
    expect(await one(pool(), `select is_active from public.events where id = $1`, [event.id])).toEqual({ is_active: true });
    expect(await sql(`select 1 from public.event_cancellations where event_id = $1`, [event.id])).toEqual([]);
  });

  it('refuses a dinner that has already started, changing nothing', async () => {
    const event = await createEvent(org.id, {
      title: 'Last Week Supper',
      daysAhead: -2,
      ticketTypes: [{ name: 'Tasting', price: PRICE, quantity: 10 }],
    });
    const booking = await createReservation(event.id, { ticket_type_id: event.ticketTypes[0].id, num_guests: 2 });
    const answer = await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'Sorry' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'This dinner has already started: it can no longer be cancelled as a whole. Cancel or refund its bookings one by one.',
    });
    expect(await one(pool(), `select status from public.reservations where id = $1`, [booking.id])).toEqual({ status: 'confirmed' });
    expect(await one(pool(), `select is_active from public.events where id = $1`, [event.id])).toEqual({ is_active: true });
    expect(await sql(`select 1 from public.event_cancellations where event_id = $1`, [event.id])).toEqual([]);
  });

  it('refuses a bad refund choice or message with a clear error, in the function and in SQL', async () => {
    const event = await dinner('Careful Supper');
    await paid(event, 1);
    const bad = async (body: Record<string, unknown>) => {
      const answer = await call(staff, 'cancel-event', { eventId: event.id, refund: 'full', message: 'Sorry', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      return answer.body.error as string;
    };
    expect(await bad({ refund: { percent: 101 } })).toContain('The refund percentage must be a whole number from 0 to 100');
    expect(await bad({ refund: { percent: 12.5 } })).toContain('The refund percentage must be a whole number from 0 to 100');
    expect(await bad({ refund: 'half' })).toContain('refund must be "full", "none" or { "percent": n }');
    expect(await bad({ message: '   ' })).toContain('Write a message to your guests');
    expect(await bad({ message: 'x'.repeat(501) })).toContain('The message is too long (500 characters at most)');
    expect(await bad({ eventId: 'not-an-id' })).toContain('eventId must be the id of an event');

    const rpc = (refund: unknown, message: string) =>
      staff.client.rpc('staff_cancel_event', { p_event_id: event.id, p_refund: refund as never, p_message: message });
    expect((await rpc({ percent: 150 }, 'Sorry')).error?.message).toBe('The refund percentage must be a whole number from 0 to 100');
    expect((await rpc({ percent: '50' }, 'Sorry')).error?.message).toBe('refund must be "full", "none" or { "percent": n }');
    expect((await rpc({ percent: 50, extra: 1 }, 'Sorry')).error?.message).toBe('refund must be "full", "none" or { "percent": n }');
    expect((await rpc('policy', 'Sorry')).error?.message).toBe('refund must be "full", "none" or { "percent": n }');
    expect((await rpc('full', ' ')).error?.message).toBe('Write a message to your guests: it is sent with every cancellation');
    expect((await rpc('full', 'y'.repeat(501))).error?.message).toBe('The message is too long (500 characters at most)');
    expect(await one(pool(), `select is_active from public.events where id = $1`, [event.id])).toEqual({ is_active: true });
  });
});
