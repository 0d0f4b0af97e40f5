-- =============================================================================
-- Reservations and capacity: the booking row, its codes and manage link, and the triggers that keep seats from being oversold.
--
-- One row per booking, ticketed or RSVP. Rows are created only by the service
-- role (edge functions) or security definer SQL; members read and edit guest
-- details of their organizations' rows and cancel them. Nothing is deleted to
-- cancel.
--
-- Capacity lives in one trigger so every path shares one rule:
--   * a row "holds seats" while it is confirmed or an unexpired hold (holds_seats);
--   * what a capacity pool (capacity_pools, 020_events.sql) has taken is the sum of the
--     guests of the rows holding seats that draw from it: through their ticket type's or
--     slot's pool, or every row of the event for its event-wide pool (capacity_pool_use);
--   * inserting a row that holds seats, or growing / moving one, is refused unless each pool
--     it draws from has room for it; the event row is locked first, so concurrent bookings
--     of one event are serialized and cannot oversell;
--   * leaving that state (cancelled, expired, failed) frees the seats by itself: nothing
--     is stored to give back;
--   * holds whose hold_expires_at has passed are expired before a new booking of the same
--     event is counted, and by public.expire_reservation_holds();
--   * a promo code is redeemed when its reservation becomes 'confirmed', never
--     past max_uses.
-- Refusals raise SQLSTATE 'SH409' (not enough capacity / not bookable) or
-- 'SH410' (promo code no longer redeemable) with a human-readable message.
-- =============================================================================

-- Secrets no API role can read (the key of the manage links).
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- Named secrets of this database (the manage-link key).
create table private.secrets (
  name text primary key,
  value bytea not null
);

revoke all on private.secrets from public, anon, authenticated;

-- The manage-link key, made once per database (data: the schema diff does not carry it).
insert into private.secrets (name, value) values ('manage_token', extensions.gen_random_bytes(32))
on conflict (name) do nothing;

-- A new booking code: 8 characters in two groups, without look-alikes (0/O/1/I/L).
create or replace function public.new_booking_code() returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  raw bytea := extensions.gen_random_bytes(8);
  code text := '';
begin
  for i in 0..7 loop
    code := code || substr(alphabet, 1 + get_byte(raw, i) % 31, 1);
    if i = 3 then code := code || '-'; end if;
  end loop;
  return code;
end;
$$;

-- The SHA-256 stored for a manage-link token (the token itself never is).
create or replace function public.manage_token_hash(p_token text) returns bytea
language sql immutable set search_path = '' as $$ select extensions.digest(convert_to(coalesce(p_token, ''), 'UTF8'), 'sha256') $$;

-- One row per booking, ticketed or RSVP, from hold to confirmed, cancelled, expired or failed.
create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  event_id uuid not null,
  ticket_type_id uuid,
  rsvp_slot_id uuid,
  promo_code_id uuid,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (char_length(phone) <= 40),
  num_guests integer not null check (num_guests between 1 and 10),
  time_slot text check (char_length(time_slot) <= 40),
  dietary_restrictions text check (char_length(dietary_restrictions) <= 2000),
  special_requests text check (char_length(special_requests) <= 2000),
  status text not null default 'confirmed'
    check (status in ('held', 'confirmed', 'cancelled', 'expired', 'failed')),
  amount_cents integer not null default 0 check (amount_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  payment_provider text,
  payment_id text,
  idempotency_key text unique,
  hold_expires_at timestamptz,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  -- Why it was cancelled and by whom ('staff', 'guest', 'system').
  cancel_reason text check (char_length(cancel_reason) <= 500),
  cancelled_by text check (cancelled_by in ('staff', 'guest', 'system')),
  booking_code text not null unique default public.new_booking_code(),
  manage_token_hash bytea unique,
  -- The event's cancellation policy when this booking was sold (frozen).
  refund_window_hours integer check (refund_window_hours between 0 and 8760),
  late_refund_percent integer not null default 0 check (late_refund_percent between 0 and 100),
  -- When its reminder was queued (once; public.enqueue_due_reminders).
  reminder_sent_at timestamptz,
  created_at timestamptz not null default now(),
  checked_in_guests integer not null default 0 check (checked_in_guests >= 0),
  checked_in_at timestamptz,
  staff_notes text check (char_length(staff_notes) <= 2000),
  -- The lines of amount_cents (045_taxes_and_service_charges.sql): amount_cents = subtotal
  -- - discount_cents + service_charge_cents + tax_cents.
  service_charge_cents integer not null default 0 check (service_charge_cents >= 0),
  tax_cents integer not null default 0 check (tax_cents >= 0),
  -- How many times the booking changed hands (guest_hand_over_booking): the manage link's version.
  manage_token_version integer not null default 0 check (manage_token_version >= 0),
  unit_price_cents integer check (unit_price_cents >= 0),
  constraint reservations_event_of_org
    foreign key (event_id, org_id) references public.events (id, org_id),
  constraint reservations_ticket_type_of_event
    foreign key (ticket_type_id, event_id) references public.ticket_types (id, event_id)
    on delete set null (ticket_type_id),
  constraint reservations_rsvp_slot_of_event
    foreign key (rsvp_slot_id, event_id) references public.rsvp_slots (id, event_id)
    on delete set null (rsvp_slot_id),
  constraint reservations_promo_code_of_org
    foreign key (promo_code_id, org_id) references public.promo_codes (id, org_id)
    on delete set null (promo_code_id),
  constraint reservations_hold_has_expiry
    check (status <> 'held' or hold_expires_at is not null),
  constraint reservations_cancelled_iff_cancelled_at
    check ((status = 'cancelled') = (cancelled_at is not null)),
  constraint reservations_checked_in_within_guests check (checked_in_guests <= num_guests),
  constraint reservations_phone_normalized check (phone is null or phone ~ '^\+?[0-9]{7,15}$')
);

