// reconcile-payments: settles the money the booking functions could not finish.
//
// Only the service role may call it (its secret itself: the secret key as apikey, or the
// service-role key as the bearer token, as for send-outbox; verify_jwt = false). Locally the stack's timer calls it every minute; in production a pg_cron
// schedule does (README.md, "Deploy to Supabase").
//
// It finds (SQL payments_to_reconcile), older than `olderThanSeconds` (default 120, so a
// request still in flight is left alone):
//   * charges left 'charging' — the function died or lost the processor's answer between
//     writing 'charging' and the confirmation. When the charge's payment id is known (an
//     approved answer whose confirmation failed, or a payment.updated webhook) it asks
//     Square about that payment (GetPayment); otherwise it sends the charge's stored
//     CreatePayment request again, exactly as first sent (same idempotency key: Square
//     answers with the original payment and never charges twice; a request rebuilt from
//     today's data, e.g. a renamed event, would be refused as IDEMPOTENCY_KEY_REUSED).
//     Then it confirms the booking if its seats are still held (or free again), otherwise
//     refunds in full and emails the guest; a decline fails the booking (no money moved).
//     A charge for guests added to a confirmed booking (purpose 'more_guests') or for a
//     guest's own seat ('seat') is settled instead (settle_extra_charge): approved keeps the
//     added guests or pays the seat, declined gives the added seats back or leaves the seat due.
//     An answer no retry changes (IDEMPOTENCY_KEY_REUSED, a payment id Square does not
//     know) is written on the charge's ledger row and in the booking's audit trail
//     (SQL note_charge_problem) for staff, and counted in `needsAttention`;
//   * refunds decided but never sent (sent now, same key) and refunds the processor has not
//     finished (Square PENDING: asked again with GetPaymentRefund).
//   * organizations' Square access tokens that expire within a week, renewed with their
//     refresh tokens (ObtainToken; a failure is recorded on the account and retried next run).
// With `orgId`, only that organization's charges, refunds and token are looked at (an operator
// reconciling one host now, e.g. after it connects Square again; the tests, which share one
// database, so that a run never touches another file's payments mid-request).
// Every refund and lookup uses the account that took the charge (recorded on its ledger row:
// the organization's own Square account then, or the platform's), never one connected since; a
// refund whose account is no longer connected stays pending, with a message for staff.
// Answer: { success, checked, confirmed, refunded, declined, failed, needsAttention, refundsSettled, refundsPending, tokensRefreshed }
//   failed: charges whose outcome is still unknown (left for the next run).
import { z } from 'npm:zod@4.6.7';
import { allowMethods, handler, json, readBody } from '../_shared/http.ts';
import { refundBookingWithoutSeats, type RefundToSend, settleRefund } from '../_shared/money.ts';
import { settleExtraCharge } from '../_shared/extra-charge.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { processorFor, refreshAccountToken } from '../_shared/payments.ts';
import type { ChargeResult, CreatePaymentBody, PaymentProcessor } from '../_shared/processor.ts';
import { callRpc } from '../_shared/rpc.ts';
import { readSquareOAuthSettings } from '../_shared/square-oauth.ts';
import { requireServiceRole, sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z
  .object({
    olderThanSeconds: z
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .optional(),
    limit: z.int().min(1).max(1000).optional(),
    orgId: z.uuid().optional(),
  })
  .strict()
  .nullish();

interface StuckCharge {
  ledger_id: number;
  reservation_id: string;
  idempotency_key: string;
  provider: string | null;
  /** 'booking': the booking's own charge; 'more_guests': guests added to a confirmed booking; 'seat': a guest's own seat. */
  purpose: 'booking' | 'more_guests' | 'seat';
  amount_cents: number;
  email: string;
  guests: number;
  status: string;
  event_title: string;
  org_name: string;
  payment_source: string | null;
  /** Known payment id (note_charge, a payment.updated webhook). */
  payment_id: string | null;
  /** The CreatePayment body as first sent (null for a charge recorded before requests were stored). */
  request: CreatePaymentBody | null;
}

/** What the processor says about a stuck charge: by its payment id when known, else by its original request. */
async function askProcessor(processor: PaymentProcessor, charge: StuckCharge): Promise<ChargeResult | null> {
  if (charge.payment_id) {
    const result = await processor.getPayment(charge.payment_id);
    // Square does not know a payment id it gave: nothing to settle by, for staff to look at.
    if (result.status === 'declined' && result.code === 'NOT_FOUND') return { status: 'unknown', message: result.message, code: 'NOT_FOUND' };
    return result;
  }
  if (charge.request) return processor.charge(charge.request);
  if (!charge.payment_source) return null;
  return processor.charge(
    processor.paymentRequest({
      idempotencyKey: charge.idempotency_key,
      sourceId: charge.payment_source,
      amountCents: charge.amount_cents,
      referenceId: charge.reservation_id,
      buyerEmail: charge.email,
      note: `${charge.org_name}: ${charge.event_title} (${charge.guests} guest${charge.guests === 1 ? '' : 's'})`,
    }),
  );
}

/**
 * Renews the organizations' Square access tokens that expire within a week (they last 30
 * days; this run is every minute, so one that fails is tried again long before it lapses).
 * Answers how many were renewed.
 */
async function refreshExpiringTokens(db: SupabaseClient, orgId: string | undefined): Promise<number> {
  const oauth = readSquareOAuthSettings();
  if (!oauth) return 0;
  const due = await callRpc<{ org_id: string; refresh_token_ciphertext: string }[]>(db, 'square_accounts_to_refresh', {
    p_within: '7 days',
    p_org_id: orgId ?? null,
  });
  let renewed = 0;
  for (const account of due) {
    if (await refreshAccountToken(db, oauth, account.org_id, account.refresh_token_ciphertext)) renewed++;
  }
  return renewed;
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
      p_org_id: input?.orgId ?? null,
    });

    const counts = {
      checked: work.charges.length + work.refunds.length,
      confirmed: 0,
      refunded: 0,
      declined: 0,
      failed: 0,
      needsAttention: 0,
      refundsSettled: 0,
      refundsPending: 0,
    };
    for (const charge of work.charges) {
      // The processor the request was charging (a row of another processor waits for a
      // deployment that has it configured).
      if (charge.purpose !== 'booking' && !charge.request && !charge.payment_id) {
        // Added guests or a seat whose charge was never sent (the function died before sending
        // it): no money moved (added guests give their seats back).
        await settleExtraCharge(db, charge.ledger_id, {
          status: 'declined',
          code: 'NOT_SENT',
          message: 'The payment was never sent to the processor.',
        });
        counts.declined++;
        continue;
      }
      const processor = await processorFor(db, charge.provider, { ledgerId: charge.ledger_id });
      const result = processor ? await askProcessor(processor, charge) : null;
      if (!processor || !result) {
        counts.failed++;
        continue;
      }
      if (result.status === 'unknown') {
        counts.failed++;
        if (result.code) {
          counts.needsAttention++;
          console.error('[reconcile] charge needs attention', charge.reservation_id, result.code, result.message);
          await callRpc(db, 'note_charge_problem', { p_ledger_id: charge.ledger_id, p_code: result.code, p_message: result.message });
        }
        continue;
      }
      if (charge.purpose !== 'booking') {
        // Guests added to a confirmed booking, or a guest's own seat: settled (added guests keep
        // their seats or give them back; a seat is paid or stays due).
        await settleExtraCharge(db, charge.ledger_id, result);
        if (result.status === 'approved') counts.confirmed++;
        else counts.declined++;
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

    const tokensRefreshed = await refreshExpiringTokens(db, input?.orgId);

    if (counts.confirmed + counts.refunded + counts.refundsSettled > 0) kickEmailDelivery();
    return json({ success: true, ...counts, tokensRefreshed });
  }),
);
