// refund-reservation: staff refund part of a paid booking without cancelling it (a goodwill
// refund, a party that came smaller).
//
// verify_jwt = false: the function verifies the caller's session itself (getCaller: a user's
// JWT, checked against the project's JWKS; 401 otherwise). The decision is SQL run as the caller (staff_refund_reservation: members
// of the reservation's organization only, 403 otherwise; never more than is still refundable,
// so never more than was paid in total). `requestKey` (one per dialog opening) makes a
// repeated request answer the first one instead of refunding again. The refund goes to the
// processor that took the charge; the guest is emailed (on by default) once it answered.
//
// Request: { reservationId, amountCents, reason?, notifyGuest?, requestKey? }
// → 200 { success: true, refundedCents /* total refunded or on its way */, refundStatus: 'completed' | 'pending', money,
//         refundNote? /* why a pending refund is not sent yet, e.g. the account that took the charge is disconnected */ }
// → 502 { success: false, error, code: 'refund_failed' } | 4xx { success: false, error, code }
import { z } from 'npm:zod@4.6.7';
import { handler, json } from '../_shared/http.ts';
import { MAX_INT4 } from '../_shared/input.ts';
import { decideAsCaller, settleStaffAction } from '../_shared/staff-money.ts';
import { readSignedInRequest } from '../_shared/supabase.ts';

const inputSchema = z.object({
  reservationId: z.uuid('reservationId must be the id of a reservation'),
  amountCents: z.int('amountCents must be a whole number of cents').min(1, 'Enter a refund amount greater than $0.00').max(MAX_INT4),
  reason: z.string().trim().max(500, 'The reason is too long (500 characters at most)').optional(),
  notifyGuest: z.boolean().optional(),
  requestKey: z.string().trim().min(1).max(100).optional(),
});

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'refund reservations');
    const action = await decideAsCaller(req, 'staff_refund_reservation', input, {
      p_amount_cents: input.amountCents,
      p_request_key: input.requestKey ?? null,
    });
    return json({
      success: true,
      ...(await settleStaffAction(action, input.reservationId, { cancelled: false, requestedCents: input.amountCents })),
    });
  }),
);
