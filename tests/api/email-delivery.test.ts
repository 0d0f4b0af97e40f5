import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFunctionsRunner, type RunningFunctions } from '../../stack/functions-runner.ts';
import { startGateway } from '../../stack/gateway/server.ts';
import { signJwt } from '../../stack/jwt.ts';
import { freePort } from '../../stack/ports.ts';
import { readFunctionVerifyJwt } from '../../stack/stack.ts';
import { createOrg, createStaff, seedEvent, seedReservation } from '../../e2e/admin-fixtures';
import { stackEnv } from '../support/stack-env.ts';

// Production email delivery (supabase/functions/_shared/outbox.ts, send-outbox) against a
// fake Resend-compatible provider on loopback: our own Deno runner with the real
// supabase/functions and the provider secrets, behind our own gateway that applies
// supabase/config.toml's verify_jwt as Supabase's relay does.
//
// Determinism. The test database is shared with the other test files, and the stack's
// mailbox (the local provider) marks every pending message nobody claimed as sent, once
// a second. So:
//  - every send-outbox call here names its messages (`ids`): it never touches the other
//    files' messages, and theirs never count here;
//  - the messages sent through send-outbox are inserted in the state "already handled by
//    a provider sender" (pending, claimed_at set), which the mailbox leaves alone by
//    design — the same state a message is in after a failed attempt. A fresh message
//    (claimed_at null) is claimed in SQL inside the transaction that inserts it, where
//    the mailbox cannot see it; and the kick after send-guest-email races the mailbox for
//    real, so that test retries until the kick is the one that delivered.

const env = stackEnv();
const DOMAIN = `delivery-${randomUUID().slice(0, 8)}.test`;
const API_KEY = 're_test_delivery_key';
const FROM = 'SupperHost <bookings@supperhost.test>';
const MAX_ATTEMPTS = 5;

// ---------------------------------------------------------------------------------------
// The fake provider: records every request; answers per recipient on demand.
// ---------------------------------------------------------------------------------------

interface ProviderRequest {
  headers: IncomingHttpHeaders;
  body: { from: string; to: string[]; subject: string; text: string; html?: string };
}
type Reply = { status: number; body: unknown } | undefined;

const requests: ProviderRequest[] = [];
/** Per recipient: the reply to its nth request (1-based); undefined means 200. */
const replies = new Map<string, (n: number) => Reply>();
let delayMs = 0;

const requestsTo = (email: string) => requests.filter((r) => r.body.to?.[0] === email);

let provider: Server;
let providerUrl: string;
let runner: RunningFunctions;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let pool: pg.Pool;

