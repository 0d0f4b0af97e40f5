/**
 * A guest changes their plans from the manage link (manage-booking 'reduce' and 'hand_over'),
 * through the gateway and real Deno with the local test processor: fewer guests give their seats
 * back and are refunded per the booking's frozen policy, once; handing the booking over gives it
 * a new holder and a new link, and the old link stops working. Each change is in the booking's
 * history and emailed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, futureDate, guest, ticketQuantity } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';

const pool = usePool();
const { staff, org, outsider } = await createStaffOrgAndOutsider('plans', brandedAs('Changing Plans Kitchen'));

/** A booking of `guests` tickets at $100.00, paid by card, on a new event 30 days ahead. */
async function paidBooking(guests: number, policy = { refund_window_hours: 48, late_refund_percent: 50 }) {
  const event = await createEvent(org.id, { title: 'Plans Dinner', ...policy, ticketTypes: [{ name: 'Seat', price: 10000, quantity: 10 }] });
  const email = guest('plans').email;
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 10000 * guests,
    idempotencyKey: randomUUID(),
    reservationData: {
      eventId: event.id,
      ticketTypeId: event.ticketTypes[0].id,
      num_guests: guests,
      name: 'Pat Planner',
      email,
      phone: '+1 555 0100',
      dietary_restrictions: 'No shellfish',
    },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  return { ...answer.body, eventId: event.id, ticketTypeId: event.ticketTypes[0].id, email } as {
    reservationId: string;
    manageToken: string;
    eventId: string;
    ticketTypeId: string;
    email: string;
  };
}

const refunds = (reservationId: string) =>
  sql<{ status: string; amount_cents: number }>(
    `select status, amount_cents from public.payment_ledger where reservation_id = $1 and kind = 'refund' order by id`,
    [reservationId],
  );
const history = (reservationId: string, kind: string) =>
  sql<{ detail: any }>(`select detail from public.booking_events where reservation_id = $1 and kind = $2 order by id`, [reservationId, kind]);

describe('fewer guests', () => {
  it('inside the full-refund window: the seats go back and the missing guests are refunded in full, once', async () => {
    const b = await paidBooking(3);
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking.fewer_guests).toEqual([
      { guests: 2, refund_cents: 10000, extras_dropped: null },
      { guests: 1, refund_cents: 20000, extras_dropped: null },
    ]);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(7);

    const reduced = await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 1 });
    expect(reduced).toMatchObject({
      status: 200,
      body: {
        success: true,
        refundedCents: 20000,
        refundStatus: 'completed',
        booking: { guests: 1, status: 'confirmed', money: { refunded_cents: 20000 } },
      },
    });
    expect(await ticketQuantity(b.ticketTypeId)).toBe(9);
    expect(await refunds(b.reservationId)).toEqual([{ status: 'completed', amount_cents: 20000 }]);
    expect((await history(b.reservationId, 'party_reduced')).map((h) => h.detail)).toEqual([{ by: 'guest', from: 3, to: 1, refund_cents: 20000 }]);
    const mail = (await mailFor(b.email, 2)).find((m) => m.subject.includes('is now for 1 guest'));
    expect(mail?.body_text).toContain('is now for 1 guest.');
    expect(mail?.body_text).toContain('We have refunded $200.00');

    // The same request again (a retry): nothing more changes, nothing more is refunded.
    const again = await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 1 });
    expect(again).toMatchObject({ status: 200, body: { success: true, refundedCents: 0, refundStatus: 'none', booking: { guests: 1 } } });
    expect(await refunds(b.reservationId)).toHaveLength(1);
    expect(await ticketQuantity(b.ticketTypeId)).toBe(9);
  });

  it('after the window: the late percent of what the missing guests paid', async () => {
    const b = await paidBooking(2);
    await pool().query(`update public.events set date = $2 where id = $1`, [b.eventId, futureDate(1)]);
    const reduced = await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 1 });
    expect(reduced.body).toMatchObject({ success: true, refundedCents: 5000, refundStatus: 'completed', booking: { guests: 1 } });
    expect(await refunds(b.reservationId)).toEqual([{ status: 'completed', amount_cents: 5000 }]);
  });

  it('refuses more guests, none, and a cancelled booking, with the reason', async () => {
    const b = await paidBooking(2);
    expect(await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 3 })).toMatchObject({
      status: 400,
      body: { success: false, error: 'To bring more guests, book the extra seats separately or contact the host.' },
    });
    expect(await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 0 })).toMatchObject({
      status: 400,
      body: { success: false },
    });
    await callFunction('manage-booking', { token: b.manageToken, action: 'cancel' });
    expect(await callFunction('manage-booking', { token: b.manageToken, action: 'reduce', guests: 1 })).toMatchObject({
      status: 409,
      body: { success: false, error: 'This booking is cancelled, so it can no longer be changed.' },
    });
    expect(await one(pool(), `select num_guests from public.reservations where id = $1`, [b.reservationId])).toEqual({ num_guests: 2 });
  });
});

