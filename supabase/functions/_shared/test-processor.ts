// The local stand-in for Square (local stack, tests): SQL functions test_processor_charge /
// test_processor_refund / test_processor_get_refund / test_processor_get_payment honour
// Square's sandbox nonces, record their charges and refunds in test_processor.payments
// and test_processor.refunds, and answer Square-shaped JSON, read as Square's is. They exist
// only where the local stack created them (stack/sql/test-processor.sql), never on a hosted project.
// Refunds of a payment whose buyer email starts 'refund-pending' are PENDING (completed at
// their first lookup), 'refund-fail' FAILED. A failed RPC (no answer) is 'unknown'.
// Imports processor.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { rpc } from './db.ts';
import {
  type ChargeRequest,
  type ChargeResult,
  createPaymentBody,
  type CreatePaymentBody,
  type PaymentProcessor,
  type ProcessorAnswer,
  readChargeAnswer,
  readPaymentAnswer,
  readRefundAnswer,
  type RefundRequest,
  type RefundResult,
} from './processor.ts';

/** The HTTP status Square would have answered with this body. */
function httpStatusOf(answer: ProcessorAnswer | null): number {
  if (!answer?.errors?.length) return 200;
  return answer.errors[0]?.code === 'NOT_FOUND' ? 404 : 400;
}

export class LocalTestProcessor implements PaymentProcessor {
  readonly provider = 'test' as const;
  constructor(private readonly db: SupabaseClient) {}

  paymentRequest(request: ChargeRequest): CreatePaymentBody {
    return createPaymentBody(request, null);
  }

  async charge(body: CreatePaymentBody): Promise<ChargeResult> {
    const { data, error } = await rpc<ProcessorAnswer>(this.db, 'test_processor_charge', {
      p_idempotency_key: body.idempotency_key,
      p_source_id: body.source_id,
      p_amount_cents: body.amount_money.amount,
      p_currency: body.amount_money.currency,
      p_reference_id: body.reference_id ?? null,
      p_buyer_email: body.buyer_email_address ?? null,
      p_note: body.note ?? null,
    });
    if (error) return { status: 'unknown', message: error.message };
    const answer = data as ProcessorAnswer;
    return readChargeAnswer(answer?.errors?.length ? 400 : 200, answer);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { data, error } = await rpc(this.db, 'test_processor_refund', {
      p_idempotency_key: request.idempotencyKey,
      p_payment_id: request.paymentId,
      p_amount_cents: request.amountCents,
      p_reason: request.reason,
    });
    // No answer from the database: the refund may or may not have been recorded.
    if (error) return { status: 'unknown', message: error.message };
    const answer = data as ProcessorAnswer | null;
    return readRefundAnswer(httpStatusOf(answer), answer);
  }

  async getRefund(refundId: string): Promise<RefundResult> {
    const { data, error } = await rpc(this.db, 'test_processor_get_refund', { p_refund_id: refundId });
    if (error) return { status: 'unknown', message: error.message };
    const answer = data as ProcessorAnswer | null;
    return readRefundAnswer(httpStatusOf(answer), answer);
  }

  async getPayment(paymentId: string): Promise<ChargeResult> {
    const { data, error } = await rpc(this.db, 'test_processor_get_payment', { p_payment_id: paymentId });
    if (error) return { status: 'unknown', message: error.message };
    const answer = data as ProcessorAnswer | null;
    return readPaymentAnswer(httpStatusOf(answer), answer);
  }
}
