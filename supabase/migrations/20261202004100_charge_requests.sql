-- =============================================================================
-- The exact CreatePayment request of every charge, and what the reconciler needs
-- to settle a charge without guessing.
--
--   payment_ledger.processor_request  the request body sent to the processor,
--       stored on the 'charging' row before it is sent (note_charge). A retried
--       CreatePayment re-sends exactly it: Square answers a repeated key with a
--       different body IDEMPOTENCY_KEY_REUSED (e.g. a note built from an event
--       title staff renamed since).
--   note_charge  stores the request (the first one stays) and a payment id
--       learned after the request (an approved answer whose confirmation
--       failed); answers the request to send.
--   payments_to_reconcile  adds each stuck charge's known payment id (from
--       note_charge or a payment.updated webhook) and its stored request: a known
--       id is settled with GetPayment, an unknown one by re-sending the request.
--   test_processor_charge  also honours 'cnon:card-nonce-requires-verification'
--       (CARD_DECLINED_VERIFICATION_REQUIRED), the labelled test card form's
--       "verification required" card.
-- =============================================================================

alter table public.payment_ledger add column processor_request jsonb;

comment on column public.payment_ledger.processor_request is
  'A charge''s request body exactly as sent to the processor (Square CreatePayment); re-sent unchanged by reconcile-payments.';

create or replace function public.note_charge(p_reservation_id uuid, p_request jsonb default null, p_payment_id text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request jsonb;
  v_found boolean;
begin
  update public.payment_ledger l
  set processor_request = coalesce(l.processor_request, p_request),
      provider_payment_id = coalesce(l.provider_payment_id, p_payment_id)
  where l.reservation_id = p_reservation_id and l.kind = 'charge' and l.status = 'charging'
  returning l.processor_request into v_request;
  v_found := found;
  -- No open charge (none was recorded, or it is settled): the request is sent as built.
  return case when v_found then v_request else p_request end;
end;
$$;

create or replace function public.payments_to_reconcile(p_older_than_seconds integer default 120, p_limit integer default 200)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'charges', coalesce((
      select jsonb_agg(jsonb_build_object(
        'ledger_id', x.id, 'reservation_id', x.reservation_id, 'idempotency_key', x.idempotency_key, 'provider', x.provider,
        'amount_cents', x.amount_cents, 'email', r.email, 'guests', r.num_guests, 'status', r.status,
        'event_title', e.title, 'org_name', o.name,
        'payment_id', x.provider_payment_id, 'request', x.processor_request,
        'payment_source', (select be.detail ->> 'payment_source' from public.booking_events be
                           where be.reservation_id = r.id and be.kind = 'held' and be.detail ->> 'payment_source' is not null
                           order by be.id limit 1)) order by x.id)
      from (select l.* from public.payment_ledger l
            where l.kind = 'charge' and l.status = 'charging'
              and l.created_at < now() - make_interval(secs => greatest(coalesce(p_older_than_seconds, 120), 0))
            order by l.id limit greatest(coalesce(p_limit, 200), 1)) x
      join public.reservations r on r.id = x.reservation_id
      join public.events e on e.id = r.event_id
      join public.organizations o on o.id = r.org_id), '[]'::jsonb),
    'refunds', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', x.id, 'reservation_id', x.reservation_id, 'amount_cents', x.amount_cents,
        'idempotency_key', x.idempotency_key, 'provider', x.provider, 'payment_id', x.provider_payment_id,
        'refund_id', x.provider_refund_id, 'reason', coalesce(x.reason, 'Refund')) order by x.id)
      from (select l.* from public.payment_ledger l
            where l.kind = 'refund' and l.status = 'pending'
              and l.updated_at < now() - make_interval(secs => greatest(coalesce(p_older_than_seconds, 120), 0))
            order by l.id limit greatest(coalesce(p_limit, 200), 1)) x), '[]'::jsonb));
$$;

-- A charge the reconciler cannot settle on its own (e.g. IDEMPOTENCY_KEY_REUSED):
-- the reason on the charge's ledger row (members read it) and in the booking's
-- audit trail. The row stays 'charging'; the same reason is not logged twice in a row.
create or replace function public.note_charge_problem(p_ledger_id bigint, p_code text, p_message text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.payment_ledger;
  v_text text := left(coalesce(p_code, 'UNKNOWN') || ': ' || coalesce(p_message, ''), 500);
begin
  select * into v_row from public.payment_ledger l where l.id = p_ledger_id and l.kind = 'charge' for update;
  if v_row.id is null or v_row.message is not distinct from v_text then
    return;
  end if;
  update public.payment_ledger l set message = v_text where l.id = v_row.id;
  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.reservation_id, 'reconcile_problem', jsonb_build_object('code', p_code, 'message', p_message, 'ledger_id', v_row.id));
end;
$$;

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
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_error text;
  v_payment public.test_processor_payments;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 45 then
    return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'INVALID_VALUE', 'field', 'idempotency_key',
      'detail', 'idempotency_key must be 1 to 45 characters')));
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'INVALID_VALUE', 'field', 'amount_money.amount',
      'detail', 'amount must be positive')));
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
  insert into public.test_processor_payments as p (
    idempotency_key, source_id, amount_cents, currency, status, error_code, reference_id, buyer_email, note
  ) values (
    p_idempotency_key, coalesce(p_source_id, ''), p_amount_cents, coalesce(p_currency, 'USD'),
    case when v_error is null then 'COMPLETED' else 'FAILED' end,
    v_error, p_reference_id, p_buyer_email, p_note
  )
  on conflict (idempotency_key) do nothing
  returning * into v_payment;

  if v_payment.id is null then
    select * into v_payment from public.test_processor_payments p where p.idempotency_key = p_idempotency_key;
    -- As Square: the same key with a different amount is a different request.
    if v_payment.amount_cents <> p_amount_cents or v_payment.currency <> coalesce(p_currency, 'USD') then
      return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
        'category', 'INVALID_REQUEST_ERROR', 'code', 'IDEMPOTENCY_KEY_REUSED',
        'detail', 'The idempotency key was already used for a different payment.')));
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

revoke execute on function
  public.note_charge(uuid, jsonb, text),
  public.note_charge_problem(bigint, text, text),
  public.payments_to_reconcile(integer, integer),
  public.test_processor_charge(text, text, integer, text, text, text, text)
from public, anon, authenticated;

grant execute on function
  public.note_charge(uuid, jsonb, text),
  public.note_charge_problem(bigint, text, text),
  public.payments_to_reconcile(integer, integer),
  public.test_processor_charge(text, text, integer, text, text, text, text)
to service_role;