comment on column public.reservations.amount_cents is 'Amount charged (or to charge) in cents, computed by the server.';

comment on column public.reservations.status is 'held -> confirmed | failed | expired | cancelled; confirmed -> cancelled. A cancelled reservation is final.';

comment on column public.reservations.booking_code is 'Short human-readable code the guest quotes (XXXX-XXXX).';

comment on column public.reservations.manage_token_hash is 'SHA-256 of the manage link token (/booking/{token}); the token itself is never stored.';

comment on column public.reservations.manage_token_version is 'How many times the booking was handed to someone else: each time the manage link changes and the old one stops working.';

comment on column public.reservations.hold_expires_at is 'When an unconfirmed hold gives its seats back.';

comment on column public.reservations.unit_price_cents is
  'What one guest''s place cost when the booking was held (its ticket type''s, slot''s or seat price then), before the discount, service charge and tax; its add-ons are apart (reservation_addons). A guest added or taken off later is worth this share of the booking''s charge (booking_charge_share). Null on bookings held before it was recorded.';

create index reservations_org_id_created_at_idx on public.reservations (org_id, created_at desc);

create index reservations_event_id_status_idx on public.reservations (event_id, status);

create index reservations_ticket_type_id_idx on public.reservations (ticket_type_id) where ticket_type_id is not null;

create index reservations_rsvp_slot_id_idx on public.reservations (rsvp_slot_id) where rsvp_slot_id is not null;

create index reservations_promo_code_id_idx on public.reservations (promo_code_id) where promo_code_id is not null;

create index reservations_email_lower_idx on public.reservations (lower(email));

create index reservations_hold_expires_at_idx on public.reservations (hold_expires_at) where status = 'held';

create unique index reservations_payment_key on public.reservations (payment_provider, payment_id) where payment_id is not null;

-- The admin list shows confirmed and cancelled rows only, newest first.
create index if not exists reservations_org_listed_created_at_idx
  on public.reservations (org_id, created_at desc, id desc)
  where status in ('confirmed', 'cancelled');

alter table public.reservations enable row level security;

grant select on public.reservations to anon;
grant select, update on public.reservations to authenticated;

