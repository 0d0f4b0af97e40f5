/**
 * Each organization is paid into its own Square account: two organizations connect two seller
 * accounts of the fake Square (tests/support/fake-square.ts) by OAuth, a third has none and is
 * run by the platform (organizations.platform_payments: the platform's account,
 * SQUARE_ACCESS_TOKEN), a fourth has neither. Checks that
 *   - the authorize URL carries the scopes and a state bound to the organization and the user;
 *     a tampered, replayed or expired state is refused, and another organization's staff cannot start;
 *   - tokens are stored encrypted, readable by the service role only, and never answered;
 *   - a location whose currency is not USD is refused;
 *   - each account receives only its own organization's charges, refunds, lookups and webhooks,
 *     at its chosen location, with the platform fee as app_fee_money, recorded on the ledger;
 *   - the reconciler renews tokens near expiry; Disconnect revokes them;
 *   - an organization with neither account takes no card payments (refused before any charge);
 *   - a charge is refunded on the account that took it, never on one connected since: a refund
 *     of a disconnected account's charge waits, with a message for staff, until it is back.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { FakeSquare } from '../support/fake-square.ts';
import { brandedAs, createEvent, createOrg, createStaff, guest, type Org, type Staff, ticketQuantity } from '../support/fixtures.ts';
import { useSquareAccountsStack } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();
const square = new FakeSquare();
const stack = useSquareAccountsStack(square);

/** Every body a function answered in this file: no token may ever be in one. */
const answered: string[] = [];

async function call(name: string, body: unknown, staff?: Staff, headers: Record<string, string> = {}) {
  const session = staff ? (await staff.client.auth.getSession()).data.session?.access_token : undefined;
  const res = await fetch(`${stack().functionsUrl}/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: stackEnv().publishableKey,
      ...(session ? { Authorization: `Bearer ${session}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  answered.push(text);
  return { status: res.status, body: JSON.parse(text) };
}

/** Square's redirect back to the callback; answers where it sends the browser on. */
async function callback(params: Record<string, string>) {
  const res = await fetch(`${stack().functionsUrl}/square-oauth-callback?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const text = await res.text();
  answered.push(text, res.headers.get('location') ?? '');
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function start(staff: Staff, org: Org) {
  const answer = await call('square-oauth-start', { orgId: org.id }, staff);
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  const url = new URL(answer.body.authorizeUrl);
  return {
    url,
    state: url.searchParams.get('state')!,
    scopes: url.searchParams.get('scope')!.split(' '),
    redirect: url.searchParams.get('redirect_uri')!,
  };
}

/** Connects the organization to the seller's account, as the seller's browser would. */
async function connect(staff: Staff, org: Org, merchantId: string) {
  const { state, scopes, redirect } = await start(staff, org);
  const back = await callback({ code: square.issueCode(merchantId, scopes, redirect), state, response_type: 'code' });
  expect(back.searchParams.get('square')).toBe('connected');
  return state;
}

async function pay(eventId: string, ticketTypeId: string, tag: string, key = randomUUID()) {
  const answer = await call('process-square-payment', {
    token: 'cnon:card-nonce-ok',
    amount: 4200,
    reservationData: { ...guest(tag), eventId, num_guests: 1, ticketTypeId },
    idempotencyKey: key,
  });
  return { ...answer, key };
}

const signed = (body: string) =>
  createHmac('sha256', stack().webhook.signatureKey)
    .update(stack().webhook.url + body)
    .digest('base64');

async function webhook(event: Record<string, unknown>) {
  const raw = JSON.stringify(event);
  const res = await fetch(`${stack().functionsUrl}/square-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-square-hmacsha256-signature': signed(raw) },
    body: raw,
  });
  return { status: res.status, body: await res.json() };
}

