// The card form configuration function (square-config, and the supper club's
// magnolia-square-config, which is the same): { success, applicationId, locationId,
// environment, testMode }. The body may name the organization whose guests pay —
// { orgSlug } or { eventId } — so that the Web Payments SDK gets the platform's application
// id and that organization's own Square location; without a body, or for an organization the
// platform runs (platform_payments) without an account of its own, the platform's account
// answers; any other organization without one gets 503 (no card payments). testMode true (no Square
// secrets, local stack): the browser shows the labelled test card form.
// Imports http.ts, payments.ts and supabase.ts.
import { z } from 'npm:zod@4.6.7';
import { json, readBody, refusal } from './http.ts';
import { cardFormConfig } from './payments.ts';
import { sharedAdminClient } from './supabase.ts';

const inputSchema = z
  .object({
    orgSlug: z.string().trim().min(1).max(100).optional(),
    eventId: z.uuid('eventId must be the id of an event').optional(),
  })
  .nullish();

export async function cardConfigAnswer(req: Request): Promise<Response> {
  const input = req.method === 'POST' ? await readBody(req, inputSchema) : null;
  const db = sharedAdminClient();
  let selector: { orgId?: string; eventId?: string } | null = null;
  if (input?.eventId) {
    selector = { eventId: input.eventId };
  } else if (input?.orgSlug) {
    const { data, error } = await db.from('organizations').select('id').eq('slug', input.orgSlug.toLowerCase()).maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) throw refusal(404, 'Organization not found', 'not_found');
    selector = { orgId: (data as { id: string }).id };
  }
  const { status, body } = await cardFormConfig(db, selector);
  return json(body, status);
}