-- The manage-link token of a reservation: an HMAC of its id (and, once the booking has been
-- handed to someone else, its token version) with the secret key. Version 0 is the id alone, so
-- every link ever sent keeps working until the booking changes hands.
create or replace function public.manage_token_of(p_reservation_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select translate(rtrim(encode(extensions.hmac(
    (p_reservation_id::text || coalesce((
      select ':' || r.manage_token_version from public.reservations r
      where r.id = p_reservation_id and r.manage_token_version > 0), ''))::bytea,
    s.value, 'sha256'), 'base64'), '='), '+/', '-_')
  from private.secrets s
  where s.name = 'manage_token';
$$;

-- The token of a seat's or a party's link (078_seats.sql): an HMAC of 'seat:' or 'party:' and
-- its id with the manage-link key (the prefix keeps the kinds of links apart).
create or replace function public.link_token_of(p_kind text, p_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select translate(rtrim(encode(extensions.hmac((p_kind || ':' || p_id::text)::bytea, s.value, 'sha256'), 'base64'), '='), '+/', '-_')
  from private.secrets s
  where s.name = 'manage_token';
$$;

-- What a reservation's status means for seats, written once
--
--   holds_seats       confirmed, or held and the hold still running: its guests
--                     take seats (capacity, availability, promo uses)
--   is_live_hold      held and still running (a use of a promo code in waiting)
--   is_abandoned_hold held but past hold_expires_at: its seats are free, though
--                     the counters keep them until the hold is expired
--
-- Plain SQL without SET options, so the planner inlines them (and still uses the partial index
-- on held rows). Instead of a fixed search_path, every name in them is pg_catalog's, written
-- out, so they mean the same under any search_path: the one exception to Supabase's advisor
-- function_search_path_mutable (postgres-language-server.jsonc says why).
create or replace function public.holds_seats(p_status text, p_hold_expires_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select p_status operator(pg_catalog.=) 'confirmed'
      or (p_status operator(pg_catalog.=) 'held' and p_hold_expires_at operator(pg_catalog.>) pg_catalog.now())
$$;

-- Held and still running: a promo use in waiting.
create or replace function public.is_live_hold(p_status text, p_hold_expires_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select p_status operator(pg_catalog.=) 'held' and p_hold_expires_at operator(pg_catalog.>) pg_catalog.now()
$$;

-- Held but past hold_expires_at: its seats are free, though the counters keep them until it expires.
create or replace function public.is_abandoned_hold(p_status text, p_hold_expires_at timestamptz)
returns boolean
language sql stable parallel safe as $$
  select p_status operator(pg_catalog.=) 'held' and p_hold_expires_at operator(pg_catalog.<=) pg_catalog.now()
$$;

-- Views and invoker functions call them as the visitor.
grant execute on function
  public.holds_seats(text, timestamptz),
  public.is_live_hold(text, timestamptz),
  public.is_abandoned_hold(text, timestamptz)
  to anon, authenticated;

-- Guard: what API callers (members, super admins) may change
--
-- Runs as the caller (no security definer) so current_user tells who is
-- asking: the service role, the owner and security definer functions pass.
create or replace function public.guard_reservation_fields() returns trigger
language plpgsql set search_path = '' as $$
declare
  changed text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;

  changed := case
    when new.id is distinct from old.id then 'id'
    when new.org_id is distinct from old.org_id then 'org_id'
    when new.event_id is distinct from old.event_id then 'event_id'
    when new.ticket_type_id is distinct from old.ticket_type_id then 'ticket_type_id'
    when new.rsvp_slot_id is distinct from old.rsvp_slot_id then 'rsvp_slot_id'
    when new.promo_code_id is distinct from old.promo_code_id then 'promo_code_id'
    when new.amount_cents is distinct from old.amount_cents then 'amount_cents'
    when new.discount_cents is distinct from old.discount_cents then 'discount_cents'
    when new.service_charge_cents is distinct from old.service_charge_cents then 'service_charge_cents'
    when new.tax_cents is distinct from old.tax_cents then 'tax_cents'
    when new.payment_provider is distinct from old.payment_provider then 'payment_provider'
    when new.payment_id is distinct from old.payment_id then 'payment_id'
    when new.idempotency_key is distinct from old.idempotency_key then 'idempotency_key'
    when new.hold_expires_at is distinct from old.hold_expires_at then 'hold_expires_at'
    when new.confirmed_at is distinct from old.confirmed_at then 'confirmed_at'
    when new.created_at is distinct from old.created_at then 'created_at'
    when new.booking_code is distinct from old.booking_code then 'booking_code'
    when new.manage_token_hash is distinct from old.manage_token_hash then 'manage_token_hash'
    when new.manage_token_version is distinct from old.manage_token_version then 'manage_token_version'
    when new.refund_window_hours is distinct from old.refund_window_hours then 'refund_window_hours'
    when new.late_refund_percent is distinct from old.late_refund_percent then 'late_refund_percent'
    when new.unit_price_cents is distinct from old.unit_price_cents then 'unit_price_cents'
    when new.cancelled_by is distinct from old.cancelled_by then 'cancelled_by'
    when new.cancel_reason is distinct from old.cancel_reason then 'cancel_reason'
    when new.reminder_sent_at is distinct from old.reminder_sent_at then 'reminder_sent_at'
    when new.status is distinct from old.status and new.status <> 'cancelled' then 'status'
    when old.cancelled_at is not null and new.cancelled_at is distinct from old.cancelled_at then 'cancelled_at'
  end;

  if changed is not null then
    raise exception 'Reservation field "%" cannot be changed from the admin panel', changed
      using errcode = '42501',
            hint = 'Only guest details can be edited; cancel by setting cancelled_at.';
  end if;

  -- Cancelling is stamped with the server clock.
  if old.cancelled_at is null and (new.cancelled_at is not null or new.status = 'cancelled') then
    new.cancelled_at := now();
  end if;
  return new;
end;
$$;

-- What staff read when a booking's party cannot grow: the seats free beyond its own, and the
-- most guests it can have (its own seats count as free to it). p_what: 'seats are free for
-- this event', 'spots are free in the 7:00pm slot', 'tickets are available for Food Only'.
create or replace function public.capacity_edit_message(p_most integer, p_own integer, p_what text)
returns text
language sql immutable set search_path = '' as $$
  select format('Only %s more %s: this booking can have at most %s %s.',
    greatest(p_most - p_own, 0), p_what, p_most, case when p_most = 1 then 'guest' else 'guests' end);
$$;

grant execute on function public.capacity_edit_message(integer, integer, text) to anon, authenticated;

-- Status bookkeeping and capacity
create or replace function public.apply_reservation_status_and_capacity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  was_live boolean := false;
  is_live boolean;
  same_claim boolean := false;
  event_row record;
  left_count integer;
  left_name text;
  held_cents integer;
begin
  if tg_op = 'UPDATE' then
    if old.status = 'cancelled' and (new.status <> 'cancelled' or new.cancelled_at is null) then
      raise exception 'A cancelled reservation cannot be restored' using errcode = '23514';
    end if;
    -- Only a guest's move to another date of the series (guest_move_booking), which keeps the
    -- booking's money, may change its event: it sets supperhost.money_decision as below.
    if new.event_id <> old.event_id
       and coalesce(current_setting('supperhost.money_decision', true), '') is distinct from old.id::text then
      raise exception 'A reservation cannot move to another event; cancel it and book again'
        using errcode = '23514';
    end if;
  end if;

  if tg_op = 'INSERT' then
    new.manage_token_hash := public.manage_token_hash(public.manage_token_of(new.id));
  end if;

  -- Money decides, not a bare update: a confirmed booking that still holds a
  -- guest's money is cancelled, or given more guests, only by the SQL functions
  -- that record what happens to the money (they set supperhost.money_decision
  -- to the reservation's id for their own transaction).
  if tg_op = 'UPDATE' and old.status = 'confirmed'
     and coalesce(current_setting('supperhost.money_decision', true), '') is distinct from old.id::text then
    if (new.status = 'cancelled' or new.cancelled_at is not null) then
      held_cents := public.money_held_cents(old.id);
      if held_cents > 0 then
        raise exception 'This reservation holds a payment of %. Cancel it with the Cancel dialog in the admin panel, which decides what happens to the money.', public.booking_money(held_cents)
          using errcode = 'SH423',
                hint = 'Use the cancel-reservation function (the admin panel''s Cancel dialog).';
      end if;
    end if;
    if new.num_guests > old.num_guests and public.money_held_cents(old.id) > 0 then
      raise exception 'This booking was paid for % guest(s). Extra guests must be marked complimentary, or booked and paid for separately.', old.num_guests
        using errcode = 'SH423',
              hint = 'Use "Mark the extra guests as complimentary" in the Edit reservation dialog.';
    end if;
  end if;

  -- cancelled_at and status 'cancelled' always go together.
  if new.cancelled_at is not null then
    new.status := 'cancelled';
  elsif new.status = 'cancelled' then
    new.cancelled_at := now();
  end if;
  if new.status = 'confirmed' and new.confirmed_at is null then
    new.confirmed_at := now();
  end if;

  is_live := new.status in ('held', 'confirmed');
  if tg_op = 'UPDATE' then
    was_live := old.status in ('held', 'confirmed');
    same_claim := was_live and is_live
      and new.event_id = old.event_id
      and new.num_guests = old.num_guests
      and new.ticket_type_id is not distinct from old.ticket_type_id
      and new.rsvp_slot_id is not distinct from old.rsvp_slot_id;
  end if;

  -- Every capacity change of one event queues on its row, in one order: seats taken, and
  -- seats freed (the waitlist trigger offers them under this lock).
  if (was_live or is_live) and not same_claim then
    select e.id, e.is_active into event_row
    from public.events e
    where e.id = new.event_id
    for update;
  end if;

  if is_live and not same_claim then
    if not was_live and not event_row.is_active then
      raise exception 'This event is not taking bookings' using errcode = 'SH409';
    end if;

    -- Stale holds of this event are expired before we count.
    update public.reservations r
    set status = 'expired'
    where r.event_id = new.event_id
      and public.is_abandoned_hold(r.status, r.hold_expires_at)
      and r.id <> new.id;

    -- What each pool has left without this booking: a booking's own seats are free to it.
    if new.ticket_type_id is not null then
      select t.name, public.capacity_pool_left(t.pool_id, new.id) into left_name, left_count
      from public.ticket_types t where t.id = new.ticket_type_id;
      left_count := coalesce(left_count, 0);
      if left_count < new.num_guests then
        if was_live then
          raise exception '%', public.capacity_edit_message(left_count, old.num_guests,
              format('%s available for %s', case when left_count - old.num_guests = 1 then 'ticket is' else 'tickets are' end, coalesce(left_name, 'this ticket type')))
            using errcode = 'SH409',
                  detail = json_build_object('kind', 'ticket_type', 'id', new.ticket_type_id, 'available', left_count)::text;
        end if;
        raise exception 'Only % % available for %', left_count, case when left_count = 1 then 'ticket' else 'tickets' end,
          coalesce(left_name, 'this ticket type')
          using errcode = 'SH409',
                detail = json_build_object('kind', 'ticket_type', 'id', new.ticket_type_id, 'available', left_count)::text;
      end if;
    end if;

    if new.rsvp_slot_id is not null then
      -- An inactive slot takes nobody new; a booking already in it may still change.
      select s.slot_label,
        case when s.is_active or (was_live and new.rsvp_slot_id = old.rsvp_slot_id)
             then public.capacity_pool_left(s.pool_id, new.id) else 0 end
      into left_name, left_count
      from public.rsvp_slots s where s.id = new.rsvp_slot_id;
      left_count := coalesce(left_count, 0);
      if left_count < new.num_guests then
        if was_live and new.rsvp_slot_id = old.rsvp_slot_id then
          raise exception '%', public.capacity_edit_message(left_count, old.num_guests,
              format('%s free in the %s slot', case when left_count - old.num_guests = 1 then 'spot is' else 'spots are' end, coalesce(left_name, 'selected')))
            using errcode = 'SH409',
                  detail = json_build_object('kind', 'rsvp_slot', 'id', new.rsvp_slot_id, 'available', left_count)::text;
        end if;
        raise exception 'Only % % left in the % slot', left_count, case when left_count = 1 then 'spot' else 'spots' end, coalesce(left_name, 'selected')
          using errcode = 'SH409',
                detail = json_build_object('kind', 'rsvp_slot', 'id', new.rsvp_slot_id, 'available', left_count)::text;
      end if;
    end if;

    select public.capacity_pool_left(p.id, new.id) into left_count
    from public.capacity_pools p where p.event_id = new.event_id and p.event_wide;
    if found and left_count < new.num_guests then
      if was_live then
        raise exception '%', public.capacity_edit_message(left_count, old.num_guests,
            case when left_count - old.num_guests = 1 then 'seat is' else 'seats are' end || ' free for this event')
          using errcode = 'SH409',
                detail = json_build_object('kind', 'event', 'id', new.event_id, 'available', left_count)::text;
      end if;
      raise exception 'Only % % left for this event', left_count, case when left_count = 1 then 'seat' else 'seats' end
        using errcode = 'SH409',
              detail = json_build_object('kind', 'event', 'id', new.event_id, 'available', left_count)::text;
    end if;
  end if;

  -- A promo code counts once its booking is confirmed, and never past max_uses. A hold
  -- honours the code it was taken with: staff switching the code off while the guest is
  -- paying must not turn a successful charge into a refund.
  if new.promo_code_id is not null and new.status = 'confirmed'
     and (tg_op = 'INSERT' or old.status <> 'confirmed') then
    update public.promo_codes p
    set times_redeemed = p.times_redeemed + 1
    where p.id = new.promo_code_id
      and (p.active or (tg_op = 'UPDATE' and old.status = 'held'))
      and (p.max_uses is null or p.times_redeemed < p.max_uses);
    if not found then
      raise exception 'Promo code is no longer valid' using errcode = 'SH410';
    end if;
  end if;

  return new;
end;
$$;

-- Triggers fire in name order: the guard sees the caller's raw change first.
create trigger reservations_10_guard_protected_fields
  before update on public.reservations
  for each row execute function public.guard_reservation_fields();

-- Status bookkeeping and capacity, after the guard (triggers on reservations run in name order:
-- 10 guard, 15 check-in guard, 20 status and capacity, 30 waitlist).
create trigger reservations_20_status_and_capacity
  before insert or update on public.reservations
  for each row execute function public.apply_reservation_status_and_capacity();

-- Expires every hold past hold_expires_at (seats return through the trigger).
-- One event at a time, event row first, in the same lock order as bookings.
create or replace function public.expire_reservation_holds() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  stale_event uuid;
  expired_total integer := 0;
  expired_now integer;
begin
  for stale_event in
    select distinct r.event_id
    from public.reservations r
    where public.is_abandoned_hold(r.status, r.hold_expires_at)
    order by r.event_id
  loop
    perform 1 from public.events e where e.id = stale_event for update;
    update public.reservations r
    set status = 'expired'
    where r.event_id = stale_event
      and public.is_abandoned_hold(r.status, r.hold_expires_at);
    get diagnostics expired_now = row_count;
    expired_total := expired_total + expired_now;
  end loop;
  return expired_total;
end;
$$;

create policy "Members can see reservations of their organizations"
  on public.reservations for select
  to authenticated
  using (public.is_org_member(org_id));

create policy "Members can edit and cancel reservations of their organizations"
  on public.reservations for update
  to authenticated
  using (public.is_org_member(org_id))
  with check (public.is_org_member(org_id));

-- A promo code's uses taken: redeemed plus live holds, in ONE statement (one snapshot).
-- A confirmation moves a use from "held" to "redeemed" in one commit; two separate reads
-- could miss it on both sides and let one hold too many through.
create or replace function public.promo_uses_taken(p_promo_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select p.times_redeemed + (
           select count(*)::integer from public.reservations r
           where r.promo_code_id = p.id and public.is_live_hold(r.status, r.hold_expires_at))
  from public.promo_codes p where p.id = p_promo_id;
$$;

-- release_expired_holds
--
-- Expires every hold past hold_expires_at, event by event (seats return
-- through the trigger). hold_booking does the same for its own event first.
create or replace function public.release_expired_holds() returns integer
language sql volatile security definer set search_path = '' as $$
  select public.expire_reservation_holds();
$$;

-- Policy arithmetic
--
-- When the booked dinner starts (its slot's time when it has one).
create or replace function public.reservation_starts_at(r public.reservations) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select (e.date + coalesce(s.slot_time, e.event_time)) at time zone e.event_timezone
  from public.events e
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  where e.id = r.event_id;
$$;

-- Check-in counts are written only by staff_check_in; guests never drop below those checked in.
create or replace function public.guard_reservation_check_in() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.checked_in_guests is distinct from old.checked_in_guests then
      raise exception 'Reservation field "checked_in_guests" cannot be changed from the admin panel'
        using errcode = '42501', hint = 'Check guests in with the door list (staff_check_in).';
    end if;
    if new.checked_in_at is distinct from old.checked_in_at then
      raise exception 'Reservation field "checked_in_at" cannot be changed from the admin panel'
        using errcode = '42501', hint = 'Check guests in with the door list (staff_check_in).';
    end if;
  end if;
  if new.num_guests < new.checked_in_guests then
    raise exception '% of this party % already checked in: undo the check-in before lowering the number of guests to %',
      new.checked_in_guests, case when new.checked_in_guests = 1 then 'is' else 'are' end, new.num_guests
      using errcode = '23514';
  end if;
  return new;
end;
$$;

-- Fires right after the field guard (triggers run in name order).
create trigger reservations_15_check_in_guard
  before update on public.reservations
  for each row execute function public.guard_reservation_check_in();

-- Capacity
--
-- The guests a capacity pool has taken now: those of its event's reservations that hold seats
-- (confirmed, or held and unexpired) drawing from it, through their ticket type's or slot's
-- pool, or all of them for the event-wide pool. p_except_reservation: a booking being edited or
-- checked, whose own seats count as free. Every booking counts this under the event lock, over
-- all the event's reservations: the pool's options are looked up once (by p_pool_id, not per
-- reservation), which keeps a big event's bookings about a third cheaper.
create or replace function public.capacity_pool_taken(p_pool_id uuid, p_except_reservation uuid default null)
returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(r.num_guests), 0)::integer
  from public.capacity_pools p
  join public.reservations r on r.event_id = p.event_id
  where p.id = p_pool_id
    and public.holds_seats(r.status, r.hold_expires_at)
    and r.id is distinct from p_except_reservation
    and (p.event_wide
         or r.ticket_type_id in (select t.id from public.ticket_types t where t.pool_id = p_pool_id)
         or r.rsvp_slot_id in (select s.id from public.rsvp_slots s where s.pool_id = p_pool_id));
$$;

-- Each capacity pool of an event with its size and what it has taken now.
create or replace function public.capacity_pool_use(p_event_id uuid, p_except_reservation uuid default null)
returns table (pool_id uuid, event_wide boolean, size integer, taken integer)
language sql stable security definer set search_path = '' as $$
  select p.id, p.event_wide, p.size, public.capacity_pool_taken(p.id, p_except_reservation)
  from public.capacity_pools p
  where p.event_id = p_event_id;
$$;

comment on function public.capacity_pool_use(uuid, uuid) is
  'Each capacity pool of an event with its size and the guests taking it now (confirmed and unexpired holds), p_except_reservation left out.';

-- Seats a pool has left (never below 0), p_except_reservation's own seats counted as free.
create or replace function public.capacity_pool_left(p_pool_id uuid, p_except_reservation uuid default null)
returns integer
language sql stable security definer set search_path = '' as $$
  select greatest(p.size - public.capacity_pool_taken(p.id, p_except_reservation), 0)
  from public.capacity_pools p
  where p.id = p_pool_id;
$$;

-- A pool's size never goes below what is taken of it, checked under the event lock (the order
-- every booking takes). The refusal names what draws from the pool: the event (max guests), a
-- slot, or its ticket types.
create or replace function public.refuse_pool_below_taken() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_taken integer;
  v_slots text;
  v_tickets text;
begin
  -- Nothing draws from a new pool of a ticket type or slot yet (they are written after it).
  if tg_op = 'INSERT' and not new.event_wide then
    return null;
  end if;
  perform 1 from public.events e where e.id = new.event_id for update;
  v_taken := public.capacity_pool_taken(new.id);
  if new.size >= v_taken then
    return null;
  end if;
  if new.event_wide then
    raise exception '% seats of this event are already booked or held: max guests cannot be lower than that', v_taken
      using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
  end if;
  select string_agg(s.slot_label, ' and ' order by s.slot_time, s.slot_label) into v_slots
  from public.rsvp_slots s where s.pool_id = new.id;
  if v_slots is not null then
    raise exception '% spots of the % slot are already taken: its capacity cannot be lower than that', v_taken, v_slots
      using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
  end if;
  select string_agg(t.name, ' and ' order by t.name) into v_tickets
  from public.ticket_types t where t.pool_id = new.id;
  raise exception '% tickets of % are already sold or held: its capacity cannot be lower than that', v_taken, coalesce(v_tickets, 'this pool')
    using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
end;
$$;

-- After the row is written, so a new pool (an event's cap added to a dinner that sells) is
-- counted too.
create trigger capacity_pools_size_not_below_taken
  after insert or update of size on public.capacity_pools
  for each row execute function public.refuse_pool_below_taken();

-- Sets a ticket type's capacity (what the staff think of as "tickets in all"): the size of the
-- pool it draws from, never below what is sold or held of it.
create or replace function public.staff_set_ticket_capacity(p_ticket_type_id uuid, p_capacity integer)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  t public.ticket_types;
  v_org uuid;
  v_taken integer;
begin
  select * into t from public.ticket_types tt where tt.id = p_ticket_type_id;
  select e.org_id into v_org from public.events e where e.id = t.event_id;
  perform public.assert_member(v_org, 'You can only change ticket types of your own organization');
  if p_capacity is null or p_capacity < 0 then
    raise exception 'The capacity must be 0 or more' using errcode = 'P0001';
  end if;
  perform 1 from public.events e where e.id = t.event_id for update;
  v_taken := public.capacity_pool_taken(t.pool_id);
  -- The pool's trigger refuses a size below what is taken.
  update public.capacity_pools p set size = p_capacity where p.id = t.pool_id and p.size <> p_capacity;
  return jsonb_build_object('ticket_type_id', t.id, 'capacity', p_capacity, 'taken', v_taken, 'remaining', p_capacity - v_taken);
end;
$$;

grant execute on function public.staff_set_ticket_capacity(uuid, integer) to authenticated;

-- Phones: stored as + (when typed) and 7 to 15 digits; anything else is refused.
create or replace function public.normalize_phone(p_phone text) returns text
language sql immutable set search_path = '' as $$
  -- null when p_phone cannot be a phone number (blank included).
  select case
    when btrim(p_phone) ~ '^\+?[0-9 ().-]+$'
     and char_length(regexp_replace(p_phone, '[^0-9]', '', 'g')) between 7 and 15
    then case when btrim(p_phone) like '+%' then '+' else '' end || regexp_replace(p_phone, '[^0-9]', '', 'g')
  end;
$$;

comment on function public.normalize_phone(text) is
  'A phone as stored: + (when typed) and its 7 to 15 digits; null when it cannot be a phone number.';

grant execute on function public.normalize_phone(text) to anon, authenticated;

create or replace function public.normalize_reservation_phone() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_phone text;
begin
  if new.phone is null or btrim(new.phone) = '' then
    new.phone := null;
    return new;
  end if;
  v_phone := public.normalize_phone(new.phone);
  if v_phone is null then
    raise exception 'Phone must be a phone number of 7 to 15 digits, e.g. +1 555 010 2000'
      using errcode = '23514', column = 'phone', table = 'reservations';
  end if;
  new.phone := v_phone;
  return new;
end;
$$;

create trigger reservations_12_normalize_phone
  before insert or update of phone on public.reservations
  for each row execute function public.normalize_reservation_phone();

-- What an event can still sell, per option, from its capacity pools: one row for the event's
-- overall cap ('event'; available and size null when it has none), one per ticket type
-- ('ticket_type') and one per RSVP slot or seating ('rsvp_slot'). own_available is what the
-- option's pool has left; available is also bounded by the event's cap, so it is exactly what
-- a booking of that option can take now; size is the option's pool size. Abandoned holds count
-- as free, and so do the seats of p_except_reservation (a booking being edited keeps its own
-- seats) when the caller may see that booking: the service, or a member of the event's
-- organization; a visitor's is ignored (it would tell how many seats a booking holds). An
-- inactive slot has none. Every page, dialog and refusal reads this.
create or replace function public.event_availability(p_event_id uuid, p_except_reservation uuid default null)
returns table (
  option_kind text,
  option_id uuid,
  label text,
  own_available integer,
  available integer,
  size integer
)
language sql stable security definer set search_path = '' as $$
  with pools as (
    select u.pool_id, u.event_wide, u.size, greatest(u.size - u.taken, 0) as seats_left
    from public.capacity_pool_use(p_event_id, case
      when p_except_reservation is not null
        and (coalesce(auth.role(), 'service_role') = 'service_role'
             or public.is_org_member((select e.org_id from public.events e where e.id = p_event_id)))
      then p_except_reservation end) u
  ),
  event_left as (
    select e.id, p.seats_left as seats, p.size
    from public.events e
    left join pools p on p.event_wide
    where e.id = p_event_id
      -- Visitors count active events only (the public view's); members their own; the
      -- service (no API role) every event.
      and (e.is_active or coalesce(auth.role(), 'service_role') = 'service_role' or public.is_org_member(e.org_id))
  ),
  options as (
    select 'ticket_type'::text as option_kind, t.id as option_id, t.name as label,
      p.seats_left as own_available, p.size
    from public.ticket_types t
    join pools p on p.pool_id = t.pool_id
    where t.event_id = p_event_id
    union all
    select 'rsvp_slot', s.id, s.slot_label, case when s.is_active then p.seats_left else 0 end, p.size
    from public.rsvp_slots s
    join pools p on p.pool_id = s.pool_id
    where s.event_id = p_event_id
  )
  select 'event', el.id, null::text, el.seats, el.seats, el.size
  from event_left el
  union all
  select o.option_kind, o.option_id, o.label, o.own_available,
    least(o.own_available, coalesce(el.seats, o.own_available)), o.size
  from options o
  join event_left el on true
  order by 1, 2;
$$;

comment on function public.event_availability(uuid, uuid) is
  'Seats an event can still sell: its cap (option_kind event) and each ticket type / slot, bounded by the cap. p_except_reservation: a booking being edited keeps its seats.';

-- Visitors read it through events_with_availability (its function calls are checked as theirs).
grant execute on function public.event_availability(uuid, uuid) to anon, authenticated;
