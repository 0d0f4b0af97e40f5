// The one booking path of every flavour: hold -> charge -> confirm (or fail / refund).
//
//   hold_booking     prices the booking on the server and holds its seats (15 min),
//                    keyed by the checkout's idempotency key
//   charge           the card processor, with the same key: a retry never charges twice
//   confirm_booking  held -> confirmed + confirmation email in the outbox; false when
//                    the hold expired and its seats are gone -> refund, tell the guest
//   fail_booking     a decline: held -> failed, seats and promo use back at once
//
// A retry of a checkout (same key) gets the first result: a confirmed booking answers
// success without charging; a declined or refunded one replays its answer; one still
// held resumes (the processor answers a repeated key with its first result).
//
// Top layer: imports http.ts, rpc.ts, pricing.ts, processor.ts, payments.ts and outbox.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { refusal } from './http.ts';
import { refundBookingWithoutSeats } from './money.ts';
import { kickEmailDelivery } from './outbox.ts';
import { CARDS_NOT_SET_UP, paymentProcessor } from './payments.ts';
import { type PriceDisplay, type PriceLines, priceLines } from './price-lines.ts';
import { type AddonLine, type AddonRow, addonLines, type BookingSelection, selectionArgs } from './pricing.ts';
import type { CreatePaymentBody, PaymentProcessor } from './processor.ts';
import { callRpc, countingPromoMisses, TransientError } from './rpc.ts';

// Where tests/unit/booking-errors.test.ts finds them (defined in http.ts and rpc.ts);
// its Deno script imports them from here, which knip cannot see (hence @public).
/** @public */
export { findNul } from './http.ts';
/** @public */
export { rpcFailure } from './rpc.ts';

export interface GuestDetails {
  name: string;
  email: string;
  phone?: string | null;
  dietaryRestrictions?: string | null;
  specialRequests?: string | null;
}

export interface PayOptions {
  /** Card token; null for a free booking. */
  token: string | null;
  /** The total (cents) the guest was shown; refused when the server's differs. Null: not checked. */
  expectedTotalCents: number | null;
  /** One per checkout attempt (the browser's, or generated here). */
  idempotencyKey: string;
  /** Processor override (tests); defaults to Square or the local test processor. */
  processor?: PaymentProcessor | null;
}

/** The PayOptions of a request: without a token the booking is free, without a key it gets a fresh one. */
export function payOptions(
  token: string | null | undefined,
  expectedTotalCents: number | null | undefined,
  idempotencyKey: string | null | undefined,
): PayOptions {
  return { token: token ?? null, expectedTotalCents: expectedTotalCents ?? null, idempotencyKey: idempotencyKey ?? crypto.randomUUID() };
}

export interface Booked extends PriceLines {
  reservationId: string;
  paymentProvider: string;
  paymentId: string | null;
  /** Short code the guest quotes ('K7QM-3XPA'). */
  bookingCode: string;
  /** The secret of the guest's manage link /booking/{token}. */
  manageToken: string;
  /** True when this answer replays an earlier request with the same key. */
  replayed: boolean;
  addons: AddonLine[];
}

/** A paying function's answer for the booking it made: the guest's codes and its price lines. */
export function bookedAnswer(booked: Booked) {
  return {
    success: true,
    reservationId: booked.reservationId,
    ...priceLines(booked),
    bookingCode: booked.bookingCode,
    manageToken: booked.manageToken,
    addons: booked.addons,
  } as const;
}

interface HoldRow {
  reservation_id: string;
  existing: boolean;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired' | 'failed';
  name: string;
  email: string;
  guests: number;
  subtotal_cents: number;
  discount_cents: number;
  service_charge_cents: number;
  tax_cents: number;
  total_cents: number;
  price_display: PriceDisplay;
  payment_provider: string | null;
  payment_id: string | null;
  event_title: string;
  org_name: string;
  outcome: { status?: number; error?: string; code?: string } | null;
  /** The card token of the checkout's first attempt. */
  payment_source: string | null;
  booking_code: string;
  manage_token: string;
  addons: AddonRow[] | null;
}

