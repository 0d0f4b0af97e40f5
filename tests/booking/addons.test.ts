/**
 * Add-ons (047_addons.sql) on the booking path, through the gateway and real Deno: priced into
 * the quote, the charge and the ledger with the tax on top, frozen at their price when held,
 * refused in clear words (unknown, inactive, too many, sold out), a limit never oversold by
 * many payments at once or by a hold confirmed after it expired, the idempotent replay, a
 * refund of a booking with add-ons, and a party that changes size (its add-ons priced apart).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, asService, insertRow, one, sql, usePool } from '../support/db.ts';
import { brandedAs, chargesFor, createEvent, guest, type Org, type Staff } from '../support/fixtures.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { createStaffOrg } from '../support/staff-org.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();
let org: Org;
let staff: Staff;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('addons', brandedAs('Addon Kitchen')));
  // 10 % tax, so the add-ons are seen to be taxed with the tickets.
  await insertRow('org_charge_settings', { org_id: org.id, tax_rate_bps: 1000 }, 'org_id');
});

interface AddonInput {
  name: string;
  price_cents: number;
  per: 'guest' | 'booking';
  quantity_limit?: number | null;
  is_active?: boolean;
}

/** An event with one ticket type at $50 (20 tickets) and the given add-ons (their ids, in order). */
async function eventWith(title: string, addons: AddonInput[]) {
  const event = await createEvent(org.id, { title, ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 40 }] });
  const ids: string[] = [];
  for (const addon of addons) ids.push((await insertRow('event_addons', { event_id: event.id, ...addon })).id);
  return { eventId: event.id, ticket: event.ticketTypes[0].id, addons: ids };
}

const body = (eventId: string, ticket: string, guests: number, addons: unknown, over: Record<string, unknown> = {}) => ({
  token: CARD.ok,
  reservationData: { ...guest(randomUUID().slice(0, 8)), eventId, num_guests: guests, ticketTypeId: ticket },
  idempotencyKey: randomUUID(),
  addons,
  ...over,
});

const quote = (eventId: string, ticket: string, guests: number, addons: unknown) =>
  callFunction('process-square-payment', { validateOnly: true, reservationData: { eventId, num_guests: guests, ticketTypeId: ticket }, addons });

const ledger = (reservationId: string) =>
  sql<{ kind: string; status: string; amount_cents: number; tax_cents: number }>(
    `select kind, status, amount_cents, tax_cents from public.payment_ledger where reservation_id = $1 order by id`,
    [reservationId],
  );

const sold = (addonId: string) => asService<number>(pool(), `select public.event_addon_sold($1)`, [addonId]);

