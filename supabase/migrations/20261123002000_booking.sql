-- =============================================================================
-- Booking: the one money path every booking flavour shares
--
--   quote_booking(...)          price a booking (nothing reserved)
--   hold_booking(...)           price it again and hold the seats, in one
--                               transaction, keyed by an idempotency key
--   confirm_booking(id, ...)    the charge went through: held -> confirmed,
--                               confirmation email queued in email_outbox
--   fail_booking(id, reason)    the charge failed: held -> failed, seats back
--   release_expired_holds()     expire stale holds (seats back); for a cron
--   record_booking_event(...)   audit trail of charges, refunds and answers
--   test_processor_charge/refund  the local stand-in for Square (no secrets)
--
-- Capacity itself is moved by the reservation triggers (migration
-- 20261123000400): a row holds seats while it is 'held' or 'confirmed', with
-- conditional updates under the event row lock. These functions decide the
-- price, validate the request, reserve promo uses, and translate refusals
-- into the messages guests see.
--
-- Lock order, the same in every function here and in the triggers, so
-- concurrent bookings queue instead of deadlocking:
--   idempotency key (advisory) -> event row -> reservation rows
--   -> promo code (advisory) -> ticket type / slot rows -> promo code row
--
-- Errors (message is what the guest sees):
--   P0001  invalid request: guests, slot missing, promo code refused,
--          amount changed, payment token rules            -> HTTP 400
--   SH404  event / ticket type / time slot / reservation not found -> 404
--   SH409  not enough capacity, event not bookable, idempotency key reused
--          for a different booking (also raised by the triggers) -> 409
--   SH410  promo code no longer redeemable at confirmation (triggers) -> 409
--
-- Every function is security definer with an empty search_path and may be
-- executed by service_role only: the edge functions call them with the
-- service-role client after validating their input.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Audit trail: what happened to a booking's money, and the answer given
-- -----------------------------------------------------------------------------

create table public.booking_events (
  id bigint generated always as identity primary key,
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

comment on table public.booking_events is
  'Append-only log of a reservation''s money path: held, charge results, confirmed, failed, refunds, and the final answer (kind ''outcome'') replayed to retries of the same idempotency key.';

create index booking_events_reservation_id_idx on public.booking_events (reservation_id, id);

alter table public.booking_events enable row level security;
revoke all on public.booking_events from anon, authenticated;
grant all on public.booking_events to service_role;

-- -----------------------------------------------------------------------------
-- The money ledger: one per reservation, every charge, refund and comp a row
--
--   charge  'charging' is written (with the idempotency key and amount) before
--           the processor is called; then 'completed' (provider_payment_id) or
--           'failed'. A row left 'charging' is settled by reconcile-payments.
--   refund  'pending' from the decision on (provider_refund_id null until the
--           processor answered; Square PENDING keeps it pending), then
--           'completed' or 'failed'. Keyed: a retry never refunds twice.
--   comp    value given away (a 100% discount, guests added as complimentary).
-- What the admin, the guest and the emails show is computed from these rows
-- (public.money_of), never stored twice. Refunds (pending + completed) never
-- exceed completed charges: checked by a trigger under the reservation lock.
-- -----------------------------------------------------------------------------

create table public.payment_ledger (
  id bigint generated always as identity primary key,
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  org_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null check (kind in ('charge', 'refund', 'comp')),
  status text not null check (status in ('charging', 'pending', 'completed', 'failed')),
  amount_cents integer not null check (amount_cents >= 0),
  -- Guests a charge or comp covers (for refunds of a smaller party).
  guests integer check (guests between 0 and 100),
  -- 'cash': taken at the door by staff (staff_create_booking); refunded by hand.
  provider text check (provider in ('square', 'test', 'cash')),
  provider_payment_id text,
  provider_refund_id text,
  idempotency_key text check (char_length(idempotency_key) between 1 and 45),
  reason text check (char_length(reason) <= 500),
  -- 'guest', 'system', or 'staff:<user id>'.
  actor text not null default 'system',
  -- A refund whose guest is emailed once the processor has answered.
  notify_guest boolean not null default false,
  notice text check (notice in ('cancellation', 'refund', 'booking_refunded')),
  submitted_at timestamptz,
  message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_ledger_charging_is_a_charge check (status <> 'charging' or kind = 'charge'),
  constraint payment_ledger_key unique (kind, idempotency_key)
);

comment on table public.payment_ledger is
  'Every charge, refund and comp of a reservation. Paid, refunded, net and the badge are computed from it (public.money_of).';

create index payment_ledger_reservation_idx on public.payment_ledger (reservation_id, id);
create index payment_ledger_open_idx on public.payment_ledger (created_at) where status in ('charging', 'pending');
create index payment_ledger_provider_payment_idx on public.payment_ledger (provider_payment_id) where provider_payment_id is not null;
create index payment_ledger_provider_refund_idx on public.payment_ledger (provider_refund_id) where provider_refund_id is not null;

create trigger payment_ledger_set_updated_at
  before update on public.payment_ledger
  for each row execute function public.set_updated_at();

alter table public.payment_ledger enable row level security;
revoke all on public.payment_ledger from anon, authenticated;
grant all on public.payment_ledger to service_role;
grant select on public.payment_ledger to authenticated;

create policy "Members can see the money of their organizations' reservations"
  on public.payment_ledger for select
  to authenticated
  using (public.is_org_member(org_id));

-- Refunds never exceed what was charged.
create or replace function public.check_refund_within_charges()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  charged integer;
  refunding integer;
begin
  if new.kind <> 'refund' or new.status = 'failed' then
    return new;
  end if;
  select
    coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0),
    coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status in ('pending', 'completed') and l.id is distinct from new.id), 0)
  into charged, refunding
  from public.payment_ledger l
  where l.reservation_id = new.reservation_id;
  if refunding + new.amount_cents > charged then
    raise exception 'A refund cannot exceed what was paid (% paid, % already refunded)',
      public.booking_money(charged), public.booking_money(refunding)
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;

revoke execute on function public.check_refund_within_charges() from public, anon, authenticated;

create trigger payment_ledger_refund_within_charges
  before insert or update of amount_cents, status on public.payment_ledger
  for each row execute function public.check_refund_within_charges();

