/**
 * The booking SQL functions (supabase/schemas/060_booking.sql), called as the
 * service role the way the edge functions call them. Runs with SUPPERHOST_TEST_STACK=db too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asService, one, usePool } from '../support/db.ts';
import {
  createEvent,
  createOrg,
  createPromo,
  createSlot,
  createTicketedEvent,
  createTicketType,
  type Org as TestOrg,
  slotTaken,
  ticketQuantity,
} from '../support/fixtures.ts';
import { startHoldReleaser } from '../../stack/hold-release.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

interface HoldArgs {
  key?: string;
  eventId: string;
  guests: number;
  ticketType?: string | null;
  slotId?: string | null;
  timeSlot?: string | null;
  promo?: string | null;
  orgSlug?: string | null;
  expected?: number | null;
  hasToken?: boolean | null;
  email?: string;
}

/** The arguments hold_booking and quote_booking share, as $1 to $7: what is booked, never a price. */
const quoteParams = (a: HoldArgs) => [
  a.eventId,
  a.guests,
  a.ticketType ?? null,
  a.slotId ?? null,
  a.timeSlot ?? null,
  a.promo ?? null,
  a.orgSlug ?? null,
];
const QUOTE_ARGS = `p_event_id => $1, p_guests => $2, p_ticket_type => $3, p_rsvp_slot_id => $4, p_time_slot => $5,
    p_promo_code => $6, p_org_slug => $7`;

const hold = (a: HoldArgs) =>
  asService<any>(
    pool(),
    `
  select public.hold_booking(${QUOTE_ARGS},
    p_idempotency_key => $8, p_name => 'Test Guest', p_email => $9, p_expected_total_cents => $10,
    p_has_payment_token => $11, p_dietary_restrictions => 'No nuts')`,
    [...quoteParams(a), a.key ?? randomUUID(), a.email ?? 'test.guest@example.com', a.expected ?? null, a.hasToken ?? null],
  );

const quote = (a: HoldArgs) => asService<any>(pool(), `select public.quote_booking(${QUOTE_ARGS})`, quoteParams(a));

const confirm = (id: string, provider = 'test', paymentId: string | null = `pay-${randomUUID()}`) =>
  asService<boolean>(pool(), `select public.confirm_booking($1, $2, $3)`, [id, provider, paymentId]);
const fail = (id: string, reason = 'GENERIC_DECLINE') => asService<boolean>(pool(), `select public.fail_booking($1, $2)`, [id, reason]);

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the call to be refused');
}

/** Asserts that the call is refused with this SQLSTATE and message. */
async function expectRefused(promise: Promise<unknown>, code: string, message: string): Promise<void> {
  expect(await refusal(promise)).toEqual({ code, message });
}

let org: TestOrg;
let eventId: string;
let foodOnly: string;
let wine: string;

beforeAll(async () => {
  org = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
  const dinner = await createEvent(org.id, {
    title: 'SQL Test Dinner',
    max_guests: null,
    ticketTypes: [
      { name: 'Food Only', price: 12345, quantity: 10 },
      { name: 'Food + Wine Pairing', price: 17500, quantity: 2 },
    ],
  });
  eventId = dinner.id;
  [foodOnly, wine] = dinner.ticketTypes.map((t) => t.id);
  await createPromo(org.id, { code: 'Save15', discount_type: 'percent', discount_amount: 15 });
  await createPromo(org.id, { code: 'TAKE5', discount_type: 'fixed', discount_amount: 500 });
  await createPromo(org.id, { code: 'HUGE', discount_type: 'fixed', discount_amount: 1_000_000 });
  await createPromo(org.id, { code: 'FREE', discount_type: 'percent', discount_amount: 100 });
  await createPromo(org.id, { code: 'OLD', discount_type: 'percent', discount_amount: 20, active: false });
  // Exhausted the real way (times_redeemed always equals the confirmed uses): one use, taken.
  await createPromo(org.id, { code: 'GONE', discount_type: 'percent', discount_amount: 10, max_uses: 1 });
  const used = await hold({ eventId, guests: 1, ticketType: foodOnly, promo: 'GONE' });
  await confirm(used.reservation_id);
});