describe('add-ons in the price', () => {
  it('a per-guest and a per-booking add-on join the subtotal before the tax: the quote, the charge and the ledger', async () => {
    const { eventId, ticket, addons } = await eventWith('Pairing Dinner', [
      { name: 'Wine pairing', price_cents: 3500, per: 'guest' },
      { name: 'Corkage', price_cents: 2000, per: 'booking' },
    ]);
    const [wine, corkage] = addons;
    const chosen = [{ id: wine }, { id: corkage }];

    // 2 x 50.00 + 2 x 35.00 + 20.00 = 190.00, tax 19.00.
    const priced = await quote(eventId, ticket, 2, chosen);
    expect(priced).toMatchObject({
      status: 200,
      body: { success: true, subtotalCents: 19000, taxCents: 1900, finalAmountCents: 20900 },
    });
    expect(priced.body.addons).toEqual([
      { id: wine, name: 'Wine pairing', per: 'guest', quantity: 2, unitPriceCents: 3500, totalCents: 7000 },
      { id: corkage, name: 'Corkage', per: 'booking', quantity: 1, unitPriceCents: 2000, totalCents: 2000 },
    ]);
    // Wine for one guest of two only.
    expect((await quote(eventId, ticket, 2, [{ id: wine, quantity: 1 }])).body).toMatchObject({ subtotalCents: 13500, finalAmountCents: 14850 });
    // Without add-ons the price is the tickets' alone (every existing caller).
    expect((await quote(eventId, ticket, 2, undefined)).body).toMatchObject({ subtotalCents: 10000, finalAmountCents: 11000 });

    const request = body(eventId, ticket, 2, chosen, { amount: 20900 });
    const paid = await callFunction('process-square-payment', request);
    expect(paid).toMatchObject({ status: 200, body: { success: true, amountCents: 20900, taxCents: 1900 } });
    expect(paid.body.addons).toHaveLength(2);
    const id = paid.body.reservationId;
    expect(await ledger(id)).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 20900, tax_cents: 1900 }]);
    const [charge] = await chargesFor([id]);
    expect(charge).toMatchObject({ status: 'COMPLETED', amount_cents: 20900 });
    // The confirmation email names them, in its plain text and its branded version.
    const [mail] = await mailFor(request.reservationData.email);
    expect(mail.body_text).toContain('Add-ons: 2 × Wine pairing, 1 × Corkage');
    expect(mail.body_html).toContain('2 × Wine pairing, 1 × Corkage');

    // The price is frozen at booking: a later change of the add-on's price does not touch it.
    await sql(`update public.event_addons set price_cents = 9900 where id = $1`, [wine]);
    expect(
      await sql(`select addon_id, quantity, unit_price_cents from public.reservation_addons where reservation_id = $1 order by unit_price_cents`, [
        id,
      ]),
    ).toEqual([
      { addon_id: corkage, quantity: 1, unit_price_cents: 2000 },
      { addon_id: wine, quantity: 2, unit_price_cents: 3500 },
    ]);
  });

  it('refuses an unknown, inactive or too many add-ons, in words', async () => {
    const { eventId, ticket, addons } = await eventWith('Refusal Dinner', [
      { name: 'Wine pairing', price_cents: 3500, per: 'guest' },
      { name: 'Old cheese', price_cents: 900, per: 'booking', is_active: false },
      { name: 'Corkage', price_cents: 2000, per: 'booking' },
    ]);
    const [wine, cheese, corkage] = addons;
    const other = await eventWith('Other Dinner', [{ name: 'Elsewhere', price_cents: 100, per: 'booking' }]);

    expect(await quote(eventId, ticket, 2, [{ id: randomUUID() }])).toMatchObject({
      status: 404,
      body: { success: false, error: 'Add-on not found. Please select a valid add-on.' },
    });
    // Another event's add-on is not this event's.
    expect(await quote(eventId, ticket, 2, [{ id: other.addons[0] }])).toMatchObject({
      status: 404,
      body: { error: 'Add-on not found. Please select a valid add-on.' },
    });
    expect(await quote(eventId, ticket, 2, [{ id: 'wine' }])).toMatchObject({ status: 400 });
    expect(await quote(eventId, ticket, 2, [{ id: cheese }])).toMatchObject({ status: 409, body: { error: 'Old cheese is no longer available.' } });
    expect(await quote(eventId, ticket, 2, [{ id: wine, quantity: 3 }])).toMatchObject({
      status: 400,
      body: { error: 'At most 2 Wine pairing for 2 guests: one per guest.' },
    });
    expect(await quote(eventId, ticket, 2, [{ id: corkage, quantity: 11 }])).toMatchObject({
      status: 400,
      body: { error: 'At most 10 Corkage per booking.' },
    });
    expect(await quote(eventId, ticket, 2, [{ id: corkage }, { id: corkage }])).toMatchObject({
      status: 400,
      body: { error: 'Choose Corkage once.' },
    });
    expect(await quote(eventId, ticket, 2, [{ id: corkage, quantity: 1.5 }])).toMatchObject({ status: 400 });
    // A quantity of 0 is not chosen.
    expect((await quote(eventId, ticket, 2, [{ id: corkage, quantity: 0 }])).body).toMatchObject({ subtotalCents: 10000 });
  });
});