-- The money a reservation still holds: completed charges less refunds given or
-- under way.
create or replace function public.money_held_cents(p_reservation_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)
        - coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status in ('pending', 'completed')), 0))::integer
  from public.payment_ledger l
  where l.reservation_id = p_reservation_id;
$$;

-- Paid, refunded, net and the badge of one reservation, from its ledger.
--   badge: 'Refund pending' (a refund under way), 'Refunded', 'Partially
--   refunded', 'Paid', 'Payment pending' (a charge not yet settled), 'Comp'
--   (given away), 'Free' (nothing to pay).
create or replace function public.money_of(p_reservation_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with t as (
    select
      coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer as paid,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::integer as refunded,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0)::integer as pending,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'failed'), 0)::integer as failed,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'comp'), 0)::integer as comp,
      bool_or(l.kind = 'charge' and l.status = 'charging') as charging
    from public.payment_ledger l
    where l.reservation_id = p_reservation_id
  )
  select jsonb_build_object(
    'paid_cents', t.paid,
    'refunded_cents', t.refunded,
    'pending_refund_cents', t.pending,
    'failed_refund_cents', t.failed,
    'net_cents', t.paid - t.refunded,
    'refundable_cents', t.paid - t.refunded - t.pending,
    'comp_cents', t.comp,
    'badge', case
      when t.pending > 0 then 'Refund pending'
      when t.paid > 0 and t.refunded >= t.paid then 'Refunded'
      when t.paid > 0 and t.refunded > 0 then 'Partially refunded'
      when t.paid > 0 then 'Paid'
      when coalesce(t.charging, false) then 'Payment pending'
      when t.comp > 0 then 'Comp'
      else 'Free'
    end)
  from t;
$$;

revoke execute on function public.money_held_cents(uuid), public.money_of(uuid) from public, anon, authenticated;
grant execute on function public.money_of(uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Local test processor (stands in for Square when no credentials are set)
-- -----------------------------------------------------------------------------

create table public.test_processor_payments (
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
  constraint test_processor_payments_refund_within_amount
    check (refunded_cents between 0 and amount_cents)
);

create table public.test_processor_refunds (
  id text primary key default ('tref_' || replace(gen_random_uuid()::text, '-', '')),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 45),
  payment_id text not null references public.test_processor_payments (id),
  amount_cents integer not null check (amount_cents > 0),
  reason text,
  status text not null default 'COMPLETED' check (status in ('PENDING', 'COMPLETED', 'FAILED')),
  created_at timestamptz not null default now()
);

comment on table public.test_processor_payments is
  'Charges taken by the local test processor (Square sandbox nonces), one per idempotency key.';

alter table public.test_processor_payments enable row level security;
alter table public.test_processor_refunds enable row level security;
revoke all on public.test_processor_payments, public.test_processor_refunds from anon, authenticated;
grant all on public.test_processor_payments, public.test_processor_refunds to service_role;

-- Square's sandbox test nonces and the error each one produces.
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

-- Refunds answer as Square's do. Test values (the payment's buyer email):
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
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.test_processor_payments;
  v_refund public.test_processor_refunds;
  v_status text;
begin
  -- The first answer for a key is the answer.
  select * into v_refund from public.test_processor_refunds r where r.idempotency_key = p_idempotency_key;
  if found then
    return public.test_processor_refund_json(v_refund);
  end if;

  select * into v_payment from public.test_processor_payments p where p.id = p_payment_id for update;
  if not found or v_payment.status <> 'COMPLETED' then
    return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'NOT_FOUND', 'detail', 'Payment not found.')));
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or v_payment.refunded_cents + p_amount_cents > v_payment.amount_cents then
    return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'REFUND_AMOUNT_INVALID',
      'detail', 'The refund exceeds what is left of the payment.')));
  end if;

  v_status := case
    when lower(coalesce(v_payment.buyer_email, '')) like 'refund-pending%' then 'PENDING'
    when lower(coalesce(v_payment.buyer_email, '')) like 'refund-fail%' then 'FAILED'
    else 'COMPLETED'
  end;
  if v_status <> 'FAILED' then
    update public.test_processor_payments p
    set refunded_cents = p.refunded_cents + p_amount_cents
    where p.id = v_payment.id;
  end if;

  insert into public.test_processor_refunds (idempotency_key, payment_id, amount_cents, reason, status)
  values (p_idempotency_key, v_payment.id, p_amount_cents, p_reason, v_status)
  returning * into v_refund;
  return public.test_processor_refund_json(v_refund);
end;
$$;

create or replace function public.test_processor_refund_json(r public.test_processor_refunds)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('refund', jsonb_build_object(
    'id', r.id, 'status', r.status, 'payment_id', r.payment_id,
    'amount_money', jsonb_build_object('amount', r.amount_cents, 'currency', 'USD'),
    'created_at', r.created_at));
$$;

-- Square's GetPaymentRefund: a PENDING refund completes at its first lookup.
create or replace function public.test_processor_get_refund(p_refund_id text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund public.test_processor_refunds;
begin
  update public.test_processor_refunds r set status = 'COMPLETED'
  where r.id = p_refund_id and r.status = 'PENDING'
  returning * into v_refund;
  if v_refund.id is null then
    select * into v_refund from public.test_processor_refunds r where r.id = p_refund_id;
  end if;
  if v_refund.id is null then
    return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'NOT_FOUND', 'detail', 'Refund not found.')));
  end if;
  return public.test_processor_refund_json(v_refund);
end;
$$;

-- Square's GetPayment.
create or replace function public.test_processor_get_payment(p_payment_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('payment', jsonb_build_object(
       'id', p.id, 'status', p.status,
       'amount_money', jsonb_build_object('amount', p.amount_cents, 'currency', p.currency),
       'refunded_money', jsonb_build_object('amount', p.refunded_cents, 'currency', p.currency),
       'reference_id', p.reference_id,
       'buyer_email_address', p.buyer_email,
       'created_at', p.created_at))
     from public.test_processor_payments p where p.id = p_payment_id),
    jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
      'category', 'INVALID_REQUEST_ERROR', 'code', 'NOT_FOUND', 'detail', 'Payment not found.'))));
