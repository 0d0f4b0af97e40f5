// reconcile-payments: settles the money the booking functions could not finish.
//
// Only the service role may call it (the bearer token must BE the service-role key, as for
// send-outbox). Locally the stack's timer calls it every minute; in production a pg_cron
// schedule does (README.md, "Deploy to Supabase").
//
// It finds (SQL payments_to_reconcile), older than `olderThanSeconds` (default 120, so a
// request still in flight is left alone):
//   * charges left 'charging' — the function died or lost the processor's answer between
//     writing 'charging' and the confirmation. It asks the processor again with the SAME
//     idempotency key and card token (Square answers a repeated CreatePayment with the
//     original payment; it never charges twice), then confirms the booking if its seats are
//     still held (or free again), otherwise refunds in full and emails the guest; a decline
//     fails the booking (no money moved);
//   * refunds decided but never sent (sent now, same key) and refunds the processor has not
//     finished (Square PENDING: asked again with GetPaymentRefund).
// Answer: { success, checked, confirmed, refunded, declined, failed, refundsSettled, refundsPending }
//   failed: charges whose outcome is still unknown (left for the next run).
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody } from '../_shared/http.ts';
import { refundBookingWithoutSeats, type RefundToSend, settleRefund } from '../_shared/money.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { processorFor } from '../_shared/payments.ts';
import { callRpc } from '../_shared/rpc.ts';
import { requireServiceRole, sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z
  .object({
    olderThanSeconds: z
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .optional(),
    limit: z.int().min(1).max(1000).optional(),
  })
  .strict()
  .nullish();

interface StuckCharge {
  ledger_id: number;
  reservation_id: string;
  idempotency_key: string;
  provider: string | null;
  amount_cents: number;
  email: string;
  guests: number;
  status: string;
  event_title: string;
  org_name: string;
  payment_source: string | null;
}

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    await requireServiceRole(req);
    const input = await readBody(req, inputSchema);
    const db = sharedAdminClient();
    const work = await callRpc<{ charges: StuckCharge[]; refunds: RefundToSend[] }>(db, 'payments_to_reconcile', {
      p_older_than_seconds: input?.olderThanSeconds ?? 120,
      p_limit: input?.limit ?? 200,
    });

    const counts = {
      checked: work.charges.length + work.refunds.length,
      confirmed: 0,
      refunded: 0,
      declined: 0,
      failed: 0,
      refundsSettled: 0,
      refundsPending: 0,
    };
    for (const charge of work.charges) {
      // The processor the request was charging (a row of another processor waits for a
      // deployment that has it configured).
      const processor = processorFor(db, charge.provider);
      if (!processor || !charge.payment_source) {
        counts.failed++;
        continue;
      }
      const result = await processor.charge({
        idempotencyKey: charge.idempotency_key,
        sourceId: charge.payment_source,
        amountCents: charge.amount_cents,
        referenceId: charge.reservation_id,
        buyerEmail: charge.email,
        note: `${charge.org_name}: ${charge.event_title} (${charge.guests} guest${charge.guests === 1 ? '' : 's'})`,
      });
      if (result.status === 'unknown') {
        counts.failed++;
        continue;
      }
      if (result.status === 'declined') {
        await callRpc(db, 'fail_booking', { p_reservation_id: charge.reservation_id, p_reason: `reconciled: ${result.code}` });
        counts.declined++;
        continue;
      }
      const confirmed = await callRpc<boolean>(db, 'confirm_booking', {
        p_reservation_id: charge.reservation_id,
        p_payment_provider: processor.provider,
        p_payment_id: result.paymentId,
      });
      if (confirmed) {
        counts.confirmed++;
        continue;
      }
      const refund = await refundBookingWithoutSeats(db, charge.reservation_id, 'Booking could not be completed: its seats were released');
      if (refund === 'completed' || refund === 'pending') counts.refunded++;
      else counts.failed++;
    }

    for (const refund of work.refunds) {
      const outcome = await settleRefund(db, refund);
      if (outcome === 'pending') counts.refundsPending++;
      else counts.refundsSettled++;
    }

    if (counts.confirmed + counts.refunded + counts.refundsSettled > 0) kickEmailDelivery();
    return json({ success: true, ...counts });
  }),
);