describe('limits', () => {
  it('"Only N left": a limited add-on counts held and confirmed bookings, and frees what a cancelled hold took', async () => {
    const { eventId, ticket, addons } = await eventWith('Truffle Dinner', [{ name: 'Truffle', price_cents: 4000, per: 'guest', quantity_limit: 3 }]);
    const [truffle] = addons;
    const first = await callFunction('process-square-payment', body(eventId, ticket, 2, [{ id: truffle }]));
    expect(first).toMatchObject({ status: 200 });
    expect(await sold(truffle)).toBe(2);
    expect(await quote(eventId, ticket, 2, [{ id: truffle }])).toMatchObject({ status: 409, body: { error: 'Only 1 Truffle left.' } });
    // A declined card leaves nothing taken.
    const declined = await callFunction('process-square-payment', body(eventId, ticket, 1, [{ id: truffle }], { token: CARD.declined }));
    expect(declined.status).toBe(402);
    expect(await sold(truffle)).toBe(2);
    expect(await callFunction('process-square-payment', body(eventId, ticket, 1, [{ id: truffle }]))).toMatchObject({ status: 200 });
    expect(await quote(eventId, ticket, 1, [{ id: truffle }])).toMatchObject({ status: 409, body: { error: 'Truffle is sold out.' } });
  });

  it('30 payments at once for an add-on limited to 5: exactly 5 sold, the others refused and not charged', async () => {
    const { eventId, ticket, addons } = await eventWith('Rush Corkage Dinner', [
      { name: 'Magnum', price_cents: 6000, per: 'booking', quantity_limit: 5 },
    ]);
    const [magnum] = addons;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => callFunction('process-square-payment', body(eventId, ticket, 1, [{ id: magnum }], { amount: 12100 }))),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 409, body: { error: 'Magnum is sold out.' } });
    }
    expect(await sold(magnum)).toBe(5);
    const charged = await one<{ n: number; cents: number }>(
      pool(),
      `select count(*)::int as n, sum(l.amount_cents)::int as cents from public.payment_ledger l
       join public.reservations r on r.id = l.reservation_id where r.event_id = $1 and l.kind = 'charge' and l.status = 'completed'`,
      [eventId],
    );
    expect(charged).toEqual({ n: 5, cents: 5 * 12100 });
  });

  it('20 holds at once on connections of their own for an add-on limited to 3: exactly 3 take it', async () => {
    const { eventId, ticket, addons } = await eventWith('Oyster Race Dinner', [
      { name: 'Oysters', price_cents: 3000, per: 'booking', quantity_limit: 3 },
    ]);
    const clients = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = new pg.Client({ connectionString: stackEnv().dbUrl });
        await client.connect();
        return client;
      }),
    );
    try {
      const outcomes = await Promise.all(
        clients.map(async (client, i) => {
          try {
            await client.query(
              `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 1, p_name => $3,
                 p_email => 'racer@example.com', p_ticket_type => $4, p_addons => $5::jsonb)`,
              [randomUUID(), eventId, `Racer ${i}`, ticket, JSON.stringify([{ id: addons[0] }])],
            );
            return 'held';
          } catch (error) {
            return (error as Error).message;
          }
        }),
      );
      expect(outcomes.filter((o) => o === 'held')).toHaveLength(3);
      expect(new Set(outcomes.filter((o) => o !== 'held'))).toEqual(new Set(['Oysters is sold out.']));
      expect(await sold(addons[0])).toBe(3);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('a hold that expired is not confirmed when its add-on sold out meanwhile', async () => {
    const { eventId, ticket, addons } = await eventWith('Late Dinner', [{ name: 'Caviar', price_cents: 7000, per: 'booking', quantity_limit: 1 }]);
    const [caviar] = addons;
    const hold = await asService<any>(
      pool(),
      `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 1, p_name => 'Late Guest',
         p_email => 'late@example.com', p_ticket_type => $3, p_addons => $4::jsonb)`,
      [randomUUID(), eventId, ticket, JSON.stringify([{ id: caviar }])],
    );
    await sql(`update public.reservations set hold_expires_at = now() - interval '1 minute' where id = $1`, [hold.reservation_id]);
    expect(await callFunction('process-square-payment', body(eventId, ticket, 1, [{ id: caviar }]))).toMatchObject({ status: 200 });
    expect(await asService(pool(), `select public.confirm_booking($1, 'comp')`, [hold.reservation_id])).toBe(false);
    expect(await sold(caviar)).toBe(1);
  });
});