$$;

-- -----------------------------------------------------------------------------
-- Helpers (not callable through the API)
-- -----------------------------------------------------------------------------

create or replace function public.booking_money(cents integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select '$' || to_char(coalesce(cents, 0) / 100.0, 'FM999,999,990.00');
$$;

-- A promo code's uses taken: redeemed plus live holds, in ONE statement (one snapshot).
-- A confirmation moves a use from "held" to "redeemed" in one commit; two separate reads
-- could miss it on both sides and let one hold too many through.
create or replace function public.promo_uses_taken(p_promo_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select p.times_redeemed + (
           select count(*)::integer from public.reservations r
           where r.promo_code_id = p.id and public.is_live_hold(r.status, r.hold_expires_at))
  from public.promo_codes p where p.id = p_promo_id;
$$;

-- -----------------------------------------------------------------------------
-- Promo code guessing: throttled per client and per event
--
-- Every refused code answers the same 'Invalid promo code' (unknown, inactive
-- and used-up codes look alike). Refusals are counted per event, and per client
-- of that event: the edge functions record each one (record_promo_miss) and
-- pass the guest's address in the request header x-supperhost-client, which
-- PostgREST exposes as request.headers. Past the limits, a code is not even
-- looked at: SH429 with the seconds to wait in its detail (HTTP 429 with
-- Retry-After).
-- -----------------------------------------------------------------------------

create table public.promo_code_misses (
  id bigint generated always as identity primary key,
  event_id uuid not null references public.events (id) on delete cascade,
  client_key text not null check (char_length(client_key) between 1 and 200),
  created_at timestamptz not null default now()
);

comment on table public.promo_code_misses is
  'Refused promo code attempts (a sliding window for throttling guesses); rows older than the window are deleted as new ones arrive.';

create index promo_code_misses_event_client_idx on public.promo_code_misses (event_id, client_key, created_at);
create index promo_code_misses_event_idx on public.promo_code_misses (event_id, created_at);

alter table public.promo_code_misses enable row level security;
revoke all on public.promo_code_misses from anon, authenticated;
grant all on public.promo_code_misses to service_role;

-- The limits, in one place: misses within the window per client of an event,
-- and per event from all clients.
create or replace function public.promo_throttle_limits()
returns table (window_seconds integer, per_client integer, per_event integer)
language sql
immutable
parallel safe
set search_path = ''
as $$ select 900, 10, 200 $$;

-- The caller's client key: the guest's address as the edge function passed it.
create or replace function public.request_client_key()
returns text
language sql
stable
set search_path = ''
as $$
  select left(coalesce(
    nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> 'x-supperhost-client'), ''),
    'unknown'), 200);
$$;

-- Refuses (SH429) while the caller or the event is over its limit.
create or replace function public.assert_promo_attempts_allowed(p_event_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limits record;
  v_client text := public.request_client_key();
  v_oldest timestamptz;
  v_wait integer;
begin
  select * into v_limits from public.promo_throttle_limits();
  select min(t.created_at) into v_oldest
  from (
    select m.created_at
    from public.promo_code_misses m
    where m.event_id = p_event_id and m.client_key = v_client
      and m.created_at > now() - make_interval(secs => v_limits.window_seconds)
    order by m.created_at desc
    limit v_limits.per_client
  ) t
  having count(*) >= v_limits.per_client;
  if v_oldest is null then
    select min(t.created_at) into v_oldest
    from (
      select m.created_at
      from public.promo_code_misses m
      where m.event_id = p_event_id
        and m.created_at > now() - make_interval(secs => v_limits.window_seconds)
      order by m.created_at desc
      limit v_limits.per_event
    ) t
    having count(*) >= v_limits.per_event;
  end if;
  if v_oldest is not null then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + make_interval(secs => v_limits.window_seconds) - now())))::integer);
    raise exception 'Too many promo code attempts. Please try again in % minute%.',
        ceil(v_wait / 60.0)::integer, case when ceil(v_wait / 60.0) = 1 then '' else 's' end
      using errcode = 'SH429', detail = jsonb_build_object('kind', 'promo_throttle', 'retry_after', v_wait)::text;
  end if;
end;
$$;

