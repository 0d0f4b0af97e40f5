// pay-seat: a guest pays from their own seat's link /seat/{token} (072_split_payments.sql,
// extra-charge.ts): their seat, where each guest of the booking pays their own ('pay', the
// default), or extras for themselves until the kitchen is told ('addons': one of each per-guest
// add-on the booking can still take).
//
// verify_jwt = false: the seat link's token is the key (only its SHA-256 is stored). The seat
// must be claimed (its guest gets the receipt). What is paid for is taken under the booking's
// locks before the card is charged, and a retry with the same idempotency key never charges twice.
//
// Request: { token, action?: 'pay' | 'addons', addons? ([{ id, quantity: 1 }]: addons), sourceId?, expectedCents?, idempotencyKey }
// → pay:    200 { success: true, seatNo, chargedCents }
// → addons: 200 { success: true, chargedCents }
// Refusals: 404 not_found ('This seat link is not valid.'); 400 an unclaimed seat, no card for
// something to pay; 402 the card declined; 409 paid already, a payment in flight, past the cutoff,
// a cancelled booking, a changed price, an extra sold out; 503 payment_unknown (retry with the
// same key) or payments_unconfigured.
import { z } from 'npm:zod@4.6.7';
import { handler, json, refusal } from '../_shared/http.ts';
import { cardAttemptFields, extrasSchema, linkTokenField, readLinkBody } from '../_shared/input.ts';
import { addExtras, attemptOf, paySeat } from '../_shared/extra-charge.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({
  token: linkTokenField,
  action: z.enum(['pay', 'addons'], 'action must be "pay" or "addons"').default('pay'),
  addons: extrasSchema.nullish(),
  ...cardAttemptFields,
});

Deno.serve(
  handler(async (req) => {
    const input = await readLinkBody(req, inputSchema, 'seat');
    const db = sharedAdminClient();
    const attempt = attemptOf(input);
    if (input.action === 'addons') {
      if (!input.addons?.length) throw refusal(400, 'Choose the extras to add.', 'invalid_input');
      return json({ success: true, chargedCents: await addExtras(db, 'seat', input.token, input.addons, attempt) });
    }
    const { seatNo, chargedCents } = await paySeat(db, input.token, attempt);
    return json({ success: true, seatNo, chargedCents });
  }),
);
