-- =============================================================================
-- Admin tools: edit capacity safely, an event overview, repeat events, and
-- promo codes with a validity window and an event restriction
--
-- Every rule is the database's, whatever writes the row:
--   * a ticket type's capacity (remaining + sold + held) can be changed by
--     staff_set_ticket_capacity, never below what is sold or held; a direct
--     update that would make quantity negative is refused with the number taken;
--   * an RSVP slot's max_capacity and an event's max_guests cannot go below
--     what is booked or held (triggers, with the number taken);
--   * a ticket type's new price applies to new sales only (reservations keep
--     the amount they were sold at);
--   * staff_event_overview(event) answers the overview in one round trip;
--   * staff_duplicate_event(event, dates[]) copies an event (ticket types,
--     slots, policy, settings, private details) to each date, nothing sold;
--   * promo codes may have starts_at / ends_at and a list of event_ids; a code
--     outside its window or for another event is refused like any invalid code.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Capacity
-- -----------------------------------------------------------------------------

-- Guests a ticket type has sold or holds now.
create or replace function public.ticket_type_taken(p_ticket_type_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(r.num_guests), 0)::integer
  from public.reservations r
  where r.ticket_type_id = p_ticket_type_id and public.holds_seats(r.status, r.hold_expires_at);
$$;

create or replace function public.refuse_capacity_below_taken()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_taken integer;
begin
  -- One branch per table: a record's fields are only read where they exist.
  if tg_table_name = 'ticket_types' then
    if new.quantity < 0 then
      v_taken := public.ticket_type_taken(new.id);
      raise exception '% tickets of % are already sold or held: its capacity cannot be lower than that', v_taken, new.name
        using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
    end if;
  elsif tg_table_name = 'rsvp_slots' then
    if new.max_capacity < new.current_rsvps then
      raise exception '% spots of the % slot are already taken: its capacity cannot be lower than that', new.current_rsvps, new.slot_label
        using errcode = 'SH409', detail = json_build_object('taken', new.current_rsvps)::text;
    end if;
  elsif new.max_guests is not null and new.max_guests is distinct from old.max_guests then
    select coalesce(sum(r.num_guests), 0)::integer into v_taken
    from public.reservations r
    where r.event_id = new.id and public.holds_seats(r.status, r.hold_expires_at);
    if new.max_guests < v_taken then
      raise exception '% seats of this event are already booked or held: max guests cannot be lower than that', v_taken
        using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.refuse_capacity_below_taken() from public, anon, authenticated;

create trigger ticket_types_capacity_not_below_taken
  before update of quantity on public.ticket_types
  for each row execute function public.refuse_capacity_below_taken();
create trigger rsvp_slots_capacity_not_below_taken
  before update of max_capacity on public.rsvp_slots
  for each row execute function public.refuse_capacity_below_taken();
create trigger events_max_guests_not_below_taken
  before update of max_guests on public.events
  for each row execute function public.refuse_capacity_below_taken();

