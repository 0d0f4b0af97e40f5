// The local stand-in for Square (local stack, tests): SQL functions test_processor_charge /
// test_processor_refund honour Square's sandbox nonces and record their charges in
// public.test_processor_payments. Imports processor.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import {
  type ChargeRequest,
  type ChargeResult,
  type PaymentProcessor,
  type ProcessorAnswer,
  readChargeAnswer,
  readRefundAnswer,
  type RefundRequest,
  type RefundResult,
} from './processor.ts';

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
