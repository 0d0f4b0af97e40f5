// pay-seat: a guest pays their own seat of a booking whose guests each pay theirs, from the
// seat's link /seat/{token} (072_split_payments.sql, extra-charge.ts).
//
// verify_jwt = false: the seat link's token is the key (only its SHA-256 is stored). The seat
// must be claimed (its guest gets the receipt), still held (before the booking's cutoff) and
// unpaid. The seat's charge is opened under the booking's locks before the card is charged, and
// a retry with the same idempotency key never charges twice.
//
// Request: { token, sourceId, expectedCents?, idempotencyKey }
// → 200 { success: true, seatNo, chargedCents }
// Refusals: 404 not_found ('This seat link is not valid.'); 400 an unclaimed seat or no card;
// 402 the card declined; 409 paid already, a payment in flight, past the cutoff, a cancelled
// booking, a changed price; 503 payment_unknown (retry with the same key) or payments_unconfigured.
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody, refusal } from '../_shared/http.ts';
import { MAX_INT4 } from '../_shared/input.ts';
import { paySeat } from '../_shared/extra-charge.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({
  token: z.string().max(200),
  sourceId: z.string().min(1, 'Card details are required to pay for your seat.').max(500),
  expectedCents: z.int().min(0).max(MAX_INT4).nullish(),
  idempotencyKey: z.string().min(1).max(45, 'idempotencyKey is too long (45 characters at most)'),
});

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const input = await readBody(req, inputSchema);
    if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) throw refusal(404, 'This seat link is not valid.', 'not_found');
    const { seatNo, chargedCents } = await paySeat(sharedAdminClient(), input.token, {
      sourceId: input.sourceId,
      expectedCents: input.expectedCents ?? null,
      idempotencyKey: input.idempotencyKey,
    });
    return json({ success: true, seatNo, chargedCents });
  }),
);
