import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../stack/jwt.ts';
import { parseJsonBody } from '../support/json.ts';
import { stackEnv } from '../support/stack-env.ts';

/**
 * Where the REST conformance suite points: a real Supabase when SUPABASE_URL,
 * SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are set (e.g. `supabase start`),
 * otherwise the local test stack. Tests that need direct database access or the
 * local JWT secret must skip themselves when `real` is true.
 */
export interface RestTarget {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  real: boolean;
  /** Local stack only. */
  dbUrl?: string;
  jwtSecret?: string;
}

export function restTarget(): RestTarget {
  const { SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY } = process.env;
  if (SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_SERVICE_ROLE_KEY) {
    return { apiUrl: SUPABASE_URL.replace(/\/$/, ''), anonKey: SUPABASE_ANON_KEY, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY, real: true };
  }
  const env = stackEnv();
  return { apiUrl: env.apiUrl, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.dbUrl, jwtSecret: env.jwtSecret, real: false };
}

/** Node 20 has no WebSocket; realtime is not used here. */
class NoWebSocket {}

export function clientFor(target: RestTarget, key: string, accessToken?: string): SupabaseClient {
  return createClient(target.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

/**
 * An access token for a seeded demo account (supabase/seed.sql). Locally it is minted
 * with the stack's JWT secret, as GoTrue would sign it; against a real Supabase the
 * account signs in with its password.
 */
export async function accessTokenFor(target: RestTarget, user: { id: string; email: string; password: string }): Promise<string> {
  if (!target.real) {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      {
        iss: `${target.apiUrl}/auth/v1`,
        sub: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: user.email,
        iat: now,
        exp: now + 3600,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: crypto.randomUUID(),
        is_anonymous: false,
      },
      target.jwtSecret!,
    );
  }
  const { data, error } = await clientFor(target, target.anonKey).auth.signInWithPassword({ email: user.email, password: user.password });
  if (error || !data.session) throw new Error(`Could not sign in ${user.email}: ${error?.message}`);
  return data.session.access_token;
}

export interface RestReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface RestOptions {
  method?: string;
  /** Defaults to the service-role key; `null` sends no key at all. */
  key?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

/** Raw PostgREST calls against `target` (no supabase-js in between), with the body parsed when it is JSON. */
export function restCaller(target: RestTarget) {
  return async function rest(path: string, opts: RestOptions = {}): Promise<RestReply> {
    const key = opts.key === undefined ? target.serviceRoleKey : opts.key;
    const res = await fetch(`${target.apiUrl}/rest/v1/${path}`, {
      method: opts.method ?? 'GET',
      headers: {
        ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}),
        ...(opts.body !== undefined || opts.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: parseJsonBody(text, undefined, () => undefined) };
  };
}

/** Today plus `days`, as a UTC `YYYY-MM-DD`. */
export function isoDate(days: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Creates an organization through REST and returns its id. */
export async function createRestOrg(rest: ReturnType<typeof restCaller>, name: string, slug: string): Promise<string> {
  const org = await rest('organizations?select=id', {
    method: 'POST',
    headers: { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    body: { name, slug },
  });
  if (org.status !== 201) throw new Error(`creating the organization failed: ${org.text}`);
  return org.json.id;
}

/** Upserts an org_branding row with `resolution=<resolution>,return=representation`, selecting brand_name. */
export function upsertBranding(rest: ReturnType<typeof restCaller>, resolution: 'merge' | 'ignore', body: { org_id: string; brand_name: string }) {
  return rest('org_branding?on_conflict=org_id&select=brand_name', {
    method: 'POST',
    headers: { prefer: `resolution=${resolution}-duplicates,return=representation` },
    body,
  });
}
