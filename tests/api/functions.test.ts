import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../stack/jwt.ts';
import type { RunningFunctions } from '../../stack/functions-runner.ts';
import { freePort } from '../../stack/ports.ts';
import type { startGateway } from '../../stack/gateway/server.ts';
import { startFunctions, startGatewayFor } from '../support/functions.ts';
import { stackEnv } from '../support/stack-env.ts';

// The Deno runner on the fixture functions (tests/fixtures/functions), behind a gateway of
// our own whose verify_jwt is on for every function but "echo" and "stream".

const env = stackEnv();
const FIXTURES = new URL('../fixtures/functions', import.meta.url).pathname;
class NoWebSocket {}

let runner: RunningFunctions;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let downGateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  runner = await startFunctions({}, { functionsDir: FIXTURES });
  gateway = await startGatewayFor(runner.url, (name) => name !== 'echo' && name !== 'stream');
  // A gateway whose runner is not running.
  downGateway = await startGatewayFor(`http://127.0.0.1:${await freePort()}`, () => false);
});

afterAll(async () => {
  await gateway?.close();
  await downGateway?.close();
  await runner?.stop();
});

const client = (url = gateway.url, key = env.anonKey) =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } });

describe('functions runner (real Deno)', () => {
  it('serves a function from its folder: method, path with the function name, JSON body, env and .env secrets', async () => {
    const res = await fetch(`${runner.url}/echo/sub/path?x=1`, { method: 'PUT', body: JSON.stringify({ hello: 'world' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'PUT',
      path: '/echo/sub/path',
      search: '?x=1',
      body: { hello: 'world' },
      secret: 'from dotenv',
      supabaseUrl: env.apiUrl, // SUPABASE_* from the stack win over functions/.env
    });
  });

  it('a function that fails to import answers 503 BOOT_ERROR (as Supabase) with the import error; the others keep working', async () => {
    const res = await fetch(`${runner.url}/broken`);
    expect(res.status).toBe(503);
    expect(res.headers.get('sb-error-code')).toBe('BOOT_ERROR');
    expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Function "broken" failed to boot: Error: fixture import failure' });
    const noServe = await fetch(`${runner.url}/no-serve`);
    expect(noServe.status).toBe(503);
    expect((await noServe.json()).message).toMatch(/did not call Deno\.serve/);
    expect((await fetch(`${runner.url}/echo`)).status).toBe(200);
  });

  it('an unknown function is 404, and folders starting with "_" are never functions', async () => {
    for (const name of ['nope', '_shared']) {
      const res = await fetch(`${runner.url}/${name}`);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('the shared helpers validate JSON input with zod: bad input is a 400 listing the fields, never a 500', async () => {
    const post = (body: string) => fetch(`${runner.url}/validate`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const malformed = await post('{not json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_json' });

    const invalid = await post(JSON.stringify({ name: '', guests: 11, email: 'nope' }));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('access-control-allow-origin')).toBe('*');
    const body = await invalid.json();
    expect(body.code).toBe('invalid_input');
    expect(body.error).toMatch(/^Invalid request body: /);
    expect(body.issues.map((i: string) => i.split(':')[0])).toEqual(['name', 'guests', 'email']);

    const ok = await post(JSON.stringify({ name: 'Ada', guests: 2, email: 'ada@example.test' }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, input: { name: 'Ada', guests: 2, email: 'ada@example.test' } });

    const taken = await post(JSON.stringify({ name: 'taken', guests: 2, email: 'ada@example.test' }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'That name is taken', code: 'name_taken' });

    const crash = await post(JSON.stringify({ name: 'crash', guests: 2, email: 'ada@example.test' }));
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ error: 'Internal error', code: 'internal_error' });

    const preflight = await fetch(`${runner.url}/validate`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('npm:@supabase/supabase-js resolves from the locked Deno cache and the shared admin client reaches the stack', async () => {
    const sb = client(env.apiUrl);
    const { data: signIn } = await sb.auth.signInWithPassword({ email: 'owner@eatathome.test', password: 'supperhost-demo' });
    const res = await fetch(`${runner.url}/admin-client`, { headers: { authorization: `Bearer ${signIn.session!.access_token}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.error).toBeNull();
    expect(body.caller).toBe('owner@eatathome.test');
    expect(body.slugs).toEqual(expect.arrayContaining(['eatathome', 'garden-table', 'magnolia']));
  });
});

describe('/functions/v1 through the gateway', () => {
  it('functions.invoke sends JSON and the gateway proxies method, path, headers and status', async () => {
    const { data, error } = await client().functions.invoke('echo', { body: { guests: 3 } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'POST', path: '/echo', body: { guests: 3 }, apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` });

    const res = await fetch(`${gateway.url}/functions/v1/echo/deeper?status=418`, { method: 'DELETE' });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(await res.json()).toMatchObject({ method: 'DELETE', path: '/echo/deeper', search: '?status=418' });
  });

  it('verify_jwt: missing header 401, invalid or expired JWT 401, anon key and user tokens pass', async () => {
    const url = `${gateway.url}/functions/v1/validate`;
    const body = JSON.stringify({ name: 'Ada', guests: 1, email: 'ada@example.test' });
    const missing = await fetch(url, { method: 'POST', body, headers: { apikey: env.anonKey } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });

    const forged = await signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-project-secret-not-the-project-secret');
    const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 }, env.jwtSecret);
    for (const token of ['garbage', forged, expired]) {
      const res = await fetch(url, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
    }

    const anon = await fetch(url, { method: 'POST', body, headers: { authorization: `Bearer ${env.anonKey}` } });
    expect(anon.status).toBe(200);

    const { data, error } = await client().functions.invoke('validate', { body: { name: 'Ada', guests: 1, email: 'ada@example.test' } });
    expect(error).toBeNull();
    expect(data.ok).toBe(true);
  });

  it('verify_jwt off: no Authorization needed', async () => {
    const res = await fetch(`${gateway.url}/functions/v1/echo`);
    expect(res.status).toBe(200);
  });

  it('errors from the function reach supabase-js as FunctionsHttpError with the response', async () => {
    const { error } = await client().functions.invoke('validate', { body: { name: 'taken', guests: 1, email: 'ada@example.test' } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'That name is taken', code: 'name_taken' });
  });

  it('unknown function: 404 passed through from the runner', async () => {
    const res = await fetch(`${gateway.url}/functions/v1/does-not-exist`, { headers: { authorization: `Bearer ${env.anonKey}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('NOT_FOUND');
  });

  it('streams the response body as the function produces it', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/functions/v1/stream`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(new TextDecoder().decode(first.value)).toContain('chunk 1');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toContain('chunk 3');
    expect(Date.now() - started - firstAt).toBeGreaterThanOrEqual(250); // the later chunks came later
  });

  it('runner down: 503 with a clear message', async () => {
    const res = await fetch(`${downGateway.url}/functions/v1/echo`);
    expect(res.status).toBe(503);
    expect((await res.json()).msg).toMatch(/not reachable/);
  });
});

describe('mailbox', () => {
  it('lists outbox rows as JSON per recipient and delivers pending ones', async () => {
    const db = new pg.Client({ connectionString: env.dbUrl });
    await db.connect();
    try {
      const to = `guest-${Date.now()}@example.test`;
      await db.query(
        `insert into public.email_outbox (kind, to_email, subject, body_text) values ('guest_email', $1, 'Hello <there>', 'Body & more')`,
        [to],
      );
      const res = await fetch(`${env.mailboxUrl}/api/messages?to=${encodeURIComponent(to.toUpperCase())}`);
      expect(res.status).toBe(200);
      const rows = await res.json();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_email: to, subject: 'Hello <there>', body_text: 'Body & more', status: 'sent', kind: 'guest_email' });
      expect(rows[0].sent_at).toBeTruthy();

      const page = await (await fetch(`${env.mailboxUrl}/`)).text();
      expect(page).toContain('Hello &lt;there&gt;');
      expect(page).not.toContain('Hello <there>');
      const one = await fetch(`${env.mailboxUrl}/messages/${rows[0].id}`);
      expect(one.status).toBe(200);
      expect(await one.text()).toContain('Body &amp; more');
    } finally {
      await db.end();
    }
  });

  it('the delivery loop marks pending messages as sent without a request', async () => {
    const db = new pg.Client({ connectionString: env.dbUrl });
    await db.connect();
    try {
      const {
        rows: [row],
      } = await db.query<{ id: string }>(
        `insert into public.email_outbox (kind, to_email, subject, body_text) values ('guest_email', 'loop@example.test', 'Loop', 'x') returning id`,
      );
      let status = 'pending';
      for (let i = 0; i < 50 && status !== 'sent'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await db.query('select status from public.email_outbox where id = $1', [row.id])).rows[0].status;
      }
      expect(status).toBe('sent');
    } finally {
      await db.end();
    }
  });
});
