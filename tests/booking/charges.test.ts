/**
 * Taxes and service charges in SQL (045_taxes_and_service_charges.sql): the one rule and its
 * rounding (price_lines), the organization's defaults and an event's override in every quote
 * and hold, the lines stored on the reservation and its charge, and refunds returning service
 * charge and tax in proportion, to the cent, never more than was collected (refund_lines,
 * open_refund). Runs with SUPPERHOST_TEST_STACK=db too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asService, insertRow, one, sql, usePool } from '../support/db.ts';
import { createEvent, createOrg, type Org } from '../support/fixtures.ts';

const pool = usePool();

interface Terms {
  tax_rate_bps?: number;
  service_charge_type?: 'none' | 'percent' | 'per_guest';
  service_charge_bps?: number;
  service_charge_cents?: number;
  service_charge_taxable?: boolean;
  price_display?: 'itemized' | 'all_in';
}

const lines = (subtotal: number, discount: number, guests: number, terms: Terms) =>
  asService<any>(pool(), `select public.price_lines($1, $2, $3, $4::jsonb)`, [subtotal, discount, guests, JSON.stringify(terms)]);

describe('price_lines: integer cents, half up per line', () => {
  it.each([
    // [what, subtotal, discount, guests, terms, service, tax, amount]
    ['no terms: the amount is the subtotal', 31500, 0, 2, {}, 0, 0, 31500],
    [
      '20 % service, not taxable; 8.75 % tax on 130.00 is 11.375 -> 11.38',
      13000,
      0,
      2,
      { tax_rate_bps: 875, service_charge_type: 'percent', service_charge_bps: 2000 },
      2600,
      1138,
      16738,
    ],
    [
      '20 % service, taxable: tax on 156.00',
      13000,
      0,
      2,
      { tax_rate_bps: 875, service_charge_type: 'percent', service_charge_bps: 2000, service_charge_taxable: true },
      2600,
      1365,
      16965,
    ],
    [
      'a service charge of exactly half a cent rounds up (0.25 -> 2.5 c -> 3 c)',
      25,
      0,
      1,
      { service_charge_type: 'percent', service_charge_bps: 1000 },
      3,
      0,
      28,
    ],
    ['a tax of exactly half a cent rounds up (5 % of 10 c)', 10, 0, 1, { tax_rate_bps: 500 }, 0, 1, 11],
    ['17.5 % of 12.34 is 215.95 c -> 216 c', 1234, 0, 1, { service_charge_type: 'percent', service_charge_bps: 1750 }, 216, 0, 1450],
    [
      'a fixed 5.00 per guest, taxable at 8.25 %: 1732.5 c -> 1733 c',
      19500,
      0,
      3,
      { tax_rate_bps: 825, service_charge_type: 'per_guest', service_charge_cents: 500, service_charge_taxable: true },
      1500,
      1733,
      22733,
    ],
    [
      'the discount comes off first: service and tax on 75.00',
      10000,
      2500,
      2,
      { tax_rate_bps: 800, service_charge_type: 'percent', service_charge_bps: 2000 },
      1500,
      600,
      9600,
    ],
    [
      'a booking made free by its discount stays free',
      5000,
      5000,
      2,
      { tax_rate_bps: 800, service_charge_type: 'per_guest', service_charge_cents: 500, service_charge_taxable: true },
      0,
      0,
      0,
    ],
  ] as const)('%s', async (_what, subtotal, discount, guests, terms, service, tax, amount) => {
    expect(await lines(subtotal, discount, guests, terms)).toMatchObject({
      subtotal_cents: subtotal,
      discount_cents: discount,
      service_charge_cents: service,
      tax_cents: tax,
      amount_cents: amount,
    });
  });
});

let org: Org;
let plain: Org;

beforeAll(async () => {
  org = await createOrg({ name: 'Charges Kitchen' });
  plain = await createOrg({ name: 'Plain Kitchen' });
  await insertRow(
    'org_charge_settings',
    { org_id: org.id, tax_rate_bps: 887, service_charge_type: 'percent', service_charge_bps: 1800, service_charge_taxable: true },
    'org_id',
  );
});

const quote = (eventId: string, guests: number, ticketType: string, promo: string | null = null) =>
  asService<any>(pool(), `select public.quote_booking(p_event_id => $1, p_guests => $2, p_ticket_type => $3, p_promo_code => $4)`, [
    eventId,
    guests,
    ticketType,
    promo,
  ]);

/** A confirmed, paid booking (charge completed on the ledger) of `guests` tickets at `price`. */
async function paidBooking(on: Org, price: number, guests: number, override?: Terms) {
  const event = await createEvent(on.id, { ticketTypes: [{ name: 'Dinner', price, quantity: 10 }] });
  if (override) await insertRow('event_charge_settings', { event_id: event.id, ...override }, 'event_id');
  const held = await asService<any>(
    pool(),
    `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => $3, p_name => 'Tess Tax',
       p_email => 'tess.tax@example.com', p_ticket_type => $4, p_has_payment_token => true, p_payment_source => 'cnon:ok',
       p_payment_provider => 'test')`,
    [randomUUID(), event.id, guests, event.ticketTypes[0].id],
  );
  expect(await asService(pool(), `select public.confirm_booking($1, 'test', $2)`, [held.reservation_id, `pay-${randomUUID()}`])).toBe(true);
  return { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, held, reservationId: held.reservation_id as string };
}