/** One reconciler run over an organization's aged charges and refunds (no other file's are touched). */
async function reconcile(orgId: string, reservationId?: string) {
  if (reservationId) {
    await sql(`update public.payment_ledger set created_at = now() - interval '10 minutes' where reservation_id = $1 and status = 'charging'`, [
      reservationId,
    ]);
  }
  const answer = await call('reconcile-payments', { olderThanSeconds: 300, orgId }, undefined, {
    Authorization: `Bearer ${stackEnv().serviceRoleKey}`,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('Square per organization', () => {
  let ownerA: Staff;
  let ownerB: Staff;
  let orgA: Org;
  let orgB: Org;
  let orgC: Org;
  let orgD: Org;
  const events: Record<'A' | 'B' | 'C' | 'D', { id: string; ticket: string }> = {} as never;

  beforeAll(async () => {
    [ownerA, ownerB] = await Promise.all([createStaff('square-owner-a'), createStaff('square-owner-b')]);
    orgA = await createOrg({ ...brandedAs('Alder Supper'), members: [ownerA] });
    orgB = await createOrg({ ...brandedAs('Birch Table'), members: [ownerB] });
    orgC = await createOrg(brandedAs('Cedar Kitchen'));
    orgD = await createOrg({ ...brandedAs('Dogwood Dinners'), platformPayments: false });
    for (const [name, org] of [
      ['A', orgA],
      ['B', orgB],
      ['C', orgC],
      ['D', orgD],
    ] as const) {
      const event = await createEvent(org.id, { title: `${org.name} Dinner`, ticketTypes: [{ name: 'Seat', price: 4200, quantity: 40 }] });
      events[name] = { id: event.id, ticket: event.ticketTypes[0].id };
    }
    square.addSeller({
      merchantId: 'MERCH_ALDER',
      businessName: 'Alder Supper LLC',
      locations: [
        { id: 'L-ALDER-MAIN', name: 'Alder Main Street', currency: 'USD' },
        { id: 'L-ALDER-PARIS', name: 'Alder Paris', currency: 'EUR' },
      ],
    });
    square.addSeller({
      merchantId: 'MERCH_BIRCH',
      businessName: 'Birch Table Inc',
      locations: [{ id: 'L-BIRCH', name: 'Birch Loft', currency: 'USD' }],
    });
    square.addSeller({
      merchantId: 'MERCH_BIRCH_NEW',
      businessName: 'Birch Table Holdings',
      locations: [{ id: 'L-BIRCH-NEW', name: 'Birch Annex', currency: 'USD' }],
    });
    // The super admin sets a 2.5 % platform fee on Alder Supper only.
    await sql(`insert into public.org_platform_fees (org_id, fee_bps) values ($1, 250)`, [orgA.id]);
  });

  it('the authorize URL asks for the scopes, with the fee permission only where a fee is set, and a single-use state', async () => {
    const a = await start(ownerA, orgA);
    expect(a.url.origin + a.url.pathname).toBe(`${square.url}/oauth2/authorize`);
    expect(a.url.searchParams.get('client_id')).toBe(square.app.id);
    expect(a.url.searchParams.get('session')).toBe('false');
    expect(a.redirect).toBe(stack().redirectUrl);
    expect(a.scopes.sort()).toEqual(['MERCHANT_PROFILE_READ', 'PAYMENTS_READ', 'PAYMENTS_WRITE', 'PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS']);
    const b = await start(ownerB, orgB);
    expect(b.scopes.sort()).toEqual(['MERCHANT_PROFILE_READ', 'PAYMENTS_READ', 'PAYMENTS_WRITE']);
    // Only its hash is stored, bound to the organization and the user.
    const stored = await sql<{ org_id: string; user_id: string }>(
      `select org_id, user_id from public.square_oauth_states where state_hash = encode(sha256($1::bytea), 'hex')`,
      [a.state],
    );
    expect(stored).toEqual([{ org_id: orgA.id, user_id: ownerA.userId }]);
    expect(await sql(`select 1 from public.square_oauth_states where state_hash = $1`, [a.state])).toEqual([]);
  });

  it("another organization's staff cannot start connecting it, nor anyone signed out", async () => {
    expect(await call('square-oauth-start', { orgId: orgA.id }, ownerB)).toMatchObject({ status: 403, body: { success: false } });
    expect(await call('square-oauth-start', { orgId: orgA.id })).toMatchObject({ status: 401 });
  });

  it('a tampered, replayed or expired state is refused, and nothing is connected', async () => {
    const { state, scopes, redirect } = await start(ownerA, orgA);
    const code = () => square.issueCode('MERCH_ALDER', scopes, redirect);
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    const refusedTampered = await callback({ code: code(), state: tampered });
    expect(refusedTampered.searchParams.get('square')).toBe('error');
    expect(refusedTampered.searchParams.get('message')).toBe(
      'This Square connection link is not valid or was already used. Start again from Payments.',
    );
    expect(await sql(`select 1 from public.square_accounts where org_id = $1`, [orgA.id])).toEqual([]);

    const expired = await start(ownerA, orgA);
    await sql(`update public.square_oauth_states set expires_at = now() - interval '1 second' where state_hash = encode(sha256($1::bytea), 'hex')`, [
      expired.state,
    ]);
    const refusedExpired = await callback({ code: square.issueCode('MERCH_ALDER', expired.scopes, expired.redirect), state: expired.state });
    expect(refusedExpired.searchParams.get('message')).toBe('This Square connection link expired. Start again from Payments.');
    expect(await sql(`select 1 from public.square_accounts where org_id = $1`, [orgA.id])).toEqual([]);

    // The untouched state works once; its replay is refused and changes nothing.
    const first = await callback({ code: code(), state });
    expect(first.searchParams.get('square')).toBe('connected');
    expect(first.searchParams.get('org')).toBe(orgA.id);
    const before = await one(pool(), `select * from public.square_accounts where org_id = $1`, [orgA.id]);
    const replay = await callback({ code: code(), state });
    expect(replay.searchParams.get('square')).toBe('error');
    expect(replay.searchParams.get('message')).toBe('This Square connection link is not valid or was already used. Start again from Payments.');
    expect(await one(pool(), `select * from public.square_accounts where org_id = $1`, [orgA.id])).toEqual(before);
  });

  it('connects the second organization to its own account; the tokens are stored encrypted and never answered', async () => {
    await connect(ownerB, orgB, 'MERCH_BIRCH');
    const rows = await sql<{ org_id: string; merchant_id: string; access_token_ciphertext: string; refresh_token_ciphertext: string }>(
      `select org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext from public.square_accounts where org_id in ($1, $2) order by merchant_id`,
      [orgA.id, orgB.id],
    );
    expect(rows.map((r) => r.merchant_id)).toEqual(['MERCH_ALDER', 'MERCH_BIRCH']);
    const tokens = square.issuedTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.access_token_ciphertext).toMatch(/^v1\./);
      for (const token of tokens) {
        expect(row.access_token_ciphertext).not.toContain(token);
        expect(row.refresh_token_ciphertext).not.toContain(token);
      }
    }
  });

  it('no browser can read the tokens: the tables and the service functions are refused to members, and the status answers none', async () => {
    for (const staff of [ownerA, ownerB]) {
      const table = await staff.client.from('square_accounts').select('*');
      expect(table.error?.code).toBe('42501');
      const states = await staff.client.from('square_oauth_states').select('*');
      expect(states.error?.code).toBe('42501');
      const secrets = await staff.client.rpc('square_account_for', { p_org_id: orgA.id });
      expect(secrets.error).not.toBeNull();
      const consume = await staff.client.rpc('consume_square_oauth_state', { p_state_hash: '0'.repeat(64) });
      expect(consume.error).not.toBeNull();
    }
    const own = await ownerA.client.rpc('staff_square_account', { p_org_id: orgA.id });
    expect(own.error).toBeNull();
    expect(own.data).toEqual([
      expect.objectContaining({
        connected: true,
        platform_payments: true,
        merchant_id: 'MERCH_ALDER',
        location_id: null,
        platform_fee_bps: 250,
        fee_permission: true,
        can_manage: true,
      }),
    ]);
    expect(JSON.stringify(own.data)).not.toMatch(/EAAA|EQAA|v1\./);
    const foreign = await ownerB.client.rpc('staff_square_account', { p_org_id: orgA.id });
    expect(foreign.error?.message).toBe('You can only see the payments of your own organization');
    const foreignLocations = await ownerB.client.rpc('staff_square_locations', { p_org_id: orgA.id });
    expect(foreignLocations.error).not.toBeNull();
    // Nobody learns who manages another organization's payments, and only the super admin sets the fee.
    expect((await ownerA.client.rpc('can_manage_payments', { p_org_id: orgB.id, p_user_id: ownerB.userId })).data).toBe(false);
    expect((await ownerB.client.rpc('can_manage_payments', { p_org_id: orgB.id })).data).toBe(true);
    const fee = await ownerA.client.rpc('super_admin_set_platform_fee', { p_org_id: orgA.id, p_fee_bps: 0 });
    expect(fee.error).not.toBeNull();
    expect(await sql(`select fee_bps from public.org_platform_fees where org_id = $1`, [orgA.id])).toEqual([{ fee_bps: 250 }]);
  });

  it('a location that does not take US dollars is refused with a message; a USD one is chosen', async () => {
    const locations = await ownerA.client.rpc('staff_square_locations', { p_org_id: orgA.id });
    expect(locations.data).toEqual([
      { id: 'L-ALDER-MAIN', name: 'Alder Main Street', currency: 'USD', status: 'ACTIVE', chosen: false },
      { id: 'L-ALDER-PARIS', name: 'Alder Paris', currency: 'EUR', status: 'ACTIVE', chosen: false },
    ]);
    const euro = await ownerA.client.rpc('staff_choose_square_location', { p_org_id: orgA.id, p_location_id: 'L-ALDER-PARIS' });
    expect(euro.error?.message).toBe(
      'The location Alder Paris takes payments in EUR. SupperHost charges in US dollars: choose a location whose currency is USD.',
    );
    const foreign = await ownerB.client.rpc('staff_choose_square_location', { p_org_id: orgA.id, p_location_id: 'L-ALDER-MAIN' });
    expect(foreign.error?.message).toBe("Only the organization's owners can change its payments");
    expect((await ownerA.client.rpc('staff_choose_square_location', { p_org_id: orgA.id, p_location_id: 'L-ALDER-MAIN' })).error).toBeNull();
    expect((await ownerB.client.rpc('staff_choose_square_location', { p_org_id: orgB.id, p_location_id: 'L-BIRCH' })).error).toBeNull();
  });

  it("the card form gets the platform's application id and the organization's location", async () => {
    expect((await call('square-config', { orgSlug: orgA.slug })).body).toEqual({
      success: true,
      applicationId: square.app.id,
      locationId: 'L-ALDER-MAIN',
      environment: 'sandbox',
      testMode: false,
    });
    expect((await call('square-config', { eventId: events.B.id })).body).toMatchObject({ applicationId: square.app.id, locationId: 'L-BIRCH' });
    expect((await call('square-config', { orgSlug: orgC.slug })).body).toMatchObject({ locationId: 'LOC-PLATFORM' });
    expect((await call('square-config', {})).body).toMatchObject({ success: true, locationId: 'LOC-PLATFORM' });
    expect(await call('square-config', { orgSlug: 'no-such-kitchen' })).toMatchObject({ status: 404 });
  });

  it("each account receives only its own organization's charges and refunds; the platform fee goes as app_fee_money and on the ledger", async () => {
    const a = await pay(events.A.id, events.A.ticket, 'alder');
    const b = await pay(events.B.id, events.B.ticket, 'birch');
    const c = await pay(events.C.id, events.C.ticket, 'cedar');
    for (const answer of [a, b, c]) expect(answer).toMatchObject({ status: 200, body: { success: true } });

    expect(square.paymentsOf('MERCH_ALDER').map((p) => p.reference_id)).toEqual([a.body.reservationId]);
    expect(square.paymentsOf('MERCH_BIRCH').map((p) => p.reference_id)).toEqual([b.body.reservationId]);
    expect(square.paymentsOf('PLATFORM').map((p) => p.reference_id)).toContain(c.body.reservationId);
    expect(square.paymentsOf('PLATFORM').map((p) => p.reference_id)).not.toContain(a.body.reservationId);
    expect(square.paymentFor(a.key)).toMatchObject({ location_id: 'L-ALDER-MAIN', app_fee_money: { amount: 105, currency: 'USD' } });
    expect(square.paymentFor(b.key)).toMatchObject({ location_id: 'L-BIRCH' });
    expect(square.paymentFor(b.key).app_fee_money).toBeUndefined();
    expect(square.paymentFor(c.key)).toMatchObject({ location_id: 'LOC-PLATFORM' });
    expect(square.callsFor(c.key)[0].headers.authorization).toBe('Bearer EAAA-platform-token');

    const fees = await sql<{ reservation_id: string; app_fee_cents: number | null }>(
      `select reservation_id, app_fee_cents from public.payment_ledger where kind = 'charge' and reservation_id = any($1::uuid[])`,
      [[a.body.reservationId, b.body.reservationId, c.body.reservationId]],
    );
    expect(Object.fromEntries(fees.map((f) => [f.reservation_id, f.app_fee_cents]))).toEqual({
      [a.body.reservationId]: 105,
      [b.body.reservationId]: null,
      [c.body.reservationId]: null,
    });

    // Staff of the other organization cannot refund it.
    expect(await call('refund-reservation', { reservationId: a.body.reservationId, amountCents: 2100 }, ownerB)).toMatchObject({ status: 403 });
    const refundA = await call('refund-reservation', { reservationId: a.body.reservationId, amountCents: 2100, requestKey: randomUUID() }, ownerA);
    expect(refundA).toMatchObject({ status: 200, body: { success: true, refundStatus: 'completed' } });
    const refundB = await call('refund-reservation', { reservationId: b.body.reservationId, amountCents: 4200, requestKey: randomUUID() }, ownerB);
    expect(refundB).toMatchObject({ status: 200, body: { success: true, refundStatus: 'completed' } });
    expect(square.refundsOf('MERCH_ALDER')).toEqual([
      expect.objectContaining({
        payment_id: square.paymentFor(a.key).id,
        amount_money: { amount: 2100, currency: 'USD' },
        app_fee_money: { amount: 52, currency: 'USD' },
      }),
    ]);
    expect(square.refundsOf('MERCH_BIRCH')).toEqual([
      expect.objectContaining({ payment_id: square.paymentFor(b.key).id, amount_money: { amount: 4200, currency: 'USD' } }),
    ]);
    expect(square.refundsOf('PLATFORM')).toEqual([]);
    const refundFee = await one<{ app_fee_cents: number }>(
      pool(),
      `select app_fee_cents from public.payment_ledger where kind = 'refund' and reservation_id = $1`,
      [a.body.reservationId],
    );
    expect(refundFee.app_fee_cents).toBe(52);
  });

  it("webhooks are matched by merchant_id: another account's event changes nothing; its own settles the charge, and the reconciler asks that account", async () => {
    square.loseAnswers(1);
    const lost = await pay(events.A.id, events.A.ticket, 'alder-lost');
    expect(lost).toMatchObject({ status: 503, body: { code: 'payment_unknown' } });
    const { id } = await one<{ id: string }>(pool(), `select id from public.reservations where idempotency_key = $1`, [lost.key]);
    // Out of other files' reconciler runs until this test's own.
    await sql(`update public.payment_ledger set created_at = now() + interval '1 hour' where reservation_id = $1 and status = 'charging'`, [id]);
    const payment = square.paymentFor(lost.key);

    const foreign = await webhook(square.webhookEvent('MERCH_BIRCH', 'payment.updated', { payment }));
    expect(foreign).toEqual({ status: 200, body: { success: true, duplicate: false, applied: false, foreignAccount: true } });
    const platform = await webhook(square.webhookEvent('PLATFORM-MERCHANT', 'payment.updated', { payment }));
    expect(platform.body).toMatchObject({ applied: false, foreignAccount: true });
    expect(await sql(`select provider_payment_id from public.payment_ledger where reservation_id = $1 and kind = 'charge'`, [id])).toEqual([
      { provider_payment_id: null },
    ]);

    const own = await webhook(square.webhookEvent('MERCH_ALDER', 'payment.updated', { payment }));
    expect(own).toEqual({ status: 200, body: { success: true, duplicate: false, applied: true } });

    const lookups = () => square.calls.filter((c) => c.method === 'GET' && c.path === `/v2/payments/${payment.id}`);
    const run = await reconcile(orgA.id, id);
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    expect(lookups().map((c) => c.merchantId)).toEqual(['MERCH_ALDER']);
    expect(await sql(`select status, provider_payment_id from public.payment_ledger where reservation_id = $1 and kind = 'charge'`, [id])).toEqual([
      { status: 'completed', provider_payment_id: payment.id },
    ]);
  });

  it('the reconciler renews an access token that expires soon; the new token is the one charged with', async () => {
    await sql(`update public.square_accounts set access_token_expires_at = now() + interval '2 days' where org_id = $1`, [orgB.id]);
    const before = await one<{ access_token_ciphertext: string }>(
      pool(),
      `select access_token_ciphertext from public.square_accounts where org_id = $1`,
      [orgB.id],
    );
    // A run for another organization leaves it alone.
    expect((await reconcile(orgA.id)).tokensRefreshed).toBe(0);
    const run = await reconcile(orgB.id);
    expect(run.tokensRefreshed).toBe(1);
    const after = await one<{ access_token_ciphertext: string; expires_in_days: number; refresh_error: string | null }>(
      pool(),
      `select access_token_ciphertext, extract(day from access_token_expires_at - now())::int as expires_in_days, refresh_error from public.square_accounts where org_id = $1`,
      [orgB.id],
    );
    expect(after.access_token_ciphertext).not.toBe(before.access_token_ciphertext);
    expect(after.expires_in_days).toBeGreaterThanOrEqual(29);
    expect(after.refresh_error).toBeNull();
    const refreshes = square.calls.filter((c) => c.path === '/oauth2/token' && c.body?.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThanOrEqual(1);

    const charged = await pay(events.B.id, events.B.ticket, 'birch-renewed');
    expect(charged.status).toBe(200);
    const used = square.callsFor(charged.key)[0].headers.authorization!.replace('Bearer ', '');
    expect(square.issuedTokens('MERCH_BIRCH')).toContain(used);
    expect(square.callsFor(charged.key)[0].merchantId).toBe('MERCH_BIRCH');
  });

  it("Disconnect revokes the account's tokens at Square; its organization, run by the platform, is charged with the platform's account again", async () => {
    expect(await call('square-disconnect', { orgId: orgB.id }, ownerA)).toMatchObject({ status: 403 });
    expect(square.revoked('MERCH_BIRCH')).toBe(false);
    const answer = await call('square-disconnect', { orgId: orgB.id }, ownerB);
    expect(answer).toEqual({ status: 200, body: { success: true, disconnected: true } });
    const revoke = square.calls.filter((c) => c.path === '/oauth2/revoke');
    expect(revoke.at(-1)?.headers.authorization).toBe(`Client ${square.app.secret}`);
    expect(square.revoked('MERCH_BIRCH')).toBe(true);
    expect(await sql(`select 1 from public.square_accounts where org_id = $1`, [orgB.id])).toEqual([]);
    const after = await pay(events.B.id, events.B.ticket, 'birch-after');
    expect(after.status).toBe(200);
    expect(square.callsFor(after.key)[0].merchantId).toBe('PLATFORM');
    // Alder Supper's account is untouched.
    expect(square.revoked('MERCH_ALDER')).toBe(false);
  });

  it("an organization with neither its own account nor the platform's takes no card payments: refused before any charge, the seats given back", async () => {
    const notSetUp = 'This host cannot take card payments online yet. You have not been charged.';
    expect(await call('square-config', { orgSlug: orgD.slug })).toEqual({ status: 503, body: { success: false, error: notSetUp } });
    const before = await ticketQuantity(events.D.ticket);
    const refused = await pay(events.D.id, events.D.ticket, 'dogwood');
    expect(refused).toMatchObject({ status: 503, body: { success: false, error: notSetUp, code: 'payments_unconfigured' } });
    expect(square.callsFor(refused.key)).toEqual([]);
    expect(await sql(`select status from public.reservations where idempotency_key = $1`, [refused.key])).toEqual([{ status: 'failed' }]);
    expect(await ticketQuantity(events.D.ticket)).toBe(before);

    // Once it connects its own account and picks a location, its guests pay into it.
    square.addSeller({
      merchantId: 'MERCH_DOGWOOD',
      businessName: 'Dogwood LLC',
      locations: [{ id: 'L-DOGWOOD', name: 'Dogwood', currency: 'USD' }],
    });
    const ownerD = await createStaff('square-owner-d');
    await sql(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'owner')`, [ownerD.userId, orgD.id]);
    await connect(ownerD, orgD, 'MERCH_DOGWOOD');
    expect((await ownerD.client.rpc('staff_choose_square_location', { p_org_id: orgD.id, p_location_id: 'L-DOGWOOD' })).error).toBeNull();
    const paid = await pay(events.D.id, events.D.ticket, 'dogwood-paid');
    expect(paid).toMatchObject({ status: 200, body: { success: true } });
    expect(square.callsFor(paid.key)[0].merchantId).toBe('MERCH_DOGWOOD');
  });

  it("a charge is refunded on the account that took it, never on one connected since; a disconnected account's refund waits with a message until it is back", async () => {
    // Birch Table (disconnected above) is charged with the platform's account, then connects a new account.
    const onPlatform = await pay(events.B.id, events.B.ticket, 'birch-platform');
    expect(square.callsFor(onPlatform.key)[0].merchantId).toBe('PLATFORM');
    await connect(ownerB, orgB, 'MERCH_BIRCH_NEW');
    expect((await ownerB.client.rpc('staff_choose_square_location', { p_org_id: orgB.id, p_location_id: 'L-BIRCH-NEW' })).error).toBeNull();
    const onNew = await pay(events.B.id, events.B.ticket, 'birch-new');
    expect(square.callsFor(onNew.key)[0].merchantId).toBe('MERCH_BIRCH_NEW');
    const tookIt = await sql<{ reservation_id: string; square_merchant_id: string | null; square_location_id: string }>(
      `select reservation_id, square_merchant_id, square_location_id from public.payment_ledger where kind = 'charge' and reservation_id = any($1::uuid[])`,
      [[onPlatform.body.reservationId, onNew.body.reservationId]],
    );
    expect(Object.fromEntries(tookIt.map((r) => [r.reservation_id, [r.square_merchant_id, r.square_location_id]]))).toEqual({
      [onPlatform.body.reservationId]: [null, 'LOC-PLATFORM'],
      [onNew.body.reservationId]: ['MERCH_BIRCH_NEW', 'L-BIRCH-NEW'],
    });

    // The platform's charge goes back through the platform's account, not the new one.
    const platformRefund = await call(
      'refund-reservation',
      { reservationId: onPlatform.body.reservationId, amountCents: 1000, requestKey: randomUUID() },
      ownerB,
    );
    expect(platformRefund).toMatchObject({ status: 200, body: { success: true, refundStatus: 'completed' } });
    expect(square.refundsOf('PLATFORM').map((r) => r.payment_id)).toContain(square.paymentFor(onPlatform.key).id);
    expect(square.refundsOf('MERCH_BIRCH_NEW')).toEqual([]);
    // Its webhooks are the platform's, not the newly connected account's.
    const refund = square.refundsOf('PLATFORM').find((r) => r.payment_id === square.paymentFor(onPlatform.key).id);
    expect((await webhook(square.webhookEvent('MERCH_BIRCH_NEW', 'refund.updated', { refund }))).body).toMatchObject({ foreignAccount: true });
    expect((await webhook(square.webhookEvent('PLATFORM-MERCHANT', 'refund.updated', { refund }))).body).toEqual({
      success: true,
      duplicate: false,
      applied: false,
    });

    // Back to the old account: the new account's charge cannot be refunded until it is connected again.
    await connect(ownerB, orgB, 'MERCH_BIRCH');
    const waiting = await call(
      'refund-reservation',
      { reservationId: onNew.body.reservationId, amountCents: 2100, requestKey: randomUUID() },
      ownerB,
    );
    const note =
      'The Square account that took this payment (MERCH_BIRCH_NEW) is no longer connected. Connect it again under Payments to send this refund, or refund the guest from that Square account.';
    expect(waiting).toMatchObject({ status: 200, body: { success: true, refundStatus: 'pending', refundNote: note } });
    const newPayment = square.paymentFor(onNew.key).id;
    for (const merchant of ['MERCH_BIRCH', 'MERCH_BIRCH_NEW', 'PLATFORM']) {
      expect(square.refundsOf(merchant).filter((r) => r.payment_id === newPayment)).toEqual([]);
    }
    const pending = await one<{ id: number; status: string; message: string }>(
      pool(),
      `select id, status, message from public.payment_ledger where kind = 'refund' and reservation_id = $1`,
      [onNew.body.reservationId],
    );
    expect(pending).toMatchObject({ status: 'pending', message: note });

    // Connected again (its token stored anew): the reconciler sends it there.
    await connect(ownerB, orgB, 'MERCH_BIRCH_NEW');
    const client = await pool().connect();
    try {
      // Aged past the reconciler's in-flight margin (the updated_at trigger left out).
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query(`update public.payment_ledger set updated_at = now() - interval '10 minutes' where id = $1`, [pending.id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const run = await reconcile(orgB.id);
    expect(run.refundsSettled).toBeGreaterThanOrEqual(1);
    expect(square.refundsOf('MERCH_BIRCH_NEW')).toEqual([
      expect.objectContaining({ payment_id: newPayment, amount_money: { amount: 2100, currency: 'USD' } }),
    ]);
    expect(await one(pool(), `select status from public.payment_ledger where id = $1`, [pending.id])).toEqual({ status: 'completed' });
  });

  it('no function ever answered a token', () => {
    const tokens = square.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const text of answered) for (const token of tokens) expect(text).not.toContain(token);
  });
});