-- Sets a ticket type's capacity (what the staff think of as "tickets in all"):
-- quantity (remaining) becomes capacity - sold - held, under the event lock.
create or replace function public.staff_set_ticket_capacity(p_ticket_type_id uuid, p_capacity integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t public.ticket_types;
  v_org uuid;
  v_taken integer;
begin
  select * into t from public.ticket_types tt where tt.id = p_ticket_type_id;
  select e.org_id into v_org from public.events e where e.id = t.event_id;
  if t.id is null or not public.is_org_member(v_org) then
    raise exception 'You can only change ticket types of your own organization' using errcode = 'SH403';
  end if;
  if p_capacity is null or p_capacity < 0 then
    raise exception 'The capacity must be 0 or more' using errcode = 'P0001';
  end if;
  perform 1 from public.events e where e.id = t.event_id for update;
  -- Stale holds give their seats back first: they are not taken.
  update public.reservations r set status = 'expired'
  where r.event_id = t.event_id and public.is_abandoned_hold(r.status, r.hold_expires_at);
  v_taken := public.ticket_type_taken(t.id);
  if p_capacity < v_taken then
    raise exception '% tickets of % are already sold or held: its capacity cannot be lower than that', v_taken, t.name
      using errcode = 'SH409', detail = json_build_object('taken', v_taken)::text;
  end if;
  update public.ticket_types x set quantity = p_capacity - v_taken where x.id = t.id;
  return jsonb_build_object('ticket_type_id', t.id, 'capacity', p_capacity, 'taken', v_taken, 'remaining', p_capacity - v_taken);
end;
$$;

-- -----------------------------------------------------------------------------
-- The event overview, in one round trip
-- -----------------------------------------------------------------------------

create or replace function public.staff_event_overview(p_event_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.events;
begin
  select * into e from public.events x where x.id = p_event_id;
  if e.id is null or not public.is_org_member(e.org_id) then
    raise exception 'You can only see events of your own organization' using errcode = 'SH403';
  end if;
  return jsonb_build_object(
    'event', jsonb_build_object('id', e.id, 'title', e.title, 'date', e.date, 'event_time', to_char(e.event_time, 'HH24:MI'),
                                'event_timezone', e.event_timezone, 'max_guests', e.max_guests, 'rsvp_mode', e.rsvp_mode),
    'ticket_types', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', t.id, 'name', t.name, 'price', t.price,
        'sold', s.sold, 'held', s.held, 'remaining', t.quantity + s.stale, 'capacity', t.quantity + s.stale + s.sold + s.held) order by t.created_at, t.id)
      from public.ticket_types t
      cross join lateral (
        select coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer as sold,
               coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer as held,
               coalesce(sum(r.num_guests) filter (where public.is_abandoned_hold(r.status, r.hold_expires_at)), 0)::integer as stale
        from public.reservations r where r.ticket_type_id = t.id) s
      where t.event_id = e.id), '[]'::jsonb),
    'slots', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', sl.id, 'label', sl.slot_label, 'time', to_char(sl.slot_time, 'HH24:MI'), 'is_active', sl.is_active,
        'capacity', sl.max_capacity, 'sold', s.sold, 'held', s.held) order by sl.slot_time, sl.id)
      from public.rsvp_slots sl
      cross join lateral (
        select coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer as sold,
               coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer as held
        from public.reservations r where r.rsvp_slot_id = sl.id) s
      where sl.event_id = e.id), '[]'::jsonb),
    'totals', (
      select jsonb_build_object(
        'parties', count(*) filter (where r.status = 'confirmed'),
        'guests', coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0),
        'held_guests', coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0),
        'cancelled', count(*) filter (where r.status = 'cancelled'),
        'discounts_cents', coalesce(sum(r.discount_cents) filter (where r.status = 'confirmed'), 0))
      from public.reservations r where r.event_id = e.id),
    'money', (
      select jsonb_build_object(
        'gross_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0),
        'refunded_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0),
        'pending_refund_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0),
        'comp_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'comp'), 0),
        'net_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)
                   - coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0))
      from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
      where r.event_id = e.id),
    'waitlist', (
      select jsonb_build_object('waiting', count(*) filter (where w.status = 'waiting'), 'offered', count(*) filter (where w.status = 'offered'))
      from public.waitlist_entries w where w.event_id = e.id),
    'bookings_by_day', coalesce((
      select jsonb_agg(jsonb_build_object('day', d.day, 'bookings', d.bookings, 'guests', d.guests) order by d.day)
      from (
        select (r.confirmed_at at time zone e.event_timezone)::date as day, count(*)::integer as bookings, sum(r.num_guests)::integer as guests
        from public.reservations r
        where r.event_id = e.id and r.confirmed_at is not null and r.status in ('confirmed', 'cancelled')
        group by 1) d), '[]'::jsonb));
end;
$$;

-- -----------------------------------------------------------------------------
-- Repeat events
-- -----------------------------------------------------------------------------

-- Copies an event to each date (its ticket types at their full capacity, its
-- slots empty, its policy, settings and private details); nothing sold.
-- Returns the new events' ids in date order.
create or replace function public.staff_duplicate_event(p_event_id uuid, p_dates date[])
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  e public.events;
  v_date date;
  v_new uuid;
  v_ids uuid[] := '{}';
