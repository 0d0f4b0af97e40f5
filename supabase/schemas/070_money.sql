-- =============================================================================
-- Money: the payment ledger, refunds and cancellations with a decision, the guest's manage page, reconciliation and Square webhooks.
--
-- Money after the booking: cancellations, refunds, guest self-service,
-- reconciliation and Square's webhooks
--
-- Every decision about money is taken here, in one transaction with the
-- reservation row locked; the edge functions then ask the processor and record
-- its answer. A refund is a 'pending' ledger row (public.payment_ledger) before
-- the processor is called, keyed so a retry never refunds twice; a crash after
-- the decision leaves a pending row that reconcile-payments sends.
--
--   staff_cancel_reservation(id, refund, reason, notify)   members (JWT)
--   staff_refund_reservation(id, cents, reason, notify, key) members (JWT)
--   staff_set_guests(id, guests, complimentary, reason)   members (JWT)
--   guest_cancel_booking(token)       the manage link (service role)
--   system_refund_booking(id, reason) a charge without a booking (service role)
--   record_refund_result(ledger id, status, refund id, message)  (service role)
--   payments_to_reconcile(older than, limit, org)                 (service role)
--   apply_square_webhook(event id, type, object)                  (service role)
--
-- Refund policy: a cancellation at least refund_window_hours before the start
-- (the event's date and time, or the slot's, in the event's timezone) refunds
-- everything still refundable; a later one late_refund_percent of it (rounded
-- down to the cent). The policy is the one frozen on the reservation.
--
-- Errors: P0001 invalid request (400), SH403 not a member (403), SH404 not
-- found (404), SH409 not in a state that allows it (409).
-- =============================================================================

-- The money ledger: one per reservation, every charge, refund and comp a row
--
--   charge  'charging' is written (with the idempotency key and amount) before
--           the processor is called; then 'completed' (provider_payment_id) or
--           'failed'. A row left 'charging' is settled by reconcile-payments.
--           A booking's own charge (purpose 'booking'), then any charges for
--           guests added later (purpose 'more_guests', 075_guest_changes.sql) or
--           for the seats its guests pay themselves (purpose 'seat', 072_split_payments.sql)
--           or for extras taken after booking (purpose 'addons').
--   refund  'pending' from the decision on (provider_refund_id null until the
--           processor answered; Square PENDING keeps it pending), then
--           'completed' or 'failed'. Keyed: a retry never refunds twice.
--   comp    value given away (a 100% discount, guests added as complimentary).
-- What the admin, the guest and the emails show is computed from these rows
-- (public.money_of), never stored twice. Refunds (pending + completed) never
-- exceed completed charges: checked by a trigger under the reservation lock.
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
  notice text check (notice in ('cancellation', 'refund', 'booking_refunded', 'party_reduced')),
  submitted_at timestamptz,
  message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processor_request jsonb,
  -- The part of amount_cents that is service charge and tax: a charge's whole lines, a
  -- refund's share of them (refund_lines).
  service_charge_cents integer not null default 0 check (service_charge_cents >= 0),
  tax_cents integer not null default 0 check (tax_cents >= 0),
  -- The platform's application fee (Square app_fee_money) taken with a charge or given back with a refund.
  app_fee_cents integer check (app_fee_cents >= 0),
  -- The Square account that took a card charge, from its request (140_square_accounts.sql):
  -- the location it was charged at, and the merchant of the organization's own account then
  -- connected (null with a location: the platform's account). Its refunds and lookups go there.
  square_location_id text check (char_length(square_location_id) <= 200),
  square_merchant_id text check (char_length(square_merchant_id) <= 200),
  -- What a charge pays for: the booking itself, guests added to it later from the manage link
  -- (guest_add_guests), or one guest's own seat of a booking paid seat by seat
  -- (seat_payment_start, 072_split_payments.sql).
  purpose text not null default 'booking' check (purpose in ('booking', 'more_guests', 'seat', 'addons')),
  -- A refund is sent to one charge: a refund larger than the newest charge's rest is split over
  -- several charges (open_refund), and its later parts point at its first.
  part_of bigint references public.payment_ledger (id) on delete cascade,
  -- The seat a 'seat' charge paid for (reservation_seats.seat_no).
  seat_no integer check (seat_no >= 2),
  -- What an 'addons' charge pays for: { lines: [{ id, name, quantity, unit_price_cents }], email }
  -- (extras taken after booking, open_addons_charge in 075_guest_changes.sql).
  addons jsonb,
  constraint payment_ledger_part_is_a_refund check (part_of is null or kind = 'refund'),
  constraint payment_ledger_seat_charge check ((purpose = 'seat') = (seat_no is not null)),
  constraint payment_ledger_addons_charge check ((purpose = 'addons') = (addons is not null)),
  constraint payment_ledger_lines_within_amount check (service_charge_cents + tax_cents <= amount_cents),
  constraint payment_ledger_charging_is_a_charge check (status <> 'charging' or kind = 'charge'),
  constraint payment_ledger_key unique (kind, idempotency_key)
);

comment on table public.payment_ledger is
  'Every charge, refund and comp of a reservation. Paid, refunded, net and the badge are computed from it (public.money_of).';

comment on column public.payment_ledger.processor_request is
  'A charge''s request body exactly as sent to the processor (Square CreatePayment); re-sent unchanged by reconcile-payments.';

create index payment_ledger_reservation_idx on public.payment_ledger (reservation_id, id);

create index payment_ledger_open_idx on public.payment_ledger (created_at) where status in ('charging', 'pending');

-- The books of one organization in a date range (staff_ledger_export).
create index payment_ledger_org_created_idx on public.payment_ledger (org_id, created_at) where status = 'completed';

create index payment_ledger_provider_payment_idx on public.payment_ledger (provider_payment_id) where provider_payment_id is not null;

create index payment_ledger_provider_refund_idx on public.payment_ledger (provider_refund_id) where provider_refund_id is not null;

-- A refund's later parts (record_refund_result reads a refund with its parts on every answer).
create index payment_ledger_part_of_idx on public.payment_ledger (part_of) where part_of is not null;

alter table public.payment_ledger enable row level security;

grant select on public.payment_ledger to authenticated;

-- Stamps updated_at.
create trigger payment_ledger_set_updated_at
  before update on public.payment_ledger
  for each row execute function public.set_updated_at();

create policy "Members can see the money of their organizations' reservations"
  on public.payment_ledger for select
  to authenticated
  using (public.is_org_member(org_id));

-- What the functions that open a charge after booking answer (guest_add_guests,
-- seat_payment_start, guest_add_addons, seat_add_addons): the charge as it stands ('charging':
-- to send `request` if stored, else one built now; 'completed': done or nothing to pay;
-- 'failed': declined, its message), whether the same attempt had opened it before, and what the
-- edge function needs to charge and tell (the payer's email, the dinner, the organization; the
-- guests added or the seat paid for).
create type public.extra_charge as (
  ledger_id bigint,
  status text,
  existing boolean,
  reservation_id uuid,
  amount_cents integer,
  email text,
  event_title text,
  org_name text,
  request jsonb,
  message text,
  added integer,
  seat_no integer
);

-- The answer for charge l of booking r (l null: nothing was charged, done).
create or replace function public.extra_charge_of(
  l public.payment_ledger,
  r public.reservations,
  p_existing boolean,
  p_email text,
  p_added integer default null
)
returns public.extra_charge
language sql stable security definer set search_path = '' as $$
  select (l.id, coalesce(l.status, 'completed'), p_existing, r.id, coalesce(l.amount_cents, 0), p_email,
          (select e.title from public.events e where e.id = r.event_id), public.org_display_name(r.org_id),
          l.processor_request, l.message, p_added, l.seat_no)::public.extra_charge;
$$;

-- What a reservation's ledger charged and is refunding, line by line: completed charges, and
-- refunds given or under way (p_except_id: a refund row left out, the one being written).
-- What the booking still holds of each line is the difference.
create or replace function public.ledger_lines(p_reservation_id uuid, p_except_id bigint default null)
returns table (
  charged integer,
  refunding integer,
  charged_service integer,
  refunding_service integer,
  charged_tax integer,
  refunding_tax integer
)
language sql stable security definer set search_path = '' as $$
  select
    coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer,
    coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status in ('pending', 'completed') and l.id is distinct from p_except_id), 0)::integer,
    coalesce(sum(l.service_charge_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer,
    coalesce(sum(l.service_charge_cents) filter (where l.kind = 'refund' and l.status in ('pending', 'completed') and l.id is distinct from p_except_id), 0)::integer,
    coalesce(sum(l.tax_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer,
    coalesce(sum(l.tax_cents) filter (where l.kind = 'refund' and l.status in ('pending', 'completed') and l.id is distinct from p_except_id), 0)::integer
  from public.payment_ledger l
  where l.reservation_id = p_reservation_id;
$$;

-- Refunds never exceed what was charged.
create or replace function public.check_refund_within_charges() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t record;
begin
  if new.kind <> 'refund' or new.status = 'failed' then
    return new;
  end if;
  select * into t from public.ledger_lines(new.reservation_id, new.id);
  if t.refunding + new.amount_cents > t.charged then
    raise exception 'A refund cannot exceed what was paid (% paid, % already refunded)',
      public.booking_money(t.charged), public.booking_money(t.refunding)
      using errcode = 'P0001';
  end if;
  -- Nor its service charge or tax what was collected of them.
  if t.refunding_service + new.service_charge_cents > t.charged_service or t.refunding_tax + new.tax_cents > t.charged_tax then
    raise exception 'A refund cannot return more service charge or tax than was paid' using errcode = 'P0001';
  end if;
  return new;
end;
$$;

-- Refunds never exceed completed charges (check_refund_within_charges).
create trigger payment_ledger_refund_within_charges
  before insert or update of amount_cents, status on public.payment_ledger
  for each row execute function public.check_refund_within_charges();

-- The money a reservation still holds: completed charges less refunds given or
-- under way.
create or replace function public.money_held_cents(p_reservation_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select t.charged - t.refunding from public.ledger_lines(p_reservation_id) t;
$$;

-- Paid, refunded, net and the badge of one reservation, from its ledger.
--   badge: 'Refund pending' (a refund under way), 'Refunded', 'Partially
--   refunded', 'Paid', 'Payment pending' (a charge not yet settled), 'Comp'
--   (given away), 'Free' (nothing to pay).
create or replace function public.money_of(p_reservation_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  with t as (
    select
      coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer as paid,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::integer as refunded,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0)::integer as pending,
      coalesce(sum(l.service_charge_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer as paid_service,
      coalesce(sum(l.tax_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer as paid_tax,
      coalesce(sum(l.service_charge_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::integer as refunded_service,
      coalesce(sum(l.tax_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::integer as refunded_tax,
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
    'paid_service_charge_cents', t.paid_service,
    'paid_tax_cents', t.paid_tax,
    'refunded_service_charge_cents', t.refunded_service,
    'refunded_tax_cents', t.refunded_tax,
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

-- The booking's frozen policy applied to p_cents at p_at: all of it inside the full-refund
-- window, else its late percent (rounded down). The one place the policy's rule is written.
create or replace function public.policy_share_cents(r public.reservations, p_cents integer, p_at timestamptz default now())
returns integer
language sql stable security definer set search_path = '' as $$
  select case
    when r.refund_window_hours is not null
         and p_at <= public.reservation_starts_at(r) - make_interval(hours => r.refund_window_hours)
      then p_cents
    else (p_cents * r.late_refund_percent) / 100
  end;
$$;

-- What a cancellation at p_at refunds under the booking's frozen policy, out of
-- what it still holds (completed charges less refunds given or under way).
create or replace function public.policy_refund_cents(r public.reservations, p_at timestamptz default now())
returns integer
language sql stable security definer set search_path = '' as $$
  select public.policy_share_cents(r, public.money_held_cents(r.id), p_at);
$$;

-- The last moment of the full-refund window (null: none).
create or replace function public.full_refund_until(r public.reservations) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select case when r.refund_window_hours is null then null
              else public.reservation_starts_at(r) - make_interval(hours => r.refund_window_hours) end;
$$;

-- Emails about money (plain text, queued in the outbox in the same transaction)
--
-- p_notice: 'cancellation' | 'refund' | 'booking_refunded' | 'party_reduced' (the guest came
-- down to fewer guests: the email says how many, and what comes back) | 'party_increased' (the
-- guest added guests: how many now, and p_refund_cents is what was charged for them)
-- p_refund_status: 'completed' | 'pending' | 'failed' | 'none'
create or replace function public.enqueue_money_email(
  p_reservation_id uuid,
  p_notice text,
  p_refund_cents integer,
  p_refund_status text
)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  e public.events;
  v_org text;
  v_money jsonb;
  v_paid integer;
  v_refunded integer;
  v_when text;
  v_money_line text;
  v_subject text;
  v_opening text;
  v_id uuid;
  -- The host's message when the whole dinner was cancelled (085_event_cancellation.sql).
  v_host_message text;
begin
  select * into r from public.reservations x where x.id = p_reservation_id;
  select * into e from public.events x where x.id = r.event_id;
  if p_notice in ('cancellation', 'booking_refunded') then
    v_host_message := (public.event_cancellation_of(r)).message;
  end if;
  v_org := public.org_display_name(r.org_id);
  v_money := public.money_of(r.id);
  v_paid := (v_money ->> 'paid_cents')::integer;
  v_refunded := (v_money ->> 'refunded_cents')::integer + (v_money ->> 'pending_refund_cents')::integer;
  v_when := to_char(e.date, 'FMDay, FMMonth FMDD, YYYY') || ' at '
    || to_char(coalesce((select s.slot_time from public.rsvp_slots s where s.id = r.rsvp_slot_id), e.event_time), 'FMHH12:MI AM');

  v_money_line := case
    when p_notice = 'party_increased' then
      case when p_refund_cents > 0 then 'We charged ' || public.booking_money(p_refund_cents) || ' to your card for the added guests.' end
    else case p_refund_status
    when 'completed' then 'We have refunded ' || public.booking_money(p_refund_cents)
      || ' to the card you paid with. It usually appears on your statement within 5 to 10 business days.'
    when 'pending' then 'A refund of ' || public.booking_money(p_refund_cents)
      || ' to the card you paid with is on its way. It usually appears on your statement within 5 to 10 business days.'
    when 'failed' then 'We could not refund ' || public.booking_money(p_refund_cents)
      || ' to your card automatically. ' || v_org || ' will contact you to return it.'
    else case when v_paid - v_refunded > 0 and v_host_message is not null
      then 'Your payment of ' || public.booking_money(v_paid - v_refunded) || ' is not refunded.'
      when v_paid - v_refunded > 0
      then 'Your payment of ' || public.booking_money(v_paid - v_refunded) || ' is not refunded ('
        || public.refund_policy_text(r.refund_window_hours, r.late_refund_percent) || ').'
    end
  end end;

  if p_notice = 'cancellation' and v_host_message is not null then
    v_subject := 'Your reservation at ' || v_org || ' is cancelled: ' || e.title;
    v_opening := v_org || ' has cancelled ' || e.title || ' on ' || v_when || ', so your reservation (' || public.guest_count(r.num_guests) || ') is cancelled.';
  elsif p_notice = 'booking_refunded' and v_host_message is not null then
    v_subject := 'Your booking at ' || v_org || ' could not be completed: ' || e.title;
    v_opening := v_org || ' has cancelled ' || e.title || ' on ' || v_when || ', so your booking could not be completed.';
  elsif p_notice = 'cancellation' then
    v_subject := 'Your reservation at ' || v_org || ' is cancelled: ' || e.title;
    v_opening := 'Your reservation for ' || e.title || ' on ' || v_when || ' (' || public.guest_count(r.num_guests) || ') has been cancelled.';
  elsif p_notice = 'booking_refunded' then
    v_subject := 'Your booking at ' || v_org || ' could not be completed: ' || e.title;
    v_opening := 'Your payment went through, but the seats you were booking for ' || e.title || ' on ' || v_when
      || ' were released before the booking could be confirmed, so you have no reservation.';
  elsif p_notice in ('party_reduced', 'party_increased') then
    v_subject := 'Your reservation at ' || v_org || ' is now for ' || r.num_guests
      || case when r.num_guests = 1 then ' guest: ' else ' guests: ' end || e.title;
    v_opening := 'Your reservation for ' || e.title || ' on ' || v_when || ' is now for ' || r.num_guests
      || case when r.num_guests = 1 then ' guest.' else ' guests.' end;
  else
    v_subject := 'A refund for your reservation at ' || v_org || ': ' || e.title;
    v_opening := 'This is about your reservation for ' || e.title || ' on ' || v_when || '.';
  end if;

  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id,
    case p_notice when 'cancellation' then 'booking_cancellation' when 'booking_refunded' then 'booking_refunded'
      when 'party_increased' then 'booking_changed' else 'booking_refund' end,
    r.email, v_subject,
    concat_ws(E'\n',
      'Hi ' || r.name || ',',
      '',
      v_opening,
      case when v_host_message is not null then E'\nA message from ' || v_org || E':\n' || v_host_message end,
      case when v_money_line is not null then E'\n' || v_money_line end,
      case when v_paid > 0 then E'\nIn total you paid ' || public.booking_money(v_paid) || '; '
        || public.booking_money(v_refunded) || ' of it has been refunded or is on its way.' end,
      '',
      'Booking code: ' || r.booking_code,
      case when p_notice <> 'booking_refunded' then 'Your booking: {{site_url}}/booking/' || public.manage_token_of(r.id) end,
      '',
      v_org),
    public.email_data(r.id,
      case p_notice when 'cancellation' then 'booking_cancellation' when 'booking_refunded' then 'booking_refunded'
      when 'party_increased' then 'booking_changed' else 'booking_refund' end,
      jsonb_build_object('notice', jsonb_build_object(
        'opening', v_opening,
        'money_line', v_money_line,
        'paid_line', case when v_paid > 0 then 'In total you paid ' || public.booking_money(v_paid) || '; '
          || public.booking_money(v_refunded) || ' of it has been refunded or is on its way.' end,
        'subject', v_subject,
        'host_message', v_host_message,
        'refund_cents', p_refund_cents,
        'refund_status', p_refund_status))))
  returning id into v_id;
  return v_id;
end;
$$;

-- Refunds: the decision (a pending ledger row) and the processor's answer
--
-- The service charge and tax a refund of p_cents returns: the share they hold of what the
-- booking still holds (completed charges less refunds given or under way), each rounded half
-- up, tax first, the service charge then capped so the two never exceed the refund. A refund of
-- everything still held returns exactly what is left of each, so partial refunds never drift:
-- in all, a booking refunds at most the service charge and tax it collected, to the cent.
create or replace function public.refund_lines(p_reservation_id uuid, p_cents integer) returns jsonb
language sql stable security definer set search_path = '' as $$
  with h as (
    select (x.charged - x.refunding)::bigint as amount,
           (x.charged_service - x.refunding_service)::bigint as service,
           (x.charged_tax - x.refunding_tax)::bigint as tax
    from public.ledger_lines(p_reservation_id) x
  ), t as (
    select h.*,
      case when h.amount <= 0 or p_cents <= 0 then 0
           when p_cents >= h.amount then h.tax
           else (2 * p_cents::bigint * h.tax + h.amount) / (2 * h.amount) end as tax_share
    from h
  )
  select jsonb_build_object(
    'service_charge_cents', (case when t.amount <= 0 or p_cents <= 0 then 0
                                  when p_cents >= t.amount then t.service
                                  else least((2 * p_cents::bigint * t.service + t.amount) / (2 * t.amount), p_cents - t.tax_share) end)::integer,
    'tax_cents', t.tax_share::integer)
  from t;
$$;

-- Inserts a pending refund of p_cents (the caller holds the reservation's row lock), with its
-- share of the service charge and tax (refund_lines). A refund goes back to the charge that
-- took the money: the newest completed charge first (guests added later are refunded from
-- their own payment), and a refund larger than what that charge has left is split into parts,
-- one per charge, the later parts pointing at the first (part_of) with keys derived from its
-- key. The lines are shared out in proportion, the last part taking what rounding left. The
-- same key again returns the existing first part: a retry never refunds twice. p_charge_id: only
-- that charge (a guest's own seat, refunded without touching anyone else's payment; its service
-- charge and tax are the booking's proportion, every seat being priced alike).
create or replace function public.open_refund(
  r public.reservations,
  p_cents integer,
  p_key text,
  p_reason text,
  p_actor text,
  p_notify boolean,
  p_notice text,
  p_charge_id bigint default null
)
returns public.payment_ledger
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.payment_ledger;
  v_first public.payment_ledger;
  v_lines jsonb;
  v_service integer;
  v_tax integer;
  v_left integer := p_cents;
  v_take integer;
  v_part_service integer;
  v_part_tax integer;
  v_parts integer := 0;
  t record;
  c record;
begin
  select * into v_row from public.payment_ledger l where l.kind = 'refund' and l.idempotency_key = p_key;
  if found then
    return v_row;
  end if;
  if not exists (select 1 from public.payment_ledger l where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'completed') then
    raise exception 'This reservation has no payment to refund' using errcode = 'P0001';
  end if;
  -- More than the booking holds: the ledger's own refusal, before any part is written.
  select * into t from public.ledger_lines(r.id);
  if t.refunding + p_cents > t.charged then
    raise exception 'A refund cannot exceed what was paid (% paid, % already refunded)',
      public.booking_money(t.charged), public.booking_money(t.refunding)
      using errcode = 'P0001';
  end if;
  v_lines := public.refund_lines(r.id, p_cents);
  v_service := (v_lines ->> 'service_charge_cents')::integer;
  v_tax := (v_lines ->> 'tax_cents')::integer;
  for c in
    select l.provider, l.provider_payment_id,
           l.amount_cents - coalesce((select sum(x.amount_cents) from public.payment_ledger x
                                      where x.reservation_id = r.id and x.kind = 'refund' and x.status in ('pending', 'completed')
                                        and x.provider_payment_id is not distinct from l.provider_payment_id), 0) as rest
    from public.payment_ledger l
    where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'completed' and (p_charge_id is null or l.id = p_charge_id)
    order by l.id desc
  loop
    exit when v_left <= 0;
    continue when c.rest <= 0;
    v_take := least(c.rest, v_left);
    v_left := v_left - v_take;
    if v_left = 0 then
      v_part_tax := least(v_tax, v_take);
      v_part_service := least(v_service, v_take - v_part_tax);
    else
      v_part_tax := (v_tax::bigint * v_take / p_cents)::integer;
      v_part_service := (v_service::bigint * v_take / p_cents)::integer;
    end if;
    insert into public.payment_ledger (
      reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents, provider, provider_payment_id,
      idempotency_key, reason, actor, notify_guest, notice, part_of
    ) values (
      r.id, r.org_id, 'refund', 'pending', v_take, v_part_service, v_part_tax, c.provider, c.provider_payment_id,
      case when v_parts = 0 then p_key else 'p' || md5(p_key || ':' || v_parts) end,
      nullif(btrim(coalesce(p_reason, '')), ''), p_actor, coalesce(p_notify, false), p_notice, v_first.id
    )
    returning * into v_row;
    if v_parts = 0 then
      v_first := v_row;
    end if;
    v_parts := v_parts + 1;
    v_service := v_service - v_part_service;
    v_tax := v_tax - v_part_tax;
  end loop;
  if v_left > 0 then
    raise exception 'A refund cannot exceed what was paid' using errcode = 'P0001';
  end if;
  return v_first;
end;
$$;

-- What the edge function needs back: the state, its refund (null without one) and the refunds it must send.
create or replace function public.money_action_result(r public.reservations, p_already boolean, p_refund_id bigint)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'reservation_id', r.id,
    'status', r.status,
    'already', p_already,
    'money', public.money_of(r.id),
    -- The action's refund, all its parts together: failed if any part failed, pending while any is.
    'refund', (select jsonb_build_object(
                 'id', p_refund_id,
                 'status', case when bool_or(l.status = 'failed') then 'failed' when bool_or(l.status = 'pending') then 'pending' else 'completed' end,
                 'amount_cents', sum(l.amount_cents),
                 'submitted', bool_and(l.provider_refund_id is not null),
                 'parts', jsonb_agg(l.id order by l.id))
               from public.payment_ledger l where l.id = p_refund_id or l.part_of = p_refund_id
               having count(*) > 0),
    'to_send', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'amount_cents', l.amount_cents, 'idempotency_key', l.idempotency_key,
        'provider', l.provider, 'payment_id', l.provider_payment_id, 'reason', coalesce(l.reason, 'Refund')) order by l.id)
      from public.payment_ledger l
      where l.reservation_id = r.id and l.kind = 'refund' and l.status = 'pending' and l.provider_refund_id is null), '[]'::jsonb));
$$;

-- The processor's answer to a refund. p_status: 'completed' | 'pending' (the
-- processor took it, e.g. Square PENDING) | 'failed' | 'unknown' (no answer:
-- stays unsent; reconcile-payments sends it again with the same key). Emails
-- the guest once, at the first real answer, when the refund asked for it.
create or replace function public.record_refund_result(
  p_ledger_id bigint,
  p_status text,
  p_provider_refund_id text default null,
  p_message text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.payment_ledger;
  v_root bigint;
  v_cents integer;
  v_status text;
begin
  if p_status not in ('completed', 'pending', 'failed', 'unknown') then
    raise exception 'Unknown refund status %', p_status using errcode = 'P0001';
  end if;
  -- The first part is locked first: the parts of one refund record their answers one at a time,
  -- so the last one sees the others' and sends the one email.
  select coalesce(l.part_of, l.id) into v_root from public.payment_ledger l where l.id = p_ledger_id and l.kind = 'refund';
  perform 1 from public.payment_ledger l where l.id = v_root for update;
  select * into v_row from public.payment_ledger l where l.id = p_ledger_id and l.kind = 'refund' for update;
  if v_row.id is null then
    raise exception 'Refund not found' using errcode = 'SH404';
  end if;
  if v_row.status in ('completed', 'failed') then
    return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'amount_cents', v_row.amount_cents);
  end if;

  update public.payment_ledger l
  set status = case when p_status = 'unknown' then 'pending' else p_status end,
      provider_refund_id = coalesce(p_provider_refund_id, l.provider_refund_id),
      submitted_at = case when p_status = 'unknown' then l.submitted_at else coalesce(l.submitted_at, now()) end,
      message = left(p_message, 500)
  where l.id = v_row.id
  returning * into v_row;

  -- A refund in parts emails once, when its last part has an answer: the whole amount, failed
  -- if any part failed, pending while any is.
  if p_status <> 'unknown' and v_row.notify_guest and v_row.notice is not null
     and not exists (select 1 from public.payment_ledger l where (l.id = v_root or l.part_of = v_root) and l.submitted_at is null) then
    select sum(l.amount_cents)::integer,
           case when bool_or(l.status = 'failed') then 'failed' when bool_or(l.status = 'pending') then 'pending' else 'completed' end
      into v_cents, v_status
    from public.payment_ledger l where l.id = v_root or l.part_of = v_root;
    perform public.enqueue_money_email(v_row.reservation_id, v_row.notice, v_cents, v_status);
    update public.payment_ledger l set notify_guest = false where l.id = v_root or l.part_of = v_root;
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'amount_cents', v_row.amount_cents);
end;
$$;

-- Cancelling
--
-- The key of a booking's cancellation refund: one per reservation, so a cancellation asked for
-- again never refunds twice.
create or replace function public.cancellation_refund_key(p_reservation_id uuid) returns text
language sql immutable set search_path = '' as $$
  select 'cx' || md5(p_reservation_id::text || ':cancel');
$$;

-- The answer to cancelling a booking that is already cancelled: its state, and its cancellation's refund.
create or replace function public.already_cancelled_result(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select public.money_action_result(r, true,
    (select l.id from public.payment_ledger l where l.kind = 'refund' and l.idempotency_key = public.cancellation_refund_key(r.id)));
$$;

-- Cancels a confirmed reservation with the money decision taken (p_cents to
-- refund, 0 for none), in the caller's transaction; the caller has locked the
-- event row and the reservation. Returns the refund row's id (or null).
create or replace function public.cancel_with_money(
  r public.reservations,
  p_cents integer,
  p_reason text,
  p_actor text,
  p_by text,
  p_notify boolean
)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_refund public.payment_ledger;
begin
  perform set_config('supperhost.money_decision', r.id::text, true);
  update public.reservations x
  set status = 'cancelled', cancelled_at = now(), cancelled_by = p_by,
      cancel_reason = left(nullif(btrim(coalesce(p_reason, '')), ''), 500)
  where x.id = r.id;
  perform set_config('supperhost.money_decision', '', true);

  if p_cents > 0 then
    v_refund := public.open_refund(r, p_cents, public.cancellation_refund_key(r.id), coalesce(p_reason, 'Reservation cancelled'),
                                   p_actor, p_notify, 'cancellation');
  elsif p_notify then
    perform public.enqueue_money_email(r.id, 'cancellation', 0, 'none');
  end if;
  if p_notify then
    perform public.tell_seat_holders_cancelled(r, p_by);
  end if;
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'cancelled', jsonb_build_object('by', p_actor, 'refund_cents', p_cents, 'reason', p_reason));
  return v_refund.id;
end;
$$;

-- Locks the event row, then the reservation (the booking lock order).
create or replace function public.lock_reservation(p_reservation_id uuid) returns public.reservations
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_event uuid;
  r public.reservations;
begin
  select x.event_id into v_event from public.reservations x where x.id = p_reservation_id;
  if v_event is null then
    raise exception 'Reservation not found' using errcode = 'SH404';
  end if;
  perform 1 from public.events e where e.id = v_event for update;
  select * into r from public.reservations x where x.id = p_reservation_id for update;
  return r;
end;
$$;

-- A confirmed booking's new party size, as a decision about its money: the caller (holding the
-- reservation's lock) has recorded what happens to the money of the guests who come or go, so
-- the guard on paid bookings lets this one update through (supperhost.money_decision). The
-- capacity trigger still checks the seats. Answers the updated reservation.
create or replace function public.set_party_size(r public.reservations, p_guests integer) returns public.reservations
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform set_config('supperhost.money_decision', r.id::text, true);
  update public.reservations x set num_guests = p_guests where x.id = r.id returning * into r;
  perform set_config('supperhost.money_decision', '', true);
  return r;
end;
$$;

-- A staff action on a booking starts here: the caller is a member of its organization (else
-- p_denied with SH403, the same answer for a booking that does not exist), then the booking is
-- locked (lock_reservation).
create or replace function public.lock_member_reservation(p_reservation_id uuid, p_denied text) returns public.reservations
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.assert_member((select x.org_id from public.reservations x where x.id = p_reservation_id), p_denied);
  return public.lock_reservation(p_reservation_id);
end;
$$;

-- Staff cancel with a money decision. p_refund: "full" | "none" | "policy" |
-- {"amountCents": n}. Keeping money that is still held needs a reason. A
-- cancelled reservation is not cancelled again: the answer is its state.
create or replace function public.staff_cancel_reservation(
  p_reservation_id uuid,
  p_refund jsonb,
  p_reason text default null,
  p_notify boolean default true
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_held integer;
  v_cents integer;
  v_mode text := case jsonb_typeof(p_refund) when 'string' then p_refund #>> '{}' when 'object' then 'amount' end;
  v_refund_id bigint;
begin
  if v_mode is null or v_mode not in ('full', 'none', 'policy', 'amount') then
    raise exception 'refund must be "full", "none" or { "amountCents": n }' using errcode = 'P0001';
  end if;
  r := public.lock_member_reservation(p_reservation_id, 'You can only cancel reservations of your own organization');

  if r.status = 'cancelled' then
    return public.already_cancelled_result(r);
  end if;
  if r.status <> 'confirmed' then
    raise exception 'Only a confirmed reservation can be cancelled' using errcode = 'SH409';
  end if;

  v_held := public.money_held_cents(r.id);
  v_cents := case v_mode
    when 'full' then v_held
    when 'none' then 0
    when 'policy' then public.policy_refund_cents(r)
    else (p_refund ->> 'amountCents')::integer
  end;
  if v_cents is null or v_cents < 0 then
    raise exception 'The refund must be an amount of 0 or more cents' using errcode = 'P0001';
  end if;
  if v_cents > v_held then
    raise exception 'The refund cannot be more than the % still refundable', public.booking_money(v_held) using errcode = 'P0001';
  end if;
  if v_held > 0 and v_cents = 0 and coalesce(btrim(p_reason), '') = '' then
    raise exception 'Give a reason for keeping the % paid', public.booking_money(v_held) using errcode = 'P0001';
  end if;

  v_refund_id := public.cancel_with_money(r, v_cents, p_reason, 'staff:' || (select auth.uid())::text, 'staff', coalesce(p_notify, true));
  select * into r from public.reservations x where x.id = r.id;
  return public.money_action_result(r, false, v_refund_id);
end;
$$;

grant execute on function public.staff_cancel_reservation(uuid, jsonb, text, boolean) to authenticated;

-- Staff refund part of a paid booking without cancelling it. p_request_key
-- (one per dialog) makes a double click harmless.
create or replace function public.staff_refund_reservation(
  p_reservation_id uuid,
  p_amount_cents integer,
  p_reason text default null,
  p_notify boolean default true,
  p_request_key text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_held integer;
  v_key text;
  v_row public.payment_ledger;
begin
  r := public.lock_member_reservation(p_reservation_id, 'You can only refund reservations of your own organization');
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'Enter a refund amount greater than $0.00' using errcode = 'P0001';
  end if;
  v_key := 'rf' || md5(r.id::text || ':' || coalesce(nullif(btrim(p_request_key), ''),
    'n' || (select count(*) from public.payment_ledger l where l.reservation_id = r.id and l.kind = 'refund')::text));
  if exists (select 1 from public.payment_ledger l where l.kind = 'refund' and l.idempotency_key = v_key) then
    return public.money_action_result(r, true, (select l.id from public.payment_ledger l where l.kind = 'refund' and l.idempotency_key = v_key));
  end if;
  v_held := public.money_held_cents(r.id);
  if v_held = 0 then
    raise exception 'Nothing is left to refund on this reservation' using errcode = 'P0001';
  end if;
  if p_amount_cents > v_held then
    raise exception 'The refund cannot be more than the % still refundable', public.booking_money(v_held) using errcode = 'P0001';
  end if;
  v_row := public.open_refund(r, p_amount_cents, v_key, coalesce(nullif(btrim(p_reason), ''), 'Refund'),
                              'staff:' || (select auth.uid())::text, coalesce(p_notify, true), 'refund');
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'refund_requested', jsonb_build_object('by', 'staff', 'amount_cents', p_amount_cents, 'reason', p_reason));
  return public.money_action_result(r, false, v_row.id);
end;
$$;

grant execute on function public.staff_refund_reservation(uuid, integer, text, boolean, text) to authenticated;

-- What part of a booking's own charge (its first completed one) p_guests of its guests and
-- p_addons_cents of its add-ons carry: each item of the booking, a guest's place at its unit
-- price or an add-on at its price, takes its share of the charge's discount, service charge and
-- tax in proportion to its price (rounded down). The one rule for a guest's price after booking:
-- a guest added (added_guest_price), guests taken off (party_reduction_refund_cents) and guests
-- made complimentary (staff_set_guests). A booking held before its unit price was recorded splits
-- its charge evenly over its guests. No row when the booking took no payment.
create or replace function public.booking_charge_share(r public.reservations, p_guests integer, p_addons_cents integer)
returns table (provider text, amount_cents integer, service_charge_cents integer, tax_cents integer)
language sql stable security definer set search_path = '' as $$
  select l.provider, (l.amount_cents * s.part / s.whole)::integer, (l.service_charge_cents * s.part / s.whole)::integer,
         (l.tax_cents * s.part / s.whole)::integer
  from public.payment_ledger l
  cross join lateral (
    select case when r.unit_price_cents is null then p_guests::bigint
                else p_guests::bigint * r.unit_price_cents + p_addons_cents end as part,
           case when r.unit_price_cents is null then greatest(coalesce(l.guests, r.num_guests), 1)::bigint
                else greatest(r.amount_cents + r.discount_cents - r.service_charge_cents - r.tax_cents, 1)::bigint end as whole
  ) s
  where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'completed'
  order by l.id
  limit 1;
$$;

-- The add-ons a party of p_guests would no longer take: a party keeps at most one of each
-- per-guest add-on per guest (cap_addons_to_party); add-ons for the whole party stay. One row
-- per add-on dropped, with how many and what they cost at their booked price.
create or replace function public.party_reduction_addons(r public.reservations, p_guests integer)
returns table (name text, quantity integer, subtotal_cents integer)
language sql stable security definer set search_path = '' as $$
  select a.name, ra.quantity - p_guests, (ra.quantity - p_guests) * ra.unit_price_cents
  from public.reservation_addons ra
  join public.event_addons a on a.id = ra.addon_id and a.per = 'guest'
  where ra.reservation_id = r.id and ra.quantity > p_guests
  order by a.sort, a.created_at, a.id;
$$;

-- What comes back when a paid party gets smaller: the share of the booking's charge that the
-- guests who no longer come carry, with the add-ons the party drops (party_reduction_addons),
-- within what the booking still holds, under the booking's frozen policy at this moment (all of
-- it inside the full-refund window, else its late percent).
create or replace function public.party_reduction_refund_cents(r public.reservations, p_guests integer)
returns integer
language sql stable security definer set search_path = '' as $$
  select public.policy_share_cents(r, least(
    public.money_held_cents(r.id),
    coalesce((select g.amount_cents
              from public.booking_charge_share(r, greatest(r.num_guests - p_guests, 0),
                     (select coalesce(sum(d.subtotal_cents), 0)::integer from public.party_reduction_addons(r, p_guests) d)) g), 0)
  ));
$$;

-- Staff change the party size of a booking. More guests on a booking that holds
-- money must be marked complimentary (a comp row of their value); fewer guests
-- give their seats back and keep the money unless staff refund the difference
-- (the answer says what the policy would refund).
create or replace function public.staff_set_guests(
  p_reservation_id uuid,
  p_guests integer,
  p_complimentary boolean default false,
  p_reason text default null
)
returns table (reservation_id uuid, status text, num_guests integer, suggested_refund_cents integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_held integer;
  v_unit integer;
  v_difference integer := 0;
begin
  r := public.lock_member_reservation(p_reservation_id, 'You can only edit reservations of your own organization');
  if r.status <> 'confirmed' then
    raise exception 'Only a confirmed reservation can be changed' using errcode = 'SH409';
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 10 then
    raise exception 'Guests must be between 1 and 10' using errcode = 'P0001';
  end if;
  v_held := public.money_held_cents(r.id);
  v_unit := coalesce((select g.amount_cents from public.booking_charge_share(r, 1, 0) g), 0);

  if p_guests > r.num_guests and v_held > 0 then
    if not coalesce(p_complimentary, false) then
      raise exception 'This booking was paid for % guest(s). Extra guests must be marked complimentary, or booked and paid for separately.', r.num_guests
        using errcode = 'SH423';
    end if;
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, reason, actor)
    values (r.id, r.org_id, 'comp', 'completed', v_unit * (p_guests - r.num_guests), p_guests - r.num_guests,
            coalesce(nullif(btrim(p_reason), ''), 'Complimentary guests'), 'staff:' || (select auth.uid())::text);
  elsif p_guests < r.num_guests and v_held > 0 then
    v_difference := public.party_reduction_refund_cents(r, p_guests);
  end if;

  r := public.set_party_size(r, p_guests);
  return query select r.id, r.status, r.num_guests, v_difference;
end;
$$;

grant execute on function public.staff_set_guests(uuid, integer, boolean, text) to authenticated;

-- The guest's manage link
create or replace function public.reservation_by_token(p_token text) returns public.reservations
language sql stable security definer set search_path = '' as $$
  select r.* from public.reservations r
  where p_token ~ '^[A-Za-z0-9_-]{43}$'
    and r.manage_token_hash = public.manage_token_hash(p_token)
    and r.status in ('confirmed', 'cancelled');
$$;

-- What a guest does from the manage link starts here: the booking it opens, locked (the event
-- row first, then the reservation: the booking lock order); SH404 for a link that opens nothing.
create or replace function public.lock_reservation_by_token(p_token text) returns public.reservations
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid := (public.reservation_by_token(p_token)).id;
begin
  if v_id is null then
    raise exception 'This booking link is not valid.' using errcode = 'SH404';
  end if;
  return public.lock_reservation(v_id);
end;
$$;

-- The guest cancels through the manage link: refunds what the frozen policy
-- gives now and emails a receipt. Cancelling again answers the same state.
create or replace function public.guest_cancel_booking(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_refund_id bigint;
begin
  r := public.lock_reservation_by_token(p_token);
  if r.status = 'cancelled' then
    return public.already_cancelled_result(r);
  end if;
  if r.status <> 'confirmed' then
    raise exception 'This booking can no longer be cancelled.' using errcode = 'SH409';
  end if;
  if now() >= public.reservation_starts_at(r) then
    raise exception 'This dinner has already started, so the booking can no longer be cancelled online. Please contact the host.'
      using errcode = 'SH409';
  end if;
  v_refund_id := public.cancel_with_money(r, public.policy_refund_cents(r), 'Cancelled by the guest', 'guest', 'guest', true);
  perform public.enqueue_booking_notice(r.id, 'cancelled');
  select * into r from public.reservations x where x.id = r.id;
  return public.money_action_result(r, false, v_refund_id);
end;
$$;

-- A charge without a booking (its hold expired and the seats are gone)
--
-- Opens the full refund of everything the reservation holds (key derived from
-- the charge's key, as booking.ts has always derived it) and records it; the
-- guest is emailed once the processor answers. Idempotent.
create or replace function public.system_refund_booking(p_reservation_id uuid, p_reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_held integer;
  v_key text;
  v_row public.payment_ledger;
begin
  r := public.lock_reservation(p_reservation_id);
  if r.status = 'confirmed' then
    raise exception 'A confirmed booking is not refunded by the system' using errcode = 'SH409';
  end if;
  v_key := 'r' || left(encode(extensions.digest('refund:' || r.idempotency_key, 'sha256'), 'hex'), 40);
  select * into v_row from public.payment_ledger l where l.kind = 'refund' and l.idempotency_key = v_key;
  if v_row.id is null then
    v_held := public.money_held_cents(r.id);
    if v_held > 0 then
      v_row := public.open_refund(r, v_held, v_key, p_reason, 'system', true, 'booking_refunded');
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'refund_requested', jsonb_build_object('amount_cents', v_held, 'reason', p_reason));
    end if;
  end if;
  return public.money_action_result(r, v_row.id is not null and v_row.status <> 'pending', v_row.id);
end;
$$;

-- Reconciliation: what the functions could not finish
--
-- Charges left 'charging', refunds decided but not sent, and refunds the
-- processor has not finished, older than p_older_than_seconds (so a request
-- still in flight is left alone); only one organization's with p_org_id.
create or replace function public.payments_to_reconcile(p_older_than_seconds integer default 120, p_limit integer default 200, p_org_id uuid default null)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'charges', coalesce((
      select jsonb_agg(jsonb_build_object(
        'ledger_id', x.id, 'reservation_id', x.reservation_id, 'idempotency_key', x.idempotency_key, 'provider', x.provider,
        'purpose', x.purpose,
        'amount_cents', x.amount_cents, 'email', r.email, 'guests', r.num_guests, 'status', r.status,
        'event_title', e.title, 'org_name', o.name,
        'payment_id', x.provider_payment_id, 'request', x.processor_request,
        -- The card token of the booking's hold (its own charge only: added guests' charges store their request).
        'payment_source', (select be.detail ->> 'payment_source' from public.booking_events be
                           where x.purpose = 'booking' and be.reservation_id = r.id and be.kind = 'held' and be.detail ->> 'payment_source' is not null
                           order by be.id limit 1)) order by x.id)
      from (select l.* from public.payment_ledger l
            where l.kind = 'charge' and l.status = 'charging' and (p_org_id is null or l.org_id = p_org_id)
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
            where l.kind = 'refund' and l.status = 'pending' and (p_org_id is null or l.org_id = p_org_id)
              and l.updated_at < now() - make_interval(secs => greatest(coalesce(p_older_than_seconds, 120), 0))
            order by l.id limit greatest(coalesce(p_limit, 200), 1)) x), '[]'::jsonb));
$$;

-- Square webhooks (payment.updated, refund.updated), once per event id
create table public.square_webhook_events (
  event_id text primary key check (char_length(event_id) between 1 and 200),
  event_type text not null,
  applied boolean not null default false,
  received_at timestamptz not null default now()
);

alter table public.square_webhook_events enable row level security;

-- A Square payment or refund webhook, applied once per event id to the ledger.
create or replace function public.apply_square_webhook(p_event_id text, p_event_type text, p_object jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_payment jsonb := p_object -> 'payment';
  v_refund jsonb := p_object -> 'refund';
  v_status text;
  v_row public.payment_ledger;
  v_applied boolean := false;
begin
  insert into public.square_webhook_events (event_id, event_type) values (p_event_id, p_event_type)
  on conflict (event_id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true, 'applied', false);
  end if;

  if p_event_type = 'refund.updated' and v_refund ->> 'id' is not null then
    v_status := case v_refund ->> 'status' when 'COMPLETED' then 'completed' when 'FAILED' then 'failed' when 'REJECTED' then 'failed' end;
    select * into v_row from public.payment_ledger l
    where l.kind = 'refund' and l.provider = 'square' and l.provider_refund_id = v_refund ->> 'id' for update;
    if v_row.id is not null and v_status is not null and v_row.status = 'pending' then
      perform public.record_refund_result(v_row.id, v_status, v_refund ->> 'id', 'webhook ' || p_event_id);
      v_applied := true;
    end if;
  elsif p_event_type = 'payment.updated' and v_payment ->> 'id' is not null then
    v_status := case v_payment ->> 'status' when 'FAILED' then 'failed' when 'CANCELED' then 'failed' end;
    select * into v_row from public.payment_ledger l
    where l.kind = 'charge' and l.provider = 'square' and l.provider_payment_id = v_payment ->> 'id' for update;
    if v_row.id is null and (v_payment ->> 'reference_id') ~ '^[0-9a-f-]{36}$' then
      -- A charge whose answer never reached us: note its payment id; the reconciler confirms or
      -- refunds the booking. Only when it is the booking's one open charge (several guests
      -- paying their seats at once: the reconciler re-sends each stored request instead).
      update public.payment_ledger l set provider_payment_id = v_payment ->> 'id', message = 'webhook ' || p_event_id
      where l.kind = 'charge' and l.status = 'charging' and l.reservation_id = (v_payment ->> 'reference_id')::uuid
        and (select count(*) from public.payment_ledger x
             where x.reservation_id = l.reservation_id and x.kind = 'charge' and x.status = 'charging') = 1
      returning * into v_row;
      v_applied := v_row.id is not null;
    elsif v_row.id is not null and v_status = 'failed' and v_row.status = 'charging' and v_row.purpose <> 'booking' then
      -- Added guests or a seat whose payment failed: settled as declined (a refund is never due here).
      perform public.settle_extra_charge(v_row.id, 'declined', null, 'webhook ' || p_event_id);
      v_applied := true;
    elsif v_row.id is not null and v_status = 'failed' and v_row.status = 'charging' then
      update public.payment_ledger l set status = 'failed', message = 'webhook ' || p_event_id where l.id = v_row.id;
      v_applied := true;
    end if;
  end if;

  update public.square_webhook_events w set applied = v_applied where w.event_id = p_event_id;
  return jsonb_build_object('duplicate', false, 'applied', v_applied);
end;
$$;

-- Stores a charge's request (the first one stays) and a payment id learned after it; answers the
-- request to send. The charge: p_ledger_id when given (a booking may have several open: its
-- guests paying their seats), else the reservation's open charge.
create or replace function public.note_charge(
  p_reservation_id uuid,
  p_request jsonb default null,
  p_payment_id text default null,
  p_ledger_id bigint default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_request jsonb;
  v_found boolean;
begin
  update public.payment_ledger l
  set processor_request = coalesce(l.processor_request, p_request),
      provider_payment_id = coalesce(l.provider_payment_id, p_payment_id)
  where l.reservation_id = p_reservation_id and l.kind = 'charge' and l.status = 'charging'
    and (p_ledger_id is null or l.id = p_ledger_id)
  returning l.processor_request into v_request;
  v_found := found;
  -- No open charge (none was recorded, or it is settled): the request is sent as built.
  return case when v_found then v_request else p_request end;
end;
$$;

-- A charge the reconciler cannot settle on its own (e.g. IDEMPOTENCY_KEY_REUSED):
-- the reason on the charge's ledger row (members read it) and in the booking's
-- audit trail. The row stays 'charging'; the same reason is not logged twice in a row.
create or replace function public.note_charge_problem(p_ledger_id bigint, p_code text, p_message text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
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

-- The books: every completed ledger line of an organization, for its accountant
--
--   staff_ledger_export(org, from, to)   one row per line (the CSV)
--   staff_ledger_months(org, from, to)   the same rows summed per month (the admin's table)
--
-- Members of the organization (owners and staff, as they read payment_ledger) and the super
-- admin; anyone else SH403. Dates are calendar dates in the organization's time zone, both
-- ends included. A line is in the books once it moved money or gave value away: completed
-- charges, completed refunds and comps; a charge still charging or failed, a refund pending
-- or failed are left out until they complete. A line occurs when it was recorded.
--
-- Money is integer cents in US dollars (SupperHost charges only in USD), signed as it flows
-- for the organization: charges positive, refunds negative. For every line
--   amount = gross - discount + service charge + tax     what the card (or cash) moved
--   net    = amount - platform fee                        what the organization keeps
--   charge  gross is the price before the discount (the booking's discount on its first
--           charge), its service charge and tax as collected, the platform fee Square's
--           app_fee_money taken with it.
--   refund  the share of price, service charge and tax it returned (refund_lines), negative;
--           the platform fee given back with it, negative; no discount.
--   comp    value given away: gross = discount = its value, nothing moved (amount 0).
-- The platform fee is a column of the line it was taken or returned with, not a line of its
-- own: Square takes it from that payment or refund. Net is before the processor's own fees.
create or replace function public.staff_ledger_export(p_org_id uuid, p_from date, p_to date)
returns table (
  ledger_id bigint,
  kind text,
  occurred_at timestamptz,
  occurred_on date,
  booking_code text,
  reservation_id uuid,
  event_title text,
  event_starts_at timestamptz,
  guest_name text,
  guest_email text,
  guests integer,
  gross_cents integer,
  discount_cents integer,
  service_charge_cents integer,
  tax_cents integer,
  amount_cents integer,
  platform_fee_cents integer,
  net_cents integer,
  currency text,
  provider text,
  provider_payment_id text,
  provider_refund_id text,
  reason text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_zone text;
begin
  perform public.assert_member(p_org_id, 'You can only read the books of your own organization');
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'Choose a start date on or before the end date' using errcode = 'P0001';
  end if;
  select o.timezone into v_zone from public.organizations o where o.id = p_org_id;
  return query
  with lines as (
    select l.*,
      case when l.kind = 'charge'
                and l.id = min(l.id) filter (where l.kind = 'charge') over (partition by l.reservation_id)
           then r.discount_cents else 0 end as discount,
      case l.kind when 'refund' then -1 when 'comp' then 0 else 1 end as sign,
      r.booking_code as code, r.name as guest, r.email as address,
      public.reservation_starts_at(r) as starts_at, e.title
    from public.payment_ledger l
    join public.reservations r on r.id = l.reservation_id
    join public.events e on e.id = r.event_id
    where l.org_id = p_org_id
      and l.status = 'completed'
      and l.created_at >= (p_from::timestamp at time zone v_zone)
      and l.created_at < ((p_to + 1)::timestamp at time zone v_zone)
  )
  select x.id, x.kind, x.created_at, (x.created_at at time zone v_zone)::date, x.code, x.reservation_id, x.title, x.starts_at,
    x.guest, x.address, x.guests,
    case when x.kind = 'comp' then x.amount_cents
         else x.sign * (x.amount_cents - x.service_charge_cents - x.tax_cents) + x.discount end,
    case when x.kind = 'comp' then x.amount_cents else x.discount end,
    x.sign * x.service_charge_cents,
    x.sign * x.tax_cents,
    x.sign * x.amount_cents,
    x.sign * coalesce(x.app_fee_cents, 0),
    x.sign * (x.amount_cents - coalesce(x.app_fee_cents, 0)),
    'USD'::text, x.provider, x.provider_payment_id, x.provider_refund_id, x.reason
  from lines x
  order by x.created_at, x.id;
end;
$$;

comment on function public.staff_ledger_export(uuid, date, date) is
  'The books of an organization: every completed charge, refund and comp recorded from p_from to p_to (calendar dates in the organization''s time zone, both included), with the booking, event and guest. Integer cents in USD, charges positive and refunds negative; amount = gross - discount + service charge + tax, net = amount - platform fee. Members only (SH403).';

grant execute on function public.staff_ledger_export(uuid, date, date) to authenticated;

-- The books per month (the first day of each month in the organization's time zone): the sums
-- of staff_ledger_export's rows, so the table and the CSV always agree. refunds is the refund
-- lines' part of amount (already in every other column, which are after refunds). Months
-- without a line are left out.
create or replace function public.staff_ledger_months(p_org_id uuid, p_from date, p_to date)
returns table (
  month date,
  lines integer,
  gross_cents bigint,
  discount_cents bigint,
  service_charge_cents bigint,
  tax_cents bigint,
  refunds_cents bigint,
  amount_cents bigint,
  platform_fee_cents bigint,
  net_cents bigint
)
language sql stable security invoker set search_path = '' as $$
  select date_trunc('month', x.occurred_on)::date,
    count(*)::integer,
    sum(x.gross_cents)::bigint,
    sum(x.discount_cents)::bigint,
    sum(x.service_charge_cents)::bigint,
    sum(x.tax_cents)::bigint,
    coalesce(sum(x.amount_cents) filter (where x.kind = 'refund'), 0)::bigint,
    sum(x.amount_cents)::bigint,
    sum(x.platform_fee_cents)::bigint,
    sum(x.net_cents)::bigint
  from public.staff_ledger_export(p_org_id, p_from, p_to) x
  group by 1
  order by 1;
$$;

comment on function public.staff_ledger_months(uuid, date, date) is
  'staff_ledger_export summed per month (in the organization''s time zone); refunds_cents is the refund lines'' part of amount_cents. Members only (SH403).';

grant execute on function public.staff_ledger_months(uuid, date, date) to authenticated;