describe('replay and refund', () => {
  it('the same key with the same add-ons answers the first booking; with other add-ons it is refused', async () => {
    const { eventId, ticket, addons } = await eventWith('Replay Dinner', [
      { name: 'Wine pairing', price_cents: 3500, per: 'guest' },
      { name: 'Corkage', price_cents: 2000, per: 'booking' },
    ]);
    const request = body(eventId, ticket, 2, [{ id: addons[0] }]);
    const first = await callFunction('process-square-payment', request);
    expect(first.status).toBe(200);
    const again = await callFunction('process-square-payment', request);
    expect(again).toMatchObject({ status: 200, body: { reservationId: first.body.reservationId, amountCents: 18700 } });
    expect(await callFunction('process-square-payment', { ...request, addons: [{ id: addons[1] }] })).toMatchObject({
      status: 409,
      body: { error: 'This checkout was already used for a different booking. Please refresh the page and try again.' },
    });
    const charges = await sql(`select 1 from public.payment_ledger where reservation_id = $1 and kind = 'charge'`, [first.body.reservationId]);
    expect(charges).toHaveLength(1);
  });

  it('staff refund a booking with add-ons in full, and the add-on is free to sell again', async () => {
    const { eventId, ticket, addons } = await eventWith('Refund Dinner', [
      { name: 'Wine pairing', price_cents: 3500, per: 'guest', quantity_limit: 2 },
    ]);
    const paid = await callFunction('process-square-payment', body(eventId, ticket, 2, [{ id: addons[0] }]));
    expect(paid).toMatchObject({ status: 200, body: { amountCents: 18700 } });
    expect(await sold(addons[0])).toBe(2);

    const { data } = await staff.client.auth.getSession();
    const env = stackEnv();
    const res = await fetch(`${env.apiUrl}/functions/v1/cancel-reservation`, {
      method: 'POST',
      headers: { apikey: env.anonKey, Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reservationId: paid.body.reservationId, refund: 'full' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, refundedCents: 18700 });
    expect(await ledger(paid.body.reservationId)).toEqual([
      { kind: 'charge', status: 'completed', amount_cents: 18700, tax_cents: 1700 },
      { kind: 'refund', status: 'completed', amount_cents: 18700, tax_cents: 1700 },
    ]);
    expect(await sold(addons[0])).toBe(0);
  });
});

describe('a party that changes size keeps its add-ons apart', () => {
  it('an added guest pays one place with its tax; fewer guests get back their places and the per-guest extras the party no longer takes', async () => {
    const event = await createEvent(org.id, {
      title: 'Growing Pairing Dinner',
      refund_window_hours: 48,
      ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 40 }],
    });
    const wine = (await insertRow('event_addons', { event_id: event.id, name: 'Wine pairing', price_cents: 3500, per: 'guest' })).id;
    const corkage = (await insertRow('event_addons', { event_id: event.id, name: 'Corkage', price_cents: 2000, per: 'booking' })).id;
    // 2 x 50.00 + 2 x 35.00 + 20.00 = 190.00, with 10 % tax 209.00.
    const paid = await callFunction(
      'process-square-payment',
      body(event.id, event.ticketTypes[0].id, 2, [{ id: wine }, { id: corkage }], { amount: 20900 }),
    );
    expect(paid).toMatchObject({ status: 200, body: { success: true, amountCents: 20900 } });
    const { reservationId, manageToken } = paid.body as { reservationId: string; manageToken: string };
    const view = async () => (await callFunction('manage-booking', { token: manageToken, action: 'view' })).body.booking;

    // One more guest costs a place with its tax (55.00), not half the party's 209.00 with its extras.
    expect((await view()).more_guests[0]).toEqual({ guests: 3, charge_cents: 5500 });
    const added = await callFunction('manage-booking', {
      token: manageToken,
      action: 'add',
      guests: 3,
      expectedCents: 5500,
      sourceId: CARD.ok,
      idempotencyKey: randomUUID(),
    });
    expect(added).toMatchObject({ status: 200, body: { success: true, chargedCents: 5500 } });
    expect(await ledger(reservationId)).toEqual([
      { kind: 'charge', status: 'completed', amount_cents: 20900, tax_cents: 1900 },
      { kind: 'charge', status: 'completed', amount_cents: 5500, tax_cents: 500 },
    ]);

    // From 3 to 2 the wine for two stays: one place back. From 3 to 1: two places and the second
    // wine (2 x 55.00 + 38.50); the corkage is the party's and stays paid.
    expect((await view()).fewer_guests).toEqual([
      { guests: 2, refund_cents: 5500, extras_dropped: null },
      { guests: 1, refund_cents: 14850, extras_dropped: '1 × Wine pairing' },
    ]);
    const reduced = await callFunction('manage-booking', { token: manageToken, action: 'reduce', guests: 1 });
    expect(reduced).toMatchObject({ status: 200, body: { success: true, refundedCents: 14850, refundStatus: 'completed' } });
    expect(
      await sql(`select addon_id, quantity from public.reservation_addons where reservation_id = $1 order by quantity, addon_id`, [reservationId]),
    ).toEqual(
      [
        { addon_id: corkage, quantity: 1 },
        { addon_id: wine, quantity: 1 },
      ].sort((a, b) => a.addon_id.localeCompare(b.addon_id)),
    );
    // What the booking keeps is what one guest with their wine and the corkage cost: 55.00 + 38.50 + 22.00.
    expect(await asService<number>(pool(), `select public.money_held_cents($1)`, [reservationId])).toBe(11550);
  });

  it('a booking held before its unit price was recorded splits its charge evenly over its guests', async () => {
    const { eventId, ticket, addons } = await eventWith('Older Pairing Dinner', [{ name: 'Corkage', price_cents: 2000, per: 'booking' }]);
    const paid = await callFunction('process-square-payment', body(eventId, ticket, 2, [{ id: addons[0] }]));
    expect(paid).toMatchObject({ status: 200, body: { amountCents: 13200 } });
    const share = () =>
      sql<{ amount_cents: number; tax_cents: number }>(
        `select s.amount_cents, s.tax_cents from public.reservations r, public.booking_charge_share(r, 1, 0) s where r.id = $1`,
        [paid.body.reservationId],
      );
    expect(await share()).toEqual([{ amount_cents: 5500, tax_cents: 500 }]);
    await sql(`update public.reservations set unit_price_cents = null where id = $1`, [paid.body.reservationId]);
    expect(await share()).toEqual([{ amount_cents: 6600, tax_cents: 600 }]);
  });
});

