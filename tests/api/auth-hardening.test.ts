import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, SignInThrottle } from '../../stack/gateway/auth.ts';
import { freePort } from '../../stack/ports.ts';
import { NO_API_KEY_BODY, parseSize, readGatewayConfig, startGateway } from '../../stack/gateway/server.ts';
import { apiClient } from '../support/db.ts';
import { stackEnv } from '../support/stack-env.ts';
import { rawRequest, type RawRequest } from './raw-http.ts';

// The local GoTrue's edges: malformed input is a 4xx in GoTrue's shape (never a 5xx), bodies
// are at most 1 MiB, passwords follow supabase/config.toml's minimum_password_length,
// failed sign-ins are throttled, a repeated sign-up does not tell that the email exists,
// and a request without any key is refused as the Supabase gateway refuses it.

const env = stackEnv();
const client = (url = env.apiUrl): SupabaseClient => apiClient(env.anonKey, url);
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@hardening.test`;
const legacyShape = (body: unknown) => expect(body).toEqual({ code: expect.any(Number), error_code: expect.any(String), msg: expect.any(String) });

async function post(path: string, body: unknown, headers: Record<string, string> = {}, base = env.apiUrl) {
  const res = await fetch(`${base}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
const signIn = (email: string, password: string, base = env.apiUrl) => post('/token?grant_type=password', { email, password }, {}, base);

