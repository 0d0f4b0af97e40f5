/**
 * Money after the charge, at the processor layer:
 *   - Square's Refunds and Payments API client (supabase/functions/_shared/square.ts), driven
 *     from a Deno script against a fake Square API on loopback: what is sent (path, body,
 *     headers, idempotency key) and how each answer reads (completed / pending / failed /
 *     unknown; approved / declined / unknown);
 *   - the local test processor (test-processor.ts) on the test stack's SQL stand-in;
 *   - the square-webhook function (a Deno runner with webhook secrets of its own): only
 *     signed events get through, and a refund.updated event settles a pending refund of
 *     public.payment_ledger once per event id.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningFunctions } from '../../stack/functions-runner.ts';
import { denoEval, npmPinned } from '../support/deno.ts';
import { freePort } from '../../stack/ports.ts';
import { insertRow, one, sql, usePool } from '../support/db.ts';
import { createEvent, createOrg, createReservation, uniq } from '../support/fixtures.ts';
import { startFunctions } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

// ---------------------------------------------------------------------------------------
// Running processor calls in Deno
// ---------------------------------------------------------------------------------------

type Op =
  | { kind: 'refund'; request: Record<string, unknown> }
  | { kind: 'getRefund' | 'getPayment'; id: string }
  | { kind: 'chargeWith'; request: Record<string, unknown> };

/** Runs `ops` one after the other on the processor `PROCESSOR` ('square' or 'test') and answers their results. */
const script = `
import { createClient } from '${npmPinned('@supabase/supabase-js')}';
import { readSquareSettings, SquareProcessor } from './supabase/functions/_shared/square.ts';
import { LocalTestProcessor } from './supabase/functions/_shared/test-processor.ts';
const processor = Deno.env.get('PROCESSOR') === 'square'
  ? new SquareProcessor(readSquareSettings())
  : new LocalTestProcessor(createClient(Deno.env.get('SUPABASE_URL'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'), { auth: { persistSession: false, autoRefreshToken: false } }));
const results = [];
for (const op of JSON.parse(Deno.env.get('OPS'))) {
  if (op.kind === 'refund') results.push(await processor.refund(op.request));
  else if (op.kind === 'getRefund') results.push(await processor.getRefund(op.id));
  else if (op.kind === 'getPayment') results.push(await processor.getPayment(op.id));
  else if (op.kind === 'chargeWith') results.push(await processor.charge(processor.paymentRequest(op.request)));
}
console.log(JSON.stringify(results));
`;

async function runProcessor(processor: 'square' | 'test', ops: Op[], env: Record<string, string>): Promise<any[]> {
  const stdout = await denoEval(script, { env: { PROCESSOR: processor, OPS: JSON.stringify(ops), ...env } });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as any[];
}

// ---------------------------------------------------------------------------------------
// A fake Square API
// ---------------------------------------------------------------------------------------

interface SquareCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
}

const calls: SquareCall[] = [];
/** First answer per idempotency key, as Square keeps it. */
const answered = new Map<string, { status: number; body: unknown }>();
let refundCount = 0;

const squareError = (status: number, code: string, detail: string, category = 'INVALID_REQUEST_ERROR') => ({
  status,
  body: { errors: [{ category, code, detail }] },
});

