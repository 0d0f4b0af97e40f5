import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_MAX_ATTEMPTS } from '../../supabase/functions/_shared/product.ts';
import { startFunctionsRunner, type RunningFunctions } from '../../stack/functions-runner.ts';
import { startGateway } from '../../stack/gateway/server.ts';
import { signJwt } from '../../stack/jwt.ts';
import { LOCAL_EMAIL_API_KEY, readSendRequest } from '../../stack/mailbox.ts';
import { freePort } from '../../stack/ports.ts';
import { migrate } from '../../stack/postgres.ts';
import { readFunctionVerifyJwt } from '../../stack/stack.ts';
import { apiClient } from '../support/db.ts';
import { stackEnv } from '../support/stack-env.ts';

// Production email delivery (supabase/functions/_shared/outbox.ts, send-outbox) against a
// fake Resend-compatible provider on loopback: our own Deno runner with the real
// supabase/functions and the provider secrets, behind our own gateway that applies
// supabase/config.toml's verify_jwt as Supabase's relay does.
//
// A database of its own. The delivery code is the only writer of email_outbox.status, and
// the test stack runs it too: the stack's functions send to the stack's mailbox, whose
// safety net calls send-outbox once a second for whatever is due. The step-by-step checks
// here need messages no other sender can claim, so this file migrates a fresh database in
// the test stack's PostgreSQL and points its own gateway and runner at it. (The last
// describe checks the stack itself: its mailbox and its delivery.)

const env = stackEnv();
const DOMAIN = `delivery-${randomUUID().slice(0, 8)}.test`;
const API_KEY = 're_test_delivery_key';
const FROM = 'SupperHost <bookings@supperhost.test>';
const DB_NAME = `delivery_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

// ---------------------------------------------------------------------------------------
// The fake provider: records every request; answers per recipient on demand.
// ---------------------------------------------------------------------------------------

interface ProviderRequest {
  headers: IncomingHttpHeaders;
  /** When it arrived (Date.now()). */
  at: number;
  body: { from: string; to: string[]; subject: string; text: string; html?: string; tags?: { name: string; value: string }[] };
}
type Reply = { status: number; body: unknown; headers?: Record<string, string> } | undefined;

const requests: ProviderRequest[] = [];
/** Per recipient: the reply to its nth request (1-based); undefined means 200. */
const replies = new Map<string, (n: number) => Reply>();
let delayMs = 0;

const requestsTo = (email: string) => requests.filter((r) => r.body.to?.[0] === email);

let provider: Server;
let providerUrl: string;
let runner: RunningFunctions;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let dbUrl: string;
let pool: pg.Pool;

async function startProvider(): Promise<void> {
  provider = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the fake provider's handler: a rejection surfaces as an unhandled rejection, which Vitest reports as a failure
    req.on('end', async () => {
      let body: ProviderRequest['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ name: 'validation_error', message: 'Invalid JSON' }));
      }
      requests.push({ headers: req.headers, at: Date.now(), body });
      const to = body.to?.[0] ?? '';
      const reply = replies.get(to)?.(requestsTo(to).length);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      res.writeHead(reply?.status ?? 200, { 'content-type': 'application/json', ...reply?.headers });
      res.end(JSON.stringify(reply?.body ?? { id: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}

/** The functions' environment for this file's database (through this file's gateway). */
function functionsEnv(gatewayUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SUPABASE_URL: gatewayUrl,
    SUPABASE_ANON_KEY: env.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: env.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: env.secretKey }),
    SUPABASE_DB_URL: dbUrl,
    ...extra,
  };
}

/** Another runner on this file's database (a different provider configuration), stopped after `fn`. */
async function withRunner<T>(extra: Record<string, string>, fn: (url: string) => Promise<T>): Promise<T> {
  const other = await startFunctionsRunner({ port: await freePort(), env: functionsEnv(gateway.url, extra) });
  try {
    return await fn(other.url);
  } finally {
    await other.stop();
  }
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

interface OutboxRow {
  id: string;
  kind: string;
  org_id: string | null;
  reservation_id: string | null;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: string;
  attempts: number;
  error: string | null;
  sent_at: Date | null;
  claimed_at: Date | null;
  claim_token: string | null;
}

let serial = 0;
const address = (label: string) => `${label}-${++serial}@${DOMAIN}`;

/** Pending messages, oldest first in the given order. `html` null for plain-text messages. */
async function insertPending(labels: string[], html: string | null = '<p>Hello</p>'): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = [];
  for (const [i, label] of labels.entries()) {
    const {
      rows: [row],
    } = await pool.query<OutboxRow>(
      `insert into public.email_outbox (kind, to_email, subject, body_text, body_html, created_at)
       values ('delivery_test', $1, $2, $3, $4, now() - interval '1 minute' + $5 * interval '1 millisecond')
       returning *`,
      [address(label), `Subject for ${label}`, `Text for ${label}`, html, i],
    );
    rows.push(row);
  }
  return rows;
}

async function outbox(ids: string[]): Promise<Map<string, OutboxRow>> {
  const { rows } = await pool.query<OutboxRow>('select * from public.email_outbox where id = any($1)', [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

async function one(id: string): Promise<OutboxRow> {
  return (await outbox([id])).get(id)!;
}

interface Counts {
  sent: number;
  failed: number;
  deferred: number;
  skipped: boolean;
}

async function sendOutbox(
  body: unknown,
  key = env.serviceRoleKey,
  url = `${gateway.url}/functions/v1/send-outbox`,
): Promise<{ status: number; json: Counts & { code?: string; msg?: string; error?: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** The tags the sender puts on a message (Resend's `tags`). */
function tagsOf(row: OutboxRow): { name: string; value: string }[] {
  return [
    { name: 'outbox_id', value: row.id },
    { name: 'kind', value: row.kind },
    ...(row.org_id ? [{ name: 'org_id', value: row.org_id }] : []),
    ...(row.reservation_id ? [{ name: 'reservation_id', value: row.reservation_id }] : []),
  ];
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A new organization with one upcoming event and one ticket type of 10 seats, in this file's database. */
async function orgWithEvent(label: string, title: string, priceCents: number) {
  // Paid through the platform's account (here the local test processor), as the platform's own organizations are.
  const {
    rows: [org],
  } = await pool.query<{ id: string }>(`insert into public.organizations (name, slug, platform_payments) values ($1, $2, true) returning id`, [
    `Org ${label}`,
    `${label}-${randomUUID().slice(0, 8)}`,
  ]);
  const {
    rows: [event],
  } = await pool.query<{ id: string }>(
    `insert into public.events (org_id, title, date, event_time) values ($1, $2, current_date + 30, '19:00') returning id`,
    [org.id, title],
  );
  const {
    rows: [ticket],
  } = await pool.query<{ id: string }>(
    `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Seat', $2, public.new_capacity_pool($1, 10)) returning id`,
    [event.id, priceCents],
  );
  return { org, event, ticket };
}