-- Records one refused code for the caller (called by the edge functions).
create or replace function public.record_promo_miss(p_event_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.promo_code_misses m
  where m.event_id = p_event_id
    and m.created_at < now() - make_interval(secs => (select window_seconds from public.promo_throttle_limits()));
  insert into public.promo_code_misses (event_id, client_key)
  select e.id, public.request_client_key() from public.events e where e.id = p_event_id;
$$;

-- Prices a booking and checks that it can be made, without taking anything.
-- With p_lock (hold_booking) it first takes the event row lock, expires the
-- event's stale holds and takes the promo code's advisory lock, so the
-- capacity and promo checks it makes stay true until the transaction ends.
-- p_slot_cap: the trusted caller's own limit per time slot (the supper club's
-- 20 tickets per seating); a slot then takes least(max_capacity, p_slot_cap)
-- guests, whatever its stored capacity says. Checked under the event lock.
create or replace function public.booking_evaluate(
  p_event_id uuid,
  p_guests integer,
  p_pricing text,
  p_ticket_type text,
  p_rsvp_slot_id uuid,
  p_time_slot text,
  p_promo_code text,
  p_unit_price_cents integer,
  p_max_guests integer,
  p_org_slug text,
  p_slot_cap integer,
  p_lock boolean
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event public.events;
  v_org public.organizations;
  v_rsvp_org boolean;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_promo public.promo_codes;
  v_unit integer;
  v_subtotal integer;
  v_discount integer := 0;
  v_taken integer;
  v_left integer;
  v_slot_capacity integer;
  v_max_guests integer := least(coalesce(p_max_guests, 10), 10);
  v_code text := nullif(btrim(coalesce(p_promo_code, '')), '');
  v_slot_key text := nullif(btrim(coalesce(p_time_slot, '')), '');
  v_ticket_key text := nullif(btrim(coalesce(p_ticket_type, '')), '');
begin
  if p_pricing is null or p_pricing not in ('ticket', 'deposit', 'fixed') then
    raise exception 'Unknown pricing %', coalesce(p_pricing, 'null') using errcode = 'P0001';
  end if;
  if p_guests is null or p_guests < 1 then
    raise exception 'At least 1 guest is required.' using errcode = 'P0001';
  end if;
  if p_guests > v_max_guests then
    raise exception 'A booking is limited to % guests.', v_max_guests using errcode = 'P0001';
  end if;
  if p_slot_cap is not null and p_slot_cap < 0 then
    raise exception 'A slot cap cannot be negative' using errcode = 'P0001';
  end if;

  -- The event, locked for the rest of the transaction when holding.
  if p_lock then
    select * into v_event from public.events e where e.id = p_event_id for update;
  else
    select * into v_event from public.events e where e.id = p_event_id;
  end if;
  select * into v_org from public.organizations o where o.id = v_event.org_id;
  if v_event.id is null or not v_event.is_active
     or (p_org_slug is not null and v_org.slug is distinct from p_org_slug) then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if not public.is_upcoming_event(v_event.date, v_event.event_time, v_event.event_timezone) then
    raise exception 'This event has already started. Please select an upcoming event.' using errcode = 'SH409';
  end if;

  if p_lock then
    -- Stale holds of this event give their seats back (through the trigger)
    -- before anything is counted.
    update public.reservations r
    set status = 'expired'
    where r.event_id = v_event.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at);
  end if;

  -- What is being booked, and its unit price.
  if p_pricing = 'ticket' then
    if v_ticket_key is not null then
      select * into v_ticket
      from public.ticket_types t
      where t.event_id = v_event.id
        and (t.id::text = lower(v_ticket_key) or lower(t.name) = lower(v_ticket_key))
      order by (t.id::text = lower(v_ticket_key)) desc, t.created_at
      limit 1;
    end if;
    if v_ticket.id is null then
      raise exception 'Ticket type not found. Please select a valid ticket type.' using errcode = 'SH404';
    end if;
    v_unit := v_ticket.price;
  else
    if p_rsvp_slot_id is not null then
      select * into v_slot from public.rsvp_slots s where s.id = p_rsvp_slot_id and s.event_id = v_event.id;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    elsif v_slot_key is not null then
      select * into v_slot
      from public.rsvp_slots s
      where s.event_id = v_event.id
        and (lower(s.slot_label) = lower(v_slot_key) or s.id::text = lower(v_slot_key))
      order by s.is_active desc, s.slot_time
      limit 1;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    else
      raise exception 'Please select a time slot' using errcode = 'P0001';
    end if;
    if not v_slot.is_active then
      raise exception 'The % time slot is not available. Please select another time.', v_slot.slot_label
        using errcode = 'SH409';
    end if;

    if p_pricing = 'deposit' then
      select coalesce(b.reservation_mode = 'rsvp', false) into v_rsvp_org
      from public.org_branding b where b.org_id = v_event.org_id;
      if not (v_event.rsvp_mode or coalesce(v_rsvp_org, false)) then
        raise exception 'This event does not take RSVPs.' using errcode = 'SH409';
      end if;
      if v_event.rsvp_mode and not v_event.rsvp_open then
        raise exception 'RSVPs are closed for this event.' using errcode = 'SH409';
      end if;
      v_unit := coalesce(v_event.deposit_amount, 500);
    else
      if p_unit_price_cents is null or p_unit_price_cents < 0 then
        raise exception 'A fixed price is required' using errcode = 'P0001';
      end if;
      v_unit := p_unit_price_cents;
    end if;
  end if;

  -- Capacity, as the triggers will count it (exact under the hold's locks,
  -- advisory for a quote, which counts stale holds as free: the next hold
  -- releases them).
  if not p_lock then
    if v_ticket.id is not null then
      v_ticket.quantity := v_ticket.quantity + coalesce((
        select sum(r.num_guests) from public.reservations r
        where r.ticket_type_id = v_ticket.id and public.is_abandoned_hold(r.status, r.hold_expires_at)), 0);
    end if;
    if v_slot.id is not null then
      v_slot.current_rsvps := greatest(v_slot.current_rsvps - coalesce((
        select sum(r.num_guests) from public.reservations r
        where r.rsvp_slot_id = v_slot.id and public.is_abandoned_hold(r.status, r.hold_expires_at)), 0), 0);
    end if;
  end if;
  if v_ticket.id is not null and v_ticket.quantity < p_guests then
    raise exception 'Only % tickets available for %.', v_ticket.quantity, v_ticket.name
      using errcode = 'SH409',
            detail = jsonb_build_object('kind', 'ticket_type', 'available', v_ticket.quantity)::text;
  end if;
  -- The slot's capacity, within the caller's own cap per slot (counted under the
  -- event lock when holding, like the triggers' own check against max_capacity).
  v_slot_capacity := least(v_slot.max_capacity, coalesce(p_slot_cap, v_slot.max_capacity));
  if v_slot.id is not null and v_slot_capacity - v_slot.current_rsvps < p_guests then
    v_left := greatest(v_slot_capacity - v_slot.current_rsvps, 0);
    if p_pricing = 'fixed' then
      raise exception 'Not enough tickets for % at % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_slot.slot_label, v_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    elsif v_left = 0 then
      raise exception 'The % time slot is full. Please select another time.', v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', 0)::text;
    else
      raise exception 'Only % spots left in the % time slot. Please select another time or fewer guests.', v_left, v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    end if;
  end if;
  if v_event.max_guests is not null then
    select coalesce(sum(r.num_guests), 0) into v_taken
    from public.reservations r
    where r.event_id = v_event.id
      and public.holds_seats(r.status, r.hold_expires_at);
    if v_taken + p_guests > v_event.max_guests then
      v_left := greatest(v_event.max_guests - v_taken, 0);
      if p_pricing = 'fixed' then
        raise exception 'Not enough tickets for % (% left). Please select another date or reduce tickets.',
          to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_left
          using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_left)::text;
      end if;
      raise exception 'Only % % left for this event.', v_left, case when v_left = 1 then 'seat' else 'seats' end
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_left)::text;
    end if;
  end if;

  v_subtotal := v_unit * p_guests;

  -- Promo code: the event's organization, any case.
  if v_code is not null then
    perform public.assert_promo_attempts_allowed(v_event.id);
    select * into v_promo
    from public.promo_codes p
    where p.org_id = v_event.org_id and lower(p.code) = lower(v_code);
    -- Unknown, inactive and used-up codes are refused alike (no hint for guessing).
    -- (A code outside its validity window or limited to other events too:
    -- promo_applies, 20261126000300_admin_tools.sql.)
    if v_promo.id is null or not v_promo.active or not public.promo_applies(v_promo, v_event.id) then
      raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
    end if;
    if v_promo.max_uses is not null then
      if p_lock then
        -- Holds of one code queue here; a use is reserved by the hold itself
        -- (counted below) and redeemed when its booking is confirmed.
        perform pg_advisory_xact_lock(hashtextextended('supperhost.promo:' || v_promo.id::text, 0));
        select * into v_promo from public.promo_codes p where p.id = v_promo.id;
      end if;
      if public.promo_uses_taken(v_promo.id) >= v_promo.max_uses then
        raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
      end if;
    end if;
    if v_promo.discount_type = 'percent' then
      v_discount := round(v_subtotal * v_promo.discount_amount / 100.0)::integer;
    else
      v_discount := v_promo.discount_amount;
    end if;
    v_discount := least(greatest(v_discount, 0), v_subtotal);
  end if;

  return jsonb_build_object(
    'event_id', v_event.id,
    'org_id', v_event.org_id,
    'org_name', v_org.name,
    'event_title', v_event.title,
    'event_date', v_event.date,
    'ticket_type_id', v_ticket.id,
    'ticket_type_name', v_ticket.name,
    'rsvp_slot_id', v_slot.id,
    'time_slot', coalesce(v_slot.slot_label, v_slot_key),
    'guests', p_guests,
    'unit_price_cents', v_unit,
    'subtotal_cents', v_subtotal,
    'discount_cents', v_discount,
    'total_cents', v_subtotal - v_discount,
    'promo', case when v_promo.id is null then null else jsonb_build_object(
      'id', v_promo.id,
      'code', v_promo.code,
      'discount_type', v_promo.discount_type,
      'discount_amount', v_promo.discount_amount) end
  );