describe('the booking pages, RSVPs and the host', () => {
  it('get_event_addons lists the active add-ons of an active event to anyone, with what is left of a limited one', async () => {
    const { eventId, ticket, addons } = await eventWith('Public Dinner', [
      { name: 'Wine pairing', price_cents: 3500, per: 'guest' },
      { name: 'Truffle', price_cents: 4000, per: 'guest', quantity_limit: 3 },
      { name: 'Retired', price_cents: 100, per: 'booking', is_active: false },
    ]);
    expect(await callFunction('process-square-payment', body(eventId, ticket, 2, [{ id: addons[1] }]))).toMatchObject({ status: 200 });
    const { data, error } = await anonClient().rpc('get_event_addons', { p_event_id: eventId });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: addons[0], name: 'Wine pairing', description: null, price_cents: 3500, per: 'guest', available: null },
      { id: addons[1], name: 'Truffle', description: null, price_cents: 4000, per: 'guest', available: 1 },
    ]);
    await sql(`update public.events set is_active = false where id = $1`, [eventId]);
    expect((await anonClient().rpc('get_event_addons', { p_event_id: eventId })).data).toEqual([]);
  });

  it('an RSVP takes add-ons too (process-rsvp-payment): deposit plus add-ons', async () => {
    const event = await createEvent(org.id, {
      title: 'Add-on RSVP',
      rsvp_mode: true,
      deposit_amount: 1000,
      slots: [{ slot_time: '19:00', slot_label: '7:00pm', max_capacity: 20 }],
    });
    const corkage = (await insertRow('event_addons', { event_id: event.id, name: 'Corkage', price_cents: 2000, per: 'booking' })).id;
    const answer = await callFunction('process-rsvp-payment', {
      eventId: event.id,
      slotId: event.slots[0].id,
      guestDetails: { ...guest('rsvp-addon'), numGuests: 2 },
      addons: [{ id: corkage }],
      paymentToken: CARD.ok,
      idempotencyKey: randomUUID(),
    });
    // 2 × $10.00 + $20.00, 10 % tax.
    expect(answer).toMatchObject({ status: 200, body: { success: true, subtotalCents: 4000, amountCents: 4400 } });
    expect(answer.body.addons).toEqual([{ id: corkage, name: 'Corkage', per: 'booking', quantity: 1, unitPriceCents: 2000, totalCents: 2000 }]);
    expect(await ledger(answer.body.reservationId)).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 4400, tax_cents: 400 }]);
  });

  it('the host saves add-ons with admin_save_event_addons (refused in words), and sees their sales (staff_addon_sales)', async () => {
    const { eventId, ticket } = await eventWith('Editor Dinner', []);
    const save = (addons: unknown) => staff.client.rpc('admin_save_event_addons', { p_event_id: eventId, p_addons: addons as never });
    expect((await save([{ name: 'Wine pairing', price_cents: 3500, per: 'guest' }])).error).toBeNull();
    const [wine] = (await staff.client.rpc('staff_addon_sales', { p_event_id: eventId })).data!;
    expect(wine).toMatchObject({ name: 'Wine pairing', price_cents: 3500, per: 'guest', quantity_limit: null, is_active: true, sold: 0 });
    expect((await save([{ name: ' ', price_cents: 100 }])).error?.message).toBe('Each add-on needs a name');
    expect((await save([{ name: 'Corkage', price_cents: -1 }])).error?.message).toBe(
      'The price of Corkage must be a whole number of cents, 0 or more',
    );
    expect((await save([{ name: 'Corkage', price_cents: 100, per: 'table' }])).error?.message).toBe(
      'Choose whether Corkage is per guest or per booking',
    );
    expect((await save([{ name: 'Corkage', price_cents: 100, quantity_limit: 2.5 }])).error?.message).toBe(
      'The limit of Corkage must be a whole number, 0 or more, or empty for unlimited',
    );
    expect((await save([{ id: randomUUID(), name: 'Ghost', price_cents: 100 }])).error?.message).toBe('Add-on not found on this event');

    const paid = await callFunction('process-square-payment', body(eventId, ticket, 3, [{ id: wine.id, quantity: 2 }]));
    expect(paid).toMatchObject({ status: 200 });
    // A new price and a limit: the booking keeps what it paid.
    expect(
      (await save([{ id: wine.id, name: 'Wine pairing', price_cents: 4000, per: 'guest', quantity_limit: 10, is_active: false }])).error,
    ).toBeNull();
    const [after] = (await staff.client.rpc('staff_addon_sales', { p_event_id: eventId })).data!;
    expect(after).toMatchObject({ price_cents: 4000, quantity_limit: 10, is_active: false, sold: 2, held: 0, sales_cents: 7000 });

    const { staff: outsider } = await createStaffOrg('addons-outsider', { name: 'Elsewhere Kitchen' });
    expect((await outsider.client.rpc('staff_addon_sales', { p_event_id: eventId })).error?.code).toBe('SH403');
    expect((await outsider.client.rpc('admin_save_event_addons', { p_event_id: eventId, p_addons: [] as never })).error?.code).toBe('SH403');
  });
});
