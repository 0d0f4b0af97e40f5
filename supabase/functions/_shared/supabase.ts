// Supabase clients for the edge functions. SUPABASE_URL, SUPABASE_ANON_KEY and
// SUPABASE_SERVICE_ROLE_KEY are provided by the runtime (hosted, `supabase functions
// serve`, and the local stack alike).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client with the service role: bypasses row-level security. Server-side only. */
export function createAdminClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth });
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