describe('quote_booking', () => {
  it('prices a ticket type x guests on the server', async () => {
    const q = await quote({ eventId, guests: 2, ticketType: foodOnly });
    expect(q).toMatchObject({
      subtotal_cents: 24690,
      discount_cents: 0,
      total_cents: 24690,
      unit_price_cents: 12345,
      promo: null,
      ticket_type_id: foodOnly,
    });
  });

  it('finds the ticket type by name too, and refuses one of another event', async () => {
    expect((await quote({ eventId, guests: 1, ticketType: 'food + wine pairing' })).total_cents).toBe(17500);
    const { ticketTypeId: otherType } = await createTicketedEvent(org.id, { name: 'Food Only', price: 100, quantity: 5 }, { title: 'Other' });
    await expectRefused(quote({ eventId, guests: 1, ticketType: otherType }), 'SH404', 'Ticket type not found. Please select a valid ticket type.');
  });

  it('rounds a percent discount to whole cents and looks the code up in any case', async () => {
    const q = await quote({ eventId, guests: 1, ticketType: foodOnly, promo: ' save15 ' });
    // 15% of 12345 = 1851.75
    expect(q).toMatchObject({ subtotal_cents: 12345, discount_cents: 1852, total_cents: 10493 });
    expect(q.promo).toMatchObject({ code: 'Save15', discount_type: 'percent', discount_amount: 15 });
  });

  it('takes a fixed discount in cents and never goes below zero', async () => {
    expect(await quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'take5' })).toMatchObject({ discount_cents: 500, total_cents: 11845 });
    expect(await quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'HUGE' })).toMatchObject({ discount_cents: 12345, total_cents: 0 });
    expect(await quote({ eventId, guests: 2, ticketType: foodOnly, promo: 'FREE' })).toMatchObject({ discount_cents: 24690, total_cents: 0 });
  });

  it('refuses unknown, inactive and exhausted codes with their messages', async () => {
    await expectRefused(quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'NOPE' }), 'P0001', 'Invalid promo code');
    await expectRefused(quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'old' }), 'P0001', 'Invalid promo code');
    await expectRefused(quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'GONE' }), 'P0001', 'Invalid promo code');
  });

  it("does not accept another organization's code", async () => {
    await expectRefused(quote({ eventId, guests: 1, ticketType: foodOnly, promo: 'WELCOME10' }), 'P0001', 'Invalid promo code');
  });

  it("says how many tickets are left, with the product's wording", async () => {
    await expectRefused(quote({ eventId, guests: 3, ticketType: wine }), 'SH409', 'Only 2 tickets available for Food + Wine Pairing.');
  });

  it("prices by the event's kind: a deposit per guest (500 cents when the event has none), a price per seat", async () => {
    const rsvp = (await createEvent(org.id, { rsvp_mode: true, rsvp_open: true, deposit_amount: null })).id;
    const slot = await createSlot(rsvp, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 10 });
    expect(await quote({ eventId: rsvp, guests: 3, slotId: slot })).toMatchObject({
      subtotal_cents: 1500,
      total_cents: 1500,
      rsvp_slot_id: slot,
      event_kind: 'rsvp',
    });
    await expectRefused(quote({ eventId: rsvp, guests: 3 }), 'P0001', 'Please select a time slot');
    const seated = (await createEvent(org.id, { seat_price_cents: 6500 })).id;
    await createSlot(seated, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 10 });
    expect(await quote({ eventId: seated, guests: 3, timeSlot: '6:00PM' })).toMatchObject({
      total_cents: 19500,
      time_slot: '6:00pm',
      event_kind: 'seatings',
    });
    // A ticket type named by a caller changes nothing: the event sells seats.
    await expectRefused(quote({ eventId: seated, guests: 1, ticketType: 'VIP' }), 'P0001', 'Please select a time slot');
    await expectRefused(quote({ eventId: seated, guests: 7, timeSlot: '6:00pm' }), 'P0001', 'Maximum 6 tickets per order.');
    await expectRefused(quote({ eventId: seated, guests: 0, timeSlot: '6:00pm' }), 'P0001', 'Minimum 1 ticket per order.');
  });

  it('refuses guests outside 1..limit, past events, inactive events and events of another organization', async () => {
    await expectRefused(quote({ eventId, guests: 0, ticketType: foodOnly }), 'P0001', 'At least 1 guest is required.');
    await expectRefused(
      quote({ eventId, guests: 7, ticketType: foodOnly }),
      'P0001',
      'Parties larger than 6: please email the host with your preferred date and party size.',
    );
    const past = (await createEvent(org.id, { daysAhead: -1 })).id;
    await createTicketType(past, { name: 'Food Only', price: 100, quantity: 5 });
    await expectRefused(
      quote({ eventId: past, guests: 1, ticketType: 'Food Only' }),
      'SH409',
      'This event has already started. Please select an upcoming event.',
    );
    const inactive = (await createEvent(org.id, { is_active: false })).id;
    await expectRefused(quote({ eventId: inactive, guests: 1, ticketType: 'x' }), 'SH404', 'Event not found. Please select a valid event.');
    await expectRefused(
      quote({ eventId, guests: 1, ticketType: foodOnly, orgSlug: 'magnolia' }),
      'SH404',
      'Event not found. Please select a valid event.',
    );
  });
});

