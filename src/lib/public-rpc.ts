import { env } from '@/config/env';

/** What the public API answered, before it is read (index.html's prefetch keeps the same shape). */
export interface PublicRpcAnswer {
  ok: boolean;
  status: number;
  text: string;
}

/**
 * Exactly the request `supabase.rpc(fn, args)` makes with the publishable key (PostgREST
 * `POST /rest/v1/rpc/<fn>`), written with fetch on purpose: public pages read their data before
 * supabase-js (~52 KB gzip) is loaded, which only the payment step and the admin need.
 */
export async function postPublicRpc(fn: string, args: Record<string, unknown>): Promise<PublicRpcAnswer> {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${env.SUPABASE_PUBLISHABLE_KEY}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Accept: 'application/json',
    },
    body: JSON.stringify(args),
  });
  return { ok: response.ok, status: response.status, text: await response.text() };
}

/**
 * The answer's JSON (null when empty), or `failed(<the server's message or HTTP status>)` thrown.
 * T is the function's generated return type (src/lib/database.types.ts): the SQL declares the
 * answer's shape, as supabase-js's `.rpc()` typing does.
 */
export function readPublicRpc<T>(answer: PublicRpcAnswer, failed: (message: string) => Error = (message) => new Error(message)): T | null {
  if (!answer.ok) {
    let message = `HTTP ${answer.status}`;
    try {
      message = (JSON.parse(answer.text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the status
    }
    throw failed(message);
  }
  return answer.text.trim() ? (JSON.parse(answer.text) as T) : null;
}
