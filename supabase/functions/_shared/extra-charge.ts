// Charges on a booking after it was made: guests added from the manage link (manage-booking
// 'add'), extras taken later (manage-booking 'add_addons' by the booker, pay-seat 'addons' by a
// seat's guest), and a guest paying their own seat from its link (pay-seat). All go the same way:
//
//   open   SQL takes what is paid for under the booking's locks and opens the charge
//          ('charging' ledger row, purpose 'more_guests', 'addons' or 'seat'): guest_add_guests
//          (the seats are taken; free at once when the booking paid nothing), guest_add_addons /
//          seat_add_addons (the extras are taken; free ones at once) or seat_payment_start
//   charge the card processor, with the attempt's key: a retry never charges twice
//   settle settle_extra_charge: approved completes the charge (the guest is emailed); declined
//          fails it (added guests give their seats back, extras go back). Money that no longer has anything to
//          pay for (a booking cancelled, a seat released meanwhile) is refunded whole.
//
// A lost answer keeps the open charge: the guest's retry with the same key, or
// reconcile-payments, finishes it the same way.
//
// Imports http.ts, money.ts, outbox.ts, payments.ts, processor.ts and rpc.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { refusal } from './http.ts';
import { linkNotFound } from './input.ts';
import { type MoneyAction, sendDecidedRefunds } from './money.ts';
import { kickEmailDelivery } from './outbox.ts';
import { CARDS_NOT_SET_UP, paymentProcessor } from './payments.ts';
import type { ChargeResult, CreatePaymentBody, PaymentProcessor } from './processor.ts';
import { callRpc } from './rpc.ts';

const STILL_PROCESSING = 'We could not confirm your payment with the card processor. Please try again in a moment; you will not be charged twice.';

/** What SQL answers when it opens (or finds, for a repeated key) an extra charge (composite public.extra_charge). */
interface OpenedCharge {
  ledger_id: number | null;
  status: 'charging' | 'completed' | 'failed';
  existing: boolean;
  reservation_id: string;
  amount_cents: number;
  email: string;
  event_title: string;
  org_name: string;
  request: CreatePaymentBody | null;
  message: string | null;
  /** Guests added (guest_add_guests). */
  added: number | null;
  /** The seat paid for (seat_payment_start). */
  seat_no: number | null;
}

/** The attempt of a request that carries cardAttemptFields (input.ts). */
export function attemptOf(input: { sourceId?: string | null; expectedCents?: number | null; idempotencyKey: string }): ExtraChargeInput {
  return { sourceId: input.sourceId ?? null, expectedCents: input.expectedCents ?? null, idempotencyKey: input.idempotencyKey };
}

/** The booking a link opens (its id, null when it opens none) and that link. */
interface Booking {
  id: string | null;
  link: Link;
}

/** An attempt of the guest: the card token (null when nothing is to be paid), the price shown and the attempt's key. */
export interface ExtraChargeInput {
  sourceId: string | null;
  expectedCents: number | null;
  idempotencyKey: string;
}

/**
 * Settles an extra charge with the processor's answer and sends any refund that became due (a
 * booking cancelled, or a seat released, while it was charged).
 */
export async function settleExtraCharge(
  db: SupabaseClient,
  ledgerId: number,
  result: Extract<ChargeResult, { status: 'approved' | 'declined' }>,
): Promise<void> {
  const action = await callRpc<MoneyAction>(db, 'settle_extra_charge', {
    p_ledger_id: ledgerId,
    p_outcome: result.status,
    p_payment_id: result.status === 'approved' ? result.paymentId : null,
    p_message: result.status === 'declined' ? result.message : null,
  });
  await sendDecidedRefunds(db, action);
  kickEmailDelivery();
}

/** The processor of a booking's organization, for a card token; null without one. */
async function processorOf(db: SupabaseClient, booking: Booking, token: string | null): Promise<PaymentProcessor | null> {
  if (!token) return null;
  if (!booking.id) throw linkNotFound(booking.link);
  const processor = await paymentProcessor(db, { reservationId: booking.id });
  if (!processor) throw refusal(503, CARDS_NOT_SET_UP, 'payments_unconfigured');
  return processor;
}

/**
 * Opens an extra charge with `open` (given the processor's name), charges it and settles it.
 * Answers the opened charge (amount_cents 0: nothing was due), or refuses with the guest's
 * message (402 declined, 503 outcome unknown — retry with the same key; the SQL's own refusals as
 * they are).
 */
