import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwtKeys, loadSigningKey, newSigningKey } from '../../stack/jwt.ts';
import { createStaff } from '../support/fixtures.ts';
import { stackEnv } from '../support/stack-env.ts';

// The new Supabase keys in the local stack: publishable and secret API keys beside the legacy
// anon and service_role JWTs, and user sessions signed ES256 with the key published as the
// JWKS at /auth/v1/.well-known/jwks.json.

const env = stackEnv();
class NoWebSocket {}
const client = (key: string) =>
  createClient(env.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
const jwksUrl = `${env.apiUrl}/auth/v1/.well-known/jwks.json`;
const header = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
const INVALID_API_KEY = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };

describe('JWKS and ES256 sessions', () => {
  it('publishes the public signing key, without a key and without its private part', async () => {
    const res = await fetch(jwksUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await res.json()) as JSONWebKeySet;
    expect(jwks.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: env.signingKey.x,
        y: env.signingKey.y,
        kid: env.signingKey.kid,
        alg: 'ES256',
        use: 'sig',
        key_ops: ['verify'],
        ext: true,
      },
    ]);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
  });

  it('signs sessions ES256 with the kid, verifiable with the published JWKS alone', async () => {
    const staff = await createStaff('es256');
    const token = (await staff.client.auth.getSession()).data.session!.access_token;
    expect(header(token)).toEqual({ alg: 'ES256', kid: env.signingKey.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(jwksUrl)), { algorithms: ['ES256'] });
    expect(payload).toMatchObject({ sub: staff.userId, role: 'authenticated', aud: 'authenticated', iss: `${env.apiUrl}/auth/v1` });
    // supabase-js verifies it locally against the JWKS, as the functions do.
    const claims = await client(env.publishableKey).auth.getClaims(token);
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(staff.userId);
    // And the gateway takes it: GoTrue's /user and PostgREST as the user.
    const user = await fetch(`${env.apiUrl}/auth/v1/user`, { headers: { apikey: env.publishableKey, authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
    expect((await user.json()).id).toBe(staff.userId);
  });

  it('refuses a session signed by another key that claims the same kid', async () => {
    const other = await createJwtKeys({ secret: env.jwtSecret, signingKey: { ...(await newSigningKey()), kid: env.signingKey.kid } });
    const now = Math.floor(Date.now() / 1000);
    const forged = await other.sign({ role: 'service_role', exp: now + 600 });
    await expect(jwtVerify(forged, createLocalJWKSet((await (await fetch(jwksUrl)).json()) as JSONWebKeySet))).rejects.toThrow();
    const rest = await fetch(`${env.apiUrl}/rest/v1/user_memberships?select=user_id`, {
      headers: { apikey: env.publishableKey, authorization: `Bearer ${forged}` },
    });
    expect(rest.status).toBe(401);
    expect((await rest.json()).code).toBe('PGRST301');
  });

  it('keeps the signing key of a data folder: the same key on every start, a new folder a new key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supperhost-keys-'));
    try {
      const first = await loadSigningKey(join(dir, 'signing_keys.json'));
      const again = await loadSigningKey(join(dir, 'signing_keys.json'));
      expect(again).toEqual(first);
      expect(first).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect((await loadSigningKey(join(dir, 'other.json'))).kid).not.toBe(first.kid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('publishable and secret keys', () => {
  it('are the opaque sb_ keys beside the legacy JWT keys', () => {
    expect(env.publishableKey).toMatch(/^sb_publishable_/);
    expect(env.secretKey).toMatch(/^sb_secret_/);
    expect(header(env.anonKey)).toMatchObject({ alg: 'HS256' });
  });

  it('the publishable key reads as anon: public rows yes, staff tables no', async () => {
    const anon = client(env.publishableKey);
    const orgs = await anon.from('organizations').select('slug');
    expect(orgs.error).toBeNull();
    expect(orgs.data!.length).toBeGreaterThan(0);
    const members = await anon.from('user_memberships').select('user_id');
    expect(members.error?.code).toBe('42501');
    // The legacy anon key, still accepted, reads the same.
    const legacy = await client(env.anonKey).from('organizations').select('slug');
    expect(legacy.data).toEqual(orgs.data);
  });

  it('the secret key bypasses row-level security as the service role does', async () => {
    const secret = await client(env.secretKey).from('user_memberships').select('user_id, org_id').order('user_id').order('org_id');
    expect(secret.error).toBeNull();
    expect(secret.data!.length).toBeGreaterThan(0);
    const service = await client(env.serviceRoleKey).from('user_memberships').select('user_id, org_id').order('user_id').order('org_id');
    expect(secret.data).toEqual(service.data);
    // As apikey alone (no Authorization), as a scheduled job sends it.
    const raw = await fetch(`${env.apiUrl}/rest/v1/user_memberships?select=user_id&limit=1`, { headers: { apikey: env.secretKey } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toHaveLength(1);
  });

  it('an sb_ key the project does not have is refused on every API, as apikey or as bearer', async () => {
    const unknownSecret = `sb_secret_${'N'.repeat(32)}`;
    const unknownPublishable = `sb_publishable_${'A'.repeat(32)}`;
    const requests: [string, Record<string, string>][] = [
      ['/rest/v1/organizations?select=slug', { apikey: unknownSecret }],
      ['/rest/v1/organizations?select=slug', { apikey: unknownPublishable, authorization: `Bearer ${unknownPublishable}` }],
      ['/rest/v1/organizations?select=slug', { apikey: env.publishableKey, authorization: `Bearer ${unknownSecret}` }],
      ['/auth/v1/settings', { apikey: unknownSecret }],
      ['/storage/v1/bucket', { apikey: unknownSecret }],
      ['/functions/v1/send-outbox', { apikey: unknownSecret }],
    ];
    for (const [path, headers] of requests) {
      const res = await fetch(`${env.apiUrl}${path}`, { method: path.startsWith('/functions') ? 'POST' : 'GET', headers });
      expect(res.status, path).toBe(401);
      expect(await res.json(), path).toEqual(INVALID_API_KEY);
    }
    const viaQuery = await fetch(`${env.apiUrl}/rest/v1/organizations?select=slug&apikey=${unknownSecret}`);
    expect(viaQuery.status).toBe(401);
  });
});
