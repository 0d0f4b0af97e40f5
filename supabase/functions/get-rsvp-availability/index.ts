// The organization page's events with their RSVP slots and availability, in one call.
// Request: { orgSlug, event? } → the answer of _shared/org-events.ts (event: a dinner's own
// booking link, which adds that dinner when it is unlisted).
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, readBody } from '../_shared/http.ts';
import { orgEventsAnswer } from '../_shared/org-events.ts';

const bodySchema = z.object(
  {
    orgSlug: z
      .string({ error: 'orgSlug is required' })
      .trim()
      .min(1, { message: 'orgSlug is required' })
      .max(60, { message: 'Organization not found' }),
    event: z.string({ error: 'event must be an event id' }).trim().max(100, { message: 'event must be an event id' }).nullish(),
  },
  { error: 'The request body must be a JSON object' },
);

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const { orgSlug, event } = await readBody(req, bodySchema, { summary: 'first' });
    return orgEventsAnswer(orgSlug, event || null);
  }),
);
