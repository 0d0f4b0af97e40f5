// cancel-event: staff cancel a whole dinner — every booking, the refund each gets, the guests
// and waiting parties told in the host's words, the event closed for good.
//
// verify_jwt = false (supabase/config.toml): the function verifies the caller's session itself
// (getCaller: a user's JWT, checked against the project's JWKS; 401 otherwise). Everything is
// decided in one SQL transaction as the caller (staff_cancel_event: members of the event's
// organization only, 403 otherwise): each booking is cancelled with its refund as a pending,
// keyed ledger row. The refunds are then sent to the processor that took each charge. One the
// processor does not answer stays pending: calling this again, or reconcile-payments, sends it
// with the same key, so a crash halfway finishes later and nobody is refunded twice. Each
// guest's email goes out once the processor has answered for their refund.
//
// Request: { eventId, refund: 'full' | 'none' | { percent }, message }
// → 200 { success: true, eventId, alreadyCancelled, state: 'in_progress' | 'done', bookingsCancelled,
//         holdsReleased, waitlistClosed, refunds: { completed, pending, failed: { count, cents } } }
// → 4xx { success: false, error, code }
import { z } from 'npm:zod@4.6.7';
import { type RefundColumns, refundTallies } from '../_shared/event-cancellation.ts';
import { handler, json } from '../_shared/http.ts';
import { type MoneyAction, sendDecidedRefunds } from '../_shared/money.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { MAX_CANCEL_MESSAGE_LENGTH } from '../_shared/product.ts';
import { callRpc } from '../_shared/rpc.ts';
import { createUserClient, readSignedInRequest, sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({
  eventId: z.uuid('eventId must be the id of an event'),
  refund: z
    .union([z.literal('full'), z.literal('none'), z.object({ percent: z.number() }).strict()], {
      error: 'refund must be "full", "none" or { "percent": n }',
    })
    .refine((refund) => typeof refund === 'string' || (Number.isInteger(refund.percent) && refund.percent >= 0 && refund.percent <= 100), {
      error: 'The refund percentage must be a whole number from 0 to 100',
    }),
  message: z
    .string('Write a message to your guests: it is sent with every cancellation')
    .trim()
    .min(1, 'Write a message to your guests: it is sent with every cancellation')
    .max(MAX_CANCEL_MESSAGE_LENGTH, `The message is too long (${MAX_CANCEL_MESSAGE_LENGTH} characters at most)`),
});

/** The progress row (SQL staff_event_cancellation), the part this answer reads. */
interface Progress extends RefundColumns {
  state: 'none' | 'in_progress' | 'done';
  bookings_cancelled: number;
  holds_released: number;
  waitlist_closed: number;
}

/** At most this many refunds are with the processor at once (a dinner of 40 bookings takes seconds, not minutes). */
const PARALLEL_REFUNDS = 4;

/** Sends every booking's decided refunds, a few at a time; each outcome is recorded by settleRefund. */
async function sendAll(actions: MoneyAction[]): Promise<void> {
  const admin = sharedAdminClient();
  const queue = [...actions];
  const worker = async () => {
    for (let action = queue.shift(); action; action = queue.shift()) await sendDecidedRefunds(admin, action);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REFUNDS, queue.length) }, worker));
}

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'cancel events');
    const caller = createUserClient(req);

    const decided = await callRpc<{ already: boolean; event_id: string; bookings: MoneyAction[] }>(caller, 'staff_cancel_event', {
      p_event_id: input.eventId,
      p_refund: input.refund,
      p_message: input.message,
    });
    await sendAll(decided.bookings);
    kickEmailDelivery();

    const [progress] = await callRpc<Progress[]>(caller, 'staff_event_cancellation', { p_event_id: input.eventId });
    return json({
      success: true,
      eventId: input.eventId,
      alreadyCancelled: decided.already,
      state: progress.state,
      bookingsCancelled: progress.bookings_cancelled,
      holdsReleased: progress.holds_released,
      waitlistClosed: progress.waitlist_closed,
      refunds: refundTallies(progress),
    });
  }),
);
