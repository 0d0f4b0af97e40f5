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
  type Answered,
  type ChargeRequest,
  createPaymentBody,
  type CreatePaymentBody,
  type ProcessorAnswer,
  type RefundRequest,
  SquareShapedProcessor,
} from './processor.ts';

/** The SQL function's answer, with the HTTP status Square would have answered this body with. */
function answered({ data, error }: { data: unknown; error: { message: string } | null }): Answered {
  // No answer from the database: what was asked may or may not have been recorded.
  if (error) return { unknown: error.message };
  const answer = data as ProcessorAnswer | null;
  if (!answer?.errors?.length) return { status: 200, answer };
  return { status: answer.errors[0]?.code === 'NOT_FOUND' ? 404 : 400, answer };
}

export class LocalTestProcessor extends SquareShapedProcessor {
  readonly provider = 'test' as const;
  constructor(private readonly db: SupabaseClient) {
    super();
  }

  paymentRequest(request: ChargeRequest): CreatePaymentBody {
    return createPaymentBody(request, null);
  }

  protected async sendCharge(body: CreatePaymentBody): Promise<Answered> {
    return answered(
      await rpc<ProcessorAnswer>(this.db, 'test_processor_charge', {
        p_idempotency_key: body.idempotency_key,
        p_source_id: body.source_id,
        p_amount_cents: body.amount_money.amount,
        p_currency: body.amount_money.currency,
        p_reference_id: body.reference_id ?? null,
        p_buyer_email: body.buyer_email_address ?? null,
        p_note: body.note ?? null,
      }),
    );
  }

  protected async sendRefund(request: RefundRequest): Promise<Answered> {
    return answered(
      await rpc(this.db, 'test_processor_refund', {
        p_idempotency_key: request.idempotencyKey,
        p_payment_id: request.paymentId,
        p_amount_cents: request.amountCents,
        p_reason: request.reason,
      }),
    );
  }

  protected async sendGetRefund(refundId: string): Promise<Answered> {
    return answered(await rpc(this.db, 'test_processor_get_refund', { p_refund_id: refundId }));
  }

  protected async sendGetPayment(paymentId: string): Promise<Answered> {
    return answered(await rpc(this.db, 'test_processor_get_payment', { p_payment_id: paymentId }));
  }
}
