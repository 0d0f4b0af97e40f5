// Supabase clients for the edge functions, and who the caller is. SUPABASE_URL,
// SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are provided by the runtime (hosted,
// `supabase functions serve`, and the local stack alike). Base layer: imports http.ts only.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { refusal } from './http.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

const serviceClients = new WeakSet<SupabaseClient>();

/** A client with the service role: bypasses row-level security. Server-side only. */
export function createAdminClient(): SupabaseClient {
  const client = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth });
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
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: serverAuth,
    global: { headers: authorization ? { Authorization: authorization } : {} },
  });
}

/** The signed-in caller's user, or null (anonymous or invalid token). */
export async function getCaller(req: Request) {
  const authorization = req.headers.get('Authorization') ?? '';
  const token = authorization.replace(/^Bearer\s+/i, '');
  if (!token) return null;
  const { data, error } = await createAdminClient().auth.getUser(token);
  return error ? null : data.user;
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

/** The project's service-role secrets: SUPABASE_SERVICE_ROLE_KEY and any key of SUPABASE_SECRET_KEYS. */
function serviceSecrets(): string[] {
  const keys = [Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')?.trim() ?? ''];
  const dictionary = Deno.env.get('SUPABASE_SECRET_KEYS')?.trim();
  if (dictionary) {
    try {
      const parsed = JSON.parse(dictionary) as unknown;
      if (parsed && typeof parsed === 'object') {
        for (const value of Object.values(parsed)) if (typeof value === 'string') keys.push(value.trim());
      }
    } catch {
      // not JSON: ignored
    }
  }
  return keys.filter((key) => key.length >= 20);
}

/**
 * Refuses the request unless its bearer token IS the project's service-role secret
 * (compared in constant time): 401 without a token, 403 with any other token. Decoding the
 * token's role claim would trust whatever the token says when the function is reached
 * without the gateway's signature check; an exact secret cannot be forged.
 */
export async function requireServiceRole(req: Request): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw refusal(401, 'Authentication required: send the service role key as a Bearer token', 'unauthorized');
  for (const secret of serviceSecrets()) {
    if (await sameSecret(token, secret)) return;
  }
  throw refusal(403, 'Only the service role may call this function', 'service_role_required');
}
