// More guests on a booking, paying the difference (manage-booking's 'add' action), and the
// settling of such a charge that reconcile-payments finishes after a crash.
//
//   guest_add_guests    takes the seats under the booking's locks and opens the added guests'
//                       charge ('charging' ledger row, purpose 'more_guests'); free at once
//                       when the booking paid nothing
//   charge              the card processor, with the attempt's key: a retry never charges twice
//   settle_more_guests  approved: the charge completes and the guest is emailed; declined: the
//                       seats go back. A booking cancelled meanwhile gets this charge refunded.
//
// A lost answer keeps the seats and the open charge: the guest's retry with the same key, or
// the reconciler, finishes it the same way.
//
// Imports http.ts, money.ts, outbox.ts, payments.ts, processor.ts and rpc.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { refusal } from './http.ts';
import { type MoneyAction, sendDecidedRefunds } from './money.ts';
import { kickEmailDelivery } from './outbox.ts';
import { CARDS_NOT_SET_UP, paymentProcessor } from './payments.ts';
import type { ChargeResult, CreatePaymentBody, PaymentProcessor } from './processor.ts';
import { callRpc } from './rpc.ts';

const STILL_PROCESSING =
  'We could not confirm the payment for your added guests with the card processor. Please try again in a moment; you will not be charged twice.';

interface AddStart {
  ledger_id: number | null;
  status: 'charging' | 'completed' | 'failed';
  existing: boolean;
  reservation_id: string;
  guests: number;
  added: number;
  amount_cents: number;
  email: string;
  event_title: string;
  org_name: string;
  request: CreatePaymentBody | null;
  message: string | null;
}

export interface AddGuestsInput {
  token: string;
  guests: number;
  /** Card token; null when the guest paid nothing (a free booking adds for nothing). */
  sourceId: string | null;
  /** The price the guest was shown (cents); refused when the server's differs. */
  expectedCents: number | null;
  idempotencyKey: string;
}

/** What the guest is told: how many were added and what was charged for them. */
export interface AddGuestsResult {
  added: number;
  chargedCents: number;
}

/** The charge note the processor shows: the organization, the dinner and how many were added. */
function chargeNote(start: Pick<AddStart, 'org_name' | 'event_title' | 'added'>): string {
  return `${start.org_name}: ${start.event_title} (+${start.added} guest${start.added === 1 ? '' : 's'})`;
}

/**
 * Settles an added-guests charge with the processor's answer ('approved' keeps the seats,
 * 'declined' gives them back) and sends any refund that became due (a booking cancelled while
 * it was charged).
 */
export async function settleMoreGuests(
  db: SupabaseClient,
  ledgerId: number,
  result: Extract<ChargeResult, { status: 'approved' | 'declined' }>,
): Promise<void> {
  const action = await callRpc<MoneyAction>(db, 'settle_more_guests', {
    p_ledger_id: ledgerId,
    p_outcome: result.status,
    p_payment_id: result.status === 'approved' ? result.paymentId : null,
    p_message: result.status === 'declined' ? result.message : null,
  });
  await sendDecidedRefunds(db, action);
  kickEmailDelivery();
}

/**
 * Adds guests to the booking a manage link opens, charging the card for them, or refuses with
 * the guest's message (400 invalid, 402 declined, 404 link not valid, 409 no seats or price
 * changed, 503 outcome unknown — retry with the same key).
 */
export async function addGuests(db: SupabaseClient, input: AddGuestsInput, override?: PaymentProcessor | null): Promise<AddGuestsResult> {
  const token = input.sourceId?.trim() || null;
  let processor: PaymentProcessor | null = null;
  if (token) {
    const booking = await callRpc<{ id: string | null } | null>(db, 'reservation_by_token', { p_token: input.token });
    if (!booking?.id) throw refusal(404, 'This booking link is not valid.', 'not_found');
    processor = override !== undefined ? override : await paymentProcessor(db, { reservationId: booking.id });
    if (!processor) throw refusal(503, CARDS_NOT_SET_UP, 'payments_unconfigured');
  }
  const [start] = await callRpc<AddStart[]>(db, 'guest_add_guests', {
    p_token: input.token,
    p_guests: input.guests,
    p_key: input.idempotencyKey,
    p_expected_cents: input.expectedCents,
    p_payment_provider: processor?.provider ?? null,
  });
  if (start.status === 'completed') {
    kickEmailDelivery();
    return { added: start.added, chargedCents: start.amount_cents };
  }
  if (start.status === 'failed') throw refusal(402, start.message ?? 'Your card was declined.', 'card_declined');
  if (!processor || !token || start.ledger_id === null) throw refusal(503, STILL_PROCESSING, 'payment_unknown');

  // The first request stored is the one sent (note_charge): a retry repeats it exactly.
  const built = processor.paymentRequest({
    idempotencyKey: input.idempotencyKey,
    sourceId: token,
    amountCents: start.amount_cents,
    referenceId: start.reservation_id,
    buyerEmail: start.email,
    note: chargeNote(start),
  });
  let request: CreatePaymentBody;
  try {
    request = (await callRpc<CreatePaymentBody | null>(db, 'note_charge', { p_reservation_id: start.reservation_id, p_request: built })) ?? built;
  } catch (error) {
    console.error('[more-guests] note_charge', start.reservation_id, error);
    throw refusal(503, STILL_PROCESSING, 'payment_unknown');
  }
  const charge = await processor.charge(request);
  if (charge.status === 'unknown') throw refusal(503, STILL_PROCESSING, 'payment_unknown');
  await settleMoreGuests(db, start.ledger_id, charge);
  if (charge.status === 'declined') throw refusal(402, charge.message, `card_${charge.code.toLowerCase()}`);
  return { added: start.added, chargedCents: start.amount_cents };
}
