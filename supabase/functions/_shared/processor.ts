// Processor layer: what the booking path needs from a card processor (the PaymentProcessor
// interface, its requests and answers) and how a Square-shaped answer reads. No imports:
// Square (square.ts) and the local test processor (test-processor.ts) implement it.

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
  /** The platform's fee (Square app_fee_money), taken only from an organization's own account. */
  appFeeCents?: number;
}

/**
 * Square's CreatePayment request body; the local test processor reads the same JSON. Built once
 * per charge, stored on the 'charging' ledger row before it is sent (SQL note_charge), and
 * re-sent unchanged by a retry or the reconciler: Square refuses a repeated idempotency key
 * whose body differs (IDEMPOTENCY_KEY_REUSED).
 */
export interface CreatePaymentBody {
  source_id: string;
  idempotency_key: string;
  amount_money: { amount: number; currency: string };
  location_id?: string;
  reference_id?: string;
  note?: string;
  buyer_email_address?: string;
  autocomplete?: boolean;
  app_fee_money?: { amount: number; currency: string };
}

/** The CreatePayment body of a charge, cut to Square's field limits. */
export function createPaymentBody(request: ChargeRequest, locationId: string | null): CreatePaymentBody {
  return {
    source_id: request.sourceId,
    idempotency_key: request.idempotencyKey.slice(0, 45),
    amount_money: { amount: request.amountCents, currency: 'USD' },
    ...(locationId ? { location_id: locationId } : {}),
    reference_id: request.referenceId.slice(0, 40),
    ...(request.note ? { note: request.note.slice(0, 500) } : {}),
    ...(request.buyerEmail ? { buyer_email_address: request.buyerEmail } : {}),
    autocomplete: true,
    ...(request.appFeeCents ? { app_fee_money: { amount: request.appFeeCents, currency: 'USD' } } : {}),
  };
}

export type ChargeResult =
  /** Money was taken. */
  | { status: 'approved'; paymentId: string }
  /** Definitely no money moved (a decline, an invalid card, a refused request). */
  | { status: 'declined'; code: string; message: string }
  /**
   * The processor's answer was lost or ambiguous: money may have moved. Retry with the same key.
   * `code` names an answer that no retry changes (IDEMPOTENCY_KEY_REUSED: the key belongs to
   * another request body), for staff to look at.
   */
  | { status: 'unknown'; message: string; code?: string };

export interface RefundRequest {
  idempotencyKey: string;
  paymentId: string;
  amountCents: number;
  reason: string;
  /** The share of the charge's platform fee given back with this refund (Square app_fee_money). */
  appFeeCents?: number;
}

/**
 * The platform fee on a charge: `feeBps` basis points of the amount, rounded down to the
 * cent, never more than Square's limit of 90 % of the payment.
 */
export function platformFeeCents(amountCents: number, feeBps: number): number {
  if (feeBps <= 0 || amountCents <= 0) return 0;
  return Math.min(Math.floor((amountCents * feeBps) / 10_000), Math.floor((amountCents * 9) / 10));
}

/**
 * A refund's share of its charge's fee: in proportion to the amount refunded, rounded down,
 * so that refunds together never give back more fee than the charge took.
 */
export function refundFeeCents(refundCents: number, chargeCents: number, chargeFeeCents: number): number {
  if (chargeFeeCents <= 0 || chargeCents <= 0) return 0;
  return Math.min(chargeFeeCents, Math.floor((chargeFeeCents * refundCents) / chargeCents));
}

export type RefundResult =
  /** The money went back to the card. */
  | { status: 'completed'; refundId: string }
  /** The processor took the refund but has not finished it (Square PENDING): tracked until it completes or fails. */
  | { status: 'pending'; refundId: string }
  /** Definitely no money moved (Square REJECTED / FAILED, or a refused request). */
  | { status: 'failed'; refundId: string | null; message: string }
  /** No usable answer (network, timeout, 5xx, 408, 429): the refund may exist. Retry with the same key. */
  | { status: 'unknown'; message: string };