describe('quotes and holds under the terms', () => {
  it('prices with the organization defaults, stores the lines on the reservation and on its charge', async () => {
    // 3 × 33.33 = 99.99; 18 % service = 1799.82 c -> 1800 c; 8.87 % tax on 117.99 = 1046.5713 c -> 1047 c.
    const b = await paidBooking(org, 3333, 3);
    const q = await quote(b.eventId, 3, b.ticketTypeId);
    expect(q).toMatchObject({
      subtotal_cents: 9999,
      discount_cents: 0,
      service_charge_cents: 1800,
      tax_cents: 1047,
      amount_cents: 12846,
      total_cents: 12846,
      charges: { price_display: 'itemized', tax_rate_bps: 887, service_charge_type: 'percent', service_charge_bps: 1800 },
    });
    expect(b.held).toMatchObject({
      subtotal_cents: 9999,
      service_charge_cents: 1800,
      tax_cents: 1047,
      total_cents: 12846,
      amount_cents: 12846,
      price_display: 'itemized',
    });
    expect(
      await one(pool(), `select amount_cents, discount_cents, service_charge_cents, tax_cents from public.reservations where id = $1`, [
        b.reservationId,
      ]),
    ).toEqual({ amount_cents: 12846, discount_cents: 0, service_charge_cents: 1800, tax_cents: 1047 });
    expect(
      await sql(`select kind, status, amount_cents, service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1`, [
        b.reservationId,
      ]),
    ).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 12846, service_charge_cents: 1800, tax_cents: 1047 }]);
  });

  it("an event's own terms replace the defaults whole; a promo code comes off before them", async () => {
    const b = await paidBooking(org, 5000, 2, {
      tax_rate_bps: 0,
      service_charge_type: 'per_guest',
      service_charge_cents: 750,
      price_display: 'all_in',
    });
    expect(b.held).toMatchObject({ subtotal_cents: 10000, service_charge_cents: 1500, tax_cents: 0, amount_cents: 11500, price_display: 'all_in' });
    await insertRow('promo_codes', { org_id: org.id, code: 'TAXTEN', discount_type: 'percent', discount_amount: 10 });
    const withPromo = await quote(b.eventId, 2, b.ticketTypeId, 'taxten');
    expect(withPromo).toMatchObject({ subtotal_cents: 10000, discount_cents: 1000, service_charge_cents: 1500, tax_cents: 0, amount_cents: 10500 });
  });

  it('an expected total without the lines is refused: the guest pays what the server priced', async () => {
    const event = await createEvent(org.id, { ticketTypes: [{ name: 'Dinner', price: 10000, quantity: 10 }] });
    await expect(
      asService(
        pool(),
        `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 1, p_name => 'Tess', p_email => 'tess@example.com',
           p_ticket_type => $3, p_expected_total_cents => 10000)`,
        [randomUUID(), event.id, event.ticketTypes[0].id],
      ),
    ).rejects.toThrow('The amount has changed. Please review your order and try again.');
  });

  it('an organization without terms prices exactly as before', async () => {
    const b = await paidBooking(plain, 15750, 2);
    expect(b.held).toMatchObject({ subtotal_cents: 31500, discount_cents: 0, service_charge_cents: 0, tax_cents: 0, amount_cents: 31500 });
  });
});

const refund = (reservationId: string, cents: number) =>
  asService<any>(
    pool(),
    `select to_jsonb(public.open_refund(r, $2, $3, 'Test refund', 'staff', false, 'refund')) from public.reservations r where r.id = $1`,
    [reservationId, cents, `rf-${randomUUID().slice(0, 20)}`],
  );

const refundedLines = (reservationId: string) =>
  one<{ amount: number; service: number; tax: number }>(
    pool(),
    `select coalesce(sum(amount_cents), 0)::int as amount, coalesce(sum(service_charge_cents), 0)::int as service,
            coalesce(sum(tax_cents), 0)::int as tax
       from public.payment_ledger where reservation_id = $1 and kind = 'refund'`,
    [reservationId],
  );