describe('hold_booking', () => {
  it("holds the seats for 15 minutes with the server's amount", async () => {
    const before = await ticketQuantity(foodOnly);
    const h = await hold({ eventId, guests: 2, ticketType: foodOnly, promo: 'take5', hasToken: true, expected: 24190 });
    expect(h).toMatchObject({ existing: false, status: 'held', total_cents: 24190, discount_cents: 500, subtotal_cents: 24690, guests: 2 });
    expect(await ticketQuantity(foodOnly)).toBe(before - 2);
    const row = await one<any>(
      pool(),
      `select status, amount_cents, discount_cents, hold_expires_at - now() as ttl, dietary_restrictions from public.reservations where id = $1`,
      [h.reservation_id],
    );
    expect(row).toMatchObject({ status: 'held', amount_cents: 24190, discount_cents: 500, dietary_restrictions: 'No nuts' });
    expect(row.ttl.minutes).toBeGreaterThanOrEqual(14);
    await fail(h.reservation_id);
    expect(await ticketQuantity(foodOnly)).toBe(before);
  });

  it('returns the existing reservation for the same idempotency key and takes nothing more', async () => {
    const key = randomUUID();
    const before = await ticketQuantity(foodOnly);
    const first = await hold({ key, eventId, guests: 1, ticketType: foodOnly });
    const again = await hold({ key, eventId, guests: 1, ticketType: foodOnly });
    expect(again).toMatchObject({ existing: true, reservation_id: first.reservation_id, status: 'held' });
    expect(await ticketQuantity(foodOnly)).toBe(before - 1);
    await expectRefused(
      hold({ key, eventId, guests: 2, ticketType: foodOnly }),
      'SH409',
      'This checkout was already used for a different booking. Please refresh the page and try again.',
    );
    await fail(first.reservation_id);
  });

  it('refuses a changed amount, a token for a free booking and no token for a paid one, leaving nothing behind', async () => {
    const before = await ticketQuantity(foodOnly);
    const count = async () =>
      (await one<{ n: number }>(pool(), `select count(*)::int as n from public.reservations where event_id = $1`, [eventId])).n;
    const rows = await count();
    await expectRefused(
      hold({ eventId, guests: 1, ticketType: foodOnly, expected: 100 }),
      'P0001',
      'The amount has changed. Please review your order and try again.',
    );
    await expectRefused(
      hold({ eventId, guests: 1, ticketType: foodOnly, promo: 'FREE', hasToken: true }),
      'P0001',
      'This booking is free: no card payment is needed. Please submit it without card details.',
    );
    await expectRefused(
      hold({ eventId, guests: 1, ticketType: foodOnly, hasToken: false }),
      'P0001',
      'Card details are required to pay $123.45 for this booking.',
    );
    await expectRefused(hold({ eventId, guests: 3, ticketType: wine }), 'SH409', 'Only 2 tickets available for Food + Wine Pairing.');
    expect(await ticketQuantity(foodOnly)).toBe(before);
    expect(await ticketQuantity(wine)).toBe(2);
    expect(await count()).toBe(rows);
  });

  it('refuses an inactive slot and reports a full one', async () => {
    const rsvp = (await createEvent(org.id, { rsvp_mode: true, rsvp_open: true, deposit_amount: 700 })).id;
    const small = await createSlot(rsvp, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 2 });
    const off = await createSlot(rsvp, { slot_label: '9:00pm', slot_time: '21:00', max_capacity: 10, is_active: false });
    await expectRefused(
      hold({ eventId: rsvp, guests: 1, slotId: off }),
      'SH409',
      'The 9:00pm time slot is not available. Please select another time.',
    );
    const h = await hold({ eventId: rsvp, guests: 2, slotId: small });
    expect(h.total_cents).toBe(1400);
    expect(await slotTaken(small)).toBe(2);
    await expectRefused(hold({ eventId: rsvp, guests: 1, slotId: small }), 'SH409', 'The 6:00pm time slot is full. Please select another time.');
  });

  it('refuses RSVPs when the event does not take them or they are closed', async () => {
    const closed = (await createEvent(org.id, { rsvp_mode: true, rsvp_open: false })).id;
    const slot = await createSlot(closed, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 10 });
    await expectRefused(hold({ eventId: closed, guests: 1, slotId: slot }), 'SH409', 'RSVPs are closed for this event.');
    const ticketed = (await createEvent(org.id)).id;
    const slot2 = await createSlot(ticketed, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 10 });
    await expectRefused(hold({ eventId: ticketed, guests: 1, slotId: slot2 }), 'SH409', 'This event does not take RSVPs.');
  });

  it("counts the event's max_guests when nothing else limits it", async () => {
    const capped = (await createEvent(org.id, { max_guests: 3 })).id;
    await createTicketType(capped, { name: 'Open Seating', price: 1000, quantity: 100 });
    await hold({ eventId: capped, guests: 2, ticketType: 'Open Seating' });
    await expectRefused(hold({ eventId: capped, guests: 2, ticketType: 'Open Seating' }), 'SH409', 'Only 1 seat left for this event.');
  });
});