end;
$$;

-- A reservation as the edge functions need it.
create or replace function public.booking_summary(p_reservation public.reservations, p_existing boolean)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reservation_id', p_reservation.id,
    'existing', p_existing,
    'status', p_reservation.status,
    'event_id', p_reservation.event_id,
    'org_id', p_reservation.org_id,
    'ticket_type_id', p_reservation.ticket_type_id,
    'rsvp_slot_id', p_reservation.rsvp_slot_id,
    'time_slot', p_reservation.time_slot,
    'name', p_reservation.name,
    'email', p_reservation.email,
    'guests', p_reservation.num_guests,
    'subtotal_cents', p_reservation.amount_cents + p_reservation.discount_cents,
    'discount_cents', p_reservation.discount_cents,
    'total_cents', p_reservation.amount_cents,
    'amount_cents', p_reservation.amount_cents,
    'promo_code_id', p_reservation.promo_code_id,
    'idempotency_key', p_reservation.idempotency_key,
    'hold_expires_at', p_reservation.hold_expires_at,
    'hold_expired', public.is_abandoned_hold(p_reservation.status, p_reservation.hold_expires_at),
    'payment_provider', p_reservation.payment_provider,
    'payment_id', p_reservation.payment_id,
    'booking_code', p_reservation.booking_code,
    'manage_token', public.manage_token_of(p_reservation.id),
    'refund_policy', public.refund_policy_text(p_reservation.refund_window_hours, p_reservation.late_refund_percent),
    'event_title', (select e.title from public.events e where e.id = p_reservation.event_id),
    'event_date', (select e.date from public.events e where e.id = p_reservation.event_id),
    'org_name', (select o.name from public.organizations o where o.id = p_reservation.org_id),
    -- The last answer given for this booking (replayed to retries).
    -- The card token of the first attempt: a retry charges that same token with the
    -- same key, so the processor answers with its first result (Square refuses a
    -- reused key with a different token).
    'payment_source', (
      select be.detail ->> 'payment_source' from public.booking_events be
      where be.reservation_id = p_reservation.id and be.kind = 'held' and be.detail ->> 'payment_source' is not null
      order by be.id limit 1),
    'outcome', (
      select be.detail from public.booking_events be
      where be.reservation_id = p_reservation.id and be.kind = 'outcome'
      order by be.id desc limit 1)
  );
$$;

-- The confirmation email, queued in the outbox in the confirming transaction.
create or replace function public.enqueue_booking_confirmation(p_reservation_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  e public.events;
  v_org text;
  v_ticket text;
  v_slot public.rsvp_slots;
  v_time text;
  v_zone text;
  v_promo text;
  v_is_deposit boolean;
  v_body text;
  v_id uuid;
begin
  select * into r from public.reservations x where x.id = p_reservation_id;
  select * into e from public.events x where x.id = r.event_id;
  select coalesce(nullif(btrim(b.brand_name), ''), o.name) into v_org
  from public.organizations o
  left join public.org_branding b on b.org_id = o.id
  where o.id = r.org_id;
  select t.name into v_ticket from public.ticket_types t where t.id = r.ticket_type_id;
  select * into v_slot from public.rsvp_slots s where s.id = r.rsvp_slot_id;
  select p.code into v_promo from public.promo_codes p where p.id = r.promo_code_id;

  v_zone := case e.event_timezone
    when 'America/New_York' then 'Eastern Time'
    when 'America/Chicago' then 'Central Time'
    when 'America/Denver' then 'Mountain Time'
    when 'America/Los_Angeles' then 'Pacific Time'
    else e.event_timezone
  end;
  -- Times are wall-clock times of the event's own timezone.
  v_time := to_char(coalesce(v_slot.slot_time, e.event_time), 'FMHH12:MI AM') || ' ' || v_zone;
  v_is_deposit := r.ticket_type_id is null and e.rsvp_mode;

  v_body := concat_ws(E'\n',
    'Hi ' || r.name || ',',
    '',
    'Your reservation at ' || v_org || ' is confirmed.',
    '',
    'Event: ' || e.title,
    'Date: ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY'),
    'Time: ' || v_time,
    case when coalesce(e.location_name, e.location_address) is not null
      then 'Location: ' || concat_ws(', ', e.location_name, e.location_address) end,
    'Guests: ' || r.num_guests,
    case when v_ticket is not null then 'Ticket: ' || v_ticket end,
    case when r.time_slot is not null then 'Time slot: ' || r.time_slot end,
    case when r.discount_cents > 0 then 'Subtotal: ' || public.booking_money(r.amount_cents + r.discount_cents) end,
    case when r.discount_cents > 0 then 'Discount' || coalesce(' (' || v_promo || ')', '') || ': -' || public.booking_money(r.discount_cents) end,
    case
      when r.amount_cents = 0 then 'Total: Free'
      when v_is_deposit then 'Deposit paid: ' || public.booking_money(r.amount_cents)
      else 'Total paid: ' || public.booking_money(r.amount_cents)
    end,
    case when nullif(btrim(r.dietary_restrictions), '') is not null then 'Dietary restrictions: ' || r.dietary_restrictions end,
    case when nullif(btrim(r.special_requests), '') is not null then 'Special requests: ' || r.special_requests end,
    'Cancellation policy: ' || public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'Booking code: ' || r.booking_code,
    '',
    'View or cancel your booking: {{site_url}}/booking/' || public.manage_token_of(r.id),
    '',
    'We look forward to seeing you!',
    v_org
  );

  -- body_text is the plain fallback; the sender renders the branded email from
  -- template_data (public.email_data, 20261125000200_guest_emails.sql).
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id, 'booking_confirmation', r.email,
          'Your reservation at ' || v_org || ' is confirmed: ' || e.title, v_body,
          public.email_data(r.id, 'booking_confirmation'))
  returning id into v_id;
  return v_id;