async function startProvider(): Promise<void> {
  provider = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { raw += chunk; });
    req.on('end', async () => {
      let body: ProviderRequest['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ name: 'validation_error', message: 'Invalid JSON' }));
      }
      requests.push({ headers: req.headers, body });
      const to = body.to?.[0] ?? '';
      const reply = replies.get(to)?.(requestsTo(to).length);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      res.writeHead(reply?.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply?.body ?? { id: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

interface OutboxRow {
  id: string;
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

/**
 * Messages in the state a provider sender owns (pending, claimed_at set), oldest first in
 * the given order. `html` null for plain-text messages.
 */
async function insertOwned(labels: string[], html: string | null = '<p>Hello</p>'): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = [];
  for (const [i, label] of labels.entries()) {
    const { rows: [row] } = await pool.query<OutboxRow>(
      `insert into public.email_outbox (kind, to_email, subject, body_text, body_html, claimed_at, created_at)
       values ('delivery_test', $1, $2, $3, $4, now() - interval '1 hour', now() - interval '1 minute' + $5 * interval '1 millisecond')
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

interface Counts { sent: number; failed: number; deferred: number; skipped: boolean }

async function sendOutbox(body: unknown, key = env.serviceRoleKey, base = gateway.url): Promise<{ status: number; json: Counts & { code?: string; msg?: string } }> {
  const res = await fetch(`${base}/functions/v1/send-outbox`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** One full pass of the stack's mailbox after this call (the second request starts or joins a pass begun after the first answered). */
async function mailboxPass(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${env.mailboxUrl}/api/deliver`, { method: 'POST' });
    expect(res.status).toBe(200);
  }
}

// ---------------------------------------------------------------------------------------

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')('email delivery through a provider', () => {
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: env.dbUrl, max: 6 });
    await startProvider();
    runner = await startFunctionsRunner({
      port: await freePort(),
      env: {
        SUPABASE_URL: env.apiUrl,
        SUPABASE_ANON_KEY: env.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
        SUPABASE_DB_URL: env.dbUrl,
        EMAIL_PROVIDER_API_KEY: API_KEY,
        EMAIL_FROM: FROM,
        EMAIL_PROVIDER_URL: `${providerUrl}/emails`,
      },
    });
    gateway = await startGateway({
      dbUrl: env.dbUrl,
      jwtSecret: env.jwtSecret,
      anonKey: env.anonKey,
      serviceRoleKey: env.serviceRoleKey,
      siteUrl: env.siteUrl,
      port: await freePort(),
      functionsUrl: runner.url,
      functionVerifyJwt: readFunctionVerifyJwt(),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
    await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
    await pool?.query(`delete from public.email_outbox where to_email like $1`, [`%@${DOMAIN}`]).catch(() => undefined);
    await pool?.end();
  });

  beforeEach(() => {
    replies.clear();
    delayMs = 0;
  });

  it('send-outbox is for the service role only', async () => {
    const [row] = await insertOwned(['auth']);
    const body = { ids: [row.id] };

    const noAuth = await fetch(`${gateway.url}/functions/v1/send-outbox`, { method: 'POST', body: JSON.stringify(body) });
    expect(noAuth.status).toBe(401); // verify_jwt = true: refused by the relay
    await noAuth.body?.cancel();
    const forged = signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }, 'not-the-project-secret-not-the-project-secret');
    expect((await sendOutbox(body, forged)).status).toBe(401);

    const anon = await sendOutbox(body, env.anonKey);
    expect(anon.status).toBe(403);
    expect(anon.json.code).toBe('service_role_required');
    const staff = await createStaff('outbox-caller');
    const { data } = await staff.client.auth.getSession();
    const user = await sendOutbox(body, data.session!.access_token);
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

  it('without EMAIL_PROVIDER_API_KEY it does nothing (the stack itself: the mailbox is the provider)', async () => {
    const [row] = await insertOwned(['no-key']);
    const res = await sendOutbox({ ids: [row.id] }, env.serviceRoleKey, env.apiUrl);
    expect(res).toEqual({ status: 200, json: { sent: 0, failed: 0, deferred: 0, skipped: true } });
    expect(await one(row.id)).toMatchObject({ status: 'pending', attempts: 0, claim_token: null });
    expect(requestsTo(row.to_email)).toHaveLength(0);
  });

  it('sends each pending message once through the Resend-compatible API and marks it sent', async () => {
    const rows = [...(await insertOwned(['html-a', 'html-b'])), ...(await insertOwned(['text-only'], null))];
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

  it('a provider failure is recorded and retried; after 5 attempts the message stays failed, with its error', async () => {
    const [always, once] = await insertOwned(['always-fails', 'fails-once']);
    replies.set(always.to_email, () => ({ status: 500, body: { name: 'internal_server_error', message: 'Provider is down' } }));
    replies.set(once.to_email, (n) => (n === 1 ? { status: 422, body: { name: 'validation_error', message: 'Try again' } } : undefined));
    const ids = [always.id, once.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 2, deferred: 0, skipped: false });
    let rows = await outbox(ids);
    expect(rows.get(always.id)).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, claim_token: null });
    expect(rows.get(always.id)!.error).toBe('The email provider answered HTTP 500: internal_server_error: Provider is down');
    expect(rows.get(once.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows.get(once.id)!.error).toContain('HTTP 422');

    // The mailbox leaves messages a provider sender owns alone (it would mark them sent).
    await mailboxPass();
    rows = await outbox(ids);
    expect(rows.get(always.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows.get(once.id)).toMatchObject({ status: 'pending', attempts: 1 });

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 1, failed: 1, deferred: 0, skipped: false });
    rows = await outbox(ids);
    expect(rows.get(once.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(rows.get(always.id)).toMatchObject({ status: 'pending', attempts: 2 });

    for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 1, deferred: 0, skipped: false });
      const row = await one(always.id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'pending' : 'failed');
    }
    const failed = await one(always.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sent_at: null, claim_token: null });
    expect(failed.error).toBe('The email provider answered HTTP 500: internal_server_error: Provider is down');

    // Failed is final (and visible): no sixth attempt, and the mailbox does not "deliver" it.
    expect((await sendOutbox({ ids })).json).toEqual({ sent: 0, failed: 0, deferred: 0, skipped: false });
    await mailboxPass();
    expect(await one(always.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(requestsTo(always.to_email)).toHaveLength(MAX_ATTEMPTS);
    expect(requestsTo(once.to_email)).toHaveLength(2);
  });

  it('an unreachable provider is a recorded failure too', async () => {
    const [row] = await insertOwned(['unreachable']);
    // A second runner whose provider URL is a closed port.
    const closedPort = await freePort();
    const other = await startFunctionsRunner({
      port: await freePort(),
      env: {
        SUPABASE_URL: env.apiUrl,
        SUPABASE_ANON_KEY: env.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
        EMAIL_PROVIDER_API_KEY: API_KEY,
        EMAIL_FROM: FROM,
        EMAIL_PROVIDER_URL: `http://127.0.0.1:${closedPort}/emails`,
      },
    });
    try {
      const res = await fetch(`${other.url}/send-outbox`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [row.id] }),
      });
      expect(await res.json()).toEqual({ sent: 0, failed: 1, deferred: 0, skipped: false });
    } finally {
      await other.stop();
    }
    const after = await one(row.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1, claim_token: null });
    expect(after.error).toMatch(/^Could not reach the email provider: /);
  });

  it('a rate limit (429) hands the batch back without counting an attempt', async () => {
    const [limited, next] = await insertOwned(['rate-limited', 'after-limit']);
    replies.set(limited.to_email, (n) => (n === 1 ? { status: 429, body: { name: 'rate_limit_exceeded', message: 'Too many requests' } } : undefined));
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

  it('concurrent send-outbox calls never send one message twice', async () => {
    const rows = await insertOwned(Array.from({ length: 24 }, (_, i) => `concurrent${i}`));
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
    const rows = await insertOwned(['lock-a', 'lock-b', 'lock-c']);
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
    // Nothing a sender claims gets delivered by the mailbox either.
    await mailboxPass();
    for (const [id, row] of await outbox(ids)) expect(row.status, id).toBe('sending');
  });

  it('a fresh message is claimed like any pending one; only the current claim records an outcome', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin'); // the mailbox never sees the uncommitted row
      const { rows: [fresh] } = await client.query<OutboxRow>(
        `insert into public.email_outbox (kind, to_email, subject, body_text) values ('delivery_test', $1, 'Fresh', 'Fresh') returning *`,
        [address('fresh')],
      );
      expect(fresh).toMatchObject({ status: 'pending', attempts: 0, claimed_at: null, claim_token: null });
      const { rows: [claimed] } = await client.query<OutboxRow>('select * from public.claim_outbox_batch(5, $1)', [[fresh.id]]);
      expect(claimed).toMatchObject({ id: fresh.id, status: 'sending', attempts: 1 });
      expect(claimed.claimed_at).not.toBeNull();
      expect(claimed.claim_token).toMatch(/^[0-9a-f-]{36}$/);

      const finish = async (token: string, outcome: string, error: string | null = null) =>
        (await client.query<{ s: string | null }>('select public.finish_outbox_send($1, $2, $3, $4) as s', [fresh.id, token, outcome, error])).rows[0].s;
      expect(await finish(randomUUID(), 'sent')).toBeNull(); // not the holder of the claim
      expect(await finish(claimed.claim_token!, 'sent')).toBe('sent');
      expect(await finish(claimed.claim_token!, 'failed', 'late')).toBeNull(); // the claim is over
      const { rows: [final] } = await client.query<OutboxRow>('select * from public.email_outbox where id = $1', [fresh.id]);
      expect(final).toMatchObject({ status: 'sent', attempts: 1, error: null, claim_token: null });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('a claim abandoned for 10 minutes is taken again; one abandoned on the 5th attempt becomes failed', async () => {
    const [stale, recent, exhausted] = await insertOwned(['stale', 'recent', 'exhausted']);
    const oldToken = randomUUID();
    await pool.query(
      `update public.email_outbox set status = 'sending', claim_token = $2, attempts = 1, claimed_at = now() - interval '11 minutes' where id = $1`,
      [stale.id, oldToken],
    );
    await pool.query(`update public.email_outbox set status = 'sending', claim_token = gen_random_uuid(), attempts = 1, claimed_at = now() - interval '1 minute' where id = $1`, [recent.id]);
    await pool.query(`update public.email_outbox set status = 'sending', claim_token = gen_random_uuid(), attempts = 5, claimed_at = now() - interval '11 minutes' where id = $1`, [exhausted.id]);
    const ids = [stale.id, recent.id, exhausted.id];

    expect((await sendOutbox({ ids })).json).toEqual({ sent: 1, failed: 0, deferred: 0, skipped: false });
    const rows = await outbox(ids);
    expect(rows.get(stale.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.get(recent.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(rows.get(exhausted.id)).toMatchObject({ status: 'failed', attempts: 5 });
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

  it('the mailbox still delivers fresh messages nobody claimed', async () => {
    const { rows: [fresh] } = await pool.query<OutboxRow>(
      `insert into public.email_outbox (kind, to_email, subject, body_text) values ('delivery_test', $1, 'For the mailbox', 'Hi') returning *`,
      [address('mailbox')],
    );
    await mailboxPass();
    expect(await one(fresh.id)).toMatchObject({ status: 'sent', claimed_at: null });
    expect(requestsTo(fresh.to_email)).toHaveLength(0);
  });

  it('send-guest-email starts delivery right after answering (EdgeRuntime.waitUntil)', async () => {
    const staff = await createStaff('outbox-kick');
    const org = await createOrg('Outbox Kick', [staff]);
    const event = await seedEvent(org.id, { title: 'Kick Dinner', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
    const reservation = await seedReservation(org.id, event.id, { ticketTypeId: event.ticketTypes[0].id });
    const { data } = await staff.client.auth.getSession();
    const token = data.session!.access_token;

    // The stack's mailbox competes for a fresh message (it delivers anything unclaimed once
    // a second); the kick normally claims it within milliseconds. Try until the kick was the
    // one that delivered: a broken kick never is, and the mailbox always wins then.
    let deliveredByKick = false;
    for (let attempt = 0; attempt < 3 && !deliveredByKick; attempt++) {
      const to = address('guest');
      const res = await fetch(`${gateway.url}/functions/v1/send-guest-email`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: env.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: to, subject: 'See you Friday', message: 'Hello!\n\nBring a friend.', reservationId: reservation.id }),
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      await expect.poll(async () => (await one(id)).status, { timeout: 10_000 }).toBe('sent');
      const row = await one(id);
      if (row.claimed_at === null) {
        expect(requestsTo(to)).toHaveLength(0); // the mailbox delivered it; never both
        continue;
      }
      deliveredByKick = true;
      expect(row.attempts).toBe(1);
      const got = requestsTo(to);
      expect(got).toHaveLength(1);
      expect(got[0].body).toEqual({
        from: FROM,
        to: [to],
        subject: 'See you Friday',
        text: 'Hello!\n\nBring a friend.',
        html: '<p>Hello!</p>\n<p>Bring a friend.</p>',
      });
    }
    expect(deliveredByKick).toBe(true);
  });
});