describe('confirm_booking and fail_booking', () => {
  it('fail_booking records the guest’s answer with the failure: a retry of the checkout replays it at once', async () => {
    const key = randomUUID();
    const h = await hold({ eventId, guests: 1, ticketType: foodOnly, key });
    const declined = { status: 402, error: 'Your card was declined.', code: 'card_generic_decline' };
    expect(
      await asService<boolean>(pool(), `select public.fail_booking($1, $2, $3)`, [h.reservation_id, 'GENERIC_DECLINE', JSON.stringify(declined)]),
    ).toBe(true);
    // The same checkout again (a double submit racing the first): the decline, not a bare "ended".
    const again = await hold({ eventId, guests: 1, ticketType: foodOnly, key });
    expect(again).toMatchObject({ existing: true, status: 'failed', outcome: declined });
    // Failing it again records nothing more.
    expect(await asService<boolean>(pool(), `select public.fail_booking($1, $2, $3)`, [h.reservation_id, 'x', JSON.stringify({ status: 503 })])).toBe(
      false,
    );
    expect((await hold({ eventId, guests: 1, ticketType: foodOnly, key })).outcome).toEqual(declined);
  });

  it('confirms, queues the confirmation email and redeems the promo code only then', async () => {
    const promoId = await createPromo(org.id, {
      code: `ONCE${randomUUID().slice(0, 4)}`,
      discount_type: 'percent',
      discount_amount: 50,
      max_uses: 1,
    });
    const code = (await one<{ code: string }>(pool(), `select code from public.promo_codes where id = $1`, [promoId])).code;
    const h = await hold({ eventId, guests: 2, ticketType: foodOnly, promo: code });
    expect((await one<any>(pool(), `select times_redeemed from public.promo_codes where id = $1`, [promoId])).times_redeemed).toBe(0);
    // The held use is reserved: nobody else can take the last use meanwhile.
    await expectRefused(hold({ eventId, guests: 1, ticketType: foodOnly, promo: code }), 'P0001', 'Invalid promo code');

    expect(await confirm(h.reservation_id, 'test', 'pay-1')).toBe(true);
    expect(await confirm(h.reservation_id, 'test', 'pay-1')).toBe(true); // repeat: no-op
    expect(await confirm(h.reservation_id, 'test', 'pay-2')).toBe(false); // another payment: refund it
    const row = await one<any>(pool(), `select status, confirmed_at, payment_provider, payment_id from public.reservations where id = $1`, [
      h.reservation_id,
    ]);
    expect(row).toMatchObject({ status: 'confirmed', payment_provider: 'test', payment_id: 'pay-1' });
    expect(row.confirmed_at).not.toBeNull();
    expect((await one<any>(pool(), `select times_redeemed from public.promo_codes where id = $1`, [promoId])).times_redeemed).toBe(1);

    const { rows: mails } = await pool().query(`select * from public.email_outbox where reservation_id = $1`, [h.reservation_id]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'booking_confirmation',
      to_email: 'test.guest@example.com',
      subject: 'Your reservation at Booking Test Kitchen is confirmed: SQL Test Dinner',
    });
    // Queued as pending; on the full stack the local mailbox may already have delivered it.
    expect(['pending', 'sending', 'sent']).toContain(mails[0].status);
    expect(mails[0].body_text).toContain('Time: 7:00 PM Eastern Time');
    expect(mails[0].body_text).toContain('Guests: 2');
    expect(mails[0].body_text).toContain('Ticket: Food Only');
    expect(mails[0].body_text).toContain('Total paid: $123.45');
    expect(mails[0].body_text).toMatch(/Date: \w+day, \w+ \d{1,2}, \d{4}/);
  });

  it('fails a held booking: seats and promo use come back at once', async () => {
    const promoId = await createPromo(org.id, { code: `LAST${randomUUID().slice(0, 4)}`, discount_type: 'fixed', discount_amount: 100, max_uses: 1 });
    const code = (await one<{ code: string }>(pool(), `select code from public.promo_codes where id = $1`, [promoId])).code;
    const before = await ticketQuantity(foodOnly);
    const h = await hold({ eventId, guests: 3, ticketType: foodOnly, promo: code });
    expect(await ticketQuantity(foodOnly)).toBe(before - 3);
    expect(await fail(h.reservation_id)).toBe(true);
    expect(await fail(h.reservation_id)).toBe(false);
    expect(await confirm(h.reservation_id)).toBe(false);
    expect(await ticketQuantity(foodOnly)).toBe(before);
    // The use is free again.
    const again = await hold({ eventId, guests: 1, ticketType: foodOnly, promo: code });
    await fail(again.reservation_id);
  });

  it('a hold whose code lost its last use while the guest paid is refused: it fails, says why and gives its seats back', async () => {
    const promoId = await createPromo(org.id, { code: `CUT${randomUUID().slice(0, 4)}`, discount_type: 'fixed', discount_amount: 100, max_uses: 1 });
    const code = (await one<{ code: string }>(pool(), `select code from public.promo_codes where id = $1`, [promoId])).code;
    const before = await ticketQuantity(foodOnly);
    const h = await hold({ eventId, guests: 2, ticketType: foodOnly, promo: code });
    await pool().query(`update public.promo_codes set max_uses = 0 where id = $1`, [promoId]);
    expect(await confirm(h.reservation_id)).toBe(false);
    expect(await reservationStatus(h.reservation_id)).toBe('failed');
    expect(await refusedBecause(h.reservation_id)).toBe('promo code no longer redeemable');
    expect(await ticketQuantity(foodOnly)).toBe(before);
  });

  it('a free booking is confirmed with provider comp and says so in the email', async () => {
    const h = await hold({ eventId, guests: 1, ticketType: foodOnly, promo: 'FREE', hasToken: false });
    expect(h.total_cents).toBe(0);
    expect(await confirm(h.reservation_id, 'comp', null)).toBe(true);
    const mail = await one<any>(pool(), `select body_text from public.email_outbox where reservation_id = $1`, [h.reservation_id]);
    expect(mail.body_text).toContain('Total: Free');
  });
});