end;
$$;

-- -----------------------------------------------------------------------------
-- quote_booking
-- -----------------------------------------------------------------------------

-- p_pricing: 'ticket'  ticket type price x guests (p_ticket_type: id or name)
--            'deposit' the event's deposit_amount (default 500) x guests; a slot is required
--            'fixed'   p_unit_price_cents x guests (the trusted caller's constant); a slot is required
-- A slot is chosen by p_rsvp_slot_id or by its label in p_time_slot.
-- p_org_slug limits the event to one organization (the supper club's function).
-- p_slot_cap caps every slot at that many guests (the supper club's 20 per seating),
-- below its stored max_capacity when that is higher.
create or replace function public.quote_booking(
  p_event_id uuid,
  p_guests integer,
  p_pricing text default 'ticket',
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_unit_price_cents integer default null,
  p_max_guests integer default 10,
  p_org_slug text default null,
  p_slot_cap integer default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return public.booking_evaluate(
    p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
    p_promo_code, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, false);
end;
$$;

-- -----------------------------------------------------------------------------
-- hold_booking
-- -----------------------------------------------------------------------------

-- Prices the booking and holds its seats for 15 minutes, in one transaction.
-- The same idempotency key again returns the existing reservation
-- ('existing': true, whatever its status) and takes nothing.
-- p_expected_total_cents: the total the guest was shown; a different server
-- total is refused. p_has_payment_token: whether the request carries a card
-- token (a free booking must not, a paid one must); p_payment_source: that
-- token, kept with the hold for retries. p_slot_cap: as for quote_booking.
-- p_payment_provider: the processor about to be charged ('square' | 'test'),
-- recorded on the 'charging' ledger row for the reconciler.
create or replace function public.hold_booking(
  p_idempotency_key text,
  p_event_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_pricing text default 'ticket',
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_unit_price_cents integer default null,
  p_max_guests integer default 10,
  p_org_slug text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_expected_total_cents integer default null,
  p_has_payment_token boolean default null,
  p_payment_source text default null,
  p_slot_cap integer default null,
  p_payment_provider text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_existing public.reservations;
  v_quote jsonb;
  v_total integer;
  v_row public.reservations;
  v_detail_text text;
  v_detail jsonb;
  v_available integer;
  v_message text;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 45 then
    raise exception 'The idempotency key must be 1 to 45 characters' using errcode = 'P0001';
  end if;

  -- Requests with one key run one at a time; a retry finds the first booking.
  perform pg_advisory_xact_lock(hashtextextended('supperhost.booking:' || p_idempotency_key, 0));
  select * into v_existing from public.reservations r where r.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.event_id <> p_event_id
       or v_existing.num_guests <> p_guests
       or lower(v_existing.email) <> lower(btrim(coalesce(p_email, ''))) then
      raise exception 'This checkout was already used for a different booking. Please refresh the page and try again.'
        using errcode = 'SH409';
    end if;
    -- A hold made for the guest (a waitlist offer) is paid with the first card token sent
    -- for it: 'charging' goes on record before the processor is called, as for any hold.
    if v_existing.status = 'held' and v_existing.amount_cents > 0 and p_payment_source is not null
       and not exists (select 1 from public.payment_ledger l where l.reservation_id = v_existing.id and l.kind = 'charge') then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
      values (v_existing.id, v_existing.org_id, 'charge', 'charging', v_existing.amount_cents, v_existing.num_guests,
              p_payment_provider, p_idempotency_key, 'guest');
      insert into public.booking_events (reservation_id, kind, detail)
      values (v_existing.id, 'held', jsonb_build_object('payment_source', p_payment_source, 'claimed', true));
    end if;
    return public.booking_summary(v_existing, true);
  end if;

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
    p_promo_code, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, true);
  v_total := (v_quote ->> 'total_cents')::integer;

  if p_expected_total_cents is not null and p_expected_total_cents <> v_total then
    raise exception 'The amount has changed. Please review your order and try again.'
      using errcode = 'P0001',
            detail = jsonb_build_object('expected_cents', p_expected_total_cents, 'total_cents', v_total)::text;
  end if;
  if p_has_payment_token is true and v_total = 0 then
    raise exception 'This booking is free: no card payment is needed. Please submit it without card details.'
      using errcode = 'P0001';
  end if;
  if p_has_payment_token is false and v_total > 0 then
    raise exception 'Card details are required to pay % for this booking.', public.booking_money(v_total)
      using errcode = 'P0001';
  end if;

  begin
    insert into public.reservations (
      org_id, event_id, ticket_type_id, rsvp_slot_id, promo_code_id,
      name, email, phone, num_guests, time_slot, dietary_restrictions, special_requests,
      status, amount_cents, discount_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent
    ) values (
      (v_quote ->> 'org_id')::uuid,
      p_event_id,
      (v_quote ->> 'ticket_type_id')::uuid,
      (v_quote ->> 'rsvp_slot_id')::uuid,
      (v_quote -> 'promo' ->> 'id')::uuid,
      btrim(p_name),
      btrim(p_email),
      nullif(btrim(coalesce(p_phone, '')), ''),
      p_guests,
      v_quote ->> 'time_slot',
      nullif(btrim(coalesce(p_dietary_restrictions, '')), ''),
      nullif(btrim(coalesce(p_special_requests, '')), ''),
      'held',
      v_total,
      (v_quote ->> 'discount_cents')::integer,
      p_idempotency_key,
      now() + interval '15 minutes',
      (select e.refund_window_hours from public.events e where e.id = p_event_id),
      coalesce((select e.late_refund_percent from public.events e where e.id = p_event_id), 0)
    )
    returning * into v_row;
  exception when sqlstate 'SH409' then
    -- The triggers refused (e.g. an admin changed a quantity since the check
    -- above): say it the way the booking pages do.
    get stacked diagnostics v_message = message_text, v_detail_text = pg_exception_detail;
    begin
      v_detail := nullif(v_detail_text, '')::jsonb;
      v_available := greatest(coalesce((v_detail ->> 'available')::integer, 0), 0);
    exception when others then
      v_detail := null;
      v_available := 0;
    end;
    if v_detail ->> 'kind' = 'ticket_type' then
      v_message := format('Only %s tickets available for %s.', v_available, v_quote ->> 'ticket_type_name');
    elsif v_detail ->> 'kind' = 'rsvp_slot' and p_pricing = 'fixed' then
      v_message := format('Not enough tickets for %s at %s (%s left). Please select another date or reduce tickets.',
        to_char((v_quote ->> 'event_date')::date, 'FMDay, FMMonth FMDD, YYYY'), v_quote ->> 'time_slot', v_available);
    elsif v_detail ->> 'kind' = 'rsvp_slot' then
      v_message := format('Only %s spots left in the %s time slot. Please select another time or fewer guests.', v_available, v_quote ->> 'time_slot');
    elsif v_detail ->> 'kind' = 'event' then
      v_message := format('Only %s %s left for this event.', v_available, case when v_available = 1 then 'seat' else 'seats' end);
    end if;
    raise exception '%', v_message using errcode = 'SH409';
  end;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_total,
    'subtotal_cents', (v_quote ->> 'subtotal_cents')::integer,
    'discount_cents', (v_quote ->> 'discount_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'pricing', p_pricing,
    'promo', v_quote -> 'promo',
    'payment_source', p_payment_source));

  -- 'charging' is on record before the processor is called: if the caller dies
  -- between the charge and the confirmation, reconcile-payments finds it.
  if v_total > 0 and p_has_payment_token is not false and p_payment_source is not null then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
    values (v_row.id, v_row.org_id, 'charge', 'charging', v_total, p_guests, p_payment_provider, p_idempotency_key, 'guest');
  end if;

  return public.booking_summary(v_row, false);
end;
$$;

-- -----------------------------------------------------------------------------
-- confirm_booking
-- -----------------------------------------------------------------------------

-- The charge went through (or the booking is free: provider 'comp').
-- true: the reservation is confirmed (again: a repeated call with the same
-- payment is a no-op) and its confirmation email is queued.
-- false: it cannot be confirmed — its hold expired and the seats (or the promo
-- use) are gone, or it failed / was cancelled, or it is already confirmed with
-- a different payment. The caller must refund this payment.
-- A hold past its expiry is treated as expired; if its seats are still free it
-- takes them again and is confirmed.
create or replace function public.confirm_booking(
  p_reservation_id uuid,
  p_payment_provider text,
  p_payment_id text default null
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  v_promo public.promo_codes;
begin
  if p_payment_provider is null or btrim(p_payment_provider) = '' then
    raise exception 'A payment provider is required' using errcode = 'P0001';
  end if;

  select * into r from public.reservations x where x.id = p_reservation_id;
  if r.id is null then
    raise exception 'Reservation not found' using errcode = 'SH404';
  end if;
  if r.status = 'confirmed' or (r.status = 'held' and r.hold_expires_at > now() + interval '30 seconds') then
    -- The usual case: a live hold becomes confirmed without moving any seats, so the
    -- reservation row lock is enough and bookings of the event do not queue behind it.
    select * into r from public.reservations x where x.id = p_reservation_id for update;
  else
    -- Seats may move (a stale hold expires, an expired one takes seats again): take
    -- the event row first, in the same order as hold_booking and the triggers.
    perform 1 from public.events e where e.id = r.event_id for update;
    select * into r from public.reservations x where x.id = p_reservation_id for update;
  end if;

  -- Whatever happens to the booking, money that moved is on the ledger.
  if p_payment_id is not null then
    update public.payment_ledger l
    set status = 'completed', provider = p_payment_provider, provider_payment_id = p_payment_id
    where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging';
    if not found and not exists (
      select 1 from public.payment_ledger l
      where l.reservation_id = r.id and l.kind = 'charge' and l.provider_payment_id = p_payment_id
    ) then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, provider_payment_id, idempotency_key, actor)
      values (r.id, r.org_id, 'charge', 'completed', r.amount_cents, r.num_guests, p_payment_provider, p_payment_id, r.idempotency_key, 'guest')
      on conflict (kind, idempotency_key) do nothing;
    end if;
  end if;

  if r.status = 'confirmed' then
    return r.payment_provider is not distinct from p_payment_provider
       and r.payment_id is not distinct from p_payment_id;
  end if;
  if r.status in ('failed', 'cancelled') then
    return false;
  end if;
  -- Once a refund of this booking's charge has started, it is never confirmed.
  if exists (select 1 from public.booking_events be where be.reservation_id = r.id and be.kind = 'refund_requested') then
    return false;
  end if;

  if public.is_abandoned_hold(r.status, r.hold_expires_at) then
    update public.reservations x set status = 'expired' where x.id = r.id returning * into r;
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'expired', jsonb_build_object('at', 'confirmation'));
  end if;

  if r.status = 'held' then
    begin
      update public.reservations x
      set status = 'confirmed',
          payment_provider = p_payment_provider,
          payment_id = p_payment_id,
          confirmed_at = now()
      where x.id = r.id;
    exception when sqlstate 'SH410' then
      -- A live hold keeps its promo code even if staff switched the code off
      -- while the guest was paying (the trigger honours it). Only a code whose
      -- max_uses was lowered to its confirmed uses or below since the hold is
      -- refused here: the caller refunds, and the seats go back now, not at expiry.
      update public.reservations x set status = 'failed' where x.id = r.id;
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'promo code no longer redeemable'));
      return false;
    end;
  else
    -- Expired: try to take the seats (and the promo use) again.
    begin
      if r.promo_code_id is not null then
        perform pg_advisory_xact_lock(hashtextextended('supperhost.promo:' || r.promo_code_id::text, 0));
        select * into v_promo from public.promo_codes p where p.id = r.promo_code_id;
        if v_promo.max_uses is not null then
          if public.promo_uses_taken(v_promo.id) >= v_promo.max_uses then
            raise exception 'promo exhausted' using errcode = 'SH410';
          end if;
        end if;
      end if;
      update public.reservations x
      set status = 'confirmed',
          payment_provider = p_payment_provider,
          payment_id = p_payment_id,
          confirmed_at = now()
      where x.id = r.id;
    exception when sqlstate 'SH409' or sqlstate 'SH410' then
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'hold expired and its seats are gone', 'error', sqlerrm));
      return false;
    end;
  end if;

  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'confirmed', jsonb_build_object('payment_provider', p_payment_provider, 'payment_id', p_payment_id));
  -- A booking made free by its discount is a comp of that value.
  if r.amount_cents = 0 and r.discount_cents > 0 then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, reason, actor)
    values (r.id, r.org_id, 'comp', 'completed', r.discount_cents, r.num_guests, 'Promo code', 'system');
  end if;
  -- Staff entering a booking may turn the guest's confirmation off (staff_create_booking).
  if coalesce(current_setting('supperhost.skip_confirmation_email', true), '') is distinct from r.id::text then
    perform public.enqueue_booking_confirmation(r.id);
  end if;
  return true;