/** POST /v2/refunds: the payment id says how Square answers. null: the connection is lost. */
function refundAnswer(body: any): { status: number; body: unknown } | null {
  const refund = (status: string) => ({
    status: 200,
    body: { refund: { id: `sq_ref_${++refundCount}`, status, payment_id: body.payment_id, amount_money: body.amount_money } },
  });
  switch (body.payment_id) {
    case 'pay-pending':
      return refund('PENDING');
    case 'pay-completed':
      return refund('COMPLETED');
    case 'pay-rejected':
      return refund('REJECTED');
    case 'pay-failed':
      return refund('FAILED');
    case 'pay-refused':
      return squareError(400, 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.');
    case 'pay-500':
      return squareError(500, 'INTERNAL_SERVER_ERROR', 'Square had a problem.', 'API_ERROR');
    case 'pay-408':
      return squareError(408, 'REQUEST_TIMEOUT', 'Request timed out.', 'API_ERROR');
    case 'pay-429':
      return squareError(429, 'RATE_LIMITED', 'Too many requests.', 'RATE_LIMIT_ERROR');
    case 'pay-empty':
      return { status: 200, body: '' };
    default:
      return null;
  }
}

/** GET /v2/refunds/{id} and GET /v2/payments/{id}: the id says how Square answers. */
function lookupAnswer(kind: 'refunds' | 'payments', id: string): { status: number; body: unknown } | null {
  if (id.endsWith('-lost')) return null;
  if (id.endsWith('-missing')) return squareError(404, 'NOT_FOUND', `Could not find ${kind} ${id}`);
  if (id.endsWith('-500')) return squareError(500, 'INTERNAL_SERVER_ERROR', 'Square had a problem.', 'API_ERROR');
  if (id.endsWith('-401')) return squareError(401, 'UNAUTHORIZED', 'The access token is not valid.', 'AUTHENTICATION_ERROR');
  const status = id.split('-').at(-1)!.toUpperCase();
  if (kind === 'refunds')
    return { status: 200, body: { refund: { id, status, payment_id: 'pay-x', amount_money: { amount: 100, currency: 'USD' } } } };
  return { status: 200, body: { payment: { id, status, amount_money: { amount: 100, currency: 'USD' }, reference_id: 'r' } } };
}

let fake: Server;
let squareEnv: Record<string, string>;

beforeAll(async () => {
  const port = await freePort();
  fake = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      const path = req.url ?? '';
      calls.push({ method: req.method ?? '', path, headers: req.headers, raw, body });
      let answer: { status: number; body: unknown } | null;
      const lookup = path.match(/^\/v2\/(refunds|payments)\/([^/?]+)$/);
      if (req.method === 'POST' && path === '/v2/refunds') {
        answer = answered.get(body.idempotency_key) ?? refundAnswer(body);
        if (answer) answered.set(body.idempotency_key, answer);
      } else if (req.method === 'GET' && lookup) {
        answer = lookupAnswer(lookup[1] as 'refunds' | 'payments', decodeURIComponent(lookup[2]));
      } else {
        answer = squareError(404, 'NOT_FOUND', `no route ${req.method} ${path}`);
      }
      if (!answer) {
        // The answer is lost: the connection drops without a response.
        req.socket.destroy();
        return;
      }
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(port, '127.0.0.1', resolve));
  squareEnv = {
    SQUARE_ACCESS_TOKEN: 'EAAA-money-access-token',
    SQUARE_LOCATION_ID: 'LOC-MONEY',
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_API_VERSION: '2025-01-23',
    SQUARE_API_BASE_URL: `http://127.0.0.1:${port}/`,
  };
});

afterAll(async () => {
  await new Promise((resolve) => fake?.close(resolve));
});

const square = (ops: Op[]) => runProcessor('square', ops, squareEnv);
const refundOp = (paymentId: string, over: Record<string, unknown> = {}): Op => ({
  kind: 'refund',
  request: { idempotencyKey: randomUUID(), paymentId, amountCents: 4200, reason: 'Guest cancelled', ...over },
});
const callsFor = (key: string) => calls.filter((c) => c.body?.idempotency_key === key);
/** `METHOD path` of the calls, a repeat in a row (Deno's client retrying a lost answer) counted once. */
const requestLines = (sent: SquareCall[]) => sent.map((c) => `${c.method} ${c.path}`).filter((line, i, lines) => line !== lines[i - 1]);