begin
  select * into e from public.events x where x.id = p_event_id;
  if e.id is null or not public.is_org_member(e.org_id) then
    raise exception 'You can only copy events of your own organization' using errcode = 'SH403';
  end if;
  if p_dates is null or cardinality(p_dates) = 0 then
    raise exception 'Choose at least one date' using errcode = 'P0001';
  end if;
  if cardinality(p_dates) > 52 then
    raise exception 'At most 52 dates at a time' using errcode = 'P0001';
  end if;
  for v_date in select distinct d from unnest(p_dates) d order by d loop
    if v_date < current_date then
      raise exception 'The date % is in the past', to_char(v_date, 'FMMonth FMDD, YYYY') using errcode = 'P0001';
    end if;
    insert into public.events (
      org_id, title, date, event_time, event_timezone, max_guests, location_name, location_address,
      event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
      refund_window_hours, late_refund_percent, reminder_hours
    ) values (
      e.org_id, e.title, v_date, e.event_time, e.event_timezone, e.max_guests, e.location_name, e.location_address,
      e.event_details_disclosures, e.is_active, e.rsvp_mode, e.rsvp_open, e.deposit_amount,
      e.refund_window_hours, e.late_refund_percent, e.reminder_hours
    ) returning id into v_new;
    insert into public.ticket_types (event_id, name, price, quantity)
    select v_new, t.name, t.price, t.quantity + public.ticket_type_taken(t.id)
      + coalesce((select sum(r.num_guests) from public.reservations r
                  where r.ticket_type_id = t.id and public.is_abandoned_hold(r.status, r.hold_expires_at)), 0)::integer
    from public.ticket_types t where t.event_id = e.id order by t.created_at, t.id;
    insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active)
    select v_new, s.slot_time, s.slot_label, s.max_capacity, 0, s.is_active
    from public.rsvp_slots s where s.event_id = e.id;
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    select v_new, d.org_id, d.private_address, d.address_delivery
    from public.event_private_details d where d.event_id = e.id;
    v_ids := v_ids || v_new;
  end loop;
  return v_ids;
end;
$$;

-- -----------------------------------------------------------------------------
-- Promo codes: validity window and event restriction
-- -----------------------------------------------------------------------------

alter table public.promo_codes
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column event_ids uuid[],
  add constraint promo_codes_window_order check (starts_at is null or ends_at is null or starts_at < ends_at),
  add constraint promo_codes_event_ids_not_empty check (event_ids is null or cardinality(event_ids) > 0);

comment on column public.promo_codes.event_ids is 'When set, the code applies only to these events.';

-- Members edit their codes (not what is counted by bookings).
grant update (code, discount_type, discount_amount, max_uses, active, starts_at, ends_at, event_ids) on public.promo_codes to authenticated;
grant insert (starts_at, ends_at, event_ids) on public.promo_codes to authenticated;

create or replace function public.check_promo_code_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.max_uses is not null and new.max_uses < new.times_redeemed
     and (tg_op = 'INSERT' or new.max_uses is distinct from old.max_uses) then
    raise exception 'This code was already used % times: max uses cannot be lower than that', new.times_redeemed using errcode = '22023';
  end if;
  if new.event_ids is not null and exists (
    select 1 from unnest(new.event_ids) as wanted(event_id)
    where not exists (select 1 from public.events e where e.id = wanted.event_id and e.org_id = new.org_id)) then
    raise exception 'A promo code can only be limited to events of its own organization' using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger promo_codes_check_rules
  before insert or update on public.promo_codes
  for each row execute function public.check_promo_code_rules();

-- Whether a code may be used for an event now (booking_evaluate refuses it
-- like an unknown code otherwise).
create or replace function public.promo_applies(p public.promo_codes, p_event_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (p.starts_at is null or now() >= p.starts_at)
     and (p.ends_at is null or now() < p.ends_at)
     and (p.event_ids is null or p_event_id = any (p.event_ids));
$$;

revoke execute on function
  public.ticket_type_taken(uuid),
  public.check_promo_code_rules(),
  public.staff_set_ticket_capacity(uuid, integer),
  public.staff_event_overview(uuid),
  public.staff_duplicate_event(uuid, date[])
from public, anon, authenticated;

grant execute on function
  public.staff_set_ticket_capacity(uuid, integer),
  public.staff_event_overview(uuid),
  public.staff_duplicate_event(uuid, date[])
to authenticated, service_role;
grant execute on function public.promo_applies(public.promo_codes, uuid) to service_role;
