/**
 * The books (staff_ledger_export, staff_ledger_months in 070_money.sql): an organization paid
 * into its own fake Square seller, with a sales tax, a service charge and a platform fee, takes
 * two card payments (one discounted by a promo code), gives guests away (a comp) and refunds
 * part of a payment. The export's lines add up to the ledger to the cent, each line's columns
 * agree (amount = gross - discount + service charge + tax, net = amount - fee), the monthly
 * totals are the sums of the lines, everything matches what the fake Square recorded, dates are
 * the organization's, and another organization's staff are refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/db.ts';
import { FakeSquare } from '../support/fake-square.ts';
import { createEvent, createOrg, createPromo, createStaff, guest, type Org, type Staff } from '../support/fixtures.ts';
import { compGuests } from '../support/staff-org.ts';
import { useSquareAccountsStack } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

const square = new FakeSquare();
const stack = useSquareAccountsStack(square);

async function call(name: string, body: unknown, staff?: Staff) {
  const session = staff ? (await staff.client.auth.getSession()).data.session?.access_token : undefined;
  const res = await fetch(`${stack().functionsUrl}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: stackEnv().publishableKey, ...(session ? { Authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Connects the organization to the seller's account through the OAuth flow, and picks its USD location. */
async function connect(owner: Staff, org: Org, merchantId: string, locationId: string) {
  const started = await call('square-oauth-start', { orgId: org.id }, owner);
  expect(started.status).toBe(200);
  const url = new URL(started.body.authorizeUrl);
  const scopes = url.searchParams.get('scope')!.split(' ');
  const code = square.issueCode(merchantId, scopes, url.searchParams.get('redirect_uri')!);
  const back = await fetch(`${stack().functionsUrl}/square-oauth-callback?${new URLSearchParams({ code, state: url.searchParams.get('state')! })}`, {
    redirect: 'manual',
  });
  expect(new URL(back.headers.get('location')!).searchParams.get('square')).toBe('connected');
  expect((await owner.client.rpc('staff_choose_square_location', { p_org_id: org.id, p_location_id: locationId })).error).toBeNull();
}

/** Books and pays by card at the price the server quotes. */
async function pay(eventId: string, ticketTypeId: string, guests: number, tag: string, promoCode?: string) {
  const reservationData = { ...guest(tag), eventId, num_guests: guests, ticketTypeId };
  const quote = await call('process-square-payment', { validateOnly: true, reservationData, promoCode });
  expect(quote.body).toMatchObject({ success: true });
  const key = randomUUID();
  const paid = await call('process-square-payment', {
    token: 'cnon:card-nonce-ok',
    amount: quote.body.amountCents,
    reservationData,
    promoCode,
    idempotencyKey: key,
  });
  expect(paid.body).toMatchObject({ success: true });
  return { reservationId: paid.body.reservationId as string, key, quote: quote.body };
}

interface Line {
  ledger_id: number;
  kind: 'charge' | 'refund' | 'comp';
  occurred_on: string;
  booking_code: string;
  reservation_id: string;
  event_title: string;
  guest_email: string;
  gross_cents: number;
  discount_cents: number;
  service_charge_cents: number;
  tax_cents: number;
  amount_cents: number;
  platform_fee_cents: number;
  net_cents: number;
  currency: string;
  provider: string;
  provider_payment_id: string | null;
  provider_refund_id: string | null;
}

const money = ['gross_cents', 'discount_cents', 'service_charge_cents', 'tax_cents', 'amount_cents', 'platform_fee_cents', 'net_cents'] as const;
const sum = (rows: readonly object[], column: string) => rows.reduce((total, row) => total + Number((row as Record<string, unknown>)[column]), 0);
const MERCHANT = 'MERCH_LEDGER';

