// send-outbox: delivers due messages of public.email_outbox through the email provider
// (supabase/functions/_shared/outbox.ts) and answers the counts
// { sent, failed, deferred, skipped }.
//
// verify_jwt = true (supabase/config.toml): the gateway checks the token's signature; this
// function then requires the service role (role claim service_role), else 403. Called by
// the pg_cron + pg_net schedule once a minute (README.md, "Deploy to Supabase") as the
// safety net behind the immediate delivery after a booking or a guest email.
//
// Request (optional JSON): { limit?: 1..500 (default 50), ids?: uuid[] (only those messages) }
import { z } from 'npm:zod@4';
import { forbidden, handler, json, parseJson } from '../_shared/http.ts';
import { deliverPendingEmails } from '../_shared/outbox.ts';

const inputSchema = z
  .object({
    limit: z.int().min(1).max(500).optional(),
    ids: z.array(z.uuid()).min(1).max(500).optional(),
  })
  .strict()
  .nullish();

/** The `role` claim of the bearer JWT (its signature was verified by the gateway), or null. */
function bearerRole(req: Request): string | null {
  const token = (req.headers.get('Authorization') ?? '').match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    return typeof claims?.role === 'string' ? claims.role : null;
  } catch {
    return null;
  }
}

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') return json({ error: 'Method not allowed', code: 'method_not_allowed' }, 405);
    if (bearerRole(req) !== 'service_role') throw forbidden('Only the service role may send the outbox', 'service_role_required');
    const input = await parseJson(req, inputSchema);
    const result = await deliverPendingEmails({ limit: input?.limit ?? 50, ids: input?.ids });
    return json(result);
  }),
);