/** A signed-in staff member of a new organization with one confirmed reservation, in this file's database. */
async function staffWithReservation(label: string): Promise<{ token: string; orgId: string; reservationId: string; guestEmail: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@staff.${DOMAIN}`;
  const client = apiClient(env.anonKey, gateway.url);
  const { data, error } = await client.auth.signUp({ email, password: 'delivery-test-pw' });
  if (error || !data.user) throw new Error(`sign up ${email}: ${error?.message}`);
  const session = data.session ?? (await client.auth.signInWithPassword({ email, password: 'delivery-test-pw' })).data.session;
  const guestEmail = address(`${label}-guest`);
  const { org, event, ticket } = await orgWithEvent(label, 'Kick Dinner', 5000);
  await pool.query('insert into public.user_memberships (user_id, org_id) values ($1, $2)', [data.user.id, org.id]);
  const {
    rows: [reservation],
  } = await pool.query<{ id: string }>(
    `insert into public.reservations (org_id, event_id, name, email, phone, num_guests, ticket_type_id, status)
     values ($1, $2, 'Grace Guest', $3, '555-0100', 2, $4, 'confirmed') returning id`,
    [org.id, event.id, guestEmail, ticket.id],
  );
  return { token: session!.access_token, orgId: org.id, reservationId: reservation.id, guestEmail };
}

async function sendGuestEmail(
  token: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: { success?: boolean; id?: string; error?: string; code?: string } }> {
  const res = await fetch(`${gateway.url}/functions/v1/send-guest-email`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: env.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function queuedFor(reservationId: string): Promise<OutboxRow[]> {
  return (await pool.query<OutboxRow>('select * from public.email_outbox where reservation_id = $1 order by created_at', [reservationId])).rows;
}

// ---------------------------------------------------------------------------------------

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')('email delivery through a provider', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: env.dbUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${DB_NAME}`);
    } finally {
      await admin.end();
    }
    const url = new URL(env.dbUrl);
    url.pathname = `/${DB_NAME}`;
    dbUrl = url.toString();
    await migrate(dbUrl, { seed: false });
    pool = new pg.Pool({ connectionString: dbUrl, max: 6 });

    await startProvider();
    const gatewayPort = await freePort();
    runner = await startFunctionsRunner({
      port: await freePort(),
      env: functionsEnv(`http://127.0.0.1:${gatewayPort}`, {
        EMAIL_PROVIDER_API_KEY: API_KEY,
        EMAIL_FROM: FROM,
        EMAIL_PROVIDER_URL: `${providerUrl}/emails`,
      }),
    });
    gateway = await startGateway({
      dbUrl,
      jwtSecret: env.jwtSecret,
      anonKey: env.anonKey,
      serviceRoleKey: env.serviceRoleKey,
      signingKey: env.signingKey,
      siteUrl: env.siteUrl,
      port: gatewayPort,
      functionsUrl: runner.url,
      functionVerifyJwt: readFunctionVerifyJwt(),
      auth: { enableConfirmations: false },
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
    await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
    await pool?.end();
    const admin = new pg.Client({ connectionString: env.dbUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`).catch(() => undefined);
    await admin.end();
  });

  beforeEach(() => {
    replies.clear();
    delayMs = 0;
  });

  it('send-outbox is for the service role only', async () => {
    const [row] = await insertPending(['auth']);
    const body = { ids: [row.id] };

    // verify_jwt = false: the function itself refuses (401 without a credential, 403 with any but the secret).
    const noAuth = await fetch(`${gateway.url}/functions/v1/send-outbox`, { method: 'POST', body: JSON.stringify(body) });
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toMatchObject({ code: 'unauthorized' });
    const forged = await signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }, 'not-the-project-secret-not-the-project-secret');
    expect((await sendOutbox(body, forged)).json.code).toBe('service_role_required');

    const anon = await sendOutbox(body, env.anonKey);
    expect(anon.status).toBe(403);
    expect(anon.json.code).toBe('service_role_required');
    const { token } = await staffWithReservation('outbox-caller');
    const user = await sendOutbox(body, token);
    expect(user.status).toBe(403);

    const get = await fetch(`${gateway.url}/functions/v1/send-outbox`, { headers: { authorization: `Bearer ${env.serviceRoleKey}` } });
    expect(get.status).toBe(405);
    await get.body?.cancel();
    expect((await sendOutbox({ ids: ['nope'] })).status).toBe(400);

    // None of the refused calls sent anything.
    expect(requestsTo(row.to_email)).toHaveLength(0);
    expect(await one(row.id)).toMatchObject({ status: 'pending', attempts: 0 });

    const ok = await sendOutbox(body);
    expect(ok).toEqual({ status: 200, json: { sent: 1, failed: 0, deferred: 0, skipped: false } });
    expect(requestsTo(row.to_email)).toHaveLength(1);
  });

  it('reached on the functions port directly (no relay), only the service-role key itself passes: forged tokens send nothing', async () => {
    const [row] = await insertPending(['direct']);
    const body = { ids: [row.id] };
    const direct = `${runner.url}/send-outbox`;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const claims = { iss: 'supabase-demo', role: 'service_role', exp };
    const forgeries = {
      'alg none': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
      unsigned: `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.`,
      'wrong secret': await signJwt(claims, 'not-the-project-secret-not-the-project-secret'),
      'the key with its payload swapped': `${env.serviceRoleKey.split('.')[0]}.${b64url({ ...claims, iat: 1 })}.${env.serviceRoleKey.split('.')[2]}`,
      'the anon key': env.anonKey,
    };
    for (const [what, token] of Object.entries(forgeries)) {
      const res = await sendOutbox(body, token, direct);
      expect(res.status, what).toBe(403);
      expect(res.json, what).toMatchObject({ success: false, code: 'service_role_required' });
    }
    const none = await fetch(direct, { method: 'POST', body: JSON.stringify(body) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ success: false, code: 'unauthorized' });

    expect(requestsTo(row.to_email)).toHaveLength(0);
    expect(await one(row.id)).toMatchObject({ status: 'pending', attempts: 0, claimed_at: null });

    expect(await sendOutbox(body, env.serviceRoleKey, direct)).toEqual({ status: 200, json: { sent: 1, failed: 0, deferred: 0, skipped: false } });
    expect(requestsTo(row.to_email)).toHaveLength(1);
  });

  it('without EMAIL_PROVIDER_API_KEY it does nothing', async () => {
    const [row] = await insertPending(['no-key']);
    const res = await withRunner({}, (url) => sendOutbox({ ids: [row.id] }, env.serviceRoleKey, `${url}/send-outbox`));
    expect(res).toEqual({ status: 200, json: { sent: 0, failed: 0, deferred: 0, skipped: true } });
    expect(await one(row.id)).toMatchObject({ status: 'pending', attempts: 0, claim_token: null, claimed_at: null });
    expect(requestsTo(row.to_email)).toHaveLength(0);
  });

  it('sends each pending message once through the Resend-compatible API (tagged with the outbox row) and marks it sent', async () => {
    const rows = [...(await insertPending(['html-a', 'html-b'])), ...(await insertPending(['text-only'], null))];
    const ids = rows.map((r) => r.id);
    const before = Date.now();

    const first = await sendOutbox({ ids });
    expect(first).toEqual({ status: 200, json: { sent: 3, failed: 0, deferred: 0, skipped: false } });

    for (const row of rows) {
      const got = requestsTo(row.to_email);
      expect(got).toHaveLength(1);
      const [{ headers, body }] = got;
      expect(headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(headers['idempotency-key']).toBe(`email-outbox-${row.id}`);
      expect(body).toEqual({
        from: FROM,
        to: [row.to_email],
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html === null ? {} : { html: row.body_html }),
        tags: [
          { name: 'outbox_id', value: row.id },
          { name: 'kind', value: 'delivery_test' },
        ],
      });
      // What the stack's mailbox (the local provider) accepts and keeps of it.
      expect(readSendRequest(body)).toMatchObject({
        outbox_id: row.id,
        kind: 'delivery_test',
        to_email: row.to_email,
        subject: row.subject,
        body_text: row.body_text,
      });
    }
    expect(requestsTo(rows[0].to_email)[0].body.html).toBe('<p>Hello</p>');
    expect(requestsTo(rows[2].to_email)[0].body).not.toHaveProperty('html');

    const after = await outbox(ids);
    for (const id of ids) {
      const row = after.get(id)!;
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, claim_token: null });
      expect(row.sent_at!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    }

    // Sent is final: another run sends nothing.
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 0, skipped: false });
    for (const row of rows) expect(requestsTo(row.to_email)).toHaveLength(1);
  });

  it(`a provider failure is recorded and retried; after ${EMAIL_MAX_ATTEMPTS} attempts the message stays failed, with its error`, async () => {
    const [always, once] = await insertPending(['always-fails', 'fails-once']);
    replies.set(always.to_email, () => ({ status: 500, body: { name: 'internal_server_error', message: 'Provider is down' } }));
    replies.set(once.to_email, (n) => (n === 1 ? { status: 422, body: { name: 'validation_error', message: 'Try again' } } : undefined));
    const ids = [always.id, once.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 2, deferred: 0, skipped: false });
    let rows = await outbox(ids);
    expect(rows.get(always.id)).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, claim_token: null });
    expect(rows.get(always.id)!.error).toBe('The email provider answered HTTP 500: internal_server_error: Provider is down');
    expect(rows.get(once.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows.get(once.id)!.error).toContain('HTTP 422');

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 1, failed: 1, deferred: 0, skipped: false });
    rows = await outbox(ids);
    expect(rows.get(once.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(rows.get(always.id)).toMatchObject({ status: 'pending', attempts: 2 });

    for (let attempt = 3; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 1, deferred: 0, skipped: false });
      const row = await one(always.id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < EMAIL_MAX_ATTEMPTS ? 'pending' : 'failed');
    }
    const failed = await one(always.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS, sent_at: null, claim_token: null });
    expect(failed.error).toBe('The email provider answered HTTP 500: internal_server_error: Provider is down');

    // Failed is final (and visible): no further attempt.
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 0, skipped: false });
    expect(await one(always.id)).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    expect(requestsTo(always.to_email)).toHaveLength(EMAIL_MAX_ATTEMPTS);
    expect(requestsTo(once.to_email)).toHaveLength(2);
  });

  it('an unreachable provider is a recorded failure too', async () => {
    const [row] = await insertPending(['unreachable']);
    // A second runner whose provider URL is a closed port.
    const closedPort = await freePort();
    const res = await withRunner(
      { EMAIL_PROVIDER_API_KEY: API_KEY, EMAIL_FROM: FROM, EMAIL_PROVIDER_URL: `http://127.0.0.1:${closedPort}/emails` },
      (url) => sendOutbox({ ids: [row.id] }, env.serviceRoleKey, `${url}/send-outbox`),
    );
    expect(res.json).toEqual({ sent: 0, failed: 1, deferred: 0, skipped: false });
    const after = await one(row.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1, claim_token: null });
    expect(after.error).toMatch(/^Could not reach the email provider: /);
  });

  it('a rate limit (429) hands the batch back without counting an attempt', async () => {
    const [limited, next] = await insertPending(['rate-limited', 'after-limit']);
    replies.set(limited.to_email, (n) =>
      n === 1 ? { status: 429, body: { name: 'rate_limit_exceeded', message: 'Too many requests' } } : undefined,
    );
    const ids = [limited.id, next.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 2, skipped: false });
    const rows = await outbox(ids);
    expect(rows.get(limited.id)).toMatchObject({ status: 'pending', attempts: 0, claim_token: null });
    expect(rows.get(limited.id)!.error).toContain('HTTP 429');
    expect(rows.get(next.id)).toMatchObject({ status: 'pending', attempts: 0, error: null });
    expect(requestsTo(next.to_email)).toHaveLength(0); // not even tried after the 429

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 2, failed: 0, deferred: 0, skipped: false });
    expect(await one(limited.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it("waits out the provider's rate limit within the run when it asks for at most 2 s (retry-after, ratelimit-reset)", async () => {
    const [limited, paced, next] = await insertPending(['retry-after', 'window-spent', 'after-window']);
    const tooMany = { status: 429, body: { name: 'rate_limit_exceeded', message: 'Too many requests' }, headers: { 'retry-after': '1' } };
    replies.set(limited.to_email, (n) => (n === 1 ? tooMany : undefined));
    // Sent, but the last request of the window: the next one waits for its reset.
    replies.set(paced.to_email, () => ({ status: 200, body: { id: randomUUID() }, headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '1' } }));
    const ids = [limited.id, paced.id, next.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 3, failed: 0, deferred: 0, skipped: false });
    const rows = await outbox(ids);
    for (const id of ids) expect(rows.get(id)).toMatchObject({ status: 'sent', attempts: 1, error: null, claim_token: null });
    const [first, second] = requestsTo(limited.to_email);
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    expect(requestsTo(next.to_email)[0].at - requestsTo(paced.to_email)[0].at).toBeGreaterThanOrEqual(900);
  });

  it('a rate limit asking for longer than 2 s hands the batch back at once', async () => {
    const [limited, next] = await insertPending(['long-wait', 'after-long-wait']);
    replies.set(limited.to_email, () => ({
      status: 429,
      body: { name: 'rate_limit_exceeded', message: 'Too many requests' },
      headers: { 'retry-after': '30' },
    }));
    const ids = [limited.id, next.id];
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 2, skipped: false });
    expect(requestsTo(limited.to_email)).toHaveLength(1);
    expect(requestsTo(next.to_email)).toHaveLength(0);
    const rows = await outbox(ids);
    expect(rows.get(limited.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(rows.get(next.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a message whose header fields hold a line break or control character is never sent: failed at once, with the reason', async () => {
    const {
      rows: [crlf],
    } = await pool.query<OutboxRow>(
      `insert into public.email_outbox (kind, to_email, subject, body_text) values ('delivery_test', $1, $2, 'Hi') returning *`,
      [address('header-crlf'), 'Hello\r\nBcc: victim@example.com'],
    );
    const {
      rows: [tab],
    } = await pool.query<OutboxRow>(
      `insert into public.email_outbox (kind, to_email, subject, body_text) values ('delivery_test', $1, $2, 'Hi') returning *`,
      [address('header-ctl'), 'Hello\u0007there'],
    );
    const ids = [crlf.id, tab.id];
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 2, deferred: 0, skipped: false });
    for (const row of (await outbox(ids)).values()) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null, claim_token: null });
      expect(row.error).toBe('Not sent: The subject must be one line without control characters (CR, LF, tab...)');
    }
    expect(requestsTo(crlf.to_email)).toHaveLength(0);
    expect(requestsTo(tab.to_email)).toHaveLength(0);
    // Final: no retry.
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 0, skipped: false });
  });

  it('concurrent send-outbox calls never send one message twice', async () => {
    const rows = await insertPending(Array.from({ length: 24 }, (_, i) => `concurrent${i}`));
    const ids = rows.map((r) => r.id);
    delayMs = 25; // keep each call busy so the calls overlap

    let sent = 0;
    for (let round = 0; round < 20 && sent < rows.length; round++) {
      const results = await Promise.all(Array.from({ length: 4 }, () => sendOutbox({ ids, limit: 4 })));
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ failed: 0, deferred: 0, skipped: false });
        sent += r.json.sent;
      }
    }
    expect(sent).toBe(rows.length);
    for (const row of rows) expect(requestsTo(row.to_email)).toHaveLength(1);
    const after = await outbox(ids);
    for (const id of ids) expect(after.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('claims are atomic: a second claimer skips rows being claimed instead of waiting or taking them', async () => {
    const rows = await insertPending(['lock-a', 'lock-b', 'lock-c']);
    const ids = rows.map((r) => r.id);
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('begin');
      const claimed = await first.query<OutboxRow>('select * from public.claim_outbox_batch(10, $1)', [ids]);
      expect(claimed.rows.map((r) => r.id).sort()).toEqual([...ids].sort());

      await second.query('begin');
      await second.query(`set local statement_timeout = '5s'`); // blocking instead of skipping fails here
      expect((await second.query('select * from public.claim_outbox_batch(10, $1)', [ids])).rows).toEqual([]);
      await first.query('commit');
      // Committed claims are fresh: not taken again.
      expect((await second.query('select * from public.claim_outbox_batch(10, $1)', [ids])).rows).toEqual([]);
      await second.query('commit');
    } finally {
      await first.query('rollback').catch(() => undefined);
      await second.query('rollback').catch(() => undefined);
      first.release();
      second.release();
    }
    const after = await outbox(ids);
    for (const id of ids) expect(after.get(id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  /** Messages dated in the year 2000, older than any other test's: a claim without ids takes them first. Deleted by the caller. */
  async function insertAncient(rows: { label: string; ms: number; status: 'pending' | 'sending'; claimedMinutesAgo?: number }[]): Promise<string[]> {
    const ids: string[] = [];
    for (const row of rows) {
      const {
        rows: [{ id }],
      } = await pool.query<{ id: string }>(
        `insert into public.email_outbox (kind, to_email, subject, body_text, status, attempts, claimed_at, claim_token, created_at)
         values ('delivery_test', $1, 'Old', 'Old', $2, $3, now() - $4 * interval '1 minute', $5, timestamptz '2000-01-01 00:00:00+00' + $6 * interval '1 millisecond')
         returning id`,
        [
          address(row.label),
          row.status,
          row.status === 'sending' ? 1 : 0,
          row.claimedMinutesAgo ?? 0,
          row.status === 'sending' ? randomUUID() : null,
          row.ms,
        ],
      );
      ids.push(id);
    }
    return ids;
  }

  it('a claim without ids takes the oldest messages first, pending and abandoned claims together, never a live claim', async () => {
    const ids = await insertAncient([
      { label: 'live-claim', ms: 0, status: 'sending', claimedMinutesAgo: 1 },
      { label: 'old-1', ms: 1, status: 'pending' },
      { label: 'abandoned-2', ms: 2, status: 'sending', claimedMinutesAgo: 11 },
      { label: 'old-3', ms: 3, status: 'pending' },
      { label: 'abandoned-4', ms: 4, status: 'sending', claimedMinutesAgo: 11 },
      { label: 'old-5', ms: 5, status: 'pending' },
    ]);
    try {
      const { rows } = await pool.query<OutboxRow>('select * from public.claim_outbox_batch(4)');
      expect(rows.map((r) => r.id).sort()).toEqual([ids[1], ids[2], ids[3], ids[4]].sort());
      const after = await outbox(ids);
      expect(after.get(ids[0])).toMatchObject({ status: 'sending', attempts: 1 }); // the live claim is left alone
      expect(after.get(ids[5])).toMatchObject({ status: 'pending', attempts: 0 });
      for (const id of [ids[1], ids[3]]) expect(after.get(id)).toMatchObject({ status: 'sending', attempts: 1 });
      for (const id of [ids[2], ids[4]]) expect(after.get(id)).toMatchObject({ status: 'sending', attempts: 2 });
    } finally {
      await pool.query('delete from public.email_outbox where id = any($1)', [ids]);
    }
  });

  it('a claim reads its batch from the index, not the whole backlog', async () => {
    const { rows: backlog } = await pool.query<{ id: string }>(
      `insert into public.email_outbox (kind, to_email, subject, body_text, created_at)
       select 'delivery_test', 'backlog-' || i || '@${DOMAIN}', 'Waiting', 'Waiting', timestamptz '2000-01-02 00:00:00+00' + i * interval '1 millisecond'
       from generate_series(1, 3000) i
       returning id`,
    );
    const ids = backlog.map((r) => r.id);
    const client = await pool.connect();
    const indexReads = async () => {
      await client.query('select pg_stat_force_next_flush()');
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: string }>(
        `select sum(idx_tup_read)::text as n from pg_stat_user_indexes where relname = 'email_outbox'`,
      );
      return Number(rows[0].n);
    };
    try {
      const before = await indexReads();
      const claimed = await client.query('select id from public.claim_outbox_batch(10)');
      expect(claimed.rows).toHaveLength(10);
      const read = (await indexReads()) - before;
      // The oldest 10 and whatever lies before them in the index; not the 3,000 waiting behind.
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(300);
    } finally {
      client.release();
      await pool.query('delete from public.email_outbox where id = any($1)', [ids]);
    }
  });

  it('a fresh message is claimed like any pending one; only the current claim records an outcome', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin'); // rolled back at the end
      const {
        rows: [fresh],
      } = await client.query<OutboxRow>(
        `insert into public.email_outbox (kind, to_email, subject, body_text) values ('delivery_test', $1, 'Fresh', 'Fresh') returning *`,
        [address('fresh')],
      );
      expect(fresh).toMatchObject({ status: 'pending', attempts: 0, claimed_at: null, claim_token: null });
      const {
        rows: [claimed],
      } = await client.query<OutboxRow>('select * from public.claim_outbox_batch(5, $1)', [[fresh.id]]);
      expect(claimed).toMatchObject({ id: fresh.id, status: 'sending', attempts: 1 });
      expect(claimed.claimed_at).not.toBeNull();
      expect(claimed.claim_token).toMatch(/^[0-9a-f-]{36}$/);

      const finish = async (token: string, outcome: string, error: string | null = null) =>
        (await client.query<{ s: string | null }>('select public.finish_outbox_send($1, $2, $3, $4) as s', [fresh.id, token, outcome, error])).rows[0]
          .s;
      expect(await finish(randomUUID(), 'sent')).toBeNull(); // not the holder of the claim
      expect(await finish(claimed.claim_token!, 'sent')).toBe('sent');
      expect(await finish(claimed.claim_token!, 'failed', 'late')).toBeNull(); // the claim is over
      const {
        rows: [final],
      } = await client.query<OutboxRow>('select * from public.email_outbox where id = $1', [fresh.id]);
      expect(final).toMatchObject({ status: 'sent', attempts: 1, error: null, claim_token: null });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it(`a claim abandoned for 10 minutes is taken again; one abandoned on the ${EMAIL_MAX_ATTEMPTS}th attempt becomes failed`, async () => {
    const [stale, recent, exhausted] = await insertPending(['stale', 'recent', 'exhausted']);
    const oldToken = randomUUID();
    await pool.query(
      `update public.email_outbox set status = 'sending', claim_token = $2, attempts = 1, claimed_at = now() - interval '11 minutes' where id = $1`,
      [stale.id, oldToken],
    );
    await pool.query(
      `update public.email_outbox set status = 'sending', claim_token = gen_random_uuid(), attempts = 1, claimed_at = now() - interval '1 minute' where id = $1`,
      [recent.id],
    );
    await pool.query(
      `update public.email_outbox set status = 'sending', claim_token = gen_random_uuid(), attempts = $2, claimed_at = now() - interval '11 minutes' where id = $1`,
      [exhausted.id, EMAIL_MAX_ATTEMPTS],
    );
    const ids = [stale.id, recent.id, exhausted.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 1, failed: 0, deferred: 0, skipped: false });
    const rows = await outbox(ids);
    expect(rows.get(stale.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.get(recent.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(rows.get(exhausted.id)).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    expect(rows.get(exhausted.id)!.error).toMatch(/not confirmed/);
    expect(requestsTo(stale.to_email)).toHaveLength(1);
    expect(requestsTo(recent.to_email)).toHaveLength(0);
    expect(requestsTo(exhausted.to_email)).toHaveLength(0);

    // The sender that abandoned the claim can no longer record an outcome over it.
    const late = await pool.query<{ s: string | null }>(`select public.finish_outbox_send($1, $2, 'failed', 'late') as s`, [stale.id, oldToken]);
    expect(late.rows[0].s).toBeNull();
    expect(await one(stale.id)).toMatchObject({ status: 'sent', error: null });
  });

  it('the claim functions are for the service role only', async () => {
    const client = await pool.connect();
    try {
      for (const role of ['anon', 'authenticated']) {
        for (const sql of [
          'select * from public.claim_outbox_batch(1, array[gen_random_uuid()])',
          `select public.finish_outbox_send(gen_random_uuid(), gen_random_uuid(), 'sent')`,
        ]) {
          await client.query('begin');
          await client.query(`set local role ${role}`);
          await expect(client.query(sql)).rejects.toMatchObject({ code: '42501' });
          await client.query('rollback');
        }
      }
      await client.query('begin');
      await client.query('set local role service_role');
      expect((await client.query('select * from public.claim_outbox_batch(1, array[gen_random_uuid()])')).rows).toEqual([]);
      await client.query('rollback');
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  });

  it("send-guest-email starts delivery right after answering (EdgeRuntime.waitUntil), to the reservation's guest", async () => {
    const { token, orgId, reservationId, guestEmail } = await staffWithReservation('kick');
    const res = await sendGuestEmail(token, { email: guestEmail, subject: 'See you Friday', message: 'Hello!\n\nBring a friend.', reservationId });
    expect(res).toMatchObject({ status: 200, json: { success: true } });
    const id = res.json.id!;
    await expect.poll(async () => (await one(id)).status, { timeout: 10_000 }).toBe('sent');
    const row = await one(id);
    expect(row).toMatchObject({ attempts: 1, kind: 'guest_email', org_id: orgId, reservation_id: reservationId, to_email: guestEmail });
    expect(row.claimed_at).not.toBeNull();
    const got = requestsTo(guestEmail);
    expect(got).toHaveLength(1);
    expect(got[0].body).toMatchObject({ from: FROM, to: [guestEmail], subject: 'See you Friday', tags: tagsOf(row) });
    // Rendered in the organization's branded layout: the message as text paragraphs, never markup.
    expect(got[0].body.text).toMatch(/^Hello!\n\nBring a friend\./);
    expect(got[0].body.html).toContain('>Hello!</p>');
    expect(got[0].body.html).toContain('>Bring a friend.</p>');
    expect(got[0].body.html).toContain('<!DOCTYPE html');
  });

  /** One paid booking through process-square-payment (local test processor): its confirmation kicks delivery. */
  async function bookOnce(label: string): Promise<string> {
    const { event, ticket } = await orgWithEvent(label, 'Backlog Dinner', 4500);
    const guestEmail = address(`${label}-booker`);
    const res = await fetch(`${gateway.url}/functions/v1/process-square-payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.anonKey}`, apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        token: 'cnon:card-nonce-ok',
        amount: 4500,
        idempotencyKey: randomUUID(),
        reservationData: { eventId: event.id, ticketTypeId: ticket.id, num_guests: 1, name: 'Backlog Guest', email: guestEmail },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return guestEmail;
  }

  it('a kicked run goes on while it sends full batches: a backlog longer than one batch is all sent after one booking, without the schedule', async () => {
    // 23 messages waiting (older than the booking's), more than two runs of the kick's 10.
    const waiting = await insertPending(Array.from({ length: 23 }, (_, i) => `backlog-${i}`));
    const guestEmail = await bookOnce('backlog');
    const ids = waiting.map((r) => r.id);
    await expect
      .poll(async () => [...(await outbox(ids)).values()].filter((r) => r.status === 'sent').length, { timeout: 15_000 })
      .toBe(waiting.length);
    await expect.poll(() => requestsTo(guestEmail).length, { timeout: 10_000 }).toBe(1);
    for (const row of waiting) expect(requestsTo(row.to_email)).toHaveLength(1);
  });

  it('a kicked run stops at a failure instead of spending the attempts of every waiting message', async () => {
    const failing = await insertPending(Array.from({ length: 12 }, (_, i) => `down-${i}`));
    for (const row of failing)
      replies.set(row.to_email, () => ({ status: 500, body: { name: 'internal_server_error', message: 'Provider is down' } }));
    await bookOnce('down');
    const ids = failing.map((r) => r.id);
    const attempted = async () => [...(await outbox(ids)).values()].filter((r) => r.attempts > 0);
    // The first run claims the 10 oldest, all fail: the run ends there.
    await expect.poll(async () => (await attempted()).length, { timeout: 10_000 }).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await outbox(ids);
    expect([...after.values()].map((r) => r.attempts).sort()).toEqual([0, 0, ...Array(10).fill(1)]);
    expect(failing.filter((r) => requestsTo(r.to_email).length > 1)).toEqual([]);
    // Left for the schedule (send-outbox), which retries them later; not failed for good.
    expect([...after.values()].every((r) => r.status === 'pending')).toBe(true);
  });

  it("send-guest-email writes only to the reservation's own guest: another address is refused (400), nothing is queued", async () => {
    const { token, reservationId, guestEmail } = await staffWithReservation('recipient');
    const base = { subject: 'Hello', message: 'Hi there', reservationId };
    for (const body of [
      { ...base, email: `someone-else@${DOMAIN}` },
      { ...base, to: `someone-else@${DOMAIN}` },
      { ...base, email: guestEmail, to: `attacker@${DOMAIN}` },
    ]) {
      const res = await sendGuestEmail(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual({
        success: false,
        code: 'recipient_not_guest',
        error: `Emails about a reservation go only to its guest's address (${guestEmail}). To write to another address, change the reservation's email first.`,
      });
    }
    expect(await queuedFor(reservationId)).toEqual([]);
    expect(requests.filter((r) => r.body.to?.[0]?.startsWith('someone-else') || r.body.to?.[0]?.startsWith('attacker'))).toEqual([]);

    // The guest's address (whatever its case), or none at all: sent to the stored address.
    const upper = await sendGuestEmail(token, { ...base, email: guestEmail.toUpperCase() });
    expect(upper.status).toBe(200);
    const omitted = await sendGuestEmail(token, base);
    expect(omitted.status).toBe(200);
    const queued = await queuedFor(reservationId);
    expect(queued.map((r) => r.to_email)).toEqual([guestEmail, guestEmail]);
  });

  it('send-guest-email refuses line breaks and control characters in header fields (400, nothing queued)', async () => {
    const { token, reservationId, guestEmail } = await staffWithReservation('headers');
    const base = { email: guestEmail, subject: 'Hello', message: 'Line one\nLine two is fine in the body', reservationId };
    for (const [body, message] of [
      [{ ...base, subject: 'Hello\r\nBcc: victim@example.com' }, 'subject: Subject must be one line without control characters (CR, LF, tab...)'],
      [{ ...base, subject: 'Hello\nthere' }, 'subject: Subject must be one line without control characters (CR, LF, tab...)'],
      [{ ...base, subject: 'Bell\u0007' }, 'subject: Subject must be one line without control characters (CR, LF, tab...)'],
      [
        { ...base, email: `${guestEmail}\r\nBcc: victim@example.com` },
        'email: Recipient must be one line without control characters (CR, LF, tab...)',
      ],
      [
        { ...base, guestName: 'Grace\r\nBcc: victim@example.com' },
        'guestName: Guest name must be one line without control characters (CR, LF, tab...)',
      ],
    ] as const) {
      const res = await sendGuestEmail(token, body);
      expect(res.status, message).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'invalid_input' });
      expect(res.json.error).toBe(`Invalid request body: ${message}`);
    }
    expect(await queuedFor(reservationId)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// The test stack itself: its mailbox is a Resend-compatible provider, and the functions'
// delivery code (not the mailbox) writes email_outbox.status.
// ---------------------------------------------------------------------------------------

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')("the local mailbox (the stack's email provider)", () => {
  const post = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${LOCAL_EMAIL_API_KEY}` }) =>
    fetch(`${env.mailboxUrl}/emails`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const list = async (to: string) =>
    (await (await fetch(`${env.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Record<string, unknown>[];

  it("accepts Resend's POST /emails with its API key, keeps and lists the message", async () => {
    const to = `resend-${randomUUID().slice(0, 8)}@example.test`;
    const message = {
      from: 'SupperHost <bookings@supperhost.test>',
      to: [to],
      subject: 'Hello <there>',
      text: 'Plain & simple',
      html: '<p>Plain &amp; simple</p>',
      attachments: [{ filename: 'menu.txt', content: Buffer.from('Soup').toString('base64') }],
      tags: [{ name: 'kind', value: 'manual_test' }],
    };
    expect((await post(message, {})).status).toBe(401);
    expect((await post(message, { authorization: 'Bearer re_wrong' })).status).toBe(403);
    const bad = await post({ ...message, subject: 'Two\r\nlines' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ name: 'validation_error' });
    expect((await post({ ...message, to: [] })).status).toBe(422);

    const ok = await post(message);
    expect(ok.status).toBe(200);
    const { id } = (await ok.json()) as { id: string };
    // A repeated Idempotency-Key answers the first result without keeping a second message.
    const keyed = { authorization: `Bearer ${LOCAL_EMAIL_API_KEY}`, 'idempotency-key': `k-${id}` };
    const again = await (await post(message, keyed)).json();
    expect(await (await post(message, keyed)).json()).toEqual(again);

    const rows = await list(to.toUpperCase());
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === id)).toMatchObject({
      to_email: to,
      subject: 'Hello <there>',
      body_text: 'Plain & simple',
      body_html: '<p>Plain &amp; simple</p>',
      kind: 'manual_test',
      status: 'sent',
      attachments: [{ filename: 'menu.txt', size: 4 }],
    });
    const page = await (await fetch(`${env.mailboxUrl}/messages/${id}`)).text();
    expect(page).toContain('Hello &lt;there&gt;');
    expect(page).toContain('menu.txt');
  });

  it('a message written to the outbox reaches the mailbox through the delivery code, which marks it sent', async () => {
    const db = new pg.Client({ connectionString: env.dbUrl });
    await db.connect();
    try {
      const to = `outbox-${randomUUID().slice(0, 8)}@example.test`;
      const {
        rows: [row],
      } = await db.query<OutboxRow>(
        `insert into public.email_outbox (kind, to_email, subject, body_text) values ('guest_email', $1, 'Through the sender', 'Hi') returning *`,
        [to],
      );
      const [got] = await list(to);
      expect(got).toMatchObject({ outbox_id: row.id, kind: 'guest_email', to_email: to, subject: 'Through the sender', status: 'sent' });
      const after = (await db.query<OutboxRow>('select * from public.email_outbox where id = $1', [row.id])).rows[0];
      // Claimed and finished by supabase/functions/_shared/outbox.ts: claimed_at set, one attempt.
      expect(after).toMatchObject({ status: 'sent', attempts: 1, error: null, claim_token: null });
      expect(after.claimed_at).not.toBeNull();
    } finally {
      await db.end();
    }
  });
});