describe('handing the booking to someone else', () => {
  it('gives it a new holder and a new link; the old link opens nothing; both are emailed', async () => {
    const b = await paidBooking(2);
    const friend = guest('friend').email;
    const handed = await callFunction('manage-booking', {
      token: b.manageToken,
      action: 'hand_over',
      name: '  Robin Friend ',
      email: friend.toUpperCase(),
    });
    expect(handed).toEqual({ status: 200, body: { success: true, handedOverTo: { name: 'Robin Friend', email: friend } } });

    expect(await callFunction('manage-booking', { token: b.manageToken, action: 'view' })).toEqual({
      status: 404,
      body: { success: false, error: 'This booking link is not valid.', code: 'not_found' },
    });
    const row = await one<{
      name: string;
      email: string;
      phone: string | null;
      dietary_restrictions: string | null;
      num_guests: number;
      status: string;
    }>(pool(), `select name, email, phone, dietary_restrictions, num_guests, status from public.reservations where id = $1`, [b.reservationId]);
    expect(row).toEqual({ name: 'Robin Friend', email: friend, phone: null, dietary_restrictions: null, num_guests: 2, status: 'confirmed' });

    // The new holder's confirmation carries the new link, which opens the booking in their name.
    const welcome = (await mailFor(friend)).find((m) => m.subject.includes('is confirmed'))!;
    const newToken = /\/booking\/([A-Za-z0-9_-]{43})/.exec(welcome.body_text)![1];
    expect(newToken).not.toBe(b.manageToken);
    expect((await callFunction('manage-booking', { token: newToken, action: 'view' })).body.booking).toMatchObject({
      name: 'Robin Friend',
      guests: 2,
    });

    // The previous guest is told, without any link to the booking.
    const note = (await mailFor(b.email, 2)).find((m) => m.subject.startsWith('You gave your reservation'))!;
    expect(note.body_text).toContain('now belongs to Robin Friend');
    expect(note.body_text).not.toContain(newToken);
    expect(note.body_html ?? '').not.toContain(newToken);
    expect((await history(b.reservationId, 'handed_over')).map((h) => h.detail)).toEqual([
      { from: { name: 'Pat Planner', email: b.email }, to: { name: 'Robin Friend', email: friend } },
    ]);
    // The money stays with the booking.
    expect(await refunds(b.reservationId)).toEqual([]);

    // Staff read it in the booking's history; another organization's staff read nothing.
    const seen = await staff.client.rpc('staff_booking_history', { p_reservation_id: b.reservationId });
    expect(seen.error).toBeNull();
    expect((seen.data as { summary: string }[]).map((h) => h.summary)).toEqual([
      'Booked and confirmed',
      `Handed over by Pat Planner (${b.email}) to Robin Friend (${friend})`,
    ]);
    const refused = await outsider.client.rpc('staff_booking_history', { p_reservation_id: b.reservationId });
    expect(refused.error).toMatchObject({ code: 'SH403', message: 'You can only see reservations of your own organization' });
  });

  it('refuses an empty name, a bad email and the same holder, and changes nothing', async () => {
    const b = await paidBooking(1);
    for (const [name, email, error] of [
      ['', guest('x').email, 'Enter the name of the person you are giving the booking to.'],
      ['Sam', 'not-an-email', 'Enter a valid email address for the person you are giving the booking to.'],
      ['Sam', b.email, `This booking is already in the name of ${b.email}. Enter the email of the person you are giving it to.`],
    ]) {
      expect(await callFunction('manage-booking', { token: b.manageToken, action: 'hand_over', name, email })).toMatchObject({
        status: 400,
        body: { success: false, error },
      });
    }
    expect((await callFunction('manage-booking', { token: b.manageToken, action: 'view' })).body.booking).toMatchObject({ name: 'Pat Planner' });
  });
});
