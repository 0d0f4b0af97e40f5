// A staff money decision (cancel-reservation, refund-reservation) carried through after SQL took
// it: its refunds sent to the processor, the guest's email started, and the answer staff see.
//
// Imports http.ts, money.ts, outbox.ts, reservation-money.ts, rpc.ts and supabase.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { refusal } from './http.ts';
import { type MoneyAction, moneyOf, type RefundOutcome, sendDecidedRefunds } from './money.ts';
import { kickEmailDelivery } from './outbox.ts';
import type { Money } from './reservation-money.ts';
import { callRpc } from './rpc.ts';
import { createUserClient, sharedAdminClient } from './supabase.ts';

/** What every staff money request names: the reservation, the reason (for the guest's email), whether the guest is emailed. */
interface StaffMoneyRequest {
  reservationId: string;
  reason?: string;
  notifyGuest?: boolean;
}

/**
 * Takes the staff decision `fn` in SQL as the caller (their membership decides) for the request's
 * reservation, with its reason and whether the guest is emailed (on by default), plus `args`.
 */
export function decideAsCaller(req: Request, fn: string, input: StaffMoneyRequest, args: Record<string, unknown>): Promise<MoneyAction> {
  return callRpc<MoneyAction>(createUserClient(req), fn, {
    p_reservation_id: input.reservationId,
    ...args,
    p_reason: input.reason ?? null,
    p_notify: input.notifyGuest ?? true,
  });
}

export interface StaffRefundAnswer {
  /** Refunded or on its way so far. */
  refundedCents: number;
  refundStatus: RefundOutcome | 'none';
  money: Money;
  /** Why a pending refund is not sent yet (e.g. the account that took the charge is disconnected). */
  refundNote?: string;
}

/**
 * Sends the refunds the action decided and answers what the reservation holds now. A refund the
 * processor refused is a 502 refund_failed (with `cancelled`, the reservation stays cancelled);
 * `requestedCents` names the amount when the action has no refund row to name it.
 */
export async function settleStaffAction(
  action: MoneyAction,
  reservationId: string,
  { cancelled, requestedCents = 0 }: { cancelled: boolean; requestedCents?: number },
): Promise<StaffRefundAnswer> {
  const admin = sharedAdminClient();
  const refundStatus = await sendDecidedRefunds(admin, action);
  kickEmailDelivery();
  if (refundStatus === 'failed') throw refusal(502, refundFailedMessage(action.refund?.amount_cents ?? requestedCents, cancelled), 'refund_failed');

  const money = await moneyOf(admin, reservationId);
  const refundNote = await pendingRefundNote(admin, action, refundStatus);
  return {
    refundedCents: money.refunded_cents + money.pending_refund_cents,
    refundStatus,
    money,
    ...(refundNote ? { refundNote } : {}),
  };
}

/**
 * Why the action's refund, left pending without reaching the processor, is not sent yet (the
 * message kept on its ledger row, e.g. the account that took the charge is disconnected), for
 * staff; null otherwise.
 */
async function pendingRefundNote(db: SupabaseClient, action: MoneyAction, outcome: RefundOutcome | 'none'): Promise<string | null> {
  if (outcome !== 'pending' || !action.refund) return null;
  const { data, error } = await db.from('payment_ledger').select('status, submitted_at, message').eq('id', action.refund.id).maybeSingle();
  if (error) throw new Error(error.message);
  const row = data as { status: string; submitted_at: string | null; message: string | null } | null;
  return row && row.status === 'pending' && !row.submitted_at ? row.message : null;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The staff-facing sentence for a refund the processor refused. */
function refundFailedMessage(cents: number, cancelled: boolean): string {
  return cancelled
    ? `The reservation is cancelled, but the card processor refused the refund of ${dollars(cents)}. Try the refund again from the reservation, or refund the guest another way.`
    : `The card processor refused the refund of ${dollars(cents)}. Nothing was refunded; try again later or refund the guest another way.`;
}