function booked(hold: HoldRow, provider: string, paymentId: string | null, replayed: boolean): Booked {
  return {
    reservationId: hold.reservation_id,
    amountCents: hold.total_cents,
    subtotalCents: hold.subtotal_cents,
    discountCents: hold.discount_cents,
    serviceChargeCents: hold.service_charge_cents,
    taxCents: hold.tax_cents,
    priceDisplay: hold.price_display,
    paymentProvider: provider,
    paymentId,
    bookingCode: hold.booking_code,
    manageToken: hold.manage_token,
    replayed,
    addons: addonLines(hold.addons),
  };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function recordEvent(db: SupabaseClient, reservationId: string, kind: string, detail: Record<string, unknown>) {
  try {
    await callRpc(db, 'record_booking_event', { p_reservation_id: reservationId, p_kind: kind, p_detail: detail });
  } catch (error) {
    console.error(`[booking] could not record ${kind} for ${reservationId}`, error, detail);
  }
}

/** Records the answer given for this checkout (replayed to retries) and returns it as an error. */
async function finalRefusal(db: SupabaseClient, reservationId: string, status: number, message: string, code: string) {
  await recordEvent(db, reservationId, 'outcome', { status, error: message, code });
  return refusal(status, message, code);
}

/**
 * The hold fails (its seats go back) and the guest's answer is recorded with it, in one
 * transaction: a double submit of this checkout replays that answer even while this request is
 * still finishing. Returns the answer as an error.
 */
async function failHold(db: SupabaseClient, reservationId: string, reason: string, status: number, message: string, code: string) {
  try {
    await callRpc(db, 'fail_booking', { p_reservation_id: reservationId, p_reason: reason, p_outcome: { status, error: message, code } });
    return refusal(status, message, code);
  } catch (error) {
    // The hold still expires on its own; the guest's answer is the same either way.
    console.error('[booking] fail_booking', error);
    return finalRefusal(db, reservationId, status, message, code);
  }
}

const RETRY_LATER = 'We could not confirm your payment with the card processor. Please try again in a moment; you will not be charged twice.';

/**
 * Holds the seats, charges the card and confirms the booking, or refuses with the guest's
 * message (an HttpError: 400 invalid, 402 declined, 404 not found, 409 unavailable or
 * refunded, 503 outcome unknown — retry with the same key).
 */
export async function bookAndPay(db: SupabaseClient, selection: BookingSelection, guest: GuestDetails, options: PayOptions): Promise<Booked> {
  const token = options.token?.trim() ? options.token.trim() : null;

  // The processor is chosen before the hold: its name goes on the 'charging' ledger row, so
  // the reconciler asks the same processor if this request dies after charging. It is the
  // event's organization's own Square account when connected; a booking without a card token
  // charges nothing and needs none.
  const processor = options.processor !== undefined ? options.processor : token ? await paymentProcessor(db, { eventId: selection.eventId }) : null;

  let hold: HoldRow;
  try {
    hold = await countingPromoMisses(db, selection.eventId, selection.clientKey, () =>
      callRpc<HoldRow>(
        db,
        'hold_booking',
        {
          p_idempotency_key: options.idempotencyKey,
          ...selectionArgs(selection),
          p_name: guest.name,
          p_email: guest.email,
          p_phone: guest.phone ?? null,
          p_dietary_restrictions: guest.dietaryRestrictions ?? null,
          p_special_requests: guest.specialRequests ?? null,
          p_expected_total_cents: options.expectedTotalCents,
          p_has_payment_token: token !== null,
          p_payment_source: token,
          p_payment_provider: token && processor ? processor.provider : null,
          p_pay_own_seat: selection.payOwnSeat ?? false,
        },
        // The holds of one event queue on its row lock: those arriving together commit together.
        { clientKey: selection.clientKey, batch: selection.eventId },
      ),
    );
  } catch (error) {
    if (error instanceof TransientError) throw refusal(503, 'We could not reserve your seats just now. Please try again.', 'unavailable_retry');
    throw error;
  }

  if (hold.existing) {
    if (hold.status === 'confirmed') return booked(hold, hold.payment_provider ?? 'comp', hold.payment_id, true);
    if (hold.outcome?.error) {
      throw refusal(hold.outcome.status ?? 409, hold.outcome.error, hold.outcome.code ?? 'replayed');
    }
    if (hold.status === 'failed' || hold.status === 'cancelled') {
      throw refusal(409, 'This checkout has already ended. Please start a new reservation.', 'checkout_ended');
    }
    // 'held' (a retry of an attempt still in progress, or one whose answer was lost) or
    // 'expired' without an answer: carry on with the same key. The processor answers a
    // repeated key with its first result, and confirm_booking re-takes expired seats
    // only if they are still free.
  }

  if (hold.total_cents === 0) {
    const confirmed = await confirm(db, hold.reservation_id, 'comp', null);
    if (!confirmed) {
      throw await finalRefusal(
        db,
        hold.reservation_id,
        409,
        'Your reservation hold expired before it was confirmed. Please start again.',
        'hold_expired',
      );
    }
    return booked(hold, 'comp', null, hold.existing);
  }

  if (!token) {
    throw refusal(400, `Card details are required to pay ${money(hold.total_cents)} for this booking.`, 'payment_required');
  }

  if (!processor) {
    // The organization cannot take cards (no account of its own, none usable, or nothing
    // configured here): the seats go back at once and nothing is sent to any processor.
    throw await failHold(db, hold.reservation_id, 'card payments not configured', 503, CARDS_NOT_SET_UP, 'payments_unconfigured');
  }

  // The request body goes on the 'charging' ledger row before it is sent, and the first one
  // stored is the one sent: a retry of this checkout (or the reconciler) repeats the original
  // request exactly, which Square answers with its first result (a changed body, e.g. a note
  // from a renamed event, would be refused as IDEMPOTENCY_KEY_REUSED). The first attempt's
  // token also goes into a request built anew (a charge recorded before requests were stored).
  const built = processor.paymentRequest({
    idempotencyKey: options.idempotencyKey,
    sourceId: (hold.existing && hold.payment_source) || token,
    amountCents: hold.total_cents,
    referenceId: hold.reservation_id,
    buyerEmail: hold.email,
    note: `${hold.org_name}: ${hold.event_title} (${hold.guests} guest${hold.guests === 1 ? '' : 's'})`,
  });
  let request: CreatePaymentBody;
  try {
    request = (await callRpc<CreatePaymentBody | null>(db, 'note_charge', { p_reservation_id: hold.reservation_id, p_request: built })) ?? built;
  } catch (error) {
    // Nothing was sent: the hold stays, and a retry with the same key carries on.
    console.error('[booking] note_charge', hold.reservation_id, error);
    throw refusal(503, RETRY_LATER, 'payment_unknown');
  }
  const charge = await processor.charge(request);

  if (charge.status === 'unknown') {
    // Money may have moved: keep the hold so a retry with the same key can finish it.
    await recordEvent(db, hold.reservation_id, 'charge_unknown', {
      provider: processor.provider,
      message: charge.message,
      ...(charge.code ? { code: charge.code } : {}),
    });
    throw refusal(503, RETRY_LATER, 'payment_unknown');
  }

  if (charge.status === 'declined') {
    await recordEvent(db, hold.reservation_id, 'charge_declined', { provider: processor.provider, code: charge.code });
    throw await failHold(db, hold.reservation_id, charge.code, 402, charge.message, `card_${charge.code.toLowerCase()}`);
  }

  // The approved charge is written by confirm_booking, in the confirming transaction: the
  // ledger's 'charging' row becomes 'completed' with the payment id (one round trip fewer
  // than recording it first; a crash before it is the reconciler's to settle).
  let confirmed: boolean;
  try {
    confirmed = await confirm(db, hold.reservation_id, processor.provider, charge.paymentId);
  } catch (error) {
    // The charge went through but the booking could not be written. Do not refund blindly
    // (the confirmation may have committed): a retry with the same key resumes here
    // without charging again.
    console.error('[booking] confirm_booking failed after an approved charge', hold.reservation_id, error);
    // Keep the payment id on the charge, so the reconciler asks Square about this payment
    // (GetPayment) instead of repeating the request.
    await callRpc(db, 'note_charge', { p_reservation_id: hold.reservation_id, p_payment_id: charge.paymentId }).catch(() => undefined);
    throw refusal(503, RETRY_LATER, 'confirm_unknown');
  }
  if (confirmed) return booked(hold, processor.provider, charge.paymentId, hold.existing);

  // The hold expired and its seats are gone (or the booking can no longer be confirmed):
  // give the money back and say so. confirm_booking refuses for good once a refund started.
  const refund = await refundBookingWithoutSeats(db, hold.reservation_id, 'Reservation hold expired before payment completed');
  if (refund === 'completed') {
    throw await finalRefusal(
      db,
      hold.reservation_id,
      409,
      `Sorry, your reservation hold expired and the seats were released before your payment completed. Your payment of ${money(hold.total_cents)} has been refunded.`,
      'refunded',
    );
  }
  console.error('[booking] refund not completed yet: charged without a booking', hold.reservation_id, charge.paymentId, refund);
  throw await finalRefusal(
    db,
    hold.reservation_id,
    409,
    `Sorry, your reservation hold expired before your payment completed. Your payment of ${money(hold.total_cents)} will be refunded; please contact the host if it does not appear within a few days.`,
    'refund_pending',
  );
}

async function confirm(db: SupabaseClient, reservationId: string, provider: string, paymentId: string | null): Promise<boolean> {
  const confirmed = await callRpc<boolean>(
    db,
    'confirm_booking',
    { p_reservation_id: reservationId, p_payment_provider: provider, p_payment_id: paymentId },
    // Confirmations take no shared lock, but together they are one commit (one flush) instead of many.
    { batch: 'confirmations' },
  );
  // The confirmation email is in the outbox: send it now, after the response (no-op
  // without an email provider; the scheduled send-outbox is the safety net).
  if (confirmed) kickEmailDelivery();
  return confirmed;
}
