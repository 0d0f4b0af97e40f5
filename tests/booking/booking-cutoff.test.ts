/**
 * Online booking closes an event's booking_cutoff_hours before its start, through the gateway and
 * real Deno: after it a guest can no longer book, join the waitlist, be offered freed seats, add
 * guests or move a booking to that date (each refusal in words the guest can act on, with nothing
 * held or charged), while the host's team can still enter a booking. The public view says when
 * booking closes; repeating an event copies its cutoff. Reopening (no cutoff) undoes all of it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, futureDate, guest, type Org, type Staff } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD } from '../support/functions.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

const CLOSED = 'Online booking for this dinner has closed. Please contact the host.';

beforeAll(async () => {
  ({ org, staff } = await createStaffOrgAndOutsider('cutoff', brandedAs('Cutoff Kitchen')));
});

/** A dinner 5 days ahead with `seats` "Seat" tickets at $50.00 (open: no cutoff yet). */
const dinner = (seats: number, title = 'Cutoff Dinner') =>
  createEvent(org.id, { title, daysAhead: 5, ticketTypes: [{ name: 'Seat', price: 5000, quantity: seats }] });

/** The host sets (or clears, with null) how many hours before the start online booking closes. */
async function setCutoff(eventId: string, hours: number | null) {
  const { error } = await staff.client.rpc('admin_update_event', { p_event_id: eventId, p_event: { booking_cutoff_hours: hours } });
  expect(error).toBeNull();
}

const book = (event: { id: string; ticketTypes: { id: string }[] }, guests: number, email = guest('cutoff').email) =>
  callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 5000 * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: guests, name: 'Cora Cutoff', email },
  }).then((answer) => ({ ...answer, email }));

const reservationsOf = (email: string) => sql<{ id: string }>(`select id from public.reservations where lower(email) = lower($1)`, [email]);

const closesAt = async (eventId: string) =>
  (await one<{ closes: string; starts: string }>(
    pool(),
    `select v.booking_closes_at::text as closes, ((e.date + e.event_time) at time zone e.event_timezone)::text as starts
       from public.events_with_availability v join public.events e on e.id = v.id where v.id = $1`,
    [eventId],
  )) as { closes: string; starts: string };

