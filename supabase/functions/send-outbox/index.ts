// send-outbox: delivers due messages of public.email_outbox through the email provider
// (supabase/functions/_shared/outbox.ts) and answers the counts
// { sent, failed, deferred, skipped }.
//
// Only the service role may call it: the request must carry the project's secret itself (a
// key of SUPABASE_SECRET_KEYS as the apikey header, or it or SUPABASE_SERVICE_ROLE_KEY as the
// bearer token), compared in constant time; 401 without a credential, 403 with any other. The
// function checks this itself (verify_jwt = false in supabase/config.toml), so a forged token
// cannot pass. Called by the pg_cron + pg_net schedule once a
// minute (docs/DEPLOY.md, "Schedules"; locally the stack's timer) as the safety net
// behind the immediate delivery after a booking or a guest email.
//
// Request (optional JSON): { limit?: 1..500 (default 50), ids?: uuid[] (only those messages) }
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody } from '../_shared/http.ts';
import { deliverPendingEmails } from '../_shared/outbox.ts';
import { EMAIL_BATCH_DEFAULT, EMAIL_BATCH_MAX } from '../_shared/product.ts';
import { requireServiceRole } from '../_shared/supabase.ts';

const inputSchema = z
  .object({
    limit: z.int().min(1).max(EMAIL_BATCH_MAX).optional(),
    ids: z.array(z.uuid()).min(1).max(EMAIL_BATCH_MAX).optional(),
  })
  .strict()
  .nullish();

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    await requireServiceRole(req);
    const input = await readBody(req, inputSchema);
    const result = await deliverPendingEmails({ limit: input?.limit ?? EMAIL_BATCH_DEFAULT, ids: input?.ids });
    return json(result);
  }),
);
