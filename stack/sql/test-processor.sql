-- The local test card processor: a stand-in for Square that the local stack and the tests use
-- when no Square secrets are configured (supabase/functions/_shared/test-processor.ts calls the
-- public.test_processor_* functions below). Only the local stack runs this file, after the
-- migrations (migrate() in stack/postgres.ts): a hosted project never has any of it, and the
-- declarative schema (supabase/schemas/) does not declare it. Idempotent: it runs on every start.

create schema if not exists test_processor;
revoke all on schema test_processor from public, anon, authenticated;
grant usage on schema test_processor to service_role;

-- Charges taken by the local test processor (Square sandbox nonces), one per idempotency key.
create table if not exists test_processor.payments (
  id text primary key default ('tpay_' || replace(gen_random_uuid()::text, '-', '')),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 45),
  source_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'USD',
  status text not null check (status in ('COMPLETED', 'FAILED')),
  error_code text,
  reference_id text,
  buyer_email text,
  note text,
  refunded_cents integer not null default 0,
  created_at timestamptz not null default now(),
  constraint payments_refund_within_amount
    check (refunded_cents between 0 and amount_cents)
);

-- Refunds of those charges, one per idempotency key.
create table if not exists test_processor.refunds (
  id text primary key default ('tref_' || replace(gen_random_uuid()::text, '-', '')),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 45),
  payment_id text not null references test_processor.payments (id),
  amount_cents integer not null check (amount_cents > 0),
  reason text,
  status text not null default 'COMPLETED' check (status in ('PENDING', 'COMPLETED', 'FAILED')),
  created_at timestamptz not null default now()
);

alter table test_processor.payments enable row level security;
alter table test_processor.refunds enable row level security;
revoke all on test_processor.payments, test_processor.refunds from public, anon, authenticated;
grant all on test_processor.payments, test_processor.refunds to service_role;

-- Square's answer to a request it refuses: one INVALID_REQUEST_ERROR, naming the field when
-- there is one.
create or replace function test_processor.request_error(p_code text, p_detail text, p_field text default null) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('errors', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
    'category', 'INVALID_REQUEST_ERROR', 'code', p_code, 'field', p_field, 'detail', p_detail))));
$$;

