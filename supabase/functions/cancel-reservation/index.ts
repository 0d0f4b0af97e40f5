// cancel-reservation: staff cancel a confirmed reservation and decide what happens to its money.
//
// verify_jwt = false (supabase/config.toml): the function verifies the caller's session itself
// (getCaller: a user's JWT, checked against the project's JWKS; 401 otherwise). The decision is taken in SQL as the caller
// (staff_cancel_reservation checks membership with the caller's JWT: 403 outside the
// organization, the same answer whether the reservation exists or not): the reservation is
// cancelled (seats or spots return through the capacity trigger) and a refund, if any, is a
// pending ledger row keyed by the reservation, so sending this request again refunds nothing
// more and answers the reservation's state. The refund is then sent to the processor that
// took the charge and its answer recorded; the guest's email (on by default) goes out once
// the processor has answered and says exactly what happens to their money.
//
// Request: { reservationId, refund: 'full' | 'none' | { amountCents }, notifyGuest?: boolean, reason?: string }
// → 200 { success: true, reservationId, status: 'cancelled', refundedCents, refundStatus, alreadyCancelled, money, refundNote? }
//   refundedCents: refunded or on its way so far; refundStatus: 'completed' | 'pending' | 'none';
//   refundNote: why a pending refund is not sent yet (e.g. the Square account that took the charge is disconnected)
// → 502 { success: false, error, code: 'refund_failed' }: cancelled, but the processor refused the refund
// → 4xx { success: false, error, code }
import { z } from 'npm:zod@4.6.7';
import { handler, json } from '../_shared/http.ts';
import { MAX_INT4 } from '../_shared/input.ts';
import { decideAsCaller, settleStaffAction } from '../_shared/staff-money.ts';
import { readSignedInRequest } from '../_shared/supabase.ts';

const inputSchema = z.object({
  reservationId: z.uuid('reservationId must be the id of a reservation'),
  refund: z.union([
    z.literal('full'),
    z.literal('none'),
    z.object({ amountCents: z.int('amountCents must be a whole number of cents').min(0, 'amountCents cannot be negative').max(MAX_INT4) }).strict(),
  ]),
  notifyGuest: z.boolean().optional(),
  reason: z.string().trim().max(500, 'The reason is too long (500 characters at most)').optional(),
});

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'cancel reservations');
    const action = await decideAsCaller(req, 'staff_cancel_reservation', input, { p_refund: input.refund });
    return json({
      success: true,
      reservationId: input.reservationId,
      status: 'cancelled',
      alreadyCancelled: action.already,
      ...(await settleStaffAction(action, input.reservationId, { cancelled: true })),
    });
  }),
);