describe('Square refunds', () => {
  it("sends RefundPayment with the ledger row's key, the amount, the payment and the reason", async () => {
    const key = `${randomUUID()}-${randomUUID()}`; // 73 characters: Square takes at most 45
    const reason = 'r'.repeat(250);
    const [result] = await square([refundOp('pay-completed', { idempotencyKey: key, amountCents: 12345, reason })]);
    expect(result).toEqual({ status: 'completed', refundId: expect.stringMatching(/^sq_ref_\d+$/) });
    const sent = callsFor(key.slice(0, 45));
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe('/v2/refunds');
    expect(sent[0].headers.authorization).toBe('Bearer EAAA-money-access-token');
    expect(sent[0].headers['square-version']).toBe('2025-01-23');
    expect(sent[0].headers.accept).toBe('application/json');
    expect(sent[0].headers['content-type']).toBe('application/json');
    expect(sent[0].body).toEqual({
      idempotency_key: key.slice(0, 45),
      amount_money: { amount: 12345, currency: 'USD' },
      payment_id: 'pay-completed',
      reason: 'r'.repeat(192),
    });
  });

  it("reads Square's answers: PENDING, COMPLETED, REJECTED, FAILED, a refusal, and no usable answer", async () => {
    const results = await square([
      refundOp('pay-pending'),
      refundOp('pay-completed'),
      refundOp('pay-rejected'),
      refundOp('pay-failed'),
      refundOp('pay-refused'),
      refundOp('pay-500'),
      refundOp('pay-408'),
      refundOp('pay-429'),
      refundOp('pay-lost'),
      refundOp('pay-empty'),
    ]);
    const id = expect.stringMatching(/^sq_ref_\d+$/);
    expect(results).toEqual([
      { status: 'pending', refundId: id },
      { status: 'completed', refundId: id },
      { status: 'failed', refundId: id, message: expect.stringContaining('REJECTED') },
      { status: 'failed', refundId: id, message: expect.stringContaining('FAILED') },
      { status: 'failed', refundId: null, message: 'The requested refund amount exceeds the amount available to refund.' },
      { status: 'unknown', message: 'Square had a problem.' },
      { status: 'unknown', message: 'Request timed out.' },
      { status: 'unknown', message: 'Too many requests.' },
      { status: 'unknown', message: expect.stringContaining('HTTP 0') },
      { status: 'unknown', message: expect.stringContaining('HTTP 200') },
    ]);
    // The lost one reached the fake. Deno's HTTP client may send a request again when a reused
    // connection closes without an answer: always with the same idempotency key, so Square
    // never refunds twice.
    const lost = calls.filter((c) => c.path === '/v2/refunds' && c.body.payment_id === 'pay-lost');
    expect(lost.length).toBeGreaterThanOrEqual(1);
    expect(new Set(lost.map((c) => c.body.idempotency_key)).size).toBe(1);
  });

  it('a repeated key gets the first answer, with the same refund id', async () => {
    const key = randomUUID();
    const op = refundOp('pay-pending', { idempotencyKey: key });
    const [first, second] = await square([op, op]);
    expect(first).toEqual({ status: 'pending', refundId: expect.stringMatching(/^sq_ref_\d+$/) });
    expect(second).toEqual(first);
    expect(callsFor(key).map((c) => c.body)).toEqual([
      { idempotency_key: key, amount_money: { amount: 4200, currency: 'USD' }, payment_id: 'pay-pending', reason: 'Guest cancelled' },
      { idempotency_key: key, amount_money: { amount: 4200, currency: 'USD' }, payment_id: 'pay-pending', reason: 'Guest cancelled' },
    ]);
  });
});

