-- =============================================================================
-- Admin tools: reservation and guest lists, the event overview, the door list and check-in.
--
-- What the staff side needs on top of the domain tables:
--   * events with reservations are never deleted (a trigger explains why; the
--     panel offers deactivation instead);
--   * admin_create_event(...)          an event with its ticket types or RSVP
--                                      slots in one transaction, as the caller;
--   * admin_event_reservation_counts   the Reservations column of the events list;
--   * admin_list_reservations(...)     one page of reservations with the total,
--                                      searchable by guest name or email, so an
--                                      organization with 50,000 opens at once;
--   * admin_list_guests(...)           unique guests by email with counts, paged;
--   * admin_rsvp_overview(...)         RSVP events, their slots and who is in each.
-- The read functions are security definer for speed (no per-row policy calls
-- over 50,000 rows) and check membership themselves first: a caller who is not a
-- member of the organization gets SQLSTATE 42501, exactly as RLS would refuse.
--
-- The door list: checking guests in at an event
--
-- reservations.checked_in_guests  how many of the party have arrived
--                                 (0..num_guests); checked_in_at is when the
--                                 first of them was checked in (null at 0).
-- reservations.staff_notes        notes for the team, edited like any guest
--                                 detail (normal table update by members).
--
-- The arrival count is written only by staff_check_in, a security definer
-- function that SETS the absolute count: a retried request (flaky connection)
-- or two staff tapping the same party never count twice. Members of the
-- reservation's organization only (SH403 otherwise); confirmed reservations
-- only. The API roles cannot write checked_in_guests / checked_in_at directly
-- (trigger reservations_15_check_in_guard).
--
-- Lowering a party's guests below the number already checked in is refused
-- with a clear message (undo the check-in first), whatever path lowers it.
--
-- staff_door_list returns an event's header with every confirmed party in one
-- round trip for the phone-first page /admin/door/:eventId.
--
-- Admin tools: edit capacity safely, an event overview, repeat events, and
-- promo codes with a validity window and an event restriction
--
-- Every rule is the database's, whatever writes the row:
--   * a capacity pool's size (a ticket type's "tickets in all", a slot's
--     max_capacity, an event's max guests) never goes below what is booked or
--     held of it (trigger capacity_pools_size_not_below_taken, with the number);
--   * a ticket type's new price applies to new sales only (reservations keep
--     the amount they were sold at);
--   * staff_event_overview(event) answers the overview in one round trip;
--   * staff_duplicate_event(event, dates[]) copies an event (ticket types,
--     slots, policy, settings, private details) to each date, nothing sold;
--   * promo codes may have starts_at / ends_at and a list of event_ids; a code
--     outside its window or for another event is refused like any invalid code.
-- =============================================================================

