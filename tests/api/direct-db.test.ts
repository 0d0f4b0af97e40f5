import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningFunctions } from '../../stack/functions-runner';
import { sql } from '../support/db';
import { createEvent, createOrg } from '../support/fixtures';
import { startFunctions, useFixtureFunctions } from '../support/functions';
import { stackEnv } from '../support/stack-env';

// The functions' direct pool (supabase/functions/_shared/db.ts) must answer exactly as the
// REST API does: the same data for each kind of SQL function, the same errors, the same
// request headers seen by SQL. A fixture function makes every call both ways.

const fixtures = useFixtureFunctions();

interface Answer {
  data: unknown;
  error: { code: string | null; message: string | null; details: string | null } | null;
}

async function bothWays(calls: { fn: string; args?: Record<string, unknown>; headers?: Record<string, string> }[]) {
  const res = await fetch(`${fixtures()}/rpc-parity`, { method: 'POST', body: JSON.stringify({ calls }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { answers: { direct: Answer; api: Answer }[] }).answers;
}

describe('the functions reach SQL directly, as the REST API would answer', () => {
  it('gives the same data for a table function, one with composite and array columns, and a scalar, on pooled connections of its own', async () => {
    const org = await createOrg({ name: 'Direct Pool Kitchen' });
    await createEvent(org.id, { title: 'Pooled Supper' });
    const answers = await bothWays([
      { fn: 'promo_throttle_limits' },
      { fn: 'get_public_org_page', args: { p_slug: org.slug } },
      { fn: 'release_expired_holds' },
    ]);
    for (const { direct, api } of answers) {
      expect(api.error).toBeNull();
      expect(direct).toEqual(api);
    }
    expect(answers[0].direct.data).toEqual([{ window_seconds: 900, per_client: 10, per_event: 200 }]);
    expect((answers[1].direct.data as { organization: { slug: string } }[])[0].organization.slug).toBe(org.slug);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'supperhost-functions'`);
    expect(n).toBeGreaterThan(0);
  });

  it('gives the same errors: SQLSTATE, message and detail', async () => {
    const answers = await bothWays([
      { fn: 'fail_booking', args: { p_reservation_id: randomUUID() } },
      {
        fn: 'hold_booking',
        args: { p_idempotency_key: 'x'.repeat(60), p_event_id: randomUUID(), p_guests: 1, p_name: 'A', p_email: 'a@example.com' },
      },
      { fn: 'staff_set_ticket_capacity', args: { p_ticket_type_id: randomUUID(), p_capacity: 1 } },
      { fn: 'admin_event_reservation_counts', args: { p_org_id: randomUUID() } },
    ]);
    for (const { direct, api } of answers) {
      expect(direct.error).not.toBeNull();
      expect(direct).toEqual(api);
    }
    expect(answers[0].direct.error?.code).toBe('SH404');
    expect(answers[1].direct.error).toMatchObject({ code: 'P0001', message: 'The idempotency key must be 1 to 45 characters' });
  });

  it('runs as the service role with the request headers SQL reads (the promo throttle client key); void answers null', async () => {
    const org = await createOrg({ name: 'Direct Pool Headers' });
    const event = await createEvent(org.id, { title: 'Headers Supper' });
    const key = `client-${randomUUID()}`;
    const answers = await bothWays([{ fn: 'record_promo_miss', args: { p_event_id: event.id }, headers: { 'x-supperhost-client': key } }]);
    expect(answers[0].direct).toEqual({ data: null, error: null });
    expect(answers[0].api.error).toBeNull();
    const rows = await sql<{ client_key: string }>(`select client_key from public.promo_code_misses where event_id = $1`, [event.id]);
    expect(rows.map((r) => r.client_key)).toEqual([key, key]);
  });

  it("passes a JSON array to a jsonb parameter (a delivery run's outcomes) and answers as the API does", async () => {
    const answers = await bothWays([
      {
        fn: 'finish_outbox_sends',
        args: { p_results: [{ id: randomUUID(), claim_token: randomUUID(), outcome: 'sent', error: null, rendered: null }] },
      },
      { fn: 'finish_outbox_sends', args: { p_results: [{ id: randomUUID(), claim_token: randomUUID(), outcome: 'lost' }] } },
      { fn: 'finish_outbox_sends', args: { p_results: [] } },
    ]);
    for (const { direct, api } of answers) expect(direct).toEqual(api);
    // An expired claim answers null for that message; a bad outcome is refused; nothing to record is [].
    expect(answers[0].direct).toEqual({ data: [null], error: null });
    expect(answers[1].direct.error).toMatchObject({ code: 'P0001', message: 'p_outcome must be sent, failed, released or rejected' });
    expect(answers[2].direct).toEqual({ data: [], error: null });
  });
});

// ---------------------------------------------------------------------------------------
// How many connections a worker opens, and what an unreachable database costs. Each test runs
// the fixtures in a Deno runner of its own, with the database address it is about.

const FIXTURES = new URL('../fixtures/functions', import.meta.url).pathname;
const LIMITS = [{ window_seconds: 900, per_client: 10, per_event: 200 }];

async function withFixtures<T>(env: Record<string, string>, use: (runner: RunningFunctions) => Promise<T>): Promise<T> {
  const runner = await startFunctions(env, { functionsDir: FIXTURES });
  try {
    return await use(runner);
  } finally {
    await runner.stop();
  }
}

/** `n` calls at once through the fixture worker's SQL path; how long they took inside the worker. */
async function together(runner: RunningFunctions, n: number): Promise<{ ms: number; answers: Answer[] }> {
  const calls = Array.from({ length: n }, () => ({ fn: 'promo_throttle_limits' }));
  const res = await fetch(`${runner.url}/rpc-together`, { method: 'POST', body: JSON.stringify({ calls }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { ms: number; answers: Answer[] };
}

describe("the functions' connections to PostgreSQL", () => {
  it('are at most 2 per worker by default, however many calls are in flight', async () => {
    const name = `pool-size-${randomUUID().slice(0, 8)}`;
    const url = new URL(stackEnv().dbUrl);
    url.searchParams.set('application_name', name);
    await withFixtures({ SUPPERHOST_DB_URL: url.toString() }, async (runner) => {
      const { answers } = await together(runner, 16);
      for (const answer of answers) expect(answer).toEqual({ data: LIMITS, error: null });
      const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1', [name]);
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(2);
    });
  });

  it('an unreachable database (a server that never answers) holds the first calls for the connect timeout at most, then none: they go through the API', async () => {
    const sockets: Socket[] = [];
    const blackhole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const { port } = blackhole.address() as { port: number };
    try {
      await withFixtures({ SUPPERHOST_DB_URL: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` }, async (runner) => {
        const first = await together(runner, 6);
        for (const answer of first.answers) expect(answer).toEqual({ data: LIMITS, error: null });
        expect(first.ms).toBeLessThan(4000);
        expect(sockets.length).toBeGreaterThan(0);
        const tried = sockets.length;

        const second = await together(runner, 6);
        for (const answer of second.answers) expect(answer).toEqual({ data: LIMITS, error: null });
        expect(second.ms).toBeLessThan(1500);
        expect(sockets.length, 'no new connection attempt within the cool-down').toBe(tried);
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackhole.close(resolve));
    }
  });
});
