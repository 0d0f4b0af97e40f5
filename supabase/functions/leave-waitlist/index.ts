// leave-waitlist: the page behind the "Leave the waitlist" link of every waitlist email
// (/waitlist/leave/{token}).
//
// verify_jwt = false: the token (an HMAC of the entry, stored only as a hash) is the key.
// 'view' only reads, so a mail scanner that opens the link changes nothing; 'leave' is the
// page's one button. Leaving is idempotent (SQL leave_waitlist): the place in line is freed,
// and an open offer lapses at once, its seats going to the next party.
//
// Request: { token, action: 'view' | 'leave' }
// → 200 { success: true, entry } (entry.status 'waiting' | 'offered' | 'left' | 'claimed' | 'expired')
// → 404 'This waitlist link is not valid.'
import { z } from 'npm:zod@4.6.7';
import { linkNotFound, linkTokenField, readLinkBody } from '../_shared/input.ts';
import { handler, json } from '../_shared/http.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({
  token: linkTokenField,
  action: z.enum(['view', 'leave'], 'action must be "view" or "leave"'),
});

Deno.serve(
  handler(async (req) => {
    const input = await readLinkBody(req, inputSchema, 'waitlist');
    const entry = await callRpc<Record<string, unknown> | null>(
      sharedAdminClient(),
      input.action === 'view' ? 'waitlist_leave_view' : 'leave_waitlist',
      { p_token: input.token },
    );
    if (!entry) throw linkNotFound('waitlist');
    // Leaving may have offered the seats to the next party: their email goes out now.
    if (input.action === 'leave') kickEmailDelivery();
    return json({ success: true, entry });
  }),
);
