// join-waitlist: a guest joins the waitlist of a sold-out ticket type or RSVP slot.
//
// verify_jwt = false (a public page). SQL join_waitlist refuses while the party could book
// now (409 'There are seats for your party: you can book them now.'), keeps one place per
// guest and list (joining again answers the same place), and emails the guest. When seats
// free up, the first waiting parties that fit are offered them (a hold with a claim link by
// email; supabase/schemas/080_waitlist.sql), priced as the event sells them (its kind).
//
// Request: { eventId, ticketTypeId? | slotId?, name, email, partySize (1–10) }
// → 200 { success: true, position } | 4xx { success: false, error, code }
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody } from '../_shared/http.ts';
import { EMAIL } from '../_shared/input.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '../_shared/product.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z
  .object({
    eventId: z.uuid('Event not found. Please select a valid event.'),
    ticketTypeId: z.uuid('Ticket type not found. Please select a valid ticket type.').optional(),
    slotId: z.uuid('Time slot not found. Please select a valid time slot.').optional(),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
    email: z
      .string({ error: 'Valid email is required' })
      .trim()
      .max(MAX_EMAIL_LENGTH, 'Valid email is required')
      .regex(EMAIL, 'Valid email is required'),
    partySize: z
      .int('Party size must be a whole number between 1 and 10')
      .min(1, 'Party size must be between 1 and 10')
      .max(10, 'Party size must be between 1 and 10'),
  })
  .refine((v) => Boolean(v.ticketTypeId) !== Boolean(v.slotId), { message: 'Choose the ticket type or the time slot to wait for' });

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const input = await readBody(req, inputSchema);
    const joined = await callRpc<{ position: number }>(sharedAdminClient(), 'join_waitlist', {
      p_event_id: input.eventId,
      p_ticket_type_id: input.ticketTypeId ?? null,
      p_rsvp_slot_id: input.slotId ?? null,
      p_name: input.name,
      p_email: input.email,
      p_party_size: input.partySize,
    });
    kickEmailDelivery();
    return json({ success: true, position: joined.position });
  }),
);
