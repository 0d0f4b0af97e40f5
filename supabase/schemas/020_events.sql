-- =============================================================================
-- Events and what they sell: ticket types, RSVP slots, private details; the admin event editor.
--
-- An event is a dated dinner of one organization. What it sells is data on the event (its kind):
--   'tickets'   ticket types, each with its price (ticket_types.price)
--   'rsvp'      RSVP slots with a deposit per guest (events.deposit_amount; rsvp_mode)
--   'seatings'  seatings (rsvp_slots) at one price per seat (events.seat_price_cents)
-- with the most guests one booking may have (event_party_limit). The booking SQL reads them
-- (060_booking.sql); no caller passes a price or a limit.
-- Its capacity is a set of pools (capacity_pools, as pretix's quotas): each ticket type and each
-- RSVP slot or seating draws from one pool (several may share one), and an event-wide cap
-- ("max guests") is one more pool that every booking of the event draws from. A pool has only a
-- size: what is taken is always counted from the reservations that hold seats
-- (capacity_pool_use, 040_reservations_and_capacity.sql), so nothing is decremented, nothing
-- drifts, and the reservation trigger there is the one place a booking is refused.
--
-- Event editing: everything the Edit Event dialog changes, in one transaction
--
-- admin_save_event(event, patch, ticket_types[], rsvp_slots[]) saves the whole
-- form or nothing of it: any refusal (a capacity below what is taken, a bad
-- value, another organization's event) rolls back every other change of the
-- same call. It runs as the caller, so row-level security decides each write,
-- after one clear membership check. The rules stay the database's, whatever
-- writes the rows:
--   * the event's fields go through admin_update_event (which also takes
--     'deposit_amount': cents per guest, a whole number >= 0, or null);
--   * a ticket type {id, name, price, capacity} with an id of this event is
--     renamed / repriced in place (a new price applies to new sales only:
--     reservations keep their amount_cents), and its capacity ("tickets in
--     all") goes through staff_set_ticket_capacity when it changed, never below
--     what is sold or held (SH409, with the number taken);
--   * a ticket type without an id is added with a pool of its own, all of it free;
--   * a slot {id, slot_label, slot_time 'HH:MM', max_capacity, is_active} with
--     an id is edited (max_capacity, its pool's size, never below the spots taken: the
--     trigger capacity_pools_size_not_below_taken refuses with the number taken);
--     without an id it is added, empty, with a pool of its own;
--   * ticket types and slots left out of the lists are left alone: nothing is
--     deleted here (a slot is deactivated instead).
-- Errors: SH403 not a member, SH404 a ticket type / slot of another event,
-- SH409 below what is taken, P0001 an invalid value (the message says which).
-- =============================================================================

-- events
create table public.events (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  date date not null,
  event_time time not null,
  event_timezone text not null default 'America/New_York'
    check (event_timezone in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles')),
  location_name text,
  location_address text,
  event_details_disclosures text,
  is_active boolean not null default true,
  rsvp_mode boolean not null default false,
  rsvp_open boolean not null default false,
  deposit_amount integer check (deposit_amount >= 0),
  -- Cancellation policy (copied onto each reservation when it is booked):
  -- a cancellation at least refund_window_hours before the start refunds in
  -- full (null: no such window); a later one refunds late_refund_percent of
  -- the net paid.
  refund_window_hours integer check (refund_window_hours between 0 and 8760),
  late_refund_percent integer not null default 0 check (late_refund_percent between 0 and 100),
  -- Hours before the start when confirmed guests get their reminder (0: none).
  reminder_hours integer not null default 24 check (reminder_hours between 0 and 336),
  created_at timestamptz not null default now(),
  -- Most guests one booking may have; null: the kind's default (event_party_limit).
  max_party_size integer check (max_party_size between 1 and 10),
  -- Price of one seat in cents, for an event sold by seating (its rsvp_slots) at one price.
  seat_price_cents integer check (seat_price_cents >= 0),
  -- What the event sells, derived from rsvp_mode and seat_price_cents (one truth, never stale).
  kind text not null generated always as (
    case when rsvp_mode then 'rsvp' when seat_price_cents is not null then 'seatings' else 'tickets' end
  ) stored,
  -- The dates of one dinner repeated (staff_duplicate_event): the first date's id, shared by its
  -- copies. A booking may move between the dates of its series (guest_move_booking). Null: an
  -- event never repeated (events repeated before series existed stay without one).
  series_id uuid,
  -- Hours before the start when online booking closes (null: open until the start).
  booking_cutoff_hours integer check (booking_cutoff_hours between 1 and 336),
  -- Not on the organization's page, its embed or the home page: only its link shows it.
  unlisted boolean not null default false,
  constraint events_one_kind check (not (rsvp_mode and seat_price_cents is not null)),
  -- target of the composite foreign key that keeps reservations.org_id = event's org
  unique (id, org_id)
);

comment on column public.events.event_time is 'Local start time in event_timezone.';

comment on column public.events.deposit_amount is 'Per-guest deposit in cents for RSVP bookings; null when none is configured.';

comment on column public.events.refund_window_hours is 'Full refund for cancellations at least this many hours before the start; null = no full-refund window.';

comment on column public.events.late_refund_percent is 'Percent of the net paid refunded for a cancellation outside the full-refund window (0-100).';

comment on column public.events.booking_cutoff_hours is 'Online booking (and the waitlist, more guests, a move to this date) closes this many hours before the start; null = open until the start. The host''s team may still book.';

comment on column public.events.unlisted is 'A private dinner: left out of the organization''s page, its embed and the home page, and out of what visitors may list; its booking link (/{slug}?event=<id>, get_public_org_page''s p_event) shows it, and it is booked as any other.';

comment on column public.events.kind is 'What is sold: tickets (ticket types), rsvp (slots with a deposit per guest) or seatings (slots at seat_price_cents per seat).';

comment on column public.events.seat_price_cents is 'Price per seat in cents of a seatings event; null for the other kinds.';

comment on column public.events.max_party_size is 'Most guests one booking may have; null means the kind''s default (event_party_limit).';

create index events_org_id_date_idx on public.events (org_id, date desc);

create index events_series_id_idx on public.events (series_id, date) where series_id is not null;

create index events_title_trgm_idx on public.events using gin (title extensions.gin_trgm_ops);

alter table public.events enable row level security;

grant select on public.events to anon;
grant select, insert, update, delete on public.events to authenticated;

-- The most guests one booking of an event may have: its own limit, else its kind's
-- (6 tickets or seats, 10 RSVP guests). Every reservation is also held to 10 (reservations).
create or replace function public.event_party_limit(p_kind text, p_max_party_size integer) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select least(coalesce(p_max_party_size, case when p_kind = 'rsvp' then 10 else 6 end), 10);
$$;

grant execute on function public.event_party_limit(text, integer) to anon, authenticated;

-- The policy in the words guests read (event cards, booking form, confirmation,
-- emails, the manage page): one place, so every screen says the same.
create or replace function public.refund_policy_text(p_window_hours integer, p_late_percent integer)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when coalesce(p_late_percent, 0) >= 100 then 'Full refund if you cancel'
    when p_window_hours is null and coalesce(p_late_percent, 0) = 0 then 'Non-refundable'
    when p_window_hours is null then p_late_percent || '% refund if you cancel'
    else 'Full refund until '
      || case when p_window_hours = 0 then 'the dinner starts'
              when p_window_hours = 1 then '1 hour before the dinner'
              else p_window_hours || ' hours before the dinner' end
      || case when coalesce(p_late_percent, 0) = 0 then '; non-refundable after that'
              else '; ' || p_late_percent || '% after that' end
  end;
$$;

grant execute on function public.refund_policy_text(integer, integer) to anon, authenticated;

-- capacity_pools
create table public.capacity_pools (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  size integer not null check (size >= 0),
  -- The event's overall cap: every booking of the event draws from it (at most one per event).
  event_wide boolean not null default false,
  created_at timestamptz not null default now(),
  unique (id, event_id)
);

comment on table public.capacity_pools is
  'Seats an event can sell: ticket types and slots draw from a pool; an event_wide pool caps the whole event. Taken seats are counted from reservations, never stored.';

create unique index capacity_pools_one_event_wide_idx on public.capacity_pools (event_id) where event_wide;

create index capacity_pools_event_id_idx on public.capacity_pools (event_id, created_at);

alter table public.capacity_pools enable row level security;

grant select, insert, update, delete on public.capacity_pools to authenticated;

-- ticket_types
create table public.ticket_types (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  price integer not null check (price >= 0),
  created_at timestamptz not null default now(),
  pool_id uuid not null,
  unique (id, event_id),
  constraint ticket_types_pool_of_event
    foreign key (pool_id, event_id) references public.capacity_pools (id, event_id)
);

comment on column public.ticket_types.price is 'Price per guest in cents.';

comment on column public.ticket_types.pool_id is 'The capacity pool its tickets draw from (of the same event).';

create index ticket_types_event_id_idx on public.ticket_types (event_id, created_at);

create index ticket_types_pool_id_idx on public.ticket_types (pool_id);

alter table public.ticket_types enable row level security;

grant select on public.ticket_types to anon;
grant select, insert, update, delete on public.ticket_types to authenticated;

-- rsvp_slots
create table public.rsvp_slots (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  slot_time time not null,
  slot_label text not null check (char_length(btrim(slot_label)) between 1 and 60),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  pool_id uuid not null,
  unique (id, event_id),
  constraint rsvp_slots_pool_of_event
    foreign key (pool_id, event_id) references public.capacity_pools (id, event_id)
);

comment on column public.rsvp_slots.pool_id is 'The capacity pool its seats draw from (of the same event).';

create index rsvp_slots_event_id_idx on public.rsvp_slots (event_id, slot_time);

create index rsvp_slots_pool_id_idx on public.rsvp_slots (pool_id);

alter table public.rsvp_slots enable row level security;

grant select on public.rsvp_slots to anon;
grant select, insert, update, delete on public.rsvp_slots to authenticated;

-- Lets ticket_types / rsvp_slots policies ask "may the caller manage this event?"
-- without depending on the caller's view of events.
create or replace function public.can_manage_event(event_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.events e
    where e.id = can_manage_event.event_id
      and public.is_org_member(e.org_id)
  );
$$;

grant execute on function public.can_manage_event(uuid) to authenticated;

-- The event a staff action is about, for a member of its organization: else p_denied with SH403,
-- the same answer for an event that does not exist (assert_member).
create or replace function public.member_event(p_event_id uuid, p_denied text) returns public.events
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
begin
  select * into e from public.events x where x.id = p_event_id;
  perform public.assert_member(e.org_id, p_denied);
  return e;
end;
$$;

-- Anyone sees what is active (a ticket type or slot only of an active event); members see every
-- row of their organizations' events, and add, edit and delete them. One policy per role and
-- command: PostgreSQL runs every permissive policy that applies (Supabase's advisor
-- multiple_permissive_policies). Visitors have a policy of their own, which asks no access
-- predicate (those are closed to them).
-- An unlisted event is not listed to visitors (its link reads it through get_public_org_page).
create policy "Visitors see active listed events"
  on public.events for select
  to anon
  using (is_active and not unlisted);

create policy "Signed-in users see active listed events, members all theirs"
  on public.events for select
  to authenticated
  using (is_active and not unlisted or public.is_org_member(org_id));

create policy "Members add events to their organizations"
  on public.events for insert
  to authenticated
  with check (public.is_org_member(org_id));

create policy "Members edit the events of their organizations"
  on public.events for update
  to authenticated
  using (public.is_org_member(org_id));

create policy "Members delete the events of their organizations"
  on public.events for delete
  to authenticated
  using (public.is_org_member(org_id));

create policy "Visitors see ticket types of active listed events"
  on public.ticket_types for select
  to anon
  using (exists (select 1 from public.events e where e.id = ticket_types.event_id and e.is_active and not e.unlisted));

create policy "Signed-in users see listed events' ticket types, members all"
  on public.ticket_types for select
  to authenticated
  using (exists (select 1 from public.events e
                 where e.id = ticket_types.event_id and (e.is_active and not e.unlisted or public.is_org_member(e.org_id))));

create policy "Members add ticket types to their events"
  on public.ticket_types for insert
  to authenticated
  with check (public.can_manage_event(event_id));

create policy "Members edit the ticket types of their events"
  on public.ticket_types for update
  to authenticated
  using (public.can_manage_event(event_id));

create policy "Members delete the ticket types of their events"
  on public.ticket_types for delete
  to authenticated
  using (public.can_manage_event(event_id));

create policy "Visitors see active RSVP slots of active listed events"
  on public.rsvp_slots for select
  to anon
  using (is_active and exists (select 1 from public.events e where e.id = rsvp_slots.event_id and e.is_active and not e.unlisted));

create policy "Signed-in users see listed events' active slots, members all"
  on public.rsvp_slots for select
  to authenticated
  using (exists (select 1 from public.events e
                 where e.id = rsvp_slots.event_id
                   and (rsvp_slots.is_active and e.is_active and not e.unlisted or public.is_org_member(e.org_id))));

create policy "Members add RSVP slots to their events"
  on public.rsvp_slots for insert
  to authenticated
  with check (public.can_manage_event(event_id));

create policy "Members edit the RSVP slots of their events"
  on public.rsvp_slots for update
  to authenticated
  using (public.can_manage_event(event_id));

create policy "Members delete the RSVP slots of their events"
  on public.rsvp_slots for delete
  to authenticated
  using (public.can_manage_event(event_id));

create policy "Members manage the capacity pools of their events"
  on public.capacity_pools for all
  to authenticated
  using (public.can_manage_event(event_id));

-- An event's overall cap ("max guests") is the size of its event-wide pool; null removes the
-- cap. A size below what is taken is refused by the pool's trigger (SH409, with the number).
-- Runs as the caller: row-level security decides.
create or replace function public.set_event_guest_cap(p_event_id uuid, p_max_guests integer) returns void
language plpgsql volatile security invoker set search_path = '' as $$
begin
  -- The event's lock first, as every capacity change takes it (before the pool's foreign key
  -- check would take a weaker one).
  perform 1 from public.events e where e.id = p_event_id for update;
  if p_max_guests is null then
    delete from public.capacity_pools p where p.event_id = p_event_id and p.event_wide;
  else
    insert into public.capacity_pools (event_id, size, event_wide) values (p_event_id, p_max_guests, true)
    on conflict (event_id) where event_wide do update set size = excluded.size
    where public.capacity_pools.size is distinct from excluded.size;
  end if;
end;
$$;

grant execute on function public.set_event_guest_cap(uuid, integer) to authenticated;

-- A new pool of the event, for one ticket type or slot (runs as the caller: RLS decides).
create or replace function public.new_capacity_pool(p_event_id uuid, p_size integer) returns uuid
language sql volatile security invoker set search_path = '' as $$
  insert into public.capacity_pools (event_id, size) values (p_event_id, p_size) returning id;
$$;

grant execute on function public.new_capacity_pool(uuid, integer) to authenticated;

-- Upcoming: later than "now" on the event's own wall clock
create or replace function public.is_upcoming_event(
  event_date date,
  event_time time,
  event_timezone text,
  at_time timestamptz default now()
)
returns boolean
language sql stable set search_path = '' as $$
  select (event_date + event_time) > (at_time at time zone event_timezone);
$$;

comment on function public.is_upcoming_event(date, time, text, timestamptz) is
  'An event is upcoming while its local start (date + event_time in event_timezone) is still ahead.';

grant execute on function public.is_upcoming_event(date, time without time zone, text, timestamp with time zone) to anon, authenticated;

-- When online booking of an event closes: its local start, less its booking_cutoff_hours.
create or replace function public.booking_closes_at(e public.events) returns timestamptz
language sql stable set search_path = '' as $$
  select ((e.date + e.event_time) at time zone e.event_timezone) - make_interval(hours => coalesce(e.booking_cutoff_hours, 0));
$$;

comment on function public.booking_closes_at(public.events) is
  'When guests can no longer book the event online (nor join its waitlist, add guests or move to it): its start less booking_cutoff_hours.';

grant execute on function public.booking_closes_at(public.events) to anon, authenticated;

-- Events with reservations are not deleted
create or replace function public.refuse_deleting_booked_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  confirmed_count integer;
  held_count integer;
  any_count integer;
begin
  -- Deleting the whole organization cascades to its events: allowed.
  if not exists (select 1 from public.organizations o where o.id = old.org_id) then
    return old;
  end if;

  -- Reservations are never deleted, so any row at all (cancelled, expired or failed
  -- included) keeps the event. The message counts the live ones (confirmed, and held
  -- seats of a checkout in progress) as plain "reservations": a hold is not confirmed.
  select count(*) filter (where r.status = 'confirmed'), count(*) filter (where r.status = 'held'), count(*)
  into confirmed_count, held_count, any_count
  from public.reservations r
  where r.event_id = old.id;

  if confirmed_count + held_count > 0 then
    raise exception 'This event has % reservation(s) and cannot be deleted. Deactivate it instead to hide it from the public page.', confirmed_count + held_count
      using errcode = 'SH423',
            detail = json_build_object('reason', 'event_has_reservations', 'confirmed', confirmed_count, 'held', held_count, 'total', any_count)::text,
            hint = 'Deactivate the event instead.';
  end if;
  if any_count > 0 then
    raise exception 'This event has reservation history (% cancelled or lapsed reservation(s)) and cannot be deleted. Deactivate it instead.', any_count
      using errcode = 'SH423',
            detail = json_build_object('reason', 'event_has_reservations', 'confirmed', 0, 'held', 0, 'total', any_count)::text,
            hint = 'Deactivate the event instead.';
  end if;
  return old;
end;
$$;

-- An event with reservations is never deleted (deactivate it instead).
create trigger events_10_refuse_deleting_booked
  before delete on public.events
  for each row execute function public.refuse_deleting_booked_event();

-- Create an event with its ticket types or slots, atomically
--
-- Security invoker: every insert goes through the caller's RLS (members only).
create or replace function public.admin_create_event(
  p_event jsonb,
  p_ticket_types jsonb default '[]'::jsonb,
  p_rsvp_slots jsonb default '[]'::jsonb
)
returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  new_id uuid;
  v_item jsonb;
  is_rsvp boolean := coalesce((p_event ->> 'rsvp_mode')::boolean, false);
  v_seat_price integer := (p_event ->> 'seat_price_cents')::integer;
begin
  if coalesce(btrim(p_event ->> 'title'), '') = '' or (p_event ->> 'date') is null or (p_event ->> 'org_id') is null then
    raise exception 'Title, date and organization are required' using errcode = '22023';
  end if;
  if v_seat_price is not null and not is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 then
    raise exception 'An event sold by seating needs at least one seating' using errcode = '22023';
  end if;
  if not is_rsvp and v_seat_price is null and jsonb_array_length(coalesce(p_ticket_types, '[]'::jsonb)) = 0 then
    raise exception 'A reservation event needs at least one ticket type' using errcode = '22023';
  end if;
  if is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 and (p_event ->> 'max_guests') is null then
    raise exception 'An RSVP event needs max guests or at least one slot' using errcode = '22023';
  end if;

  insert into public.events (
    org_id, title, date, event_time, event_timezone, location_name, location_address,
    event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
    refund_window_hours, late_refund_percent, reminder_hours, booking_cutoff_hours, seat_price_cents, max_party_size, unlisted
  )
  values (
    (p_event ->> 'org_id')::uuid,
    btrim(p_event ->> 'title'),
    (p_event ->> 'date')::date,
    coalesce((p_event ->> 'event_time')::time, '19:00'),
    coalesce(p_event ->> 'event_timezone', 'America/New_York'),
    nullif(btrim(p_event ->> 'location_name'), ''),
    nullif(btrim(p_event ->> 'location_address'), ''),
    nullif(btrim(p_event ->> 'event_details_disclosures'), ''),
    coalesce((p_event ->> 'is_active')::boolean, true),
    is_rsvp,
    coalesce((p_event ->> 'rsvp_open')::boolean, is_rsvp),
    (p_event ->> 'deposit_amount')::integer,
    (p_event ->> 'refund_window_hours')::integer,
    coalesce((p_event ->> 'late_refund_percent')::integer, 0),
    coalesce((p_event ->> 'reminder_hours')::integer, 24),
    (p_event ->> 'booking_cutoff_hours')::integer,
    v_seat_price,
    (p_event ->> 'max_party_size')::integer,
    coalesce((p_event ->> 'unlisted')::boolean, false)
  )
  returning id into new_id;

  -- The private address (members only: event_private_details), with the event.
  if nullif(btrim(p_event ->> 'private_address'), '') is not null then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (new_id, (p_event ->> 'org_id')::uuid, btrim(p_event ->> 'private_address'), coalesce(p_event ->> 'address_delivery', 'confirmation'));
  end if;

  if (p_event ->> 'max_guests') is not null then
    perform public.set_event_guest_cap(new_id, (p_event ->> 'max_guests')::integer);
  end if;

  -- Each ticket type and slot with a pool of its own, its quantity / max_capacity.
  for v_item in select x from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) as x loop
    insert into public.ticket_types (event_id, name, price, pool_id)
    values (new_id, btrim(v_item ->> 'name'), (v_item ->> 'price')::integer,
            public.new_capacity_pool(new_id, (v_item ->> 'quantity')::integer));
  end loop;

  for v_item in select x from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x loop
    insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
    values (new_id, (v_item ->> 'slot_time')::time, btrim(v_item ->> 'slot_label'), true,
            public.new_capacity_pool(new_id, (v_item ->> 'max_capacity')::integer));
  end loop;

  return new_id;
end;
$$;

grant execute on function public.admin_create_event(jsonb, jsonb, jsonb) to authenticated;

-- The private address
create table public.event_private_details (
  event_id uuid primary key,
  org_id uuid not null,
  private_address text check (char_length(private_address) <= 500),
  address_delivery text not null default 'confirmation' check (address_delivery in ('confirmation', 'reminder')),
  updated_at timestamptz not null default now(),
  constraint event_private_details_event_of_org
    foreign key (event_id, org_id) references public.events (id, org_id) on delete cascade
);

comment on table public.event_private_details is
  'An event''s private address (e.g. a home) and whether confirmed guests get it with the confirmation or with the reminder. Members only.';

alter table public.event_private_details enable row level security;

grant select, insert, update, delete on public.event_private_details to authenticated;

-- Stamps updated_at.
create trigger event_private_details_set_updated_at
  before update on public.event_private_details
  for each row execute function public.set_updated_at();

create policy "Members manage the private details of their events"
  on public.event_private_details for all to authenticated using (public.is_org_member(org_id));

-- The event's own fields, every key of the form's event (deposit_amount included).
create or replace function public.admin_update_event(p_event_id uuid, p_event jsonb) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  e public.events;
begin
  if p_event ? 'deposit_amount' and jsonb_typeof(p_event -> 'deposit_amount') <> 'null'
     and public.admin_whole_number(p_event -> 'deposit_amount') is null then
    raise exception 'The deposit must be a whole number of cents, 0 or more' using errcode = 'P0001';
  end if;
  update public.events x set
    title = case when p_event ? 'title' then btrim(p_event ->> 'title') else x.title end,
    date = case when p_event ? 'date' then (p_event ->> 'date')::date else x.date end,
    event_time = case when p_event ? 'event_time' then (p_event ->> 'event_time')::time else x.event_time end,
    event_timezone = case when p_event ? 'event_timezone' then p_event ->> 'event_timezone' else x.event_timezone end,
    location_name = case when p_event ? 'location_name' then nullif(btrim(p_event ->> 'location_name'), '') else x.location_name end,
    location_address = case when p_event ? 'location_address' then nullif(btrim(p_event ->> 'location_address'), '') else x.location_address end,
    event_details_disclosures = case when p_event ? 'event_details_disclosures' then nullif(btrim(p_event ->> 'event_details_disclosures'), '') else x.event_details_disclosures end,
    refund_window_hours = case when p_event ? 'refund_window_hours' then (p_event ->> 'refund_window_hours')::integer else x.refund_window_hours end,
    late_refund_percent = case when p_event ? 'late_refund_percent' then (p_event ->> 'late_refund_percent')::integer else x.late_refund_percent end,
    reminder_hours = case when p_event ? 'reminder_hours' then (p_event ->> 'reminder_hours')::integer else x.reminder_hours end,
    booking_cutoff_hours = case when p_event ? 'booking_cutoff_hours' then (p_event ->> 'booking_cutoff_hours')::integer else x.booking_cutoff_hours end,
    unlisted = case when p_event ? 'unlisted' then coalesce((p_event ->> 'unlisted')::boolean, false) else x.unlisted end,
    deposit_amount = case when p_event ? 'deposit_amount' then (p_event ->> 'deposit_amount')::integer else x.deposit_amount end,
    seat_price_cents = case when p_event ? 'seat_price_cents' then (p_event ->> 'seat_price_cents')::integer else x.seat_price_cents end,
    max_party_size = case when p_event ? 'max_party_size' then (p_event ->> 'max_party_size')::integer else x.max_party_size end
  where x.id = p_event_id
  returning * into e;
  if e.id is null then
    raise exception 'Event not found' using errcode = 'SH404';
  end if;
  if p_event ? 'max_guests' then
    perform public.set_event_guest_cap(e.id, (p_event ->> 'max_guests')::integer);
  end if;
  if p_event ? 'private_address' or p_event ? 'address_delivery' then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (e.id, e.org_id, nullif(btrim(p_event ->> 'private_address'), ''), coalesce(p_event ->> 'address_delivery', 'confirmation'))
    on conflict (event_id) do update
      set private_address = case when p_event ? 'private_address' then excluded.private_address else public.event_private_details.private_address end,
          address_delivery = case when p_event ? 'address_delivery' then excluded.address_delivery else public.event_private_details.address_delivery end;
  end if;
end;
$$;

grant execute on function public.admin_update_event(uuid, jsonb) to authenticated;

-- Repeat events
--
-- Copies an event to each date (its ticket types, slots and pools, empty; its policy, settings
-- and private details); nothing sold. The copies join the event's series (the event's own id
-- starts one when it has none).
-- Returns the new events' ids in date order.
create or replace function public.staff_duplicate_event(p_event_id uuid, p_dates date[]) returns uuid[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_date date;
  v_new uuid;
  v_ids uuid[] := '{}';
  v_pool record;
  v_new_pool uuid;
  v_pools jsonb;
begin
  e := public.member_event(p_event_id, 'You can only copy events of your own organization');
  if p_dates is null or cardinality(p_dates) = 0 then
    raise exception 'Choose at least one date' using errcode = 'P0001';
  end if;
  if cardinality(p_dates) > 52 then
    raise exception 'At most 52 dates at a time' using errcode = 'P0001';
  end if;
  if e.series_id is null then
    update public.events x set series_id = x.id where x.id = e.id returning * into e;
  end if;
  for v_date in select distinct d from unnest(p_dates) d order by d loop
    if v_date < current_date then
      raise exception 'The date % is in the past', to_char(v_date, 'FMMonth FMDD, YYYY') using errcode = 'P0001';
    end if;
    insert into public.events (
      org_id, title, date, event_time, event_timezone, location_name, location_address,
      event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
      refund_window_hours, late_refund_percent, reminder_hours, booking_cutoff_hours, seat_price_cents, max_party_size, series_id,
      unlisted
    ) values (
      e.org_id, e.title, v_date, e.event_time, e.event_timezone, e.location_name, e.location_address,
      e.event_details_disclosures, e.is_active, e.rsvp_mode, e.rsvp_open, e.deposit_amount,
      e.refund_window_hours, e.late_refund_percent, e.reminder_hours, e.booking_cutoff_hours, e.seat_price_cents, e.max_party_size, e.series_id,
      e.unlisted
    ) returning id into v_new;
    -- The same pools (shared ones stay shared), empty.
    v_pools := '{}';
    for v_pool in select p.id, p.size, p.event_wide from public.capacity_pools p where p.event_id = e.id order by p.created_at, p.id loop
      insert into public.capacity_pools (event_id, size, event_wide) values (v_new, v_pool.size, v_pool.event_wide)
      returning id into v_new_pool;
      v_pools := v_pools || jsonb_build_object(v_pool.id::text, v_new_pool);
    end loop;
    insert into public.ticket_types (event_id, name, price, pool_id)
    select v_new, t.name, t.price, (v_pools ->> t.pool_id::text)::uuid
    from public.ticket_types t where t.event_id = e.id order by t.created_at, t.id;
    insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
    select v_new, s.slot_time, s.slot_label, s.is_active, (v_pools ->> s.pool_id::text)::uuid
    from public.rsvp_slots s where s.event_id = e.id;
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    select v_new, d.org_id, d.private_address, d.address_delivery
    from public.event_private_details d where d.event_id = e.id;
    v_ids := v_ids || v_new;
  end loop;
  return v_ids;
end;
$$;

grant execute on function public.staff_duplicate_event(uuid, date[]) to authenticated;

-- A whole number >= 0 from a form's JSON (cents, capacities), or null when it is
-- anything else (a string, a fraction, a negative, too big): the callers say which
-- field was wrong. CASE keeps the cast from running on what is not a number.
create or replace function public.admin_whole_number(p_value jsonb) returns integer
language sql immutable set search_path = '' as $$
  select case when jsonb_typeof(p_value) = 'number' then
    case when (p_value #>> '{}')::numeric between 0 and 2147483647 and (p_value #>> '{}')::numeric = trunc((p_value #>> '{}')::numeric)
         then (p_value #>> '{}')::integer end
  end;
$$;

grant execute on function public.admin_whole_number(jsonb) to authenticated;

-- The whole dialog: the event, its ticket types and its slots
create or replace function public.admin_save_event(p_event_id uuid, p_event jsonb, p_ticket_types jsonb, p_rsvp_slots jsonb)
returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_org uuid;
  t jsonb;
  s jsonb;
  v_id uuid;
  v_name text;
  v_price integer;
  v_capacity integer;
  v_label text;
  v_time time;
  v_active boolean;
  v_found boolean;
  v_pool uuid;
begin
  -- The membership check first: a stranger learns nothing else (RLS lets anyone read active events).
  select e.org_id into v_org from public.events e where e.id = p_event_id;
  if v_org is null or not public.is_org_member(v_org) then
    raise exception 'You can only edit events of your own organization' using errcode = 'SH403';
  end if;
  if jsonb_typeof(coalesce(p_ticket_types, '[]'::jsonb)) <> 'array' or jsonb_typeof(coalesce(p_rsvp_slots, '[]'::jsonb)) <> 'array' then
    raise exception 'Ticket types and time slots must be lists' using errcode = 'P0001';
  end if;

  perform public.admin_update_event(p_event_id, coalesce(p_event, '{}'::jsonb));

  for t in select x from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) as x loop
    v_name := public.required_text(t ->> 'name', 120, 'Each ticket type needs a name',
      'The ticket type name "%s" is too long (120 characters at most)');
    v_price := public.admin_whole_number(t -> 'price');
    if v_price is null then
      raise exception 'The price of % must be a whole number of cents, 0 or more', v_name using errcode = 'P0001';
    end if;
    v_capacity := public.admin_whole_number(t -> 'capacity');
    if v_capacity is null and (t ? 'capacity' or nullif(t ->> 'id', '') is null) then
      raise exception 'The capacity of % must be a whole number, 0 or more', v_name using errcode = 'P0001';
    end if;

    if nullif(t ->> 'id', '') is null then
      insert into public.ticket_types (event_id, name, price, pool_id)
      values (p_event_id, v_name, v_price, public.new_capacity_pool(p_event_id, v_capacity));
    else
      if (t ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Ticket type not found on this event' using errcode = 'SH404';
      end if;
      v_id := (t ->> 'id')::uuid;
      update public.ticket_types x set name = v_name, price = v_price
      where x.id = v_id and x.event_id = p_event_id
      returning true into v_found;
      if v_found is null then
        raise exception 'Ticket type not found on this event' using errcode = 'SH404';
      end if;
      v_found := null;
      if v_capacity is not null then
        perform public.staff_set_ticket_capacity(v_id, v_capacity);
      end if;
    end if;
  end loop;

  for s in select x from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x loop
    v_label := public.required_text(s ->> 'slot_label', 60, 'Each time slot needs a label',
      'The slot label "%s" is too long (60 characters at most)');
    if coalesce(s ->> 'slot_time', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      raise exception 'The time of the % slot must be HH:MM', v_label using errcode = 'P0001';
    end if;
    v_time := (s ->> 'slot_time')::time;
    v_capacity := public.admin_whole_number(s -> 'max_capacity');
    if v_capacity is null then
      raise exception 'The capacity of the % slot must be a whole number, 0 or more', v_label using errcode = 'P0001';
    end if;
    if s ? 'is_active' and jsonb_typeof(s -> 'is_active') <> 'boolean' then
      raise exception 'Whether the % slot is active must be true or false', v_label using errcode = 'P0001';
    end if;
    v_active := (s ->> 'is_active')::boolean;

    if nullif(s ->> 'id', '') is null then
      insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
      values (p_event_id, v_time, v_label, coalesce(v_active, true), public.new_capacity_pool(p_event_id, v_capacity));
    else
      if (s ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Time slot not found on this event' using errcode = 'SH404';
      end if;
      update public.rsvp_slots x
      set slot_label = v_label, slot_time = v_time, is_active = coalesce(v_active, x.is_active)
      where x.id = (s ->> 'id')::uuid and x.event_id = p_event_id
      returning x.pool_id into v_pool;
      if v_pool is null then
        raise exception 'Time slot not found on this event' using errcode = 'SH404';
      end if;
      -- Under the event lock, as every capacity change (the pool's trigger counts what is taken).
      perform 1 from public.events e where e.id = p_event_id for update;
      update public.capacity_pools p set size = v_capacity where p.id = v_pool and p.size <> v_capacity;
      v_pool := null;
    end if;
  end loop;
end;
$$;

grant execute on function public.admin_save_event(uuid, jsonb, jsonb, jsonb) to authenticated;