/** A fresh event of the test organization with one ticket type of `quantity` seats. */
async function counterEvent(quantity: number) {
  const { eventId: e, ticketTypeId: t } = await createTicketedEvent(org.id, { name: 'Counter', price: 5000, quantity });
  return { e, t };
}

/** Moves a reservation's hold expiry into the past (without releasing it). */
const backdateHold = (id: string, ago = '1 second') =>
  pool().query(`update public.reservations set hold_expires_at = now() - $2::interval where id = $1`, [id, ago]);

/** A counter event whose `guests` seats are held by a reservation now past its expiry (not yet released). */
async function expiredHold(quantity: number, guests: number) {
  const { e, t } = await counterEvent(quantity);
  const h = await hold({ eventId: e, guests, ticketType: t });
  await backdateHold(h.reservation_id);
  return { t, h };
}

const reservationStatus = async (id: string) =>
  (await one<{ status: string }>(pool(), `select status from public.reservations where id = $1`, [id])).status;

/** Why confirm_booking refused a reservation (its confirm_refused event). */
const refusedBecause = async (id: string) =>
  (
    await one<{ reason: string }>(
      pool(),
      `select detail ->> 'reason' as reason from public.booking_events where reservation_id = $1 and kind = 'confirm_refused'`,
      [id],
    )
  ).reason;

