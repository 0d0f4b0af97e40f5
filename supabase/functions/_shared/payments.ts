// The card processor behind the booking path. Two implementations of one interface:
//   * Square's Payments API, when SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set;
//   * the local test processor otherwise (local stack, tests), which honours Square's
//     sandbox nonces and records its charges in public.test_processor_payments.
// The booking code cannot tell them apart: only the processor differs.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { readSquareSettings, SquareProcessor } from './square.ts';

export interface ChargeRequest {
  /** The reservation's idempotency key (≤ 45 chars): the same key never charges twice. */
  idempotencyKey: string;
  /** The card token (nonce) from the browser. */
  sourceId: string;
  amountCents: number;
  /** Reservation id (≤ 40 chars). */
  referenceId: string;
  buyerEmail?: string;
  note?: string;
}

export type ChargeResult =
  /** Money was taken. */
  | { status: 'approved'; paymentId: string }
  /** Definitely no money moved (a decline, an invalid card, a refused request). */
  | { status: 'declined'; code: string; message: string }
  /** The processor's answer was lost or ambiguous: money may have moved. Retry with the same key. */
  | { status: 'unknown'; message: string };

export interface RefundRequest {
  idempotencyKey: string;
  paymentId: string;
  amountCents: number;
  reason: string;
}

export type RefundResult = { status: 'refunded'; refundId: string } | { status: 'failed'; message: string };

