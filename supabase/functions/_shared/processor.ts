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
