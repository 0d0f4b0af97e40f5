// Money after the charge: sending refunds the database has decided, and reading back what a
// reservation holds. The decisions themselves (how much, whether at all, the guest's email)
// are SQL (supabase/schemas/070_money.sql): they lock the reservation, write a
// 'pending' refund row with its idempotency key, and hand back the rows to send. This module
// sends each to the processor that took the charge and records the answer
// (record_refund_result). A crash in between leaves a pending row that reconcile-payments
// sends again with the same key, so no refund is lost or doubled.
//
// Imports rpc.ts, processor.ts, payments.ts and reservation-money.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type OrgAccount, orgAccount, processorFor, squareProcessorOf } from './payments.ts';
import { type PaymentProcessor, refundFeeCents, type RefundResult } from './processor.ts';
import { callRpc } from './rpc.ts';
import type { Money } from './reservation-money.ts';

export interface RefundToSend {
  id: number;
  amount_cents: number;
  idempotency_key: string;
  provider: string | null;
  payment_id: string | null;
  reason: string;
  /** Set when the processor already took it (a pending refund to ask about). */
  refund_id?: string | null;
}

/** What the money SQL functions answer (money_action_result). */
export interface MoneyAction {
  reservation_id: string;
  status: string;
  already: boolean;
  money: Money;
  /** The action's refund, all its parts together (a refund larger than one charge is split, one part per charge). */
  refund: { id: number; status: 'pending' | 'completed' | 'failed'; amount_cents: number; submitted: boolean; parts: number[] } | null;
  to_send: RefundToSend[];
}

export type RefundOutcome = 'completed' | 'pending' | 'failed';

function outcomeOf(result: RefundResult): {
  status: 'completed' | 'pending' | 'failed' | 'unknown';
  refundId: string | null;
  message: string | null;
} {
  switch (result.status) {
    case 'completed':
    case 'pending':
      return { status: result.status, refundId: result.refundId, message: null };
    case 'failed':
      return { status: 'failed', refundId: result.refundId, message: result.message };
    default:
      return { status: 'unknown', refundId: null, message: result.message };
  }
}

/**
 * Sends one decided refund (or asks about one the processor already has) and records the
 * answer. An unavailable processor or a lost answer leaves it pending for the reconciler.
 */
export async function settleRefund(db: SupabaseClient, refund: RefundToSend): Promise<RefundOutcome> {
  let processor: PaymentProcessor | null = null;
  let unavailable: string | null = null;
  let appFeeCents = 0;
  if (refund.provider === 'square') {
    // The account that took the charge pays the refund back (never one connected since); with
    // its platform fee, a share of the fee goes back too (stored first, so a retry sends the
    // same request).
    const account = await orgAccount(db, { ledgerId: refund.id });
    processor = squareProcessorOf(account);
    if (!processor) unavailable = refundUnavailableMessage(account);
    if (account.kind === 'own' && !refund.refund_id && account.row.charge_app_fee_cents) {
      const share =
        account.row.refund_app_fee_cents ??
        refundFeeCents(refund.amount_cents, account.row.charge_amount_cents ?? 0, account.row.charge_app_fee_cents);
      appFeeCents = (await callRpc<number | null>(db, 'note_refund_app_fee', { p_ledger_id: refund.id, p_app_fee_cents: share })) ?? share;
    }
  } else if (refund.provider !== 'cash') {
    processor = await processorFor(db, refund.provider, { ledgerId: refund.id });
  }
  let result: RefundResult;
  if (refund.provider === 'cash') {
    // Cash taken at the door is handed back by the staff who decided the refund.
    result = { status: 'completed', refundId: `cash-refund-${refund.id}` };
  } else if (!processor || !refund.payment_id) {
    result = { status: 'unknown', message: unavailable ?? `the ${refund.provider ?? 'card'} processor is not available here` };
  } else if (refund.refund_id) {
    result = await processor.getRefund(refund.refund_id);
  } else {
    result = await processor.refund({
      idempotencyKey: refund.idempotency_key,
      paymentId: refund.payment_id,
      amountCents: refund.amount_cents,
      reason: refund.reason,
      ...(appFeeCents > 0 ? { appFeeCents } : {}),
    });
  }
  const outcome = outcomeOf(result);
  if (outcome.status === 'unknown') console.error('[money] refund answer unknown; the reconciler retries it', refund.id, outcome.message);
  const recorded = await callRpc<{ status: RefundOutcome }>(db, 'record_refund_result', {
    p_ledger_id: refund.id,
    p_status: outcome.status,
    p_provider_refund_id: outcome.refundId,
    p_message: outcome.message,
  });
  return recorded.status;
}

/**
 * Why a Square refund cannot be sent now, for staff (kept on the pending refund, which the
 * reconciler sends once the account can be used again).
 */
function refundUnavailableMessage(account: OrgAccount): string {
  if (account.kind === 'unusable' && account.row?.account === 'gone') {
    return `The Square account that took this payment (${account.row.charge_merchant_id}) is no longer connected. Connect it again under Payments to send this refund, or refund the guest from that Square account.`;
  }
  if (account.kind === 'unusable') return `Square cannot send this refund now: ${account.reason}.`;
  return "The platform's Square account that took this payment is not configured here.";
}

/** Sends every refund an action left to send; the outcome of the action's own refund ('none' without one). */
export async function sendDecidedRefunds(db: SupabaseClient, action: MoneyAction): Promise<RefundOutcome | 'none'> {
  const outcomes = new Map<number, RefundOutcome>();
  for (const refund of action.to_send) outcomes.set(refund.id, await settleRefund(db, refund));
  if (!action.refund) return 'none';
  const parts = action.refund.parts.map((id) => outcomes.get(id));
  if (parts.some((outcome) => outcome === undefined)) return action.refund.status;
  if (parts.includes('failed')) return 'failed';
  return parts.includes('pending') ? 'pending' : 'completed';
}

/** The reservation's money now (after refunds were recorded). */
export function moneyOf(db: SupabaseClient, reservationId: string): Promise<Money> {
  return callRpc<Money>(db, 'money_of', { p_reservation_id: reservationId });
}

/**
 * A charge that cannot become a booking (its hold expired and the seats are gone): refund it
 * in full and email the guest once the processor answers. Idempotent.
 */
export async function refundBookingWithoutSeats(db: SupabaseClient, reservationId: string, reason: string): Promise<RefundOutcome | 'none'> {
  const action = await callRpc<MoneyAction>(db, 'system_refund_booking', { p_reservation_id: reservationId, p_reason: reason });
  return sendDecidedRefunds(db, action);
}