describe('the books', () => {
  let owner: Staff;
  let staffer: Staff;
  let stranger: Staff;
  let org: Org;
  let first: Awaited<ReturnType<typeof pay>>;
  let second: Awaited<ReturnType<typeof pay>>;
  let today: string;

  beforeAll(async () => {
    [owner, staffer, stranger] = await Promise.all([createStaff('books-owner'), createStaff('books-staff'), createStaff('books-stranger')]);
    org = await createOrg({ name: 'Ledger Larder', members: [owner, { ...staffer, role: 'staff' }] });
    await createOrg({ name: 'Elsewhere Eats', members: [stranger] });
    square.addSeller({
      merchantId: MERCHANT,
      businessName: 'Ledger Larder LLC',
      locations: [{ id: 'L-LEDGER', name: 'Larder Hall', currency: 'USD' }],
    });
    await sql(`insert into public.org_platform_fees (org_id, fee_bps) values ($1, 250)`, [org.id]);
    await sql(
      `insert into public.org_charge_settings (org_id, tax_rate_bps, service_charge_type, service_charge_bps) values ($1, 875, 'percent', 1800)`,
      [org.id],
    );
    await connect(owner, org, MERCHANT, 'L-LEDGER');
    const event = await createEvent(org.id, { title: 'Ledger Supper', ticketTypes: [{ name: 'Seat', price: 5550, quantity: 40 }] });
    await createPromo(org.id, { code: 'FRIEND20', discount_type: 'percent', discount_amount: 20 });

    first = await pay(event.id, event.ticketTypes[0].id, 3, 'books-first');
    second = await pay(event.id, event.ticketTypes[0].id, 2, 'books-second', 'FRIEND20');
    // A guest given away on the first booking, then half of what it paid refunded (an odd cent).
    await compGuests(owner, first.reservationId, 4);
    const refund = await call(
      'refund-reservation',
      { reservationId: first.reservationId, amountCents: Math.floor(first.quote.amountCents / 2), requestKey: randomUUID() },
      owner,
    );
    expect(refund.body).toMatchObject({ success: true, refundStatus: 'completed' });
    [{ today }] = await sql<{ today: string }>(`select (now() at time zone timezone)::date::text as today from public.organizations where id = $1`, [
      org.id,
    ]);
  });

  const exportOf = async (staff: Staff, from = today, to = today) => {
    const answer = await staff.client.rpc('staff_ledger_export', { p_org_id: org.id, p_from: from, p_to: to });
    expect(answer.error).toBeNull();
    return answer.data as unknown as Line[];
  };

  it('has one line per completed charge, refund and comp, each adding up, signed as money flows', async () => {
    const lines = await exportOf(owner);
    expect(lines.map((l) => [l.kind, l.reservation_id])).toEqual([
      ['charge', first.reservationId],
      ['charge', second.reservationId],
      ['comp', first.reservationId],
      ['refund', first.reservationId],
    ]);
    for (const l of lines) {
      expect(l.amount_cents).toBe(l.gross_cents - l.discount_cents + l.service_charge_cents + l.tax_cents);
      expect(l.net_cents).toBe(l.amount_cents - l.platform_fee_cents);
      expect(l).toMatchObject({ currency: 'USD', event_title: 'Ledger Supper' });
    }
    const [charge, discounted, comp, refund] = lines;
    // 3 × 55.50 = 166.50; 18 % service 29.97; 8.75 % tax 14.57 (on 166.50, the service not taxable).
    expect(charge).toMatchObject({
      gross_cents: 16650,
      discount_cents: 0,
      service_charge_cents: 2997,
      tax_cents: 1457,
      amount_cents: 21104,
      provider: 'square',
    });
    // 2 × 55.50 less 20 % = 88.80; service 15.98; tax 7.77.
    expect(discounted).toMatchObject({ gross_cents: 11100, discount_cents: 2220, service_charge_cents: 1598, tax_cents: 777, amount_cents: 11255 });
    // A complimentary guest is valued at what one guest paid (211.04 / 3, staff_set_guests).
    expect(comp).toMatchObject({ gross_cents: 7034, discount_cents: 7034, amount_cents: 0, platform_fee_cents: 0, net_cents: 0 });
    // Half of 211.04 back, tax and service charge in proportion (half up), all negative.
    expect(refund).toMatchObject({ amount_cents: -10552, service_charge_cents: -1499, tax_cents: -729, gross_cents: -8324 });
    expect(refund.platform_fee_cents).toBeLessThan(0);
    expect(refund.provider_payment_id).toBe(charge.provider_payment_id);
    expect(charge.booking_code).toMatch(/\S/);
  });

  it('adds up to the ledger to the cent', async () => {
    const lines = await exportOf(owner);
    const [ledger] = await sql<Record<string, string>>(
      `select
         sum(amount_cents) filter (where kind = 'charge') - coalesce(sum(amount_cents) filter (where kind = 'refund'), 0) as amount,
         sum(service_charge_cents) filter (where kind = 'charge') - coalesce(sum(service_charge_cents) filter (where kind = 'refund'), 0) as service,
         sum(tax_cents) filter (where kind = 'charge') - coalesce(sum(tax_cents) filter (where kind = 'refund'), 0) as tax,
         sum(coalesce(app_fee_cents, 0)) filter (where kind = 'charge') - coalesce(sum(app_fee_cents) filter (where kind = 'refund'), 0) as fee,
         sum(amount_cents) filter (where kind = 'comp') as comp
       from public.payment_ledger where org_id = $1 and status = 'completed'`,
      [org.id],
    );
    expect(sum(lines, 'amount_cents')).toBe(Number(ledger.amount));
    expect(sum(lines, 'service_charge_cents')).toBe(Number(ledger.service));
    expect(sum(lines, 'tax_cents')).toBe(Number(ledger.tax));
    expect(sum(lines, 'platform_fee_cents')).toBe(Number(ledger.fee));
    expect(sum(lines, 'net_cents')).toBe(Number(ledger.amount) - Number(ledger.fee));
    expect(
      sum(
        lines.filter((l) => l.kind === 'comp'),
        'gross_cents',
      ),
    ).toBe(Number(ledger.comp));
    // What each booking holds (money_of) is what its lines say.
    for (const id of [first.reservationId, second.reservationId]) {
      const [{ money }] = await sql<{ money: { net_cents: number } }>(`select public.money_of($1) as money`, [id]);
      expect(
        sum(
          lines.filter((l) => l.reservation_id === id),
          'amount_cents',
        ),
      ).toBe(money.net_cents);
    }
  });

  it('the monthly totals are the sums of the lines', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    const to = `${today.slice(0, 4)}-12-31`;
    const lines = await exportOf(owner, from, to);
    const months = await owner.client.rpc('staff_ledger_months', { p_org_id: org.id, p_from: from, p_to: to });
    expect(months.error).toBeNull();
    const byMonth = new Map<string, Line[]>();
    for (const l of lines) {
      const month = `${l.occurred_on.slice(0, 7)}-01`;
      byMonth.set(month, [...(byMonth.get(month) ?? []), l]);
    }
    const totals = months.data as Record<(typeof money)[number] | 'month' | 'lines' | 'refunds_cents', string | number>[];
    expect(totals.map((m) => m.month)).toEqual([...byMonth.keys()].sort());
    for (const m of totals) {
      const rows = byMonth.get(String(m.month))!;
      expect(m.lines).toBe(rows.length);
      for (const column of money) expect(Number(m[column])).toBe(sum(rows, column));
      expect(Number(m.refunds_cents)).toBe(
        sum(
          rows.filter((l) => l.kind === 'refund'),
          'amount_cents',
        ),
      );
    }
  });

  it('matches what the fake Square recorded for the seller: payments, refunds, ids and fees', async () => {
    const lines = await exportOf(owner);
    const payments = square.paymentsOf(MERCHANT);
    const refunds = square.refundsOf(MERCHANT);
    expect(payments.map((p) => p.id).sort()).toEqual(
      lines
        .filter((l) => l.kind === 'charge')
        .map((l) => l.provider_payment_id)
        .sort(),
    );
    expect(refunds.map((r) => r.id)).toEqual(lines.filter((l) => l.kind === 'refund').map((l) => l.provider_refund_id));
    for (const p of payments) expect(p.location_id).toBe('L-LEDGER');
    const charged = payments.reduce((t, p) => t + p.amount_money.amount, 0);
    const refunded = refunds.reduce((t, r) => t + r.amount_money.amount, 0);
    const fees = payments.reduce((t, p) => t + (p.app_fee_money?.amount ?? 0), 0) - refunds.reduce((t, r) => t + (r.app_fee_money?.amount ?? 0), 0);
    expect(sum(lines, 'amount_cents')).toBe(charged - refunded);
    expect(
      sum(
        lines.filter((l) => l.kind === 'refund'),
        'amount_cents',
      ),
    ).toBe(-refunded);
    expect(sum(lines, 'platform_fee_cents')).toBe(fees);
    expect(fees).toBeGreaterThan(0);
    for (const p of payments) {
      const line = lines.find((l) => l.provider_payment_id === p.id && l.kind === 'charge')!;
      expect(line.platform_fee_cents).toBe(p.app_fee_money.amount);
    }
  });

  it("dates are calendar dates in the organization's time zone, both ends included", async () => {
    // 03:00 UTC on New Year's Day is still New Year's Eve in New York.
    await sql(`update public.payment_ledger set created_at = '2025-01-01T03:00:00Z' where reservation_id = $1 and kind = 'comp'`, [
      first.reservationId,
    ]);
    expect((await exportOf(owner, '2024-12-31', '2024-12-31')).map((l) => [l.kind, l.occurred_on])).toEqual([['comp', '2024-12-31']]);
    expect(await exportOf(owner, '2025-01-01', '2025-01-31')).toEqual([]);
    const months = await owner.client.rpc('staff_ledger_months', { p_org_id: org.id, p_from: '2024-01-01', p_to: '2025-12-31' });
    expect(months.data).toEqual([
      expect.objectContaining({ month: '2024-12-01', lines: 1, gross_cents: 7034, discount_cents: 7034, amount_cents: 0 }),
    ]);
    const backwards = await owner.client.rpc('staff_ledger_export', { p_org_id: org.id, p_from: '2025-02-01', p_to: '2025-01-01' });
    expect(backwards.error?.message).toBe('Choose a start date on or before the end date');
  });

  it("members read their organization's books (owners and staff, as they read the ledger); another organization's staff are refused", async () => {
    expect((await exportOf(staffer, '2024-01-01', today)).length).toBe(4);
    for (const name of ['staff_ledger_export', 'staff_ledger_months'] as const) {
      const refused = await stranger.client.rpc(name, { p_org_id: org.id, p_from: '2024-01-01', p_to: today });
      expect(refused.error).toMatchObject({ code: 'SH403', message: 'You can only read the books of your own organization' });
      expect(refused.data).toBeNull();
    }
    const ledger = await stranger.client.from('payment_ledger').select('id').eq('org_id', org.id);
    expect(ledger.data).toEqual([]);
  });
});
