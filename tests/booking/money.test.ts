/**
 * Money after the booking, through the gateway and real Deno with the local test processor:
 * staff cancel with a money decision (full, part, none), refunds without cancelling, party
 * size changes, the guest's manage link, the frozen cancellation policy, pending and failing
 * refunds settled by the reconciler, and the database refusing a bare cancel of a paid booking.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, createOrg, futureDate, guest, type Org, type Staff, ticketQuantity, uniqueEmail } from '../support/fixtures.ts';
import { compGuests, createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD, reconcilePayments } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

let staff: Staff;
let outsider: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org, outsider } = await createStaffOrgAndOutsider('money', brandedAs('Money Kitchen')));
});

async function tokenOf(who: Staff): Promise<string> {
  const { data } = await who.client.auth.getSession();
  return data.session!.access_token;
}

/** Calls a function through the gateway as a signed-in staff member (or anonymously with `null`). */
async function asStaff(who: Staff | null, name: string, body: unknown): Promise<{ status: number; body: any }> {
  const env = stackEnv();
  const bearer = who ? await tokenOf(who) : env.anonKey;
  const res = await fetch(`${env.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface Booking {
  reservationId: string;
  ticketTypeId: string;
  eventId: string;
  email: string;
  amountCents: number;
  bookingCode: string;
  manageToken: string;
}

/** A paid booking of `guests` tickets at $157.50 on a new event of the org. */
async function paidBooking(
  opts: { guests?: number; email?: string; policy?: { refund_window_hours: number | null; late_refund_percent: number }; daysAhead?: number } = {},
): Promise<Booking> {
  const event = await createEvent(org.id, {
    title: 'Money Dinner',
    daysAhead: opts.daysAhead ?? 30,
    ...(opts.policy ?? { refund_window_hours: 48, late_refund_percent: 0 }),
    ticketTypes: [{ name: 'Tasting', price: 15750, quantity: 10 }],
  });
  const ticketTypeId = event.ticketTypes[0].id;
  const guests = opts.guests ?? 2;
  const email = opts.email ?? guest('money').email;
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 15750 * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId: event.id, ticketTypeId, num_guests: guests, name: 'Mona Money', email, phone: '+1 555 0100' },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  return { reservationId: answer.body.reservationId, ticketTypeId, eventId: event.id, email, amountCents: answer.body.amountCents, ...answer.body };
}

const ledger = (reservationId: string) =>
  sql<{ kind: string; status: string; amount_cents: number }>(
    `select kind, status, amount_cents from public.payment_ledger where reservation_id = $1 order by id`,
    [reservationId],
  );
const moneyOf = (reservationId: string) => one<{ m: any }>(pool(), `select public.money_of($1) as m`, [reservationId]).then((r) => r.m);
const statusOf = (reservationId: string) =>
  one<{ status: string }>(pool(), `select status from public.reservations where id = $1`, [reservationId]).then((r) => r.status);

describe('the paying answer and the ledger', () => {
  it('returns a booking code and a manage token, and records the charge', async () => {
    const b = await paidBooking();
    expect(b.bookingCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(b.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const row = await one<{ stored: string | null; matches: boolean }>(
      pool(),
      `select encode(manage_token_hash, 'hex') as stored, manage_token_hash = public.manage_token_hash($2) as matches from public.reservations where id = $1`,
      [b.reservationId, b.manageToken],
    );
    expect(row.matches).toBe(true);
    expect(row.stored).not.toContain(b.manageToken);
    expect(await ledger(b.reservationId)).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 31500 }]);
    expect(await moneyOf(b.reservationId)).toMatchObject({ paid_cents: 31500, refunded_cents: 0, net_cents: 31500, badge: 'Paid' });
  });
});

describe('staff cancel with a money decision (cancel-reservation)', () => {
  it('refunds in full: ledger, badge, seats back, the guest told the amount; a repeat refunds nothing more', async () => {
    const b = await paidBooking();
    const before = await ticketQuantity(b.ticketTypeId);
    const answer = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' });
    expect(answer).toEqual({
      status: 200,
      body: expect.objectContaining({
        success: true,
        reservationId: b.reservationId,
        status: 'cancelled',
        refundedCents: 31500,
        refundStatus: 'completed',
      }),
    });
    expect(await statusOf(b.reservationId)).toBe('cancelled');
    expect(await ticketQuantity(b.ticketTypeId)).toBe(before + 2);
    expect(await ledger(b.reservationId)).toEqual([
      { kind: 'charge', status: 'completed', amount_cents: 31500 },
      { kind: 'refund', status: 'completed', amount_cents: 31500 },
    ]);
    expect(await moneyOf(b.reservationId)).toMatchObject({ paid_cents: 31500, refunded_cents: 31500, net_cents: 0, badge: 'Refunded' });

    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is cancelled'));
    expect(mail?.subject).toBe('Your reservation at Money Kitchen is cancelled: Money Dinner');
    expect(mail?.body_text).toContain('We have refunded $315.00 to the card you paid with.');
    expect(mail?.body_text).toContain(`Booking code: ${b.bookingCode}`);

    const again = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' });
    expect(again.body).toMatchObject({ success: true, refundedCents: 31500, refundStatus: 'completed', alreadyCancelled: true });
    expect(await ledger(b.reservationId)).toHaveLength(2);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(before + 2);
    const refunds = await sql(
      `select 1 from test_processor.refunds r join test_processor.payments p on p.id = r.payment_id where p.reference_id = $1`,
      [b.reservationId],
    );
    expect(refunds).toHaveLength(1);
  });

  it('refunds part, at most what is refundable', async () => {
    const b = await paidBooking();
    const tooMuch = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: { amountCents: 31501 } });
    expect(tooMuch).toEqual({
      status: 400,
      body: { success: false, error: 'The refund cannot be more than the $315.00 still refundable', code: 'invalid_booking' },
    });
    expect(await statusOf(b.reservationId)).toBe('confirmed');
    const answer = await asStaff(staff, 'cancel-reservation', {
      reservationId: b.reservationId,
      refund: { amountCents: 10000 },
      reason: 'Late notice',
    });
    expect(answer.body).toMatchObject({ success: true, refundedCents: 10000, refundStatus: 'completed' });
    expect(await moneyOf(b.reservationId)).toMatchObject({ refunded_cents: 10000, net_cents: 21500, badge: 'Partially refunded' });
    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is cancelled'));
    expect(mail?.body_text).toContain('We have refunded $100.00');
  });

  it('keeps the money only with a reason, and says so to the guest', async () => {
    const b = await paidBooking();
    const noReason = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'none' });
    expect(noReason).toEqual({ status: 400, body: { success: false, error: 'Give a reason for keeping the $315.00 paid', code: 'invalid_booking' } });
    const answer = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'none', reason: 'Non-refundable tasting' });
    expect(answer.body).toMatchObject({ success: true, refundedCents: 0, refundStatus: 'none' });
    expect(await moneyOf(b.reservationId)).toMatchObject({ paid_cents: 31500, net_cents: 31500, badge: 'Paid' });
    expect(await one(pool(), `select cancel_reason, cancelled_by from public.reservations where id = $1`, [b.reservationId])).toEqual({
      cancel_reason: 'Non-refundable tasting',
      cancelled_by: 'staff',
    });
    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is cancelled'));
    expect(mail?.body_text).toContain('Your payment of $315.00 is not refunded');
  });

  it('does not email the guest when staff say so', async () => {
    const b = await paidBooking();
    const answer = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full', notifyGuest: false });
    expect(answer.body.success).toBe(true);
    const queued = await sql(`select kind from public.email_outbox where reservation_id = $1 order by created_at`, [b.reservationId]);
    expect(queued).toEqual([{ kind: 'booking_confirmation' }]);
  });

  it('refuses a member of another organization (403) and an anonymous caller (401), changing nothing', async () => {
    const b = await paidBooking();
    expect(await asStaff(outsider, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' })).toEqual({
      status: 403,
      body: { success: false, error: 'You can only cancel reservations of your own organization', code: 'not_a_member' },
    });
    expect(await asStaff(outsider, 'cancel-reservation', { reservationId: randomUUID(), refund: 'full' })).toMatchObject({ status: 403 });
    expect((await asStaff(null, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' })).status).toBe(401);
    expect(await asStaff(outsider, 'refund-reservation', { reservationId: b.reservationId, amountCents: 100 })).toMatchObject({ status: 403 });
    expect(await statusOf(b.reservationId)).toBe('confirmed');
    expect(await ledger(b.reservationId)).toHaveLength(1);
  });

  it('a direct table update cannot cancel a paid booking; a free one still cancels that way', async () => {
    const b = await paidBooking();
    const { error } = await staff.client
      .from('reservations')
      .update({ status: 'cancelled', cancelled_at: new Date().toISOString() })
      .eq('id', b.reservationId);
    expect(error?.message).toBe(
      'This reservation holds a payment of $315.00. Cancel it with the Cancel dialog in the admin panel, which decides what happens to the money.',
    );
    expect(await statusOf(b.reservationId)).toBe('confirmed');

    const event = await createEvent(org.id, { title: 'Free Dinner', ticketTypes: [{ name: 'Free', price: 0, quantity: 10 }] });
    const free = await callFunction('process-square-payment', {
      amount: 0,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 1, ...guest('free') },
    });
    expect(free.body.success).toBe(true);
    const cancelled = await staff.client
      .from('reservations')
      .update({ status: 'cancelled', cancelled_at: new Date().toISOString() })
      .eq('id', free.body.reservationId);
    expect(cancelled.error).toBeNull();
    expect(await statusOf(free.body.reservationId)).toBe('cancelled');
    expect(await moneyOf(free.body.reservationId)).toMatchObject({ badge: 'Free' });
  });
});

describe('refunds without cancelling (refund-reservation)', () => {
  it('refunds parts up to what was paid, never more; a repeated request key refunds once', async () => {
    const b = await paidBooking();
    const key = randomUUID();
    const first = await asStaff(staff, 'refund-reservation', {
      reservationId: b.reservationId,
      amountCents: 15750,
      reason: 'One guest ill',
      requestKey: key,
    });
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ success: true, refundedCents: 15750, refundStatus: 'completed' }) });
    const repeat = await asStaff(staff, 'refund-reservation', {
      reservationId: b.reservationId,
      amountCents: 15750,
      reason: 'One guest ill',
      requestKey: key,
    });
    expect(repeat.body).toMatchObject({ success: true, refundedCents: 15750 });
    const over = await asStaff(staff, 'refund-reservation', { reservationId: b.reservationId, amountCents: 15751 });
    expect(over).toEqual({
      status: 400,
      body: { success: false, error: 'The refund cannot be more than the $157.50 still refundable', code: 'invalid_booking' },
    });
    const rest = await asStaff(staff, 'refund-reservation', { reservationId: b.reservationId, amountCents: 15750 });
    expect(rest.body).toMatchObject({ success: true, refundedCents: 31500 });
    expect(await asStaff(staff, 'refund-reservation', { reservationId: b.reservationId, amountCents: 1 })).toMatchObject({
      status: 400,
      body: { error: 'Nothing is left to refund on this reservation' },
    });
    expect(await statusOf(b.reservationId)).toBe('confirmed');
    expect(await moneyOf(b.reservationId)).toMatchObject({ paid_cents: 31500, refunded_cents: 31500, badge: 'Refunded' });
    // The database refuses any refund past the charge, whoever writes it.
    await expect(
      pool().query(
        `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents) select id, org_id, 'refund', 'pending', 1 from public.reservations where id = $1`,
        [b.reservationId],
      ),
    ).rejects.toThrow('A refund cannot exceed what was paid ($315.00 paid, $315.00 already refunded)');
  });
});

describe('changing the party size of a paid booking (staff_set_guests)', () => {
  it('more guests must be complimentary; fewer guests offer the difference under the policy', async () => {
    const b = await paidBooking({ guests: 2 });
    const more = await staff.client.rpc('staff_set_guests', { p_reservation_id: b.reservationId, p_guests: 4 });
    expect(more.error?.message).toBe(
      'This booking was paid for 2 guest(s). Extra guests must be marked complimentary, or booked and paid for separately.',
    );
    const direct = await staff.client.from('reservations').update({ num_guests: 3 }).eq('id', b.reservationId);
    expect(direct.error?.message).toContain('Extra guests must be marked complimentary');

    await compGuests(staff, b.reservationId, 3);
    expect(await ledger(b.reservationId)).toEqual([
      { kind: 'charge', status: 'completed', amount_cents: 31500 },
      { kind: 'comp', status: 'completed', amount_cents: 15750 },
    ]);

    const fewer = await staff.client.rpc('staff_set_guests', { p_reservation_id: b.reservationId, p_guests: 1 });
    expect(fewer.error).toBeNull();
    // Two guests fewer at $157.50, inside the 48-hour window: all of it, within what is held.
    expect((fewer.data as { suggested_refund_cents: number }[])[0].suggested_refund_cents).toBe(31500);
    expect(await one(pool(), `select num_guests from public.reservations where id = $1`, [b.reservationId])).toEqual({ num_guests: 1 });
  });
});

describe("the guest's manage link (manage-booking)", () => {
  it('inside the window: shows the booking and a full refund; cancelling refunds it and emails a receipt', async () => {
    const b = await paidBooking({ policy: { refund_window_hours: 48, late_refund_percent: 50 } });
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.status).toBe(200);
    expect(view.body.booking).toMatchObject({
      booking_code: b.bookingCode,
      status: 'confirmed',
      guests: 2,
      ticket_type_name: 'Tasting',
      event: { title: 'Money Dinner', time: '19:00', timezone: 'America/New_York' },
      organization: { name: 'Money Kitchen' },
      refund_policy: 'Full refund until 48 hours before the dinner; 50% after that',
      refund_now_cents: 31500,
      can_cancel: true,
      money: { paid_cents: 31500, badge: 'Paid' },
    });
    const cancel = await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(cancel.body).toMatchObject({
      success: true,
      refundedCents: 31500,
      refundStatus: 'completed',
      booking: { status: 'cancelled', can_cancel: false },
    });
    expect(await one(pool(), `select cancelled_by from public.reservations where id = $1`, [b.reservationId])).toEqual({ cancelled_by: 'guest' });
    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is cancelled'));
    expect(mail?.body_text).toContain('We have refunded $315.00');
    const again = await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(again.body).toMatchObject({ success: true, refundedCents: 31500 });
    expect(await ledger(b.reservationId)).toHaveLength(2);
  });

  it('outside the window: the late percent of the net paid', async () => {
    const b = await paidBooking({ policy: { refund_window_hours: 48, late_refund_percent: 50 } });
    // The dinner is now tomorrow evening: inside 48 hours.
    await pool().query(`update public.events set date = $2 where id = $1`, [b.eventId, futureDate(1)]);
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking).toMatchObject({ refund_now_cents: 15750, can_cancel: true });
    const cancel = await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(cancel.body).toMatchObject({ success: true, refundedCents: 15750, refundStatus: 'completed' });
    expect(await moneyOf(b.reservationId)).toMatchObject({ refunded_cents: 15750, net_cents: 15750, badge: 'Partially refunded' });
  });

  it('keeps the policy the booking was sold under when the event changes later', async () => {
    const b = await paidBooking({ policy: { refund_window_hours: 48, late_refund_percent: 0 } });
    await pool().query(`update public.events set refund_window_hours = null, late_refund_percent = 0 where id = $1`, [b.eventId]);
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking).toMatchObject({
      refund_policy: 'Full refund until 48 hours before the dinner; non-refundable after that',
      refund_now_cents: 31500,
    });
    const publicEvent = await one<{ refund_policy: string }>(pool(), `select refund_policy from public.events_with_availability where id = $1`, [
      b.eventId,
    ]);
    expect(publicEvent.refund_policy).toBe('Non-refundable');
  });

  it('a wrong or tampered token opens nothing', async () => {
    const b = await paidBooking();
    const tampered = (b.manageToken[0] === 'A' ? 'B' : 'A') + b.manageToken.slice(1);
    for (const token of [tampered, 'short', b.reservationId, '']) {
      for (const action of ['view', 'cancel']) {
        expect(await callFunction('manage-booking', { token, action })).toEqual({
          status: 404,
          body: { success: false, error: 'This booking link is not valid.', code: 'not_found' },
        });
      }
    }
    expect(await statusOf(b.reservationId)).toBe('confirmed');
  });
});

describe('refunds that do not complete at once', () => {
  it('a pending refund shows "Refund pending" until the reconciler finds it completed', async () => {
    const b = await paidBooking({ email: uniqueEmail('refund-pending') });
    const answer = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' });
    expect(answer.body).toMatchObject({ success: true, refundStatus: 'pending', refundedCents: 31500 });
    expect(await moneyOf(b.reservationId)).toMatchObject({ pending_refund_cents: 31500, refunded_cents: 0, badge: 'Refund pending' });
    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is cancelled'));
    expect(mail?.body_text).toContain('A refund of $315.00 to the card you paid with is on its way.');

    // A run for another organization leaves it alone.
    const elsewhere = await createOrg(brandedAs('Elsewhere Kitchen'));
    const other = await reconcilePayments(elsewhere.id);
    expect(other.body).toMatchObject({ success: true, checked: 0, refundsSettled: 0 });
    expect(await moneyOf(b.reservationId)).toMatchObject({ pending_refund_cents: 31500, badge: 'Refund pending' });

    const run = await reconcilePayments(org.id);
    expect(run.status).toBe(200);
    expect(run.body.refundsSettled).toBeGreaterThanOrEqual(1);
    expect(await moneyOf(b.reservationId)).toMatchObject({ pending_refund_cents: 0, refunded_cents: 31500, badge: 'Refunded' });
  });

  it('a refused refund: the reservation is cancelled, staff are told (502), the money is still held', async () => {
    const b = await paidBooking({ email: uniqueEmail('refund-fail') });
    const answer = await asStaff(staff, 'cancel-reservation', { reservationId: b.reservationId, refund: 'full' });
    expect(answer).toEqual({
      status: 502,
      body: {
        success: false,
        error:
          'The reservation is cancelled, but the card processor refused the refund of $315.00. Try the refund again from the reservation, or refund the guest another way.',
        code: 'refund_failed',
      },
    });
    expect(await statusOf(b.reservationId)).toBe('cancelled');
    expect(await moneyOf(b.reservationId)).toMatchObject({ failed_refund_cents: 31500, refundable_cents: 31500, badge: 'Paid' });
  });

  it('reconcile-payments is for the service role only', async () => {
    expect((await asStaff(staff, 'reconcile-payments', {})).status).toBe(403);
  });
});
