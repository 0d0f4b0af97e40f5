// cancel-seat: a guest gives up their own seat of a booking whose guests each pay theirs, from
// the seat's link /seat/{token} (SQL guest_cancel_seat, 072_split_payments.sql).
//
// verify_jwt = false: the seat link's token is the key. The seat goes back (the waitlist is
// offered it), and what its guest paid for it is refunded to their card under the booking's
// frozen policy, from that seat's own charge only. The refund is sent to the processor once the
// decision is committed; a lost answer is sent again by reconcile-payments with the same key.
//
// Request: { token }
// → 200 { success: true, refundedCents, refundStatus: 'completed' | 'pending' | 'none' | 'failed' }
// Refusals: 404 not_found ('This seat link is not valid.', also once the seat was given up);
// 409 the booker's own seat, a booking paid as a whole, cancelled or started, a payment in flight.
import { z } from 'npm:zod@4.6.7';
import { linkTokenField, readLinkBody } from '../_shared/input.ts';
import { handler, json } from '../_shared/http.ts';
import { type MoneyAction, sendDecidedRefunds } from '../_shared/money.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({ token: linkTokenField });

Deno.serve(
  handler(async (req) => {
    const input = await readLinkBody(req, inputSchema, 'seat');
    const db = sharedAdminClient();
    const action = await callRpc<MoneyAction>(db, 'guest_cancel_seat', { p_token: input.token });
    const refundStatus = await sendDecidedRefunds(db, action);
    kickEmailDelivery();
    return json({ success: true, refundedCents: action.refund?.amount_cents ?? 0, refundStatus });
  }),
);
