// manage-booking: what the guest's private link /booking/{token} shows and does.
//
// verify_jwt = false: the token is the guest's key. It is never stored: the database keeps
// its SHA-256 only (reservations.manage_token_hash). A token that opens nothing — wrong,
// tampered, of a booking that never became one, or of a booking since handed to someone
// else — gets 404 'This booking link is not valid.' and no data. Every change is one SQL call
// under the booking's locks, idempotent, written to the booking's history and emailed:
//   'cancel'    refunds what the booking's frozen policy gives at this moment
//               (guest_cancel_booking); asking again refunds nothing more.
//   'reduce'    fewer guests (guest_reduce_party): the seats go back, the missing guests' share
//               is refunded per the policy; asking again for the same size changes nothing.
//   'add'       more guests, paying what each guest of the booking paid (extra-charge.ts): the
//               seats are taken while the card is charged, and given back if it is declined;
//               a retry with the same idempotency key never charges twice.
//   'add_addons' extras (add-ons of the event) until the kitchen is told, paid in a charge of
//               their own (extra-charge.ts): taken while the card is charged, given back if declined.
//   'move'      another date of the same series at the same price (guest_move_booking): the
//               booking keeps its money, policy, code, seats and this link; the old date's seats
//               go to its waitlist; asking again for the date it is on changes nothing.
//   'hand_over' the booking becomes someone else's (guest_hand_over_booking): their name and
//               email, a new link emailed to them; this link stops working.
// Refunds are sent to the processor that took the charge once the decision is committed, and
// the receipt goes out when it answers (a lost answer: reconcile-payments sends it again).
//
// Request: { token, action: 'view' | 'cancel' | 'reduce' | 'add' | 'add_addons' | 'move' | 'hand_over', guests?, name?, email?,
//            addons? ([{ id, quantity }]: add_addons), sourceId?, expectedCents?, idempotencyKey? (add, add_addons), eventId? (move) }
// → view:      200 { success: true, booking }
// → cancel:    200 { success: true, booking, refundedCents, refundStatus: 'completed' | 'pending' | 'none' | 'failed' }
// → reduce:    200 { success: true, booking, refundedCents, refundStatus } (refundedCents: this change's refund)
// → add:       200 { success: true, booking, added, chargedCents }
// → add_addons: 200 { success: true, booking, chargedCents }
// → move:      200 { success: true, booking } (404: not a date of this series; 409: that date cannot take it, in the SQL's words)
// → hand_over: 200 { success: true, handedOverTo: { name, email } }
// booking: see public.manage_booking_view (event, organization, money, policy, refund_now_cents, can_cancel, …)
import { z } from 'npm:zod@4.6.7';
import { handler, json } from '../_shared/http.ts';
import { cardAttemptFields, extrasSchema, linkNotFound, linkTokenField, MAX_INT4, readLinkBody } from '../_shared/input.ts';
import { type MoneyAction, sendDecidedRefunds } from '../_shared/money.ts';
import { addExtras, addGuests, attemptOf } from '../_shared/extra-charge.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ token: linkTokenField, action: z.literal('view') }),
    z.object({ token: linkTokenField, action: z.literal('cancel') }),
    z.object({
      token: linkTokenField,
      action: z.literal('reduce'),
      guests: z.int('guests must be a whole number').min(1, 'A booking is for 1 guest at least').max(MAX_INT4),
    }),
    z.object({
      token: linkTokenField,
      action: z.literal('add'),
      guests: z.int('guests must be a whole number').min(2, 'A booking grows to 2 guests at least').max(MAX_INT4),
      ...cardAttemptFields,
    }),
    z.object({
      token: linkTokenField,
      action: z.literal('add_addons'),
      addons: extrasSchema.min(1, 'Choose the extras to add.'),
      ...cardAttemptFields,
    }),
    z.object({ token: linkTokenField, action: z.literal('move'), eventId: z.uuid('eventId must be an event id') }),
    z.object({
      token: linkTokenField,
      action: z.literal('hand_over'),
      name: z.string().max(200, 'The name is too long (100 characters at most).'),
      email: z.string().max(320, 'The email address is too long.'),
    }),
  ],
  'action must be "view", "cancel", "reduce", "add", "add_addons", "move" or "hand_over"',
);

interface ManageView {
  money: { refunded_cents: number; pending_refund_cents: number };
}

Deno.serve(
  handler(async (req) => {
    const input = await readLinkBody(req, inputSchema, 'manage');
    const db = sharedAdminClient();
    const view = async () => {
      const booking = await callRpc<ManageView | null>(db, 'manage_booking_view', { p_token: input.token });
      if (!booking) throw linkNotFound('manage');
      return booking;
    };

    switch (input.action) {
      case 'view':
        return json({ success: true, booking: await view() });
      case 'hand_over': {
        const [holder] = await callRpc<{ name: string; email: string }[]>(db, 'guest_hand_over_booking', {
          p_token: input.token,
          p_name: input.name,
          p_email: input.email,
        });
        kickEmailDelivery();
        return json({ success: true, handedOverTo: { name: holder.name, email: holder.email } });
      }
      case 'move': {
        await callRpc(db, 'guest_move_booking', { p_token: input.token, p_event_id: input.eventId });
        kickEmailDelivery();
        return json({ success: true, booking: await view() });
      }
      case 'add_addons': {
        const chargedCents = await addExtras(db, 'manage', input.token, input.addons, attemptOf(input));
        return json({ success: true, booking: await view(), chargedCents });
      }
      case 'add': {
        const { added, chargedCents } = await addGuests(db, input.token, input.guests, attemptOf(input));
        return json({ success: true, booking: await view(), added, chargedCents });
      }
      case 'reduce': {
        const action = await callRpc<MoneyAction>(db, 'guest_reduce_party', { p_token: input.token, p_guests: input.guests });
        const refundStatus = await sendDecidedRefunds(db, action);
        kickEmailDelivery();
        return json({ success: true, booking: await view(), refundedCents: action.refund?.amount_cents ?? 0, refundStatus });
      }
      case 'cancel': {
        const action = await callRpc<MoneyAction>(db, 'guest_cancel_booking', { p_token: input.token });
        const refundStatus = await sendDecidedRefunds(db, action);
        kickEmailDelivery();
        const booking = await view();
        return json({
          success: true,
          booking,
          refundedCents: booking.money.refunded_cents + booking.money.pending_refund_cents,
          refundStatus,
        });
      }
    }
  }),
);