describe('expired holds', () => {
  it('give their seats back on the next booking of the event', async () => {
    const { e, t } = await counterEvent(2);
    const stale = await hold({ eventId: e, guests: 2, ticketType: t });
    await expectRefused(hold({ eventId: e, guests: 1, ticketType: t }), 'SH409', 'Only 0 tickets available for Counter.');
    await backdateHold(stale.reservation_id, '1 minute');
    const fresh = await hold({ eventId: e, guests: 2, ticketType: t });
    expect(fresh.status).toBe('held');
    expect(await reservationStatus(stale.reservation_id)).toBe('expired');
    expect(await ticketQuantity(t)).toBe(0);
    // The stale hold's late payment cannot be booked over capacity: the caller refunds it.
    expect(await confirm(stale.reservation_id)).toBe(false);
    expect(await ticketQuantity(t)).toBe(0);
  });

  it('a late payment whose seats are gone is refused and the booking says why', async () => {
    const { e, t } = await counterEvent(1);
    const stale = await hold({ eventId: e, guests: 1, ticketType: t });
    await backdateHold(stale.reservation_id, '1 minute');
    await hold({ eventId: e, guests: 1, ticketType: t });
    expect(await confirm(stale.reservation_id)).toBe(false);
    expect(await reservationStatus(stale.reservation_id)).toBe('expired');
    expect(await refusedBecause(stale.reservation_id)).toBe('hold expired and its seats are gone');
  });

  it('count as free seats in a quote before they are released', async () => {
    const { e, t } = await counterEvent(2);
    const h = await hold({ eventId: e, guests: 2, ticketType: t });
    expect(await refusal(quote({ eventId: e, guests: 1, ticketType: t }))).toMatchObject({ code: 'SH409' });
    await backdateHold(h.reservation_id);
    expect((await quote({ eventId: e, guests: 2, ticketType: t })).total_cents).toBe(10000);
  });

  it('are released by release_expired_holds(), and a late payment re-takes seats that are still free', async () => {
    const { t, h } = await expiredHold(4, 3);
    // (Another caller — an availability function — may release it first: count only our row.)
    expect(await asService<number>(pool(), `select public.release_expired_holds()`)).toBeGreaterThanOrEqual(0);
    expect(await reservationStatus(h.reservation_id)).toBe('expired');
    expect(await ticketQuantity(t)).toBe(4);
    expect(await confirm(h.reservation_id)).toBe(true);
    expect(await ticketQuantity(t)).toBe(1);
  });

  it('a hold past its expiry but not yet released is confirmed only if its seats can be taken again', async () => {
    const { t, h } = await expiredHold(2, 2);
    expect(await confirm(h.reservation_id)).toBe(true);
    expect(await ticketQuantity(t)).toBe(0);
  });

  it('a refund in progress blocks confirmation for good', async () => {
    const h = await hold({ eventId, guests: 1, ticketType: foodOnly });
    await asService(pool(), `select public.record_booking_event($1, 'refund_requested', '{}'::jsonb)`, [h.reservation_id]);
    expect(await confirm(h.reservation_id)).toBe(false);
    await fail(h.reservation_id);
  });
});

describe('privileges', () => {
  it('only the service role may execute the booking functions', async () => {
    for (const role of ['anon', 'authenticated']) {
      const client = await pool().connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        for (const sql of [
          `select public.quote_booking('${eventId}', 1)`,
          `select public.hold_booking('k', '${eventId}', 1, 'a', 'a@b.co')`,
          `select public.confirm_booking('${eventId}', 'test', 'x')`,
          `select public.fail_booking('${eventId}', 'x')`,
          `select public.release_expired_holds()`,
          `select public.test_processor_charge('k', 'cnon:card-nonce-ok', 100)`,
        ]) {
          await client.query('savepoint s');
          await expect(client.query(sql), `${role}: ${sql}`).rejects.toMatchObject({ code: '42501' });
          await client.query('rollback to savepoint s');
        }
        await client.query('savepoint s');
        await expect(client.query('select * from test_processor.payments')).rejects.toMatchObject({ code: '42501' });
        await client.query('rollback to savepoint s');
        await expect(client.query('select * from public.booking_events')).rejects.toMatchObject({ code: '42501' });
      } finally {
        await client.query('rollback').catch(() => undefined);
        client.release();
      }
    }
  });
});