/** A password sign-in sent from a given loopback address (the throttle keys on the socket's address). */
function signInFrom(
  base: string,
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const url = new URL(`${base}/auth/v1/token?grant_type=password`);
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { apikey: env.anonKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('malformed input is a 4xx in GoTrue shape, never a 5xx', () => {
  it('NUL and control characters in email or password: 400 validation_failed', async () => {
    for (const [path, body] of [
      ['/signup', { email: `nul\u0000${uniqueEmail('x')}`, password: 'long-enough-pw' }],
      ['/signup', { email: uniqueEmail('nulpw'), password: 'long-enough\u0000pw' }],
      ['/signup', { email: uniqueEmail('ctlpw'), password: 'long-enough\u0007pw' }],
      ['/token?grant_type=password', { email: `owner@eatathome.test\u0000`, password: 'whatever-123' }],
      ['/token?grant_type=password', { email: uniqueEmail('nulsignin'), password: 'what\u0000ever' }],
      ['/signup', { email: uniqueEmail('nuldata'), password: 'long-enough-pw', data: { name: 'a\u0000b' } }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error_code).toBe('validation_failed');
      legacyShape(res.body);
      expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
    }
  });

  it('odd refresh tokens are unknown ones (a NUL is refused first); malformed and too deep JSON is bad_json', async () => {
    const nul = await post('/token?grant_type=refresh_token', { refresh_token: 'abc\u0000def' });
    expect(nul.status).toBe(400);
    expect(nul.body.error_code).toBe('validation_failed');
    for (const token of ['abc\u0007def', 'x'.repeat(10_000)]) {
      const refresh = await post('/token?grant_type=refresh_token', { refresh_token: token });
      expect(refresh.status).toBe(400);
      expect(refresh.body.error_code).toBe('refresh_token_not_found');
    }

    for (const text of ['{"email":', '[1,2]', `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`]) {
      const res = await post('/signup', text);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('bad_json');
      legacyShape(res.body);
    }
  });

  it('a body over 1 MiB is a 413 the client receives, also with Connection: close and chunked', async () => {
    const big = JSON.stringify({ email: uniqueEmail('big'), password: 'long-enough-pw', data: { blob: 'x'.repeat(1024 * 1024) } });
    const viaFetch = await post('/signup', big);
    expect(viaFetch.status).toBe(413);
    expect(viaFetch.body).toEqual({ code: 413, error_code: 'request_entity_too_large', msg: 'Request body too large (max 1048576 bytes, 1 MiB)' });

    for (const bodyMode of ['length', 'chunked'] as const) {
      const r: RawRequest = {
        method: 'POST',
        target: '/auth/v1/signup',
        bodyMode,
        body: big,
        headers: [
          ['apikey', env.anonKey],
          ['Content-Type', 'application/json'],
          ['Connection', 'close'],
        ],
      };
      const outcome = await rawRequest(env.apiUrl, r);
      expect(outcome.error, bodyMode).toBeUndefined();
      expect(outcome.response!.status).toBe(413);
      expect((outcome.response!.json() as { error_code: string }).error_code).toBe('request_entity_too_large');
    }
  });

  it('the 2024-01-01 shape when asked for', async () => {
    const res = await post('/signup', { email: 'not-an-email', password: 'long-enough-pw' }, { 'x-supabase-api-version': '2024-01-01' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });
});

describe('passwords follow supabase/config.toml', () => {
  it('reads minimum_password_length, enable_confirmations and the storage limit from config.toml', () => {
    const config = readGatewayConfig();
    expect(config.auth.minimumPasswordLength).toBe(8);
    expect(config.auth.enableConfirmations).toBe(true);
    expect(config.storageFileSizeLimit).toBe(10 * 1024 * 1024);
    expect(parseSize('512KiB')).toBe(512 * 1024);
    expect(parseSize('50MB')).toBe(50 * 1024 * 1024);
    expect(parseSize('lots')).toBeNull();
    // Confirmations need a mailer for their links: without one the start is refused loudly.
    expect(() => createAuthService({ enableConfirmations: true })).toThrow(/enable_confirmations/);
    expect(() => createAuthService({ enableConfirmations: true }, async () => undefined)).not.toThrow();
  });

  it('sign-up and password change refuse passwords under 8 characters (422 weak_password) or over 72 bytes', async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail('weak8'), password: '1234567' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');

    const long = await client().auth.signUp({ email: uniqueEmail('long'), password: 'é'.repeat(37) }); // 74 bytes
    expect(long.error?.status).toBe(400);
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const sb = client();
    expect((await sb.auth.signUp({ email: uniqueEmail('change'), password: '12345678' })).error).toBeNull();
    const change = await sb.auth.updateUser({ password: 'short' });
    expect(change.error?.status).toBe(422);
    expect(change.error?.code).toBe('weak_password');
    expect(change.error?.message).toBe('Password should be at least 8 characters.');
    expect((await sb.auth.updateUser({ password: 'long-enough-now' })).error).toBeNull();
  });
});

describe('a repeated sign-up does not disclose the account', () => {
  it('answers 200 with an obfuscated user (no identities, no session) and leaves the account alone', async () => {
    const email = uniqueEmail('repeat');
    const first = await client().auth.signUp({ email, password: 'original-pw-1', options: { data: { name: 'First' } } });
    expect(first.error).toBeNull();

    const res = await post('/signup', { email: email.toUpperCase(), password: 'attacker-pw-2', data: { name: 'Second' } });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeUndefined();
    expect(res.body).toMatchObject({ aud: 'authenticated', role: '', email, phone: '', identities: [], user_metadata: { name: 'Second' } });
    expect(res.body.id).not.toBe(first.data.user!.id);
    expect(res.body.confirmation_sent_at).toBeTruthy();
    expect(res.body.email_confirmed_at).toBeUndefined();

    // supabase-js sees a user without a session, exactly as against GoTrue with confirmations on.
    const again = await client().auth.signUp({ email, password: 'attacker-pw-3' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);

    expect((await signIn(email, 'original-pw-1')).status).toBe(200);
    expect((await signIn(email, 'attacker-pw-2')).status).toBe(400);
  });
});

describe('failed sign-ins are throttled', () => {
  it('per email: after 5 failures even the right password gets 429 over_request_rate_limit with Retry-After', async () => {
    const email = uniqueEmail('throttle');
    expect((await client().auth.signUp({ email, password: 'right-password' })).error).toBeNull();
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong-${i}-password`)).status).toBe(400);
    const locked = await signIn(email, 'right-password');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // supabase-js reports it as an AuthApiError with the code.
    const viaClient = await client().auth.signInWithPassword({ email, password: 'right-password' });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');
    // Another account is not affected.
    const other = uniqueEmail('unaffected');
    expect((await client().auth.signUp({ email: other, password: 'right-password' })).error).toBeNull();
    expect((await signIn(other, 'right-password')).status).toBe(200);
  });

  it('a successful sign-in clears the email’s failures', async () => {
    const email = uniqueEmail('reset');
    expect((await client().auth.signUp({ email, password: 'right-password' })).error).toBeNull();
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong-password')).status).toBe(400);
    expect((await signIn(email, 'right-password')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong-password')).status).toBe(400);
    expect((await signIn(email, 'right-password')).status).toBe(200);
  });

  it('a parallel burst is throttled as a sequential one: of 60 concurrent wrong passwords, 5 are 400 and 55 are 429', async () => {
    const email = uniqueEmail('burst');
    expect((await client().auth.signUp({ email, password: 'right-password' })).error).toBeNull();
    // From an address of its own: the burst must not lock out 127.0.0.1, which the other tests use.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signInFrom(env.apiUrl, '127.0.0.9', email, `wrong-${i}-password`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    expect((await signInFrom(env.apiUrl, '127.0.0.10', email, 'right-password')).status).toBe(429);
  });

  describe('per client address (own gateway: 3 failures per 2 s window)', () => {
    let gateway: Awaited<ReturnType<typeof startGateway>>;
    beforeAll(async () => {
      gateway = await startGateway({
        dbUrl: env.dbUrl,
        jwtSecret: env.jwtSecret,
        anonKey: env.anonKey,
        serviceRoleKey: env.serviceRoleKey,
        siteUrl: env.siteUrl,
        functionsUrl: env.functionsUrl,
        functionVerifyJwt: () => true,
        port: await freePort(),
        auth: { failedSignInsPerAddress: 3, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 2, enableConfirmations: false },
      });
    });
    afterAll(async () => {
      await gateway?.close();
    });

    it('locks the address out across emails, not other addresses, until the window has passed', async () => {
      const a = '127.0.0.2';
      for (let i = 0; i < 3; i++) expect((await signInFrom(gateway.url, a, uniqueEmail(`addr${i}`), 'wrong-password')).status).toBe(400);
      const locked = await signInFrom(gateway.url, a, 'owner@eatathome.test', 'supperhost-demo');
      expect(locked.status).toBe(429);
      expect(locked.body.error_code).toBe('over_request_rate_limit');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signInFrom(gateway.url, '127.0.0.3', 'owner@eatathome.test', 'supperhost-demo')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await signInFrom(gateway.url, a, 'owner@eatathome.test', 'supperhost-demo')).status).toBe(200);
    });
  });

  it('the throttle keeps bounded memory and a sliding window', () => {
    let now = 0;
    const throttle = new SignInThrottle({ perEmail: 2, perAddress: 0, windowMs: 1000 }, () => now);
    throttle.recordFailure('a', 'ip');
    now = 500;
    throttle.recordFailure('a', 'ip');
    expect(throttle.retryAfter('a', 'ip')).toBe(1); // the first failure leaves the window at 1000
    now = 1001;
    expect(throttle.retryAfter('a', 'ip')).toBe(0);
    for (let i = 0; i < SignInThrottle.MAX_KEYS + 10; i++) throttle.recordFailure(`k${i}`, 'ip');
    expect((throttle as unknown as { byEmail: Map<string, number[]> }).byEmail.size).toBe(SignInThrottle.MAX_KEYS);
  });
});

describe('a request without any key', () => {
  it('is refused with the gateway’s 401, as on hosted Supabase; a key in the header or the URL passes', async () => {
    for (const [method, path] of [
      ['GET', '/settings'],
      ['POST', '/signup'],
      ['POST', '/token?grant_type=password'],
      ['GET', '/user'],
    ]) {
      const res = await fetch(`${env.apiUrl}/auth/v1${path}`, { method, body: method === 'POST' ? '{}' : undefined });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual(NO_API_KEY_BODY);
    }
    expect((await fetch(`${env.apiUrl}/auth/v1/settings`, { headers: { apikey: env.anonKey } })).status).toBe(200);
    expect((await fetch(`${env.apiUrl}/auth/v1/settings?apikey=${env.anonKey}`)).status).toBe(200);
    const settings = await (await fetch(`${env.apiUrl}/auth/v1/settings`, { headers: { apikey: env.anonKey } })).json();
    expect(settings.mailer_autoconfirm).toBe(true);
  });
});
