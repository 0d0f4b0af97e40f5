-- The local test card processor is the local stack's, not the application's: its tables and
-- functions leave the public schema, so a hosted project has none of them. The local stack
-- creates them again, in their own schema, from stack/sql/test-processor.sql after the
-- migrations (stack/postgres.ts).

drop function if exists
  public.test_processor_charge(text, text, integer, text, text, text, text),
  public.test_processor_refund(text, text, integer, text),
  public.test_processor_get_refund(text),
  public.test_processor_get_payment(text),
  public.test_processor_refund_json(public.test_processor_refunds);

drop table if exists public.test_processor_refunds, public.test_processor_payments;