describe("a seating's capacity, within the event's cap", () => {
  it('sells a seating to its capacity and the event to its cap, in the quote and under the lock', async () => {
    const e = (await createEvent(org.id, { max_guests: 26, seat_price_cents: 6500 })).id;
    const early = await createSlot(e, { slot_label: '5:30pm', slot_time: '17:30', max_capacity: 20 });
    await createSlot(e, { slot_label: '8:00pm', slot_time: '20:00', max_capacity: 20 });
    const seat = { eventId: e, timeSlot: '5:30pm' };
    for (let i = 0; i < 3; i++) await hold({ ...seat, guests: 6 });
    expect(await slotTaken(early)).toBe(18);
    const left2 = /^Not enough tickets for \w+day, \w+ \d{1,2}, \d{4} at 5:30pm \(2 left\)\. Please select another date or reduce tickets\.$/;
    expect(await refusal(quote({ ...seat, guests: 3 }))).toMatchObject({ code: 'SH409', message: expect.stringMatching(left2) });
    expect(await refusal(hold({ ...seat, guests: 3 }))).toMatchObject({ code: 'SH409', message: expect.stringMatching(left2) });
    await hold({ ...seat, guests: 2 });
    expect(await refusal(hold({ ...seat, guests: 1 }))).toMatchObject({ code: 'SH409', message: expect.stringContaining('(0 left)') });
    expect(await slotTaken(early)).toBe(20);
    // The later seating has 20 of its own, but the event's cap (26) leaves 6.
    const late = { eventId: e, timeSlot: '8:00pm' };
    expect((await quote({ ...late, guests: 6 })).total_cents).toBe(39000);
    await hold({ ...late, guests: 4 });
    const left2Event = /^Not enough tickets for \w+day, \w+ \d{1,2}, \d{4} \(2 left\)\. Please select another date or reduce tickets\.$/;
    expect(await refusal(quote({ ...late, guests: 3 }))).toMatchObject({ code: 'SH409', message: expect.stringMatching(left2Event) });
    // One count for every surface: the seating offers what the event's cap leaves.
    expect(
      await one(
        pool(),
        `select a.own_available, a.available from public.event_availability($1) a join public.rsvp_slots s on s.id = a.option_id where s.slot_label = '8:00pm'`,
        [e],
      ),
    ).toEqual({ own_available: 16, available: 2 });
  });
});

describe('public availability (events_with_availability, get_public_org_page)', () => {
  /** Expires the holds and reads the page as a visitor, in one transaction rolled back at the end. */
  async function pageWithHoldsExpired(slug: string, reservationIds: string[]) {
    const client = await pool().connect();
    try {
      await client.query('begin');
      await client.query(`update public.reservations set hold_expires_at = now() - interval '1 minute' where id = any($1::uuid[])`, [reservationIds]);
      await client.query('set local role anon');
      const { rows } = await client.query(`select to_jsonb(p) as page from public.get_public_org_page($1) p`, [slug]);
      return rows[0].page as { events: any[] };
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }
  const publicPage = async (slug: string) =>
    (await one<{ page: { events: any[] } }>(pool(), `select to_jsonb(p) as page from public.get_public_org_page($1) p`, [slug])).page;

  it('shows the seats of an abandoned hold as available before anything releases it', async () => {
    const own = await createOrg({ branding: { brand_name: 'Booking Test Kitchen' } });
    const { eventId: dinner, ticketTypeId: seat } = await createTicketedEvent(
      own.id,
      { name: 'Counter', price: 5000, quantity: 2 },
      { title: 'Last Seats Dinner', max_guests: null },
    );
    const rsvp = (await createEvent(own.id, { title: 'Last Spots RSVP', rsvp_mode: true, rsvp_open: true, max_guests: 10 })).id;
    const slot = await createSlot(rsvp, { slot_label: '6:00pm', slot_time: '18:00', max_capacity: 3 });
    const ticketHold = await hold({ eventId: dinner, guests: 2, ticketType: seat });
    const slotHold = await hold({ eventId: rsvp, guests: 3, slotId: slot });

    // Live holds: sold out / fully booked.
    const events = (page: { events: any[] }) => ({ dinner: page.events.find((e) => e.id === dinner), rsvp: page.events.find((e) => e.id === rsvp) });
    expect(events(await publicPage(own.slug))).toMatchObject({
      dinner: { total_available: 0, is_fully_booked: true, ticket_types: [{ id: seat, quantity: 0 }] },
      rsvp: { total_available: 0, is_fully_booked: true, available_seats: 7, rsvp_slots: [{ id: slot, current_rsvps: 3, available_spots: 0 }] },
    });

    // Expired but not released (still 'held'): the page shows the seats again.
    expect(events(await pageWithHoldsExpired(own.slug, [ticketHold.reservation_id, slotHold.reservation_id]))).toMatchObject({
      dinner: { total_available: 2, is_fully_booked: false, ticket_types: [{ id: seat, quantity: 2 }] },
      rsvp: {
        total_available: 3,
        is_fully_booked: false,
        available_seats: 10,
        rsvp_slots: [{ id: slot, current_rsvps: 0, available_spots: 3, max_capacity: 3 }],
      },
    });
    // ... and, rolled back, the live holds take their seats again.
    expect(await ticketQuantity(seat)).toBe(0);
    expect(await slotTaken(slot)).toBe(3);
  });
});

describe("the local stack's release of abandoned holds (stack/hold-release.ts)", () => {
  it('expires holds past their expiry on its timer, and stops', async () => {
    const { t, h } = await expiredHold(3, 3);
    // Past its expiry the hold takes no seat, released or not: the releaser only ends it.
    expect(await ticketQuantity(t)).toBe(3);
    const releaser = startHoldReleaser({ dbUrl: stackEnv().dbUrl, intervalMs: 50 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await reservationStatus(h.reservation_id)) !== 'expired') {
        if (Date.now() > deadline) throw new Error('the hold was not released');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await ticketQuantity(t)).toBe(3);
      expect(await releaser.releaseNow()).toBeGreaterThanOrEqual(0);
    } finally {
      await releaser.stop();
    }
  });
});