-- Reservations per event (the events list)
create or replace function public.admin_event_reservation_counts(p_org_id uuid)
returns table (event_id uuid, reservation_count integer, guest_count integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select r.event_id, count(*)::integer, coalesce(sum(r.num_guests), 0)::integer
  from public.reservations r
  where r.org_id = p_org_id and r.status = 'confirmed'
  group by r.event_id;
end;
$$;

grant execute on function public.admin_event_reservation_counts(uuid) to authenticated;

-- One page of reservations
--
-- What staff typed in a search box as an ILIKE pattern that finds it anywhere (`%` and `_` typed
-- are literal characters, not wildcards); null when nothing was typed: no filter.
create or replace function public.admin_like_pattern(term text) returns text
language sql immutable set search_path = '' as $$
  select case when btrim(coalesce(term, '')) <> '' then
    '%' || replace(replace(replace(btrim(term), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
$$;

-- One page of an organization's reservations, searchable by guest name or email: one row per
-- reservation, with its money (public.money_of's figures) and total_count, how many match in all.
create or replace function public.admin_list_reservations(
  p_org_id uuid,
  p_search text default null,
  p_include_cancelled boolean default true,
  p_rsvp_only boolean default false,
  p_limit integer default 25,
  p_offset integer default 0
)
returns table (
  id uuid,
  org_id uuid,
  event_id uuid,
  name text,
  email text,
  phone text,
  num_guests integer,
  time_slot text,
  dietary_restrictions text,
  special_requests text,
  rsvp_slot_id uuid,
  ticket_type_id uuid,
  status text,
  amount_cents integer,
  discount_cents integer,
  service_charge_cents integer,
  tax_cents integer,
  created_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  booking_code text,
  refund_policy text,
  policy_refund_cents integer,
  event_title text,
  event_date date,
  event_time text,
  event_timezone text,
  event_rsvp_mode boolean,
  slot_label text,
  slot_time text,
  ticket_type_name text,
  paid_cents integer,
  refunded_cents integer,
  pending_refund_cents integer,
  failed_refund_cents integer,
  net_cents integer,
  refundable_cents integer,
  comp_cents integer,
  money_badge text,
  total_count integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := public.admin_like_pattern(p_search);
  page_size integer := least(greatest(coalesce(p_limit, 25), 1), 200);
  skip integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform public.assert_org_member(p_org_id);

  return query
  select
    r.id, r.org_id, r.event_id, r.name, r.email, r.phone, r.num_guests, r.time_slot,
    r.dietary_restrictions, r.special_requests, r.rsvp_slot_id, r.ticket_type_id, r.status,
    r.amount_cents, r.discount_cents, r.service_charge_cents, r.tax_cents, r.created_at, r.cancelled_at, r.cancel_reason, r.booking_code,
    public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    case when r.status = 'confirmed' then public.policy_refund_cents(r) else 0 end,
    e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, e.rsvp_mode,
    s.slot_label, to_char(s.slot_time, 'HH24:MI'),
    t.name,
    m.paid_cents, m.refunded_cents, m.pending_refund_cents, m.failed_refund_cents,
    m.net_cents, m.refundable_cents, m.comp_cents, m.badge,
    chosen.total
  from (
    -- The page first, from the bare rows (counted before the page is cut); the money and the
    -- policy only for its rows.
    select p.id, (count(*) over ())::integer as total
    from public.reservations p
    where p.org_id = p_org_id
      and (p.status = 'confirmed' or (p_include_cancelled and p.status = 'cancelled'))
      and (not p_rsvp_only or p.rsvp_slot_id is not null)
      and (pattern is null or p.name ilike pattern or p.email ilike pattern or p.booking_code ilike pattern)
    order by p.created_at desc, p.id desc
    limit page_size offset skip
  ) chosen
  join public.reservations r on r.id = chosen.id
  join public.events e on e.id = r.event_id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.ticket_types t on t.id = r.ticket_type_id
  cross join lateral jsonb_to_record(public.money_of(r.id)) as m(
    paid_cents integer, refunded_cents integer, pending_refund_cents integer, failed_refund_cents integer,
    net_cents integer, refundable_cents integer, comp_cents integer, badge text)
  order by r.created_at desc, r.id desc;
end;
$$;

grant execute on function public.admin_list_reservations(uuid, text, boolean, boolean, integer, integer) to authenticated;

-- Unique guests by email (cancelled reservations do not count)
--
-- One page of guests (the export walks every page), with total_count, how many match in all.
create or replace function public.admin_list_guests(
  p_org_id uuid,
  p_search text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  email text,
  name text,
  phone text,
  reservation_count integer,
  guest_count integer,
  last_reservation_at timestamptz,
  total_count integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := public.admin_like_pattern(p_search);
  page_size integer := least(greatest(coalesce(p_limit, 50), 1), 5000);
  skip integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform public.assert_org_member(p_org_id);

  return query
  with guests as (
    select
      lower(r.email) as email,
      (array_agg(r.name order by r.created_at desc, r.id desc))[1] as name,
      (array_agg(r.phone order by r.created_at desc, r.id desc) filter (where coalesce(r.phone, '') <> ''))[1] as phone,
      count(*)::integer as reservation_count,
      coalesce(sum(r.num_guests), 0)::integer as guest_count,
      max(r.created_at) as last_reservation_at
    from public.reservations r
    where r.org_id = p_org_id and r.status = 'confirmed'
    group by lower(r.email)
  ),
  matching as (
    select g.*, (count(*) over ())::integer as total_count from guests g
    where pattern is null or g.name ilike pattern or g.email ilike pattern
  )
  select m.email, m.name, m.phone, m.reservation_count, m.guest_count, m.last_reservation_at, m.total_count
  from matching m
  order by m.last_reservation_at desc, m.email
  limit page_size offset skip;
end;
$$;

grant execute on function public.admin_list_guests(uuid, text, integer, integer) to authenticated;

-- RSVP overview: RSVP events, their slots and the reservations in each
--
-- One row per confirmed reservation of a slot, in the overview's order (events by date, latest
-- first; slots by time; reservations by arrival). A slot without reservations is one row whose
-- reservation columns are null, an event without slots one row whose slot columns are null.
create or replace function public.admin_rsvp_overview(p_org_id uuid)
returns table (
  event_id uuid,
  event_title text,
  event_date date,
  event_time text,
  event_timezone text,
  event_is_active boolean,
  slot_id uuid,
  slot_time text,
  slot_label text,
  slot_max_capacity integer,
  slot_current_rsvps integer,
  slot_is_active boolean,
  reservation_id uuid,
  reservation_name text,
  reservation_email text,
  reservation_phone text,
  reservation_num_guests integer,
  reservation_created_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select
    e.id, e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, e.is_active,
    s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, p.size, public.capacity_pool_taken(p.id), s.is_active,
    r.id, r.name, r.email, r.phone, r.num_guests, r.created_at
  from public.events e
  left join public.rsvp_slots s on s.event_id = e.id
  left join public.capacity_pools p on p.id = s.pool_id
  left join public.reservations r on r.rsvp_slot_id = s.id and r.status = 'confirmed'
  where e.org_id = p_org_id
    and (e.rsvp_mode or exists (select 1 from public.rsvp_slots x where x.event_id = e.id))
  order by e.date desc, to_char(e.event_time, 'HH24:MI'), e.id, s.slot_time, s.created_at, s.id, r.created_at, r.id;
end;
$$;

grant execute on function public.admin_rsvp_overview(uuid) to authenticated;

-- The door totals of an event: confirmed parties and guests, and how many arrived.
create or replace function public.door_list_totals(p_event_id uuid)
returns table (expected_guests integer, arrived_guests integer, parties integer, parties_arrived integer)
language sql stable security definer set search_path = '' as $$
  select
    coalesce(sum(r.num_guests), 0)::integer,
    coalesce(sum(r.checked_in_guests), 0)::integer,
    count(*)::integer,
    (count(*) filter (where r.checked_in_guests > 0))::integer
  from public.reservations r
  where r.event_id = p_event_id and r.status = 'confirmed';
$$;

-- Sets how many of a party have arrived (an absolute count: a retry never counts twice). One row:
-- the party's count and the event's door totals after it.
create or replace function public.staff_check_in(p_reservation_id uuid, p_checked_in_guests integer)
returns table (
  reservation_id uuid,
  event_id uuid,
  num_guests integer,
  checked_in_guests integer,
  checked_in_at timestamptz,
  expected_guests integer,
  arrived_guests integer,
  parties integer,
  parties_arrived integer
)
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x where x.id = p_reservation_id for update;
  perform public.assert_member(r.org_id, 'You can only check in guests of your own organization');
  if r.status <> 'confirmed' then
    raise exception 'Only confirmed reservations can be checked in' using errcode = 'SH409';
  end if;
  if p_checked_in_guests is null or p_checked_in_guests < 0 or p_checked_in_guests > r.num_guests then
    raise exception 'Check in between 0 and % guest(s): this party has % guest(s)', r.num_guests, r.num_guests
      using errcode = 'P0001';
  end if;

  if p_checked_in_guests is distinct from r.checked_in_guests then
    update public.reservations x
    set checked_in_guests = p_checked_in_guests,
        checked_in_at = case when p_checked_in_guests = 0 then null else coalesce(x.checked_in_at, now()) end
    where x.id = r.id
    returning * into r;
  end if;

  return query
  select r.id, r.event_id, r.num_guests, r.checked_in_guests, r.checked_in_at,
         t.expected_guests, t.arrived_guests, t.parties, t.parties_arrived
  from public.door_list_totals(r.event_id) t;
end;
$$;

grant execute on function public.staff_check_in(uuid, integer) to authenticated;

-- The door list of an event in one round trip: one row per confirmed party (by seating, then
-- name) with its seats' guests and needs, each with the event's header; an event without parties is one row whose party columns
-- are null. The door totals are the sums of these rows (public.door_list_totals).
create or replace function public.staff_door_list(p_event_id uuid)
returns table (
  event_id uuid,
  org_id uuid,
  org_name text,
  event_title text,
  event_date text,
  event_time text,
  event_timezone text,
  location_name text,
  rsvp_mode boolean,
  id uuid,
  booking_code text,
  name text,
  email text,
  phone text,
  num_guests integer,
  checked_in_guests integer,
  checked_in_at timestamptz,
  ticket_type_name text,
  slot_label text,
  slot_time text,
  time_slot text,
  seating text,
  dietary_restrictions text,
  special_requests text,
  staff_notes text,
  seats public.seat_guest[],
  addons text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
begin
  e := public.member_event(p_event_id, 'You can only open the door list of your own organization''s events');

  return query
  select
    e.id, e.org_id, o.name, e.title, to_char(e.date, 'YYYY-MM-DD'), to_char(e.event_time, 'HH24:MI'),
    e.event_timezone, e.location_name, e.rsvp_mode,
    p.id, p.booking_code, p.name, p.email, p.phone, p.num_guests, p.checked_in_guests, p.checked_in_at,
    p.ticket_type_name, p.slot_label, p.slot_time, p.time_slot, p.seating,
    p.dietary_restrictions, p.special_requests, p.staff_notes,
    -- Every seat of the party with its guest and needs (078_seats.sql), seat 1 the booker's.
    (select array_agg(row(st.seat_no, coalesce(st.guest_name, 'Guest of ' || p.name), st.claimed_at is not null, st.allergens,
                          st.dietary_notes)::public.seat_guest order by st.seat_no)
     from public.reservation_seats st where st.reservation_id = p.id),
    -- What the party takes beside its seats (047_addons.sql), in words.
    public.reservation_addons_text(p.id)
  from public.organizations o
  left join (
    select r.*,
           t.name as ticket_type_name,
           s.slot_label,
           to_char(s.slot_time, 'HH24:MI') as slot_time,
           -- The seating a party sits at: its time slot (the supper club's seatings, an RSVP slot).
           coalesce(s.slot_label, nullif(btrim(r.time_slot), '')) as seating,
           s.slot_time as seating_time
    from public.reservations r
    left join public.ticket_types t on t.id = r.ticket_type_id
    left join public.rsvp_slots s on s.id = r.rsvp_slot_id
    where r.event_id = e.id and r.status = 'confirmed'
  ) p on true
  where o.id = e.org_id
  order by p.seating_time nulls first, p.seating nulls first, lower(p.name), p.id;
end;
$$;

grant execute on function public.staff_door_list(uuid) to authenticated;

-- Every capacity pool of an organization's events, with its size and the guests taking it now
-- (the events tab: tickets left, a slot's spots taken, an event's max guests).
create or replace function public.staff_capacity_pools(p_org_id uuid)
returns table (event_id uuid, pool_id uuid, event_wide boolean, size integer, taken integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select e.id, u.pool_id, u.event_wide, u.size, u.taken
  from public.events e
  cross join lateral public.capacity_pool_use(e.id) u
  where e.org_id = p_org_id;
end;
$$;

grant execute on function public.staff_capacity_pools(uuid) to authenticated;

-- Guests of an event's bookings per ticket type or slot: sold (confirmed) and held (live holds).
create or replace function public.option_sales(p_event_id uuid)
returns table (option_id uuid, sold integer, held integer)
language sql stable security definer set search_path = '' as $$
  select coalesce(r.ticket_type_id, r.rsvp_slot_id),
    coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer,
    coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer
  from public.reservations r
  where r.event_id = p_event_id and coalesce(r.ticket_type_id, r.rsvp_slot_id) is not null
  group by 1;
$$;

-- An event's ticket types, then its RSVP slots or seatings (kind 'ticket_type' or 'rsvp_slot'),
-- each in the editor's order, with what is sold and held of it. capacity is the size of the pool
-- it draws from (a ticket type's "tickets in all", a slot's capacity), remaining what that pool
-- has left, and available what can be sold now, within the event's cap (event_availability);
-- price is a ticket type's, slot_time and is_active a slot's. Members of the event's
-- organization: the event overview and the event editor.
create or replace function public.staff_option_sales(p_event_id uuid)
returns table (
  id uuid,
  kind text,
  label text,
  price integer,
  slot_time text,
  is_active boolean,
  sold integer,
  held integer,
  remaining integer,
  capacity integer,
  available integer
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.member_event(p_event_id, 'You can only see events of your own organization');
  return query
  select a.option_id, a.option_kind, a.label, t.price, to_char(sl.slot_time, 'HH24:MI'), sl.is_active,
    coalesce(s.sold, 0), coalesce(s.held, 0), a.own_available, a.size, a.available
  from public.event_availability(p_event_id) a
  left join public.ticket_types t on t.id = a.option_id
  left join public.rsvp_slots sl on sl.id = a.option_id
  left join public.option_sales(p_event_id) s on s.option_id = a.option_id
  where a.option_kind in ('ticket_type', 'rsvp_slot')
  order by a.option_kind = 'rsvp_slot', t.created_at, t.id, sl.slot_time, sl.id;
end;
$$;

grant execute on function public.staff_option_sales(uuid) to authenticated;

-- Bookings and guests confirmed per day, in the event's timezone (the overview's chart).
create or replace function public.staff_bookings_by_day(p_event_id uuid)
returns table (day date, bookings integer, guests integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
begin
  e := public.member_event(p_event_id, 'You can only see events of your own organization');
  return query
  select (r.confirmed_at at time zone e.event_timezone)::date, count(*)::integer, sum(r.num_guests)::integer
  from public.reservations r
  where r.event_id = e.id and r.confirmed_at is not null and r.status in ('confirmed', 'cancelled')
  group by 1
  order by 1;
end;
$$;

grant execute on function public.staff_bookings_by_day(uuid) to authenticated;

-- The event overview: the event (with its booking cutoff and whether it is unlisted), its totals,
-- its money, its waitlist and the seats it can still sell, in one row (its ticket types and
-- slots: staff_option_sales; its days: staff_bookings_by_day).
create or replace function public.staff_event_overview(p_event_id uuid)
returns table (
  id uuid,
  org_id uuid,
  title text,
  date date,
  event_time text,
  event_timezone text,
  max_guests integer,
  kind text,
  seats_left integer,
  parties integer,
  guests integer,
  held_guests integer,
  cancelled integer,
  discounts_cents integer,
  checked_in_guests integer,
  checked_in_parties integer,
  gross_cents integer,
  refunded_cents integer,
  pending_refund_cents integer,
  comp_cents integer,
  net_cents integer,
  waitlist_waiting integer,
  waitlist_offered integer,
  booking_cutoff_hours integer,
  booking_closes_at timestamptz,
  unlisted boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
begin
  e := public.member_event(p_event_id, 'You can only see events of your own organization');
  return query
  select e.id, e.org_id, e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, cap.size, e.kind, cap.available,
    t.parties, t.guests, t.held_guests, t.cancelled, t.discounts_cents, t.checked_in_guests, t.checked_in_parties,
    m.gross_cents, m.refunded_cents, m.pending_refund_cents, m.comp_cents, m.gross_cents - m.refunded_cents,
    w.waiting, w.offered, e.booking_cutoff_hours, public.booking_closes_at(e), e.unlisted
  from (
    select
      (count(*) filter (where r.status = 'confirmed'))::integer as parties,
      coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer as guests,
      coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer as held_guests,
      (count(*) filter (where r.status = 'cancelled'))::integer as cancelled,
      coalesce(sum(r.discount_cents) filter (where r.status = 'confirmed'), 0)::integer as discounts_cents,
      -- Arrivals at the door (staff_check_in), of confirmed reservations only: a party
      -- cancelled after it was checked in is no longer expected, nor counted as arrived.
      coalesce(sum(r.checked_in_guests) filter (where r.status = 'confirmed'), 0)::integer as checked_in_guests,
      (count(*) filter (where r.status = 'confirmed' and r.checked_in_guests > 0))::integer as checked_in_parties
    from public.reservations r where r.event_id = e.id) t
  -- The event's cap ("max guests", null when none) and the seats it can still sell.
  cross join (
    select a.size, a.available from public.event_availability(e.id) a where a.option_kind = 'event'
  ) cap
  cross join (
    select
      coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::integer as gross_cents,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::integer as refunded_cents,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0)::integer as pending_refund_cents,
      coalesce(sum(l.amount_cents) filter (where l.kind = 'comp'), 0)::integer as comp_cents
    from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
    where r.event_id = e.id) m
  cross join (
    select (count(*) filter (where x.status = 'waiting'))::integer as waiting, (count(*) filter (where x.status = 'offered'))::integer as offered
    from public.waitlist_entries x where x.event_id = e.id) w;
end;
$$;

grant execute on function public.staff_event_overview(uuid) to authenticated;
