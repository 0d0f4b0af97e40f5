import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createJwtKeys, newSigningKey, signJwt, type JwtClaims } from '../../stack/jwt.ts';
import { createOrg, createStaff } from '../support/fixtures.ts';
import { stackEnv } from '../support/stack-env.ts';

// The functions that authorize their caller themselves (verify_jwt = false in
// supabase/config.toml, as the asymmetric signing keys require), called through the stack's
// gateway as a browser or a scheduled job would: staff functions want a verified user session,
// service functions the secret key itself. Every forged, expired or wrong-role credential is
// refused by the function; the real ones pass.

const env = stackEnv();

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as JwtClaims;

async function call(name: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${env.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: json stays empty
  }
  return { status: res.status, json };
}

/** The credentials a caller may present: apikey plus an optional bearer token. */
const as = (apikey: string, bearer?: string): Record<string, string> => ({ apikey, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) });

let orgId: string;
let userToken: string;
/** Tokens that look like the staff member's session but must not pass. */
let forgeries: Record<string, string>;

beforeAll(async () => {
  const staff = await createStaff('fn-auth');
  orgId = (await createOrg({ name: 'Function Auth Kitchen', members: [staff] })).id;
  const { data } = await staff.client.auth.getSession();
  userToken = data.session!.access_token;
  const claims = decode(userToken);
  const now = Math.floor(Date.now() / 1000);
  const project = await createJwtKeys({ secret: env.jwtSecret, signingKey: env.signingKey });
  // Another ES256 key that claims the project key's kid: only the signature is wrong.
  const another = await createJwtKeys({ secret: env.jwtSecret, signingKey: { ...(await newSigningKey()), kid: env.signingKey.kid } });
  forgeries = {
    'unsigned (alg none)': `${b64({ alg: 'none', typ: 'JWT', kid: env.signingKey.kid })}.${b64({ ...claims, exp: now + 600 })}.`,
    expired: await project.sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
    'signed with another ES256 key': await another.sign({ ...claims, exp: now + 600 }),
    'HS256 with another secret': await signJwt({ ...claims, exp: now + 600 }, 'not-the-project-secret-not-the-project-secret'),
    'the session with its payload changed': `${userToken.split('.')[0]}.${b64({ ...claims, sub: randomUUID() })}.${userToken.split('.')[2]}`,
  };
});

const staffFunctions: [string, () => unknown][] = [
  ['send-guest-email', () => ({ reservationId: randomUUID(), subject: 'Hello', message: 'See you soon' })],
  ['cancel-reservation', () => ({ reservationId: randomUUID(), refund: 'none' })],
  ['refund-reservation', () => ({ reservationId: randomUUID(), amountCents: 100 })],
  ['cancel-event', () => ({ eventId: randomUUID(), refund: 'full', message: 'Sorry, the dinner is off' })],
  ['preview-email', () => ({ orgId, templateType: 'booking_confirmation', subject: 'Booked', body: 'Hi {{guest_name}}' })],
];

describe.each(staffFunctions)('%s (staff: a verified session)', (name, body) => {
  it('refuses unsigned, expired and wrongly signed tokens', async () => {
    for (const [what, token] of Object.entries(forgeries)) {
      const res = await call(name, body(), as(env.publishableKey, token));
      expect(res.status, what).toBe(401);
      expect(res.json, what).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it('refuses the API keys, which are no user: publishable, anon, secret, service_role', async () => {
    const keys = {
      'publishable key': as(env.publishableKey),
      'publishable key as bearer': as(env.publishableKey, env.publishableKey),
      'anon key': as(env.anonKey, env.anonKey),
      'secret key': as(env.secretKey),
      'service_role key': as(env.serviceRoleKey, env.serviceRoleKey),
    };
    for (const [what, headers] of Object.entries(keys)) {
      const res = await call(name, body(), headers);
      expect(res.status, what).toBe(401);
      expect(res.json, what).toMatchObject({ code: 'unauthorized' });
    }
  });

  it("lets the staff member's own ES256 session through to the function's own checks", async () => {
    expect(JSON.parse(Buffer.from(userToken.split('.')[0], 'base64url').toString('utf8'))).toMatchObject({ alg: 'ES256', kid: env.signingKey.kid });
    const res = await call(name, body(), as(env.publishableKey, userToken));
    expect(res.status).not.toBe(401);
    expect(res.json.code).not.toBe('unauthorized');
  });
});

const serviceFunctions: [string, () => unknown][] = [
  ['send-outbox', () => ({ ids: [randomUUID()] })],
  // Older than a week: nothing of the other tests' data is touched.
  ['reconcile-payments', () => ({ olderThanSeconds: 7 * 24 * 3600, limit: 1 })],
];

describe.each(serviceFunctions)('%s (the service role only)', (name, body) => {
  it('refuses a request without any credential (401)', async () => {
    const res = await call(name, body(), {});
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('refuses forged and expired tokens, user sessions and the public keys (403)', async () => {
    const wrong = {
      ...Object.fromEntries(Object.entries(forgeries).map(([what, token]) => [what, as(env.publishableKey, token)])),
      "a staff member's session": as(env.publishableKey, userToken),
      'publishable key': as(env.publishableKey),
      'anon key': as(env.anonKey, env.anonKey),
      'a service_role claim signed with the signing key': as(env.publishableKey, await forgedServiceRole()),
    };
    for (const [what, headers] of Object.entries(wrong)) {
      const res = await call(name, body(), headers);
      expect(res.status, what).toBe(403);
      expect(res.json, what).toMatchObject({ success: false, code: 'service_role_required' });
    }
  });

  it('refuses an sb_secret_ key the project does not have, at the gateway (401 Invalid API key)', async () => {
    const res = await call(name, body(), as(`sb_secret_${'x'.repeat(32)}`));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  });

  it('accepts the secret key as apikey (the scheduled job) and the legacy service_role key', async () => {
    for (const headers of [as(env.secretKey), as(env.secretKey, env.secretKey), as(env.serviceRoleKey, env.serviceRoleKey)]) {
      const res = await call(name, body(), headers);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  });
});

/** A token with the service role's claims, validly signed: still not the secret itself. */
async function forgedServiceRole(): Promise<string> {
  const project = await createJwtKeys({ secret: env.jwtSecret, signingKey: env.signingKey });
  return project.sign({ role: 'service_role', iss: 'supabase-demo', exp: Math.floor(Date.now() / 1000) + 600 });
}
