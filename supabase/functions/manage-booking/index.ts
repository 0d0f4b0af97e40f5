// manage-booking: what the guest's private link /booking/{token} shows and does.
//
// verify_jwt = false: the token is the guest's key. It is never stored: the database keeps
// its SHA-256 only (reservations.manage_token_hash). A token that opens nothing — wrong,
// tampered, or of a booking that never became one — gets 404 'This booking link is not
// valid.' and no data. 'cancel' refunds what the booking's frozen policy gives at this
// moment (guest_cancel_booking) and emails a receipt once the processor answered; asking
// again answers the cancelled booking and refunds nothing more.
//
// Request: { token, action: 'view' | 'cancel' }
// → view:   200 { success: true, booking }
// → cancel: 200 { success: true, booking, refundedCents, refundStatus: 'completed' | 'pending' | 'none' | 'failed' }
// booking: see public.manage_booking_view (event, organization, money, policy, refund_now_cents, can_cancel, …)
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody, refusal } from '../_shared/http.ts';
import { type MoneyAction, sendDecidedRefunds } from '../_shared/money.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const NOT_VALID = 'This booking link is not valid.';

const inputSchema = z.object({
  token: z.string().max(200),
  action: z.enum(['view', 'cancel'], 'action must be "view" or "cancel"'),
});

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const input = await readBody(req, inputSchema);
    const db = sharedAdminClient();
    if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) throw refusal(404, NOT_VALID, 'not_found');

    if (input.action === 'view') {
      const booking = await callRpc<Record<string, unknown> | null>(db, 'manage_booking_view', { p_token: input.token });
      if (!booking) throw refusal(404, NOT_VALID, 'not_found');
      return json({ success: true, booking });
    }

    const action = await callRpc<MoneyAction>(db, 'guest_cancel_booking', { p_token: input.token });
    const refundStatus = await sendDecidedRefunds(db, action);
    kickEmailDelivery();
    const booking = await callRpc<{ money: { refunded_cents: number; pending_refund_cents: number } } | null>(db, 'manage_booking_view', {
      p_token: input.token,
    });
    if (!booking) throw refusal(404, NOT_VALID, 'not_found');
    return json({
      success: true,
      booking,
      refundedCents: booking.money.refunded_cents + booking.money.pending_refund_cents,
      refundStatus,
    });
  }),
);
