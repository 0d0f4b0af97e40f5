/**
 * The Square path against a fake Square API that answers as Square's specification says
 * (tests/support/fake-square.ts): a repeated idempotency key with a different body is
 * IDEMPOTENCY_KEY_REUSED, GetPayment is GET /v2/payments/{id}. Checks that
 *   - a verification-required decline (CARD_DECLINED_VERIFICATION_REQUIRED) releases the hold
 *     and tells the guest why;
 *   - a charge stuck in 'charging' whose payment id is known is settled by GetPayment, with no
 *     second CreatePayment;
 *   - a stuck charge whose event staff renamed since is settled by re-sending the stored
 *     original request (Square sees the identical body);
 *   - a charge Square refuses as IDEMPOTENCY_KEY_REUSED is recorded for staff, not retried
 *     silently.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { FakeSquare } from '../support/fake-square.ts';
import { brandedAs, createOrg, createTicketedEvent, guest, ticketQuantity } from '../support/fixtures.ts';
import { useSquareFunctions } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();
const square = new FakeSquare();
const functionsUrl = useSquareFunctions(square, {
  SQUARE_ACCESS_TOKEN: 'EAAA-settle-token',
  SQUARE_LOCATION_ID: 'LOC-SETTLE',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-settle',
});

async function call(name: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${functionsUrl()}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Keeps a stuck charge away from the stack's own reconciler (every minute, over the whole
 * shared database, with no fake Square behind it) until this file's run: dated an hour ahead.
 */
const hide = (reservationId: string) =>
  sql(`update public.payment_ledger set created_at = now() + interval '1 hour' where reservation_id = $1 and status = 'charging'`, [reservationId]);

/**
 * One reconciler run over the booking's organization, charges older than five minutes: this
 * file's stuck charge is aged first; no other file's payments are touched.
 */
async function reconcile(reservationId: string) {
  await sql(`update public.payment_ledger set created_at = now() - interval '10 minutes' where reservation_id = $1 and status = 'charging'`, [
    reservationId,
  ]);
  const { org_id: orgId } = await one<{ org_id: string }>(pool(), `select org_id from public.reservations where id = $1`, [reservationId]);
  const answer = await call('reconcile-payments', { olderThanSeconds: 300, orgId }, { Authorization: `Bearer ${stackEnv().serviceRoleKey}` });
  expect(answer.status).toBe(200);
  return answer.body as Record<string, number>;
}

const chargeOf = (reservationId: string) =>
  one<any>(
    pool(),
    `select l.status, l.provider_payment_id, l.processor_request, l.message, r.status as booking
       from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
      where l.reservation_id = $1 and l.kind = 'charge'`,
    [reservationId],
  );