export interface PaymentProcessor {
  /** Stored in reservations.payment_provider. */
  readonly provider: 'square' | 'test';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** What a guest reads for a processor error code (Square's codes). */
export function declineMessage(code: string): string {
  switch (code) {
    case 'GENERIC_DECLINE':
      return 'Your card was declined. Please try another card or contact your card issuer.';
    case 'CVV_FAILURE':
      return 'The card security code (CVV) was not accepted. Please check it and try again.';
    case 'ADDRESS_VERIFICATION_FAILURE':
      return 'The postal code does not match the card. Please check it and try again.';
    case 'INVALID_EXPIRATION':
      return 'The card expiration date is invalid. Please check it and try again.';
    case 'CARD_EXPIRED':
      return 'This card has expired. Please use another card.';
    case 'INSUFFICIENT_FUNDS':
      return 'The card has insufficient funds. Please use another card.';
    case 'CARD_DECLINED_VERIFICATION_REQUIRED':
      return 'Your bank needs to verify this payment. Please try again or use another card.';
    case 'CARD_TOKEN_EXPIRED':
    case 'CARD_TOKEN_USED':
    case 'INVALID_CARD':
    case 'INVALID_CARD_DATA':
      return 'Your card details could not be used. Please re-enter your card and try again.';
    case 'PROCESSOR_UNAVAILABLE':
      return 'Card payments are temporarily unavailable. You have not been charged; please try again later.';
    case 'RATE_LIMITED':
      return 'The card processor is busy. You have not been charged; please try again in a moment.';
    default:
      return 'Your payment was declined. Please try another card.';
  }
}

/** Square-shaped answer of the processor (the test processor speaks the same JSON). */
export interface ProcessorAnswer {
  payment?: { id?: string; status?: string };
  refund?: { id?: string; status?: string };
  errors?: { category?: string; code?: string; detail?: string; field?: string }[];
}

/** Reads a Square-shaped CreatePayment answer. `httpStatus` 0 means no HTTP answer. */
export function readChargeAnswer(httpStatus: number, answer: ProcessorAnswer | null): ChargeResult {
  const payment = answer?.payment;
  const error = answer?.errors?.[0];
  if (httpStatus >= 200 && httpStatus < 300 && payment?.id && (payment.status === 'COMPLETED' || payment.status === 'APPROVED')) {
    return { status: 'approved', paymentId: payment.id };
  }
  if (httpStatus === 0 || httpStatus >= 500 || httpStatus === 408 || !answer) {
    return { status: 'unknown', message: error?.detail ?? `no usable answer from the processor (HTTP ${httpStatus})` };
  }
  if (error?.code === 'IDEMPOTENCY_KEY_REUSED') {
    // A payment with this key exists for different parameters: its outcome is not ours to guess.
    return { status: 'unknown', message: 'idempotency key reused with different parameters' };
  }
  if (httpStatus === 401 || httpStatus === 403) {
    return { status: 'declined', code: 'PROCESSOR_UNAVAILABLE', message: declineMessage('PROCESSOR_UNAVAILABLE') };
  }
  if (httpStatus === 429) {
    return { status: 'declined', code: 'RATE_LIMITED', message: declineMessage('RATE_LIMITED') };
  }
  if (httpStatus >= 200 && httpStatus < 300 && payment?.status && payment.status !== 'FAILED' && payment.status !== 'CANCELED') {
    // e.g. PENDING: not (yet) a completed charge, not a decline either.
    return { status: 'unknown', message: `payment status ${payment.status}` };
  }
  const code = error?.code ?? 'GENERIC_DECLINE';
  return { status: 'declined', code, message: declineMessage(code) };
}

export function readRefundAnswer(httpStatus: number, answer: ProcessorAnswer | null): RefundResult {
  const refund = answer?.refund;
  if (httpStatus >= 200 && httpStatus < 300 && refund?.id && refund.status !== 'REJECTED' && refund.status !== 'FAILED') {
    return { status: 'refunded', refundId: refund.id };
  }
  return { status: 'failed', message: answer?.errors?.[0]?.detail ?? `refund not accepted (HTTP ${httpStatus}, ${refund?.status ?? 'no refund'})` };
}

/** The local stand-in for Square: SQL functions test_processor_charge / test_processor_refund. */
export class LocalTestProcessor implements PaymentProcessor {
  readonly provider = 'test' as const;
  constructor(private readonly db: SupabaseClient) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { data, error } = await this.db.rpc('test_processor_charge', {
      p_idempotency_key: request.idempotencyKey,
      p_source_id: request.sourceId,
      p_amount_cents: request.amountCents,
      p_currency: 'USD',
      p_reference_id: request.referenceId,
      p_buyer_email: request.buyerEmail ?? null,
      p_note: request.note ?? null,
    });
    if (error) return { status: 'unknown', message: error.message };
    const answer = data as ProcessorAnswer;
    return readChargeAnswer(answer?.errors?.length ? 400 : 200, answer);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { data, error } = await this.db.rpc('test_processor_refund', {
      p_idempotency_key: request.idempotencyKey,
      p_payment_id: request.paymentId,
      p_amount_cents: request.amountCents,
      p_reason: request.reason,
    });
    if (error) return { status: 'failed', message: error.message };
    const answer = data as ProcessorAnswer;
    return readRefundAnswer(answer?.errors?.length ? 400 : 200, answer);
  }
}

export type PaymentsMode =
  | { mode: 'square'; applicationId: string | null; locationId: string; environment: 'sandbox' | 'production' }
  | { mode: 'test' }
  | { mode: 'unconfigured' };

function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || host === '::1' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/**
 * Square when its secrets are set. Otherwise the local test processor, but only where it
 * cannot take real bookings for free: a local stack (SUPABASE_URL on loopback) or an
 * explicit PAYMENTS_TEST_MODE=true. A deployed project with no Square secrets refuses
 * card payments instead ('unconfigured').
 */
export function paymentsMode(): PaymentsMode {
  const square = readSquareSettings();
  if (square) return { mode: 'square', applicationId: square.applicationId, locationId: square.locationId, environment: square.environment };
  const flag = (Deno.env.get('PAYMENTS_TEST_MODE') ?? '').toLowerCase();
  if (flag === 'false') return { mode: 'unconfigured' };
  if (flag === 'true' || isLoopbackUrl(Deno.env.get('SUPABASE_URL'))) return { mode: 'test' };
  return { mode: 'unconfigured' };
}

/** The processor to charge with, or null when card payments are not configured. */
export function paymentProcessor(db: SupabaseClient): PaymentProcessor | null {
  const square = readSquareSettings();
  if (square) return new SquareProcessor(square);
  return paymentsMode().mode === 'test' ? new LocalTestProcessor(db) : null;
}

/** A refund key derived from the charge key (Square: ≤ 45 chars, unique per refund). */
export async function refundKey(chargeKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`refund:${chargeKey}`));
  return 'r' + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 40);
}

/**
 * What the browser's card form needs (square-config, magnolia-square-config):
 * `testMode` true means "show the labelled test card form" (the local test processor).
 */
export function cardFormConfig(): { status: number; body: Record<string, unknown> } {
  const mode = paymentsMode();
  if (mode.mode === 'square') {
    if (!mode.applicationId) {
      return { status: 503, body: { success: false, error: 'Card payments are not configured (SQUARE_APPLICATION_ID is missing).' } };
    }
    return {
      status: 200,
      body: { success: true, applicationId: mode.applicationId, locationId: mode.locationId, environment: mode.environment, testMode: false },
    };
  }
  if (mode.mode === 'test') {
    return { status: 200, body: { success: true, applicationId: null, locationId: null, environment: 'test', testMode: true } };
  }
  return { status: 503, body: { success: false, error: 'Card payments are not configured.' } };
}