describe('Square lookups', () => {
  /** Looks each id up in turn with `kind`: the results, and the requests the fake Square took. */
  const lookUp = async (kind: 'getRefund' | 'getPayment', ids: string[]) => {
    const before = calls.length;
    const results = await square(ids.map((id) => ({ kind, id })));
    return { results, sent: calls.slice(before) };
  };

  it('GetPaymentRefund: GET /v2/refunds/{id} (encoded), read as the refund answers', async () => {
    const { results, sent } = await lookUp('getRefund', [
      'ref-completed',
      'ref-pending',
      'ref-rejected',
      'ref-failed',
      'ref-missing',
      'ref-500',
      'ref-lost',
      'odd/id ?#-completed',
    ]);
    expect(results).toEqual([
      { status: 'completed', refundId: 'ref-completed' },
      { status: 'pending', refundId: 'ref-pending' },
      { status: 'failed', refundId: 'ref-rejected', message: expect.any(String) },
      { status: 'failed', refundId: 'ref-failed', message: expect.any(String) },
      { status: 'failed', refundId: null, message: 'Could not find refunds ref-missing' },
      { status: 'unknown', message: 'Square had a problem.' },
      { status: 'unknown', message: expect.stringContaining('HTTP 0') },
      { status: 'completed', refundId: 'odd/id ?#-completed' },
    ]);
    expect(requestLines(sent)).toEqual([
      'GET /v2/refunds/ref-completed',
      'GET /v2/refunds/ref-pending',
      'GET /v2/refunds/ref-rejected',
      'GET /v2/refunds/ref-failed',
      'GET /v2/refunds/ref-missing',
      'GET /v2/refunds/ref-500',
      'GET /v2/refunds/ref-lost',
      'GET /v2/refunds/odd%2Fid%20%3F%23-completed',
    ]);
    for (const c of sent) {
      expect(c.raw).toBe('');
      expect(c.headers.authorization).toBe('Bearer EAAA-money-access-token');
      expect(c.headers['square-version']).toBe('2025-01-23');
      expect(c.headers.accept).toBe('application/json');
    }
  });

  it('GetPayment: GET /v2/payments/{id}, COMPLETED / APPROVED approved, FAILED / CANCELED declined, the rest unknown', async () => {
    const ids = ['completed', 'approved', 'failed', 'canceled', 'pending', '500', '401', 'lost', 'missing'].map((s) => `pay-${s}`);
    const { results, sent } = await lookUp('getPayment', ids);
    expect(results).toEqual([
      { status: 'approved', paymentId: 'pay-completed' },
      { status: 'approved', paymentId: 'pay-approved' },
      { status: 'declined', code: 'GENERIC_DECLINE', message: expect.any(String) },
      { status: 'declined', code: 'PAYMENT_CANCELED', message: expect.any(String) },
      { status: 'unknown', message: 'payment status PENDING' },
      { status: 'unknown', message: 'Square had a problem.' },
      { status: 'unknown', message: 'The access token is not valid.' },
      { status: 'unknown', message: expect.stringContaining('HTTP 0') },
      { status: 'declined', code: 'NOT_FOUND', message: 'Could not find payments pay-missing' },
    ]);
    expect(requestLines(sent)).toEqual(ids.map((id) => `GET /v2/payments/${id}`));
    expect(sent.every((c) => c.raw === '' && c.headers.authorization === 'Bearer EAAA-money-access-token')).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// The local test processor (SQL stand-in)
// ---------------------------------------------------------------------------------------

describe('the local test processor', () => {
  const env = () => ({ SUPABASE_URL: stackEnv().apiUrl, SUPABASE_SERVICE_ROLE_KEY: stackEnv().serviceRoleKey });
  const charge = (email: string): Op => ({
    kind: 'chargeWith',
    request: { idempotencyKey: randomUUID(), sourceId: 'cnon:card-nonce-ok', amountCents: 5000, referenceId: randomUUID(), buyerEmail: email },
  });

  it('refunds COMPLETED, PENDING (completed at its first lookup) or FAILED by the buyer email, and looks payments up', async () => {
    const charges = await runProcessor(
      'test',
      [charge(`${uniq('guest')}@example.com`), charge(`${uniq('refund-pending')}@example.com`), charge(`${uniq('refund-fail')}@example.com`)],
      env(),
    );
    expect(charges.map((c) => c.status)).toEqual(['approved', 'approved', 'approved']);
    const [plain, pending, failing] = charges.map((c) => c.paymentId as string);
    const key = randomUUID();
    const refund = (paymentId: string, idempotencyKey = randomUUID(), amountCents = 2000): Op => ({
      kind: 'refund',
      request: { idempotencyKey, paymentId, amountCents, reason: 'test' },
    });

    const refunds = await runProcessor('test', [refund(plain), refund(pending, key), refund(failing), refund(pending, key)], env());
    expect(refunds).toEqual([
      { status: 'completed', refundId: expect.stringMatching(/^tref_/) },
      { status: 'pending', refundId: expect.stringMatching(/^tref_/) },
      { status: 'failed', refundId: expect.stringMatching(/^tref_/), message: expect.any(String) },
      // The same key: the first answer.
      refunds[1],
    ]);
    const pendingId = refunds[1].refundId as string;

    const lookups = await runProcessor(
      'test',
      [
        { kind: 'getRefund', id: pendingId },
        { kind: 'getRefund', id: pendingId },
        { kind: 'getRefund', id: 'tref_missing' },
        { kind: 'getPayment', id: plain },
        { kind: 'getPayment', id: 'tpay_missing' },
        refund(plain, randomUUID(), 4000),
        refund('tpay_missing'),
      ],
      env(),
    );
    expect(lookups).toEqual([
      { status: 'completed', refundId: pendingId },
      { status: 'completed', refundId: pendingId },
      { status: 'failed', refundId: null, message: 'Refund not found.' },
      { status: 'approved', paymentId: plain },
      { status: 'declined', code: 'NOT_FOUND', message: 'Payment not found.' },
      // 2000 of 5000 refunded already: 4000 more is refused, no money moves.
      { status: 'failed', refundId: null, message: 'The refund exceeds what is left of the payment.' },
      { status: 'failed', refundId: null, message: 'Payment not found.' },
    ]);
    const rows = await sql<{ status: string }>(`select status from test_processor.refunds where id = $1`, [pendingId]);
    expect(rows).toEqual([{ status: 'COMPLETED' }]);
  });

  it('a database without an answer is unknown, never failed', async () => {
    const results = await runProcessor(
      'test',
      [refundOp('tpay_x'), { kind: 'getRefund', id: 'tref_x' }, { kind: 'getPayment', id: 'tpay_x' }],
      // Nothing listens there: supabase-js gets no answer.
      { SUPABASE_URL: `http://127.0.0.1:${await freePort()}`, SUPABASE_SERVICE_ROLE_KEY: stackEnv().serviceRoleKey },
    );
    expect(results.map((r) => r.status)).toEqual(['unknown', 'unknown', 'unknown']);
  });
});

// ---------------------------------------------------------------------------------------
// The square-webhook function
// ---------------------------------------------------------------------------------------

describe('square-webhook', () => {
  const signatureKey = `whsk-${randomUUID()}`;
  const notificationUrl = 'https://example.supabase.co/functions/v1/square-webhook';
  let runner: RunningFunctions;

  beforeAll(async () => {
    runner = await startFunctions({ SQUARE_WEBHOOK_SIGNATURE_KEY: signatureKey, SQUARE_WEBHOOK_URL: notificationUrl });
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
  });

  const sign = (body: string, key = signatureKey, url = notificationUrl) =>
    createHmac('sha256', key)
      .update(url + body, 'utf8')
      .digest('base64');

  async function post(body: string, signature: string | null = sign(body), base = runner.url) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (signature !== null) headers['x-square-hmacsha256-signature'] = signature;
    const res = await fetch(`${base}/square-webhook`, { method: 'POST', headers, body });
    return { status: res.status, body: await res.json() };
  }

  const refundEvent = (eventId: string, refundId: string, status: string) =>
    JSON.stringify({
      merchant_id: 'MERCHANT1',
      type: 'refund.updated',
      event_id: eventId,
      created_at: new Date().toISOString(),
      data: {
        type: 'refund',
        id: refundId,
        object: { refund: { id: refundId, status, amount_money: { amount: 5000, currency: 'USD' }, payment_id: 'sq_pay_x' } },
      },
    });

  /** A paid Square reservation with a refund Square answered PENDING. */
  async function pendingRefund(): Promise<{ ledgerId: string; refundId: string }> {
    const org = await createOrg();
    const event = await createEvent(org.id);
    const reservation = await createReservation(event.id);
    const paymentId = `sq_pay_${randomUUID()}`;
    const refundId = `sq_ref_${randomUUID()}`;
    const base = { reservation_id: reservation.id, org_id: org.id, amount_cents: 5000, provider: 'square', provider_payment_id: paymentId };
    await insertRow('payment_ledger', { ...base, kind: 'charge', status: 'completed', idempotency_key: randomUUID() });
    const row = await insertRow('payment_ledger', {
      ...base,
      kind: 'refund',
      status: 'pending',
      provider_refund_id: refundId,
      idempotency_key: randomUUID(),
      submitted_at: new Date().toISOString(),
    });
    return { ledgerId: String(row.id), refundId };
  }

  const ledgerRow = (id: string) =>
    one<any>(pool(), `select status, message, provider_refund_id, updated_at from public.payment_ledger where id = $1`, [id]);
  const eventRows = (eventId: string) => sql(`select event_type, applied from public.square_webhook_events where event_id = $1`, [eventId]);

  it('without the webhook secrets (the shared stack, through its gateway, with no key) answers 503', async () => {
    const body = refundEvent(`evt-${randomUUID()}`, 'sq_ref_x', 'COMPLETED');
    expect(await post(body, sign(body), `${stackEnv().apiUrl}/functions/v1`)).toEqual({
      status: 503,
      body: { success: false, error: 'Square webhooks are not configured.', code: 'webhooks_unconfigured' },
    });
  });

  it('refuses any method but POST', async () => {
    const res = await fetch(`${runner.url}/square-webhook`, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ success: false, code: 'method_not_allowed' });
  });

  it('a wrong, missing or foreign signature is 401 and changes nothing', async () => {
    const { ledgerId, refundId } = await pendingRefund();
    const before = await ledgerRow(ledgerId);
    const eventId = `evt-${randomUUID()}`;
    const body = refundEvent(eventId, refundId, 'COMPLETED');
    const refused = { status: 401, body: { success: false, error: 'Invalid signature', code: 'invalid_signature' } };
    expect(await post(body, sign(body, 'another-key'))).toEqual(refused);
    expect(await post(body, null)).toEqual(refused);
    // Signed for another notification URL (e.g. the runner's own address).
    expect(await post(body, sign(body, signatureKey, `${runner.url}/square-webhook`))).toEqual(refused);
    // The signature of the event, on a body changed by one byte.
    expect(await post(body.replace('COMPLETED', 'COMPLETEE'), sign(body))).toEqual(refused);
    // Not even malformed JSON is looked at before the signature.
    expect(await post('{not json', 'bad')).toEqual(refused);
    expect(await ledgerRow(ledgerId)).toEqual(before);
    expect(await eventRows(eventId)).toEqual([]);
  });

  it('a signed body that is not JSON is 400; another event type is ignored without being recorded', async () => {
    expect(await post('{not json')).toMatchObject({ status: 400, body: { success: false, code: 'invalid_json' } });
    const eventId = `evt-${randomUUID()}`;
    const other = JSON.stringify({ type: 'payment.created', event_id: eventId, data: { object: { payment: { id: 'p', status: 'APPROVED' } } } });
    expect(await post(other)).toEqual({ status: 200, body: { success: true, ignored: true } });
    expect(await eventRows(eventId)).toEqual([]);
    const noObject = JSON.stringify({ type: 'refund.updated', event_id: `evt-${randomUUID()}`, data: {} });
    expect(await post(noObject)).toMatchObject({ status: 400, body: { success: false, code: 'invalid_input' } });
  });

  it('refund.updated COMPLETED settles the pending refund; the same event again is a duplicate and changes nothing', async () => {
    const { ledgerId, refundId } = await pendingRefund();
    const eventId = `evt-${randomUUID()}`;
    const body = refundEvent(eventId, refundId, 'COMPLETED');
    expect(await post(body)).toEqual({ status: 200, body: { success: true, duplicate: false, applied: true } });
    const settled = await ledgerRow(ledgerId);
    expect(settled).toMatchObject({ status: 'completed', provider_refund_id: refundId, message: `webhook ${eventId}` });
    expect(await eventRows(eventId)).toEqual([{ event_type: 'refund.updated', applied: true }]);

    expect(await post(body)).toEqual({ status: 200, body: { success: true, duplicate: true, applied: false } });
    // Even a later event id cannot move a settled refund.
    expect(await post(refundEvent(`evt-${randomUUID()}`, refundId, 'FAILED'))).toEqual({
      status: 200,
      body: { success: true, duplicate: false, applied: false },
    });
    expect(await ledgerRow(ledgerId)).toEqual(settled);
  });

  it('refund.updated FAILED marks the pending refund failed', async () => {
    const { ledgerId, refundId } = await pendingRefund();
    const eventId = `evt-${randomUUID()}`;
    expect(await post(refundEvent(eventId, refundId, 'FAILED'))).toEqual({ status: 200, body: { success: true, duplicate: false, applied: true } });
    expect(await ledgerRow(ledgerId)).toMatchObject({ status: 'failed', message: `webhook ${eventId}` });
  });
});