-- Square's CreatePayment: the sandbox test nonces and the error each one produces.
create or replace function public.test_processor_charge(
  p_idempotency_key text,
  p_source_id text,
  p_amount_cents integer,
  p_currency text default 'USD',
  p_reference_id text default null,
  p_buyer_email text default null,
  p_note text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_error text;
  v_payment test_processor.payments;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 45 then
    return test_processor.request_error('INVALID_VALUE', 'idempotency_key must be 1 to 45 characters', 'idempotency_key');
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    return test_processor.request_error('INVALID_VALUE', 'amount must be positive', 'amount_money.amount');
  end if;

  v_error := case coalesce(p_source_id, '')
    when 'cnon:card-nonce-ok' then null
    when 'cnon:card-nonce-declined' then 'GENERIC_DECLINE'
    when 'cnon:card-nonce-rejected-cvv' then 'CVV_FAILURE'
    when 'cnon:card-nonce-rejected-postalcode' then 'ADDRESS_VERIFICATION_FAILURE'
    when 'cnon:card-nonce-rejected-expiration' then 'INVALID_EXPIRATION'
    -- Not one of Square's sandbox nonces (the sandbox has no nonce for it): the issuer
    -- asks for a verification the buyer did not complete.
    when 'cnon:card-nonce-requires-verification' then 'CARD_DECLINED_VERIFICATION_REQUIRED'
    else 'CARD_TOKEN_EXPIRED'
  end;

  -- One row per key: a concurrent duplicate waits on the unique index and then
  -- reads the first request's result.
  insert into test_processor.payments as p (
    idempotency_key, source_id, amount_cents, currency, status, error_code, reference_id, buyer_email, note
  ) values (
    p_idempotency_key, coalesce(p_source_id, ''), p_amount_cents, coalesce(p_currency, 'USD'),
    case when v_error is null then 'COMPLETED' else 'FAILED' end,
    v_error, p_reference_id, p_buyer_email, p_note
  )
  on conflict (idempotency_key) do nothing
  returning * into v_payment;

  if v_payment.id is null then
    select * into v_payment from test_processor.payments p where p.idempotency_key = p_idempotency_key;
    -- As Square: the same key with a different amount is a different request.
    if v_payment.amount_cents <> p_amount_cents or v_payment.currency <> coalesce(p_currency, 'USD') then
      return test_processor.request_error('IDEMPOTENCY_KEY_REUSED', 'The idempotency key was already used for a different payment.');
    end if;
  end if;

  if v_payment.status = 'FAILED' then
    return jsonb_build_object(
      'errors', jsonb_build_array(jsonb_build_object(
        'category', case when v_payment.error_code = 'CARD_TOKEN_EXPIRED' then 'INVALID_REQUEST_ERROR' else 'PAYMENT_METHOD_ERROR' end,
        'code', v_payment.error_code,
        'detail', 'Declined by the local test processor.')),
      'payment', jsonb_build_object('id', v_payment.id, 'status', 'FAILED'));
  end if;

  return jsonb_build_object('payment', jsonb_build_object(
    'id', v_payment.id,
    'status', 'COMPLETED',
    'amount_money', jsonb_build_object('amount', v_payment.amount_cents, 'currency', v_payment.currency),
    'reference_id', v_payment.reference_id,
    'buyer_email_address', v_payment.buyer_email,
    'created_at', v_payment.created_at));
end;
$$;

-- Square's RefundPayment; the payment's buyer email decides the answer:
--   local part starting 'refund-pending'  PENDING; it completes at its first
--                                         lookup (test_processor_get_refund)
--   local part starting 'refund-fail'     FAILED (no money moves)
--   anything else                         COMPLETED at once
create or replace function public.test_processor_refund(
  p_idempotency_key text,
  p_payment_id text,
  p_amount_cents integer,
  p_reason text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_payment test_processor.payments;
  v_refund test_processor.refunds;
  v_status text;
begin
  -- The first answer for a key is the answer.
  select * into v_refund from test_processor.refunds r where r.idempotency_key = p_idempotency_key;
  if found then
    return public.test_processor_refund_json(v_refund);
  end if;

  select * into v_payment from test_processor.payments p where p.id = p_payment_id for update;
  if not found or v_payment.status <> 'COMPLETED' then
    return test_processor.request_error('NOT_FOUND', 'Payment not found.');
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or v_payment.refunded_cents + p_amount_cents > v_payment.amount_cents then
    return test_processor.request_error('REFUND_AMOUNT_INVALID', 'The refund exceeds what is left of the payment.');
  end if;

  v_status := case
    when lower(coalesce(v_payment.buyer_email, '')) like 'refund-pending%' then 'PENDING'
    when lower(coalesce(v_payment.buyer_email, '')) like 'refund-fail%' then 'FAILED'
    else 'COMPLETED'
  end;
  if v_status <> 'FAILED' then
    update test_processor.payments p
    set refunded_cents = p.refunded_cents + p_amount_cents
    where p.id = v_payment.id;
  end if;

  insert into test_processor.refunds (idempotency_key, payment_id, amount_cents, reason, status)
  values (p_idempotency_key, v_payment.id, p_amount_cents, p_reason, v_status)
  returning * into v_refund;
  return public.test_processor_refund_json(v_refund);
end;
$$;

create or replace function public.test_processor_refund_json(r test_processor.refunds)
returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('refund', jsonb_build_object(
    'id', r.id, 'status', r.status, 'payment_id', r.payment_id,
    'amount_money', jsonb_build_object('amount', r.amount_cents, 'currency', 'USD'),
    'created_at', r.created_at));
$$;

-- Square's GetPaymentRefund: a PENDING refund completes at its first lookup.
create or replace function public.test_processor_get_refund(p_refund_id text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_refund test_processor.refunds;
begin
  update test_processor.refunds r set status = 'COMPLETED'
  where r.id = p_refund_id and r.status = 'PENDING'
  returning * into v_refund;
  if v_refund.id is null then
    select * into v_refund from test_processor.refunds r where r.id = p_refund_id;
  end if;
  if v_refund.id is null then
    return test_processor.request_error('NOT_FOUND', 'Refund not found.');
  end if;
  return public.test_processor_refund_json(v_refund);
end;
$$;

-- Square's GetPayment.
create or replace function public.test_processor_get_payment(p_payment_id text)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select jsonb_build_object('payment', jsonb_build_object(
       'id', p.id, 'status', p.status,
       'amount_money', jsonb_build_object('amount', p.amount_cents, 'currency', p.currency),
       'refunded_money', jsonb_build_object('amount', p.refunded_cents, 'currency', p.currency),
       'reference_id', p.reference_id,
       'buyer_email_address', p.buyer_email,
       'created_at', p.created_at))
     from test_processor.payments p where p.id = p_payment_id),
    test_processor.request_error('NOT_FOUND', 'Payment not found.'));
$$;

revoke execute on function
  public.test_processor_charge(text, text, integer, text, text, text, text),
  public.test_processor_refund(text, text, integer, text),
  public.test_processor_refund_json(test_processor.refunds),
  public.test_processor_get_refund(text),
  public.test_processor_get_payment(text)
from public, anon, authenticated;

grant execute on function
  public.test_processor_charge(text, text, integer, text, text, text, text),
  public.test_processor_refund(text, text, integer, text),
  public.test_processor_get_refund(text),
  public.test_processor_get_payment(text)
to service_role;