describe('local test processor', () => {
  it('charges once per idempotency key, honours the sandbox nonces and refunds', async () => {
    const key = randomUUID();
    const first = await asService<any>(pool(), `select public.test_processor_charge($1, 'cnon:card-nonce-ok', 2500, 'USD', 'ref-1')`, [key]);
    expect(first.payment).toMatchObject({ status: 'COMPLETED', amount_money: { amount: 2500, currency: 'USD' } });
    const again = await asService<any>(pool(), `select public.test_processor_charge($1, 'cnon:card-nonce-ok', 2500, 'USD', 'ref-1')`, [key]);
    expect(again.payment.id).toBe(first.payment.id);
    expect((await one<any>(pool(), `select count(*)::int as n from test_processor.payments where idempotency_key = $1`, [key])).n).toBe(1);
    const reused = await asService<any>(pool(), `select public.test_processor_charge($1, 'cnon:card-nonce-ok', 9999)`, [key]);
    expect(reused.errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');

    for (const [nonce, code] of [
      ['cnon:card-nonce-declined', 'GENERIC_DECLINE'],
      ['cnon:card-nonce-rejected-cvv', 'CVV_FAILURE'],
      ['cnon:card-nonce-rejected-postalcode', 'ADDRESS_VERIFICATION_FAILURE'],
      ['cnon:card-nonce-rejected-expiration', 'INVALID_EXPIRATION'],
      ['cnon:something-else', 'CARD_TOKEN_EXPIRED'],
    ]) {
      const answer = await asService<any>(pool(), `select public.test_processor_charge($1, $2, 2500)`, [randomUUID(), nonce]);
      expect(answer.errors[0].code, nonce).toBe(code);
      expect(answer.payment?.status).toBe('FAILED');
    }

    const refundKey = randomUUID();
    const refund = await asService<any>(pool(), `select public.test_processor_refund($1, $2, 2500, 'test')`, [refundKey, first.payment.id]);
    expect(refund.refund.status).toBe('COMPLETED');
    const repeat = await asService<any>(pool(), `select public.test_processor_refund($1, $2, 2500, 'test')`, [refundKey, first.payment.id]);
    expect(repeat.refund.id).toBe(refund.refund.id);
    const over = await asService<any>(pool(), `select public.test_processor_refund($1, $2, 1, 'test')`, [randomUUID(), first.payment.id]);
    expect(over.errors[0].code).toBe('REFUND_AMOUNT_INVALID');
    expect((await one<any>(pool(), `select refunded_cents from test_processor.payments where id = $1`, [first.payment.id])).refunded_cents).toBe(
      2500,
    );
  });
});