export interface PaymentProcessor {
  /** Stored in reservations.payment_provider. */
  readonly provider: 'square' | 'test';
  /** The request body `charge` sends for this charge. */
  paymentRequest(request: ChargeRequest): CreatePaymentBody;
  /** Square CreatePayment with this exact body. */
  charge(body: CreatePaymentBody): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Square GetPaymentRefund: the refund's current state. */
  getRefund(refundId: string): Promise<RefundResult>;
  /** Square GetPayment: the payment's current state (approved / declined (FAILED, CANCELED) / unknown). */
  getPayment(paymentId: string): Promise<ChargeResult>;
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
      return 'Your bank needs you to verify this payment, and it was not verified. You have not been charged. Please try again and complete the check your bank shows, or use another card.';
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
  payment?: { id?: string; status?: string; reference_id?: string };
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
    return { status: 'unknown', message: 'idempotency key reused with different parameters', code: 'IDEMPOTENCY_KEY_REUSED' };
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

/** No HTTP answer (0), a server error, a timeout (408) or no body: the outcome is not known. */
const noUsableAnswer = (httpStatus: number, answer: ProcessorAnswer | null) => httpStatus === 0 || httpStatus >= 500 || httpStatus === 408 || !answer;

/**
 * Reads a Square-shaped RefundPayment or GetPaymentRefund answer. `httpStatus` 0 means no
 * HTTP answer. refund.status PENDING -> pending, COMPLETED -> completed, REJECTED / FAILED ->
 * failed; no usable answer (0, 5xx, 408, no body, a 2xx without a refund id) -> unknown; a
 * 429 (rate limited: nothing was done) or IDEMPOTENCY_KEY_REUSED (a refund exists for
 * this key: its outcome is not ours to guess) -> unknown; any other 4xx -> failed with
 * the error's detail.
 */
export function readRefundAnswer(httpStatus: number, answer: ProcessorAnswer | null): RefundResult {
  const refund = answer?.refund;
  const error = answer?.errors?.[0];
  if (noUsableAnswer(httpStatus, answer)) {
    return { status: 'unknown', message: error?.detail ?? `no usable answer from the processor (HTTP ${httpStatus})` };
  }
  if (httpStatus >= 200 && httpStatus < 300) {
    if (!refund?.id) return { status: 'unknown', message: `no refund in the processor's answer (HTTP ${httpStatus})` };
    switch (refund.status) {
      case 'COMPLETED':
        return { status: 'completed', refundId: refund.id };
      case 'REJECTED':
      case 'FAILED':
        return { status: 'failed', refundId: refund.id, message: error?.detail ?? `refund ${refund.status}` };
      default:
        // PENDING (or a status Square adds later): the processor has it; track it by its id.
        return { status: 'pending', refundId: refund.id };
    }
  }
  if (httpStatus === 429) return { status: 'unknown', message: error?.detail ?? 'the processor is rate limiting (HTTP 429)' };
  if (error?.code === 'IDEMPOTENCY_KEY_REUSED') return { status: 'unknown', message: 'idempotency key reused with different parameters' };
  return {
    status: 'failed',
    refundId: refund?.id ?? null,
    message: error?.detail ?? error?.code ?? `refund not accepted (HTTP ${httpStatus})`,
  };
}

/**
 * Reads a Square-shaped GetPayment answer. payment.status COMPLETED / APPROVED -> approved;
 * FAILED / CANCELED -> declined (the error's code, else GENERIC_DECLINE / PAYMENT_CANCELED);
 * PENDING, no usable answer, or a refused lookup (401, 403, 429, ...) -> unknown; a 404
 * (no such payment: no money moved under that id) -> declined NOT_FOUND.
 */
export function readPaymentAnswer(httpStatus: number, answer: ProcessorAnswer | null): ChargeResult {
  const payment = answer?.payment;
  const error = answer?.errors?.[0];
  if (noUsableAnswer(httpStatus, answer)) {
    return { status: 'unknown', message: error?.detail ?? `no usable answer from the processor (HTTP ${httpStatus})` };
  }
  if (httpStatus >= 200 && httpStatus < 300 && payment?.id) {
    switch (payment.status) {
      case 'COMPLETED':
      case 'APPROVED':
        return { status: 'approved', paymentId: payment.id };
      case 'FAILED':
      case 'CANCELED': {
        const code = error?.code ?? (payment.status === 'CANCELED' ? 'PAYMENT_CANCELED' : 'GENERIC_DECLINE');
        return { status: 'declined', code, message: declineMessage(code) };
      }
      default:
        return { status: 'unknown', message: `payment status ${payment.status ?? 'missing'}` };
    }
  }
  if (httpStatus === 404 || error?.code === 'NOT_FOUND') {
    return { status: 'declined', code: 'NOT_FOUND', message: error?.detail ?? 'payment not found' };
  }
  return { status: 'unknown', message: error?.detail ?? `payment lookup not answered (HTTP ${httpStatus})` };
}

/**
 * A call's answer: the HTTP status Square answered (or would have) with its body, status 0
 * when there was no HTTP answer; or `unknown`, why the call itself failed (no answer to read).
 */
export type Answered = { status: number; answer: ProcessorAnswer | null } | { unknown: string };

function readAnswered<R>(
  answered: Answered,
  read: (httpStatus: number, answer: ProcessorAnswer | null) => R,
): R | { status: 'unknown'; message: string } {
  return 'unknown' in answered ? { status: 'unknown', message: answered.unknown } : read(answered.status, answered.answer);
}

/**
 * A processor that answers as Square's API does: a subclass makes the four calls its own way
 * (Square over HTTP, the local test processor through SQL), and every answer is read here alike.
 */
export abstract class SquareShapedProcessor implements PaymentProcessor {
  abstract readonly provider: 'square' | 'test';
  abstract paymentRequest(request: ChargeRequest): CreatePaymentBody;
  /** Square CreatePayment. */
  protected abstract sendCharge(body: CreatePaymentBody): Promise<Answered>;
  /** Square RefundPayment. */
  protected abstract sendRefund(request: RefundRequest): Promise<Answered>;
  /** Square GetPaymentRefund. */
  protected abstract sendGetRefund(refundId: string): Promise<Answered>;
  /** Square GetPayment. */
  protected abstract sendGetPayment(paymentId: string): Promise<Answered>;

  async charge(body: CreatePaymentBody): Promise<ChargeResult> {
    return readAnswered(await this.sendCharge(body), readChargeAnswer);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    return readAnswered(await this.sendRefund(request), readRefundAnswer);
  }

  async getRefund(refundId: string): Promise<RefundResult> {
    return readAnswered(await this.sendGetRefund(refundId), readRefundAnswer);
  }

  async getPayment(paymentId: string): Promise<ChargeResult> {
    return readAnswered(await this.sendGetPayment(paymentId), readPaymentAnswer);
  }
}