end;
$$;

-- -----------------------------------------------------------------------------
-- fail_booking
-- -----------------------------------------------------------------------------

-- The charge failed: a held reservation becomes 'failed' and its seats and
-- promo use return at once. Returns false (and changes nothing) for a
-- reservation that is no longer held.
create or replace function public.fail_booking(p_reservation_id uuid, p_reason text default null)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event_id uuid;
  r public.reservations;
begin
  select x.event_id into v_event_id from public.reservations x where x.id = p_reservation_id;
  if v_event_id is null then
    raise exception 'Reservation not found' using errcode = 'SH404';
  end if;
  perform 1 from public.events e where e.id = v_event_id for update;
  select * into r from public.reservations x where x.id = p_reservation_id for update;
  -- A declined charge moved no money, whatever became of the hold meanwhile.
  update public.payment_ledger l set status = 'failed', message = left(p_reason, 500)
  where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging';
  if r.status <> 'held' then
    return false;
  end if;
  update public.reservations x set status = 'failed' where x.id = r.id;
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'failed', jsonb_build_object('reason', p_reason));
  return true;
end;
$$;

-- -----------------------------------------------------------------------------
-- release_expired_holds
-- -----------------------------------------------------------------------------

-- Expires every hold past hold_expires_at, event by event (seats return
-- through the trigger). hold_booking does the same for its own event first.
create or replace function public.release_expired_holds()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  select public.expire_reservation_holds();
$$;