async function chargeExtra(
  db: SupabaseClient,
  booking: Booking,
  input: ExtraChargeInput,
  note: (opened: OpenedCharge) => string,
  open: (provider: string | null) => Promise<OpenedCharge>,
): Promise<OpenedCharge> {
  const token = input.sourceId?.trim() || null;
  const processor = await processorOf(db, booking, token);
  const opened = await open(processor?.provider ?? null);
  if (opened.status === 'completed') {
    kickEmailDelivery();
    return opened;
  }
  if (opened.status === 'failed') throw refusal(402, opened.message ?? 'Your card was declined.', 'card_declined');
  if (!processor || !token || opened.ledger_id === null) throw refusal(503, STILL_PROCESSING, 'payment_unknown');

  // The first request stored is the one sent (note_charge): a retry repeats it exactly.
  const built = processor.paymentRequest({
    idempotencyKey: input.idempotencyKey,
    sourceId: token,
    amountCents: opened.amount_cents,
    referenceId: opened.reservation_id,
    buyerEmail: opened.email,
    note: note(opened),
  });
  let request: CreatePaymentBody;
  try {
    request =
      (await callRpc<CreatePaymentBody | null>(db, 'note_charge', {
        p_reservation_id: opened.reservation_id,
        p_request: built,
        p_ledger_id: opened.ledger_id,
      })) ?? built;
  } catch (error) {
    console.error('[extra-charge] note_charge', opened.reservation_id, error);
    throw refusal(503, STILL_PROCESSING, 'payment_unknown');
  }
  const charge = await processor.charge(request);
  if (charge.status === 'unknown') throw refusal(503, STILL_PROCESSING, 'payment_unknown');
  await settleExtraCharge(db, opened.ledger_id, charge);
  if (charge.status === 'declined') throw refusal(402, charge.message, `card_${charge.code.toLowerCase()}`);
  return opened;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Which link opened the booking: the booker's manage link, or a guest's own seat link. */
type Link = 'manage' | 'seat';

/** The booking a link opens (its id, null when it opens none). */
async function bookingOf(db: SupabaseClient, link: Link, token: string): Promise<Booking> {
  if (link === 'manage') {
    const booking = await callRpc<{ id: string | null } | null>(db, 'reservation_by_token', { p_token: token });
    return { id: booking?.id ?? null, link };
  }
  const found = await callRpc<{ booking: { id: string | null } | null } | null>(db, 'seat_link', { p_token: token });
  return { id: found?.booking?.id ?? null, link };
}

/**
 * Opens an extra charge with the SQL function `open` (its arguments `args`, plus the attempt's
 * key, price and the processor's name), charges and settles it. Answers SQL's opened charge.
 */
async function openAndCharge(
  db: SupabaseClient,
  link: Link,
  token: string,
  open: string,
  args: Record<string, unknown>,
  input: ExtraChargeInput,
  note: (opened: OpenedCharge) => string,
): Promise<OpenedCharge> {
  return chargeExtra(db, await bookingOf(db, link, token), input, note, async (provider) => {
    const [opened] = await callRpc<OpenedCharge[]>(db, open, {
      p_token: token,
      ...args,
      p_key: input.idempotencyKey,
      p_expected_cents: input.expectedCents,
      p_payment_provider: provider,
    });
    return opened;
  });
}

/** More guests on the booking a manage link opens (guest_add_guests). Answers how many were added and what they cost. */
export async function addGuests(
  db: SupabaseClient,
  manageToken: string,
  guests: number,
  input: ExtraChargeInput,
): Promise<{ added: number; chargedCents: number }> {
  const opened = await openAndCharge(db, 'manage', manageToken, 'guest_add_guests', { p_guests: guests }, input, (o) => {
    return `${o.org_name}: ${o.event_title} (+${plural(o.added ?? 0, 'guest')})`;
  });
  return { added: opened.added ?? 0, chargedCents: opened.amount_cents };
}

/** A guest pays their own seat from its link (seat_payment_start). Answers what was charged. */
export async function paySeat(db: SupabaseClient, seatToken: string, input: ExtraChargeInput): Promise<{ seatNo: number; chargedCents: number }> {
  const opened = await openAndCharge(
    db,
    'seat',
    seatToken,
    'seat_payment_start',
    {},
    input,
    (o) => `${o.org_name}: ${o.event_title} (seat ${o.seat_no})`,
  );
  return { seatNo: opened.seat_no ?? 0, chargedCents: opened.amount_cents };
}

/** An extra to take: an add-on of the booking's event and how many more. */
export interface AddonChoice {
  id: string;
  quantity: number;
}

/**
 * Extras (add-ons) after booking: from the manage link, paid by the booker (guest_add_addons), or
 * from a guest's own seat link, paid by that guest (seat_add_addons). Answers what was charged.
 */
export async function addExtras(db: SupabaseClient, link: Link, token: string, addons: AddonChoice[], input: ExtraChargeInput): Promise<number> {
  const open = link === 'manage' ? 'guest_add_addons' : 'seat_add_addons';
  const opened = await openAndCharge(db, link, token, open, { p_addons: addons }, input, (o) => `${o.org_name}: ${o.event_title} (extras)`);
  return opened.amount_cents;
}
