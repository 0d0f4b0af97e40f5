// Supabase clients for the edge functions, and who the caller is. The URL and the keys come
// from the runtime (hosted, `supabase functions serve`, and the local stack alike): the
// publishable and secret keys when the project has them (SUPABASE_PUBLISHABLE_KEYS,
// SUPABASE_SECRET_KEYS), else the legacy anon and service_role keys (keys.ts). Callers are
// authorized here, inside the function (supabase/config.toml sets verify_jwt = false, which the
// asymmetric signing keys require): a user by a session JWT verified against the project's
// JWKS, the service role by its exact key. Base layer: imports http.ts and keys.ts only.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { z } from 'npm:zod@4.6.7';
import { allowMethods, readBody, refusal } from './http.ts';
import { publicApiKey, serviceApiKey, serviceRoleSecrets } from './keys.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

const serviceClients = new WeakSet<SupabaseClient>();

/** A client with the service role: bypasses row-level security. Server-side only. */
export function createAdminClient(): SupabaseClient {
  const client = createClient(env('SUPABASE_URL'), serviceApiKey(), { auth: serverAuth });
  serviceClients.add(client);
  return client;
}

/** Whether the client acts as the service role (made by createAdminClient): db.ts may then call SQL directly. */
export function isServiceClient(client: SupabaseClient): boolean {
  return serviceClients.has(client);
}

let shared: SupabaseClient | undefined;

/** The service-role client, created once per worker (it holds no per-request state). */
export function sharedAdminClient(): SupabaseClient {
  return (shared ??= createAdminClient());
}

/**
 * A client acting as the caller: forwards the request's Authorization header so
 * row-level security applies to what the caller may see and do.
 */
export function createUserClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization');
  return createClient(env('SUPABASE_URL'), publicApiKey(), {
    auth: serverAuth,
    global: { headers: authorization ? { Authorization: authorization } : {} },
  });
}

let authClient: SupabaseClient | undefined;

/** The claims of a verified user session. */
export interface CallerClaims {
  sub: string;
  role: string;
  email?: string;
  [claim: string]: unknown;
}

/**
 * The signed-in caller: the claims of the request's session JWT once verified, or null (no
 * token, an API key, a legacy key, an unsigned, expired or foreign token, or no user in it).
 * auth.getClaims verifies an asymmetric (ES256/RS256) token against the project's JWKS
 * (/auth/v1/.well-known/jwks.json, cached per worker) without a round trip; a token it cannot
 * check itself (HS256, no kid, an unknown kid, alg none) goes to the Auth server (getUser),
 * which refuses what it did not sign.
 */
export async function getCaller(req: Request): Promise<CallerClaims | null> {
  const token = bearerToken(req);
  if (!token || token.startsWith('sb_')) return null;
  try {
    authClient ??= createClient(env('SUPABASE_URL'), publicApiKey(), { auth: serverAuth });
    const { data, error } = await authClient.auth.getClaims(token);
    if (error || !data) return null;
    const claims = data.claims as Record<string, unknown>;
    // A user's session, not a role key: the anon and service_role keys carry no subject.
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) return null;
    return claims as CallerClaims;
  } catch {
    return null; // a token that does not even parse, or a key the JWKS cannot import
  }
}

/** The bearer token of the request, or null. */
export function bearerToken(req: Request): string | null {
  return (req.headers.get('Authorization') ?? '').match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Compares two secrets in constant time (their SHA-256 digests, so the length leaks nothing either). */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256(a), sha256(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/**
 * Refuses the request unless it carries the project's service-role secret itself (compared in
 * constant time): a secret key (SUPABASE_SECRET_KEYS) in the apikey header, as a scheduled job
 * sends it, or a secret key or the legacy service_role key as the bearer token. 401 without any
 * credential, 403 with any other. Decoding a token's role claim would trust whatever the token
 * says; an exact secret cannot be forged.
 */
export async function requireServiceRole(req: Request): Promise<void> {
  const token = bearerToken(req);
  const apikey = req.headers.get('apikey')?.trim() || null;
  if (!token && !apikey) throw refusal(401, 'Authentication required: send the secret key as the apikey header', 'unauthorized');
  const secrets = serviceRoleSecrets();
  for (const secret of secrets) {
    if (apikey && secret.startsWith('sb_') && (await sameSecret(apikey, secret))) return;
    if (token && (await sameSecret(token, secret))) return;
  }
  throw refusal(403, 'Only the service role may call this function', 'service_role_required');
}

/**
 * A signed-in caller's request (staff screens): POST only, 401 `unauthorized` ("Sign in to
 * {action}") without a verified session, then the body read with `schema`. What the caller may
 * do is decided after, in SQL run as the caller.
 */
export async function readSignedInRequest<S extends z.ZodType>(req: Request, schema: S, action: string): Promise<z.output<S>> {
  allowMethods(req, 'POST');
  if (!(await getCaller(req))) throw refusal(401, `Sign in to ${action}`, 'unauthorized');
  return readBody(req, schema);
}