-- -----------------------------------------------------------------------------
-- record_booking_event
-- -----------------------------------------------------------------------------

create or replace function public.record_booking_event(p_reservation_id uuid, p_kind text, p_detail jsonb default '{}'::jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.booking_events (reservation_id, kind, detail)
  values (p_reservation_id, p_kind, coalesce(p_detail, '{}'::jsonb));
$$;

-- -----------------------------------------------------------------------------
-- Grants: the service role only
-- -----------------------------------------------------------------------------

revoke execute on function
  public.test_processor_charge(text, text, integer, text, text, text, text),
  public.test_processor_refund(text, text, integer, text),
  public.test_processor_refund_json(public.test_processor_refunds),
  public.test_processor_get_refund(text),
  public.test_processor_get_payment(text),
  public.booking_money(integer),
  public.promo_uses_taken(uuid),
  public.assert_promo_attempts_allowed(uuid),
  public.record_promo_miss(uuid),
  public.booking_evaluate(uuid, integer, text, text, uuid, text, text, integer, integer, text, integer, boolean),
  public.booking_summary(public.reservations, boolean),
  public.enqueue_booking_confirmation(uuid),
  public.quote_booking(uuid, integer, text, text, uuid, text, text, integer, integer, text, integer),
  public.hold_booking(text, uuid, integer, text, text, text, text, text, uuid, text, text, integer, integer, text, text, text, integer, boolean, text, integer, text),
  public.confirm_booking(uuid, text, text),
  public.fail_booking(uuid, text),
  public.release_expired_holds(),
  public.record_booking_event(uuid, text, jsonb)
from public, anon, authenticated;

grant execute on function
  public.test_processor_charge(text, text, integer, text, text, text, text),
  public.test_processor_refund(text, text, integer, text),
  public.test_processor_get_refund(text),
  public.test_processor_get_payment(text),
  public.quote_booking(uuid, integer, text, text, uuid, text, text, integer, integer, text, integer),
  public.hold_booking(text, uuid, integer, text, text, text, text, text, uuid, text, text, integer, integer, text, text, text, integer, boolean, text, integer, text),
  public.confirm_booking(uuid, text, text),
  public.fail_booking(uuid, text),
  public.release_expired_holds(),
  public.record_promo_miss(uuid),
  public.record_booking_event(uuid, text, jsonb)
to service_role;