describe('Square: verification, and settling stuck charges', () => {
  let eventId: string;
  let ticket: string;
  beforeAll(async () => {
    const org = await createOrg(brandedAs('Settle Kitchen'));
    ({ eventId, ticketTypeId: ticket } = await createTicketedEvent(org.id, { name: 'Seat', price: 4200, quantity: 20 }, { title: 'Settle Dinner' }));
  });

  /** A paid checkout whose CreatePayment took effect at Square but whose answer was lost: 503, left 'charging'. */
  async function lostCharge(tag: string, selection: { eventId: string; ticketTypeId: string } = { eventId, ticketTypeId: ticket }) {
    const key = randomUUID();
    square.loseAnswers(1);
    const lost = await call('process-square-payment', {
      token: 'cnon:card-nonce-ok',
      amount: 4200,
      reservationData: { ...guest(tag), num_guests: 1, ...selection },
      idempotencyKey: key,
    });
    expect(lost).toMatchObject({ status: 503, body: { success: false, code: 'payment_unknown' } });
    const { id } = await one<{ id: string }>(pool(), `select id from public.reservations where idempotency_key = $1`, [key]);
    await hide(id);
    expect(await chargeOf(id)).toMatchObject({ status: 'charging', booking: 'held', provider_payment_id: null });
    expect(square.paymentFor(key)).toMatchObject({ status: 'COMPLETED', reference_id: id });
    return { key, reservationId: id };
  }

  it('a verification-required decline releases the hold and says the bank wants the payment verified', async () => {
    const before = await ticketQuantity(ticket);
    const key = randomUUID();
    const answer = await call('process-square-payment', {
      token: 'cnon:card-nonce-requires-verification',
      amount: 4200,
      reservationData: { ...guest('sca'), eventId, num_guests: 1, ticketTypeId: ticket },
      idempotencyKey: key,
    });
    expect(answer).toEqual({
      status: 402,
      body: {
        success: false,
        error:
          'Your bank needs you to verify this payment, and it was not verified. You have not been charged. Please try again and complete the check your bank shows, or use another card.',
        code: 'card_card_declined_verification_required',
      },
    });
    const { id } = await one<{ id: string }>(pool(), `select id from public.reservations where idempotency_key = $1`, [key]);
    expect(await chargeOf(id)).toMatchObject({ status: 'failed', booking: 'failed' });
    expect(await ticketQuantity(ticket)).toBe(before);
  });

  it('the exact CreatePayment body is stored on the charge before it is sent', async () => {
    const { key, reservationId } = await lostCharge('stored');
    const [sent] = square.callsFor(key);
    expect(sent.body).toEqual({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: key,
      amount_money: { amount: 4200, currency: 'USD' },
      location_id: 'LOC-SETTLE',
      reference_id: reservationId,
      note: 'Settle Kitchen: Settle Dinner (1 guest)',
      buyer_email_address: expect.stringContaining('@'),
      autocomplete: true,
    });
    expect((await chargeOf(reservationId)).processor_request).toEqual(sent.body);
    // Settled by the reconciler with that same request.
    await reconcile(reservationId);
    expect(await chargeOf(reservationId)).toMatchObject({ status: 'completed', booking: 'confirmed' });
  });

  it('a stuck charge whose payment id is known (payment.updated webhook) is settled by GetPayment, without a second CreatePayment', async () => {
    const { key, reservationId } = await lostCharge('known-id');
    const payment = square.paymentFor(key);
    await sql(`select public.apply_square_webhook($1, 'payment.updated', $2::jsonb)`, [`evt-${randomUUID()}`, JSON.stringify({ payment })]);
    expect(await chargeOf(reservationId)).toMatchObject({ status: 'charging', provider_payment_id: payment.id });

    const run = await reconcile(reservationId);
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    expect(await chargeOf(reservationId)).toMatchObject({ status: 'completed', booking: 'confirmed', provider_payment_id: payment.id });
    expect(square.calls.filter((c) => c.method === 'GET' && c.path === `/v2/payments/${payment.id}`)).toHaveLength(1);
    expect(square.callsFor(key).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v2/payments']);
  });

  it("a renamed event's stuck charge is settled by re-sending the original request: Square sees the identical body", async () => {
    const org = await createOrg(brandedAs('Rename Kitchen'));
    const dinner = await createTicketedEvent(org.id, { name: 'Seat', price: 4200, quantity: 5 }, { title: 'Spring Supper' });
    const { key, reservationId: id } = await lostCharge('renamed', dinner);
    await sql(`update public.events set title = 'Spring Supper (moved indoors)' where id = $1`, [dinner.eventId]);

    const run = await reconcile(id);
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    const sent = square.callsFor(key);
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v2/payments', 'POST /v2/payments']);
    expect(sent[1].body).toEqual(sent[0].body);
    expect(sent[1].body.note).toBe('Rename Kitchen: Spring Supper (1 guest)');
    expect(await chargeOf(id)).toMatchObject({ status: 'completed', booking: 'confirmed', provider_payment_id: square.paymentFor(key).id });
  });

  it('a charge Square refuses as IDEMPOTENCY_KEY_REUSED is recorded on the ledger and in the audit trail, once', async () => {
    const { reservationId } = await lostCharge('reused');
    // A request that is not the one sent first (e.g. a charge stored before requests were kept,
    // rebuilt from today's data): Square refuses the key.
    await sql(
      `update public.payment_ledger set processor_request = processor_request || '{"note": "Another note"}'::jsonb where reservation_id = $1 and kind = 'charge'`,
      [reservationId],
    );
    const run = await reconcile(reservationId);
    expect(run.needsAttention).toBeGreaterThanOrEqual(1);
    const charge = await chargeOf(reservationId);
    expect(charge).toMatchObject({ status: 'charging', booking: 'held' });
    expect(charge.message).toBe('IDEMPOTENCY_KEY_REUSED: idempotency key reused with different parameters');
    await reconcile(reservationId);
    const problems = await sql<{ detail: any }>(`select detail from public.booking_events where reservation_id = $1 and kind = 'reconcile_problem'`, [
      reservationId,
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0].detail).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // Out of every later run's way.
    await sql(`select public.fail_booking($1, 'test finished')`, [reservationId]);
  });
});