describe('online booking cutoff', () => {
  it('the public view says when online booking closes: the start, or the start less the cutoff', async () => {
    const event = await dinner(4);
    const open = await closesAt(event.id);
    expect(open.closes).toBe(open.starts);
    await setCutoff(event.id, 24);
    const { rows } = await pool().query<{ hours: number }>(
      `select extract(epoch from ((e.date + e.event_time) at time zone e.event_timezone) - v.booking_closes_at) / 3600 as hours
       from public.events_with_availability v join public.events e on e.id = v.id where v.id = $1`,
      [event.id],
    );
    expect(Number(rows[0].hours)).toBe(24);
  });

  it('refuses a guest after the cutoff with the words to act on, holding and charging nothing; the team may still book', async () => {
    const event = await dinner(4);
    expect((await book(event, 1)).status).toBe(200);
    await setCutoff(event.id, 336);

    const refused = await book(event, 2);
    expect(refused).toMatchObject({ status: 409, body: { success: false, error: CLOSED } });
    expect(await reservationsOf(refused.email)).toEqual([]);

    const { error } = await staff.client.rpc('staff_create_booking', {
      p_event_id: event.id,
      p_ticket_type_id: event.ticketTypes[0].id,
      p_rsvp_slot_id: null,
      p_guests: 2,
      p_name: 'Walter Walkin',
      p_email: guest('cutoff-walkin').email,
      p_mode: 'comp',
    });
    expect(error).toBeNull();

    // Reopened, the same guest books.
    await setCutoff(event.id, null);
    expect((await book(event, 1, refused.email)).status).toBe(200);
  });

  it('after the cutoff the waitlist takes nobody new and offers no freed seats; reopened, it offers them', async () => {
    const event = await dinner(2);
    const taken = await book(event, 2);
    expect(taken.status).toBe(200);
    const waiting = guest('cutoff-wait').email;
    const join = (email: string) =>
      callFunction('join-waitlist', { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, name: 'Wanda Waiting', email, partySize: 1 });
    expect((await join(waiting)).body).toMatchObject({ success: true });

    await setCutoff(event.id, 336);
    expect(await join(guest('cutoff-late').email)).toMatchObject({
      status: 409,
      body: { error: 'Online booking for this dinner has closed, and so has its waitlist. Please contact the host.' },
    });

    // The booking is cancelled: its seats are free, but nobody is offered them after the cutoff.
    const { manageToken } = taken.body as { manageToken: string };
    expect((await callFunction('manage-booking', { token: manageToken, action: 'cancel' })).status).toBe(200);
    const entry = () => one<{ status: string }>(pool(), `select status from public.waitlist_entries where lower(email) = lower($1)`, [waiting]);
    expect((await entry()).status).toBe('waiting');

    await setCutoff(event.id, null);
    await pool().query(`select public.fill_waitlists()`);
    expect((await entry()).status).toBe('offered');
  });

  it('a booking cannot grow after the cutoff: no larger party is offered and adding guests is refused', async () => {
    const event = await dinner(10);
    const booked = await book(event, 2);
    const { manageToken, reservationId } = booked.body as { manageToken: string; reservationId: string };
    const view = async () => (await callFunction('manage-booking', { token: manageToken, action: 'view' })).body.booking;
    expect((await view()).more_guests.length).toBeGreaterThan(0);

    await setCutoff(event.id, 336);
    expect((await view()).more_guests).toEqual([]);
    const add = await callFunction('manage-booking', {
      token: manageToken,
      action: 'add',
      guests: 3,
      sourceId: CARD.ok,
      idempotencyKey: randomUUID(),
    });
    expect(add).toMatchObject({
      status: 409,
      body: { error: 'Online booking for this dinner has closed, so guests can no longer be added online. Please contact the host.' },
    });
    expect((await one<{ num_guests: number }>(pool(), `select num_guests from public.reservations where id = $1`, [reservationId])).num_guests).toBe(
      2,
    );
  });

  it('repeating an event copies its cutoff, and a booking cannot move to a date whose booking has closed', async () => {
    const first = await createEvent(org.id, { title: 'Cutoff Series', daysAhead: 30, ticketTypes: [{ name: 'Seat', price: 5000, quantity: 6 }] });
    await setCutoff(first.id, 48);
    const { data, error } = await staff.client.rpc('staff_duplicate_event', { p_event_id: first.id, p_dates: [futureDate(5)] });
    expect(error).toBeNull();
    const [copyId] = data as string[];
    expect(
      (await one<{ booking_cutoff_hours: number }>(pool(), `select booking_cutoff_hours from public.events where id = $1`, [copyId]))
        .booking_cutoff_hours,
    ).toBe(48);

    const booked = await book(first, 2);
    const { manageToken } = booked.body as { manageToken: string };
    const otherDates = async () =>
      (await callFunction('manage-booking', { token: manageToken, action: 'view' })).body.booking.other_dates as { event_id: string }[];
    expect((await otherDates()).map((d) => d.event_id)).toEqual([copyId]);

    await setCutoff(copyId, 336);
    expect(await otherDates()).toEqual([]);
    expect(await callFunction('manage-booking', { token: manageToken, action: 'move', eventId: copyId })).toMatchObject({
      status: 409,
      body: { error: 'Online booking for that date has closed.' },
    });
  });

  it('takes a cutoff of 1 to 336 hours and refuses anything else, keeping the saved one', async () => {
    const event = await dinner(2);
    await setCutoff(event.id, 12);
    for (const hours of [0, 337]) {
      const { error } = await staff.client.rpc('admin_update_event', { p_event_id: event.id, p_event: { booking_cutoff_hours: hours } });
      expect(error?.code).toBe('23514');
    }
    expect(
      (await one<{ booking_cutoff_hours: number }>(pool(), `select booking_cutoff_hours from public.events where id = $1`, [event.id]))
        .booking_cutoff_hours,
    ).toBe(12);
  });
});