describe('refunds return service charge and tax in proportion, to the cent', () => {
  it('half of 128.46 returns half the service charge and half the tax, the odd cent rounded half up, the rest exactly what is left', async () => {
    const b = await paidBooking(org, 3333, 3);
    // 6423 × 1047 / 12846 = 523.5 c -> 524 c; 6423 × 1800 / 12846 = 900 c.
    expect(await refund(b.reservationId, 6423)).toMatchObject({ amount_cents: 6423, service_charge_cents: 900, tax_cents: 524 });
    expect(await refund(b.reservationId, 6423)).toMatchObject({ amount_cents: 6423, service_charge_cents: 900, tax_cents: 523 });
    expect(await refundedLines(b.reservationId)).toEqual({ amount: 12846, service: 1800, tax: 1047 });
    const money = await asService<any>(pool(), `select public.money_of($1)`, [b.reservationId]);
    expect(money).toMatchObject({ paid_service_charge_cents: 1800, paid_tax_cents: 1047 });
  });

  it('cent by cent: a refund of 1 cent returns no tax, and the lines still add up at the end', async () => {
    const b = await paidBooking(org, 3333, 3);
    for (let i = 0; i < 3; i++) expect(await refund(b.reservationId, 1)).toMatchObject({ service_charge_cents: 0, tax_cents: 0 });
    expect(await refund(b.reservationId, 12843)).toMatchObject({ amount_cents: 12843, service_charge_cents: 1800, tax_cents: 1047 });
    expect(await refundedLines(b.reservationId)).toEqual({ amount: 12846, service: 1800, tax: 1047 });
  });

  it('never more than was collected: over any sequence of partial refunds, each line stays within its share and its total', async () => {
    const cases: { price: number; guests: number; terms: Terms; parts: number[] }[] = [
      { price: 1999, guests: 1, terms: { tax_rate_bps: 1, service_charge_type: 'percent', service_charge_bps: 1 }, parts: [1, 2, 3, 5, 7] },
      {
        price: 101,
        guests: 3,
        terms: { tax_rate_bps: 4999, service_charge_type: 'per_guest', service_charge_cents: 33, service_charge_taxable: true },
        parts: [7, 7, 7],
      },
      {
        price: 6500,
        guests: 2,
        terms: { tax_rate_bps: 887, service_charge_type: 'percent', service_charge_bps: 2000 },
        parts: [4333, 1, 1, 99, 5000],
      },
      {
        price: 1,
        guests: 1,
        terms: { tax_rate_bps: 5000, service_charge_type: 'percent', service_charge_bps: 10000, service_charge_taxable: true },
        parts: [1, 1],
      },
    ];
    for (const c of cases) {
      const b = await paidBooking(org, c.price, c.guests, c.terms);
      const r = await one<{ amount_cents: number; service_charge_cents: number; tax_cents: number }>(
        pool(),
        `select amount_cents, service_charge_cents, tax_cents from public.reservations where id = $1`,
        [b.reservationId],
      );
      let left = { amount: r.amount_cents, service: r.service_charge_cents, tax: r.tax_cents };
      for (const part of [...c.parts, Number.POSITIVE_INFINITY]) {
        const cents = Math.min(part, left.amount);
        if (cents <= 0) break;
        const row = await refund(b.reservationId, cents);
        expect(row.service_charge_cents + row.tax_cents).toBeLessThanOrEqual(cents);
        expect(row.service_charge_cents).toBeLessThanOrEqual(left.service);
        expect(row.tax_cents).toBeLessThanOrEqual(left.tax);
        // Within a cent of the exact share of what was still held.
        expect(Math.abs(row.tax_cents - (cents * left.tax) / left.amount)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(row.service_charge_cents - (cents * left.service) / left.amount)).toBeLessThanOrEqual(1);
        left = { amount: left.amount - cents, service: left.service - row.service_charge_cents, tax: left.tax - row.tax_cents };
        expect(left.amount - left.service - left.tax).toBeGreaterThanOrEqual(0);
      }
      expect(left).toEqual({ amount: 0, service: 0, tax: 0 });
      expect(await refundedLines(b.reservationId)).toEqual({ amount: r.amount_cents, service: r.service_charge_cents, tax: r.tax_cents });
    }
  });

  it('the ledger refuses a refund row carrying more tax or service charge than was collected', async () => {
    const b = await paidBooking(org, 3333, 3);
    await expect(
      sql(
        `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents, idempotency_key)
         values ($1, $2, 'refund', 'pending', 2000, 0, 1048, $3)`,
        [b.reservationId, org.id, `rf-${randomUUID().slice(0, 20)}`],
      ),
    ).rejects.toThrow('A refund cannot return more service charge or tax than was paid');
  });
});
