-- Capacity as pools: ticket types, slots and an event's cap draw from capacity_pools; what is
-- taken is counted from reservations, never stored. Each existing counter becomes a pool of
-- the same capacity (its id the ticket type's, slot's or event's own), then the counters go.

drop trigger if exists "events_max_guests_not_below_taken" on "public"."events";

drop trigger if exists "rsvp_slots_capacity_not_below_taken" on "public"."rsvp_slots";

drop trigger if exists "ticket_types_capacity_not_below_taken" on "public"."ticket_types";

drop function if exists "public"."refuse_capacity_below_taken"();

drop function if exists "public"."ticket_type_taken"(p_ticket_type_id uuid);

-- The page's answer is typed by the view's row: both are made again below.
drop function if exists "public"."get_public_org_page"(p_slug text);

drop view if exists "public"."events_with_availability";

drop function if exists "public"."option_sales"(p_event_id uuid);

drop function if exists "public"."event_availability"(p_event_id uuid, p_except_reservation uuid);

create table "public"."capacity_pools" (
  "id" uuid not null default gen_random_uuid(),
  "event_id" uuid not null,
  "size" integer not null,
  "event_wide" boolean not null default false,
  "created_at" timestamp with time zone not null default now()
);

alter table "public"."capacity_pools" enable row level security;

revoke all on public.capacity_pools from anon, authenticated;
grant select, insert, update, delete on public.capacity_pools to authenticated;
grant all on public.capacity_pools to service_role;

comment on table public.capacity_pools is
  'Seats an event can sell: ticket types and slots draw from a pool; an event_wide pool caps the whole event. Taken seats are counted from reservations, never stored.';

CREATE INDEX capacity_pools_event_id_idx ON public.capacity_pools USING btree (event_id, created_at);

CREATE UNIQUE INDEX capacity_pools_id_event_id_key ON public.capacity_pools USING btree (id, event_id);

CREATE UNIQUE INDEX capacity_pools_one_event_wide_idx ON public.capacity_pools USING btree (event_id) WHERE event_wide;

CREATE UNIQUE INDEX capacity_pools_pkey ON public.capacity_pools USING btree (id);

alter table "public"."capacity_pools" add constraint "capacity_pools_pkey" PRIMARY KEY using index "capacity_pools_pkey";

alter table "public"."capacity_pools" add constraint "capacity_pools_event_id_fkey" FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE;

alter table "public"."capacity_pools" add constraint "capacity_pools_id_event_id_key" UNIQUE using index "capacity_pools_id_event_id_key";

alter table "public"."capacity_pools" add constraint "capacity_pools_size_check" CHECK ((size >= 0));

-- The data: a ticket type's pool holds what remains plus every seat counted against it (sold,
-- held, abandoned holds: the counter kept them); a slot's its max_capacity; an event's cap its
-- max_guests.
insert into public.capacity_pools (id, event_id, size, event_wide, created_at)
select t.id, t.event_id, t.quantity + coalesce((
    select sum(r.num_guests) from public.reservations r
    where r.ticket_type_id = t.id and r.status in ('confirmed', 'held')), 0)::integer, false, t.created_at
from public.ticket_types t;

insert into public.capacity_pools (id, event_id, size, event_wide, created_at)
select s.id, s.event_id, s.max_capacity, false, s.created_at
from public.rsvp_slots s;

insert into public.capacity_pools (id, event_id, size, event_wide, created_at)
select e.id, e.id, e.max_guests, true, e.created_at
from public.events e where e.max_guests is not null;

alter table "public"."ticket_types" add column "pool_id" uuid;

update public.ticket_types set pool_id = id;

alter table "public"."ticket_types" alter column "pool_id" set not null;

alter table "public"."rsvp_slots" add column "pool_id" uuid;

update public.rsvp_slots set pool_id = id;

alter table "public"."rsvp_slots" alter column "pool_id" set not null;

comment on column public.ticket_types.pool_id is 'The capacity pool its tickets draw from (of the same event).';

comment on column public.rsvp_slots.pool_id is 'The capacity pool its seats draw from (of the same event).';

CREATE INDEX rsvp_slots_pool_id_idx ON public.rsvp_slots USING btree (pool_id);

CREATE INDEX ticket_types_pool_id_idx ON public.ticket_types USING btree (pool_id);

alter table "public"."rsvp_slots" add constraint "rsvp_slots_pool_of_event" FOREIGN KEY (pool_id, event_id) REFERENCES capacity_pools(id, event_id);

alter table "public"."ticket_types" add constraint "ticket_types_pool_of_event" FOREIGN KEY (pool_id, event_id) REFERENCES capacity_pools(id, event_id);

alter table "public"."events" drop constraint "events_max_guests_check";

alter table "public"."rsvp_slots" drop constraint "rsvp_slots_current_rsvps_check";

alter table "public"."rsvp_slots" drop constraint "rsvp_slots_max_capacity_check";

alter table "public"."rsvp_slots" drop constraint "rsvp_slots_within_capacity";

alter table "public"."ticket_types" drop constraint "ticket_types_quantity_check";

alter table "public"."events" drop column "max_guests";

alter table "public"."rsvp_slots" drop column "current_rsvps";

alter table "public"."rsvp_slots" drop column "max_capacity";

alter table "public"."ticket_types" drop column "quantity";

set check_function_bodies = off;

create or replace function public.capacity_pool_taken(p_pool_id uuid, p_except_reservation uuid default null)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(r.num_guests), 0)::integer
  from public.capacity_pools p
  join public.reservations r on r.event_id = p.event_id
  where p.id = p_pool_id
    and public.holds_seats(r.status, r.hold_expires_at)
    and r.id is distinct from p_except_reservation
    and (p.event_wide
         or r.ticket_type_id in (select t.id from public.ticket_types t where t.pool_id = p.id)
         or r.rsvp_slot_id in (select s.id from public.rsvp_slots s where s.pool_id = p.id));
$$;

revoke execute on function public.capacity_pool_taken(uuid, uuid) from public, anon, authenticated;
grant execute on function public.capacity_pool_taken(uuid, uuid) to service_role;

create or replace function public.capacity_pool_left(p_pool_id uuid, p_except_reservation uuid default null)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(p.size - public.capacity_pool_taken(p.id, p_except_reservation), 0)
  from public.capacity_pools p
  where p.id = p_pool_id;
$$;

revoke execute on function public.capacity_pool_left(uuid, uuid) from public, anon, authenticated;
grant execute on function public.capacity_pool_left(uuid, uuid) to service_role;

create or replace function public.capacity_pool_use(p_event_id uuid, p_except_reservation uuid default null)
returns table (pool_id uuid, event_wide boolean, size integer, taken integer)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.event_wide, p.size, public.capacity_pool_taken(p.id, p_except_reservation)
  from public.capacity_pools p
  where p.event_id = p_event_id;
$$;

comment on function public.capacity_pool_use(uuid, uuid) is
  'Each capacity pool of an event with its size and the guests taking it now (confirmed and unexpired holds), p_except_reservation left out.';
revoke execute on function public.capacity_pool_use(uuid, uuid) from public, anon, authenticated;
grant execute on function public.capacity_pool_use(uuid, uuid) to service_role;

create or replace function public.new_capacity_pool(p_event_id uuid, p_size integer)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.capacity_pools (event_id, size) values (p_event_id, p_size) returning id;
$$;

revoke execute on function public.new_capacity_pool(uuid, integer) from public, anon;
grant execute on function public.new_capacity_pool(uuid, integer) to authenticated, service_role;

create or replace function public.refuse_pool_below_taken()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

revoke execute on function public.refuse_pool_below_taken() from public, anon, authenticated;
grant execute on function public.refuse_pool_below_taken() to service_role;

create or replace function public.set_event_guest_cap(p_event_id uuid, p_max_guests integer)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

revoke execute on function public.set_event_guest_cap(uuid, integer) from public, anon;
grant execute on function public.set_event_guest_cap(uuid, integer) to authenticated, service_role;

create or replace function public.admin_create_event(
  p_event jsonb,
  p_ticket_types jsonb default '[]'::jsonb,
  p_rsvp_slots jsonb default '[]'::jsonb
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
    refund_window_hours, late_refund_percent, reminder_hours, seat_price_cents, max_party_size
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
    v_seat_price,
    (p_event ->> 'max_party_size')::integer
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

revoke execute on function public.admin_create_event(jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.admin_create_event(jsonb, jsonb, jsonb) to authenticated, service_role;

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
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select
    e.id, e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, e.is_active,
    s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, pool.size, pool.taken, s.is_active,
    r.id, r.name, r.email, r.phone, r.num_guests, r.created_at
  from public.events e
  left join public.rsvp_slots s on s.event_id = e.id
  left join lateral (
    select u.size, u.taken from public.capacity_pool_use(e.id) u where u.pool_id = s.pool_id
  ) pool on true
  left join public.reservations r on r.rsvp_slot_id = s.id and r.status = 'confirmed'
  where e.org_id = p_org_id
    and (e.rsvp_mode or exists (select 1 from public.rsvp_slots x where x.event_id = e.id))
  order by e.date desc, to_char(e.event_time, 'HH24:MI'), e.id, s.slot_time, s.created_at, s.id, r.created_at, r.id;
end;
$$;

revoke execute on function public.admin_rsvp_overview(uuid) from public, anon;
grant execute on function public.admin_rsvp_overview(uuid) to authenticated, service_role;

create or replace function public.admin_save_event(p_event_id uuid, p_event jsonb, p_ticket_types jsonb, p_rsvp_slots jsonb)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
    v_name := btrim(coalesce(t ->> 'name', ''));
    if v_name = '' then
      raise exception 'Each ticket type needs a name' using errcode = 'P0001';
    end if;
    if char_length(v_name) > 120 then
      raise exception 'The ticket type name "%" is too long (120 characters at most)', left(v_name, 40) || '…' using errcode = 'P0001';
    end if;
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
    v_label := btrim(coalesce(s ->> 'slot_label', ''));
    if v_label = '' then
      raise exception 'Each time slot needs a label' using errcode = 'P0001';
    end if;
    if char_length(v_label) > 60 then
      raise exception 'The slot label "%" is too long (60 characters at most)', left(v_label, 40) || '…' using errcode = 'P0001';
    end if;
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

revoke execute on function public.admin_save_event(uuid, jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.admin_save_event(uuid, jsonb, jsonb, jsonb) to authenticated, service_role;

create or replace function public.admin_update_event(p_event_id uuid, p_event jsonb)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

revoke execute on function public.admin_update_event(uuid, jsonb) from public, anon;
grant execute on function public.admin_update_event(uuid, jsonb) to authenticated, service_role;

create or replace function public.apply_reservation_status_and_capacity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
    if new.event_id <> old.event_id then
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

revoke execute on function public.apply_reservation_status_and_capacity() from public, anon, authenticated;
grant execute on function public.apply_reservation_status_and_capacity() to service_role;

create or replace function public.booking_may_be_refused(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text,
  p_rsvp_slot_id uuid
)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when exists (select 1 from public.capacity_pools p where p.event_id = e.id and p.event_wide) then true
      when e.kind = 'tickets' then not exists (
        select 1 from public.ticket_types t
        where t.event_id = e.id
          and t.id::text = lower(btrim(coalesce(p_ticket_type, '')))
          and public.capacity_pool_left(t.pool_id) >= p_guests)
      when p_rsvp_slot_id is not null then not exists (
        select 1 from public.rsvp_slots s
        where s.id = p_rsvp_slot_id
          and s.event_id = e.id
          and s.is_active
          and public.capacity_pool_left(s.pool_id) >= p_guests)
      else true
    end
    from public.events e
    where e.id = p_event_id), true);
$$;

revoke execute on function public.booking_may_be_refused(uuid, integer, text, uuid) from public, anon, authenticated;
grant execute on function public.booking_may_be_refused(uuid, integer, text, uuid) to service_role;

create or replace function public.event_availability(p_event_id uuid, p_except_reservation uuid default null)
returns table (
  option_kind text,
  option_id uuid,
  label text,
  own_available integer,
  available integer,
  size integer
)
language sql
stable
security definer
set search_path = ''
as $$
  with pools as (
    select u.pool_id, u.event_wide, u.size, greatest(u.size - u.taken, 0) as seats_left
    from public.capacity_pool_use(p_event_id, p_except_reservation) u
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
revoke execute on function public.event_availability(uuid, uuid) from public;
grant execute on function public.event_availability(uuid, uuid) to anon, authenticated, service_role;

create view public.events_with_availability
with (security_invoker = false)
as
select
  e.id,
  e.org_id,
  e.title,
  e.date,
  e.event_time,
  e.event_timezone,
  av.max_guests,
  e.location_name,
  e.location_address,
  e.event_details_disclosures,
  e.is_active,
  e.rsvp_mode,
  e.rsvp_open,
  e.deposit_amount,
  e.refund_window_hours,
  e.late_refund_percent,
  public.refund_policy_text(e.refund_window_hours, e.late_refund_percent) as refund_policy,
  coalesce(av.tickets, '{}') as ticket_types,
  coalesce(av.slots, '{}') as rsvp_slots,
  coalesce(av.left_for_event, 0) as available_seats,
  totals.total_available,
  totals.total_available <= 0 as is_fully_booked,
  e.kind,
  e.seat_price_cents,
  public.event_party_limit(e.kind, e.max_party_size) as party_limit
from public.events e
-- One call of event_availability per event (a security definer function is never inlined):
-- the event's seats left, its ticket types and its active slots, each with what is left.
cross join lateral (
  select
    max(a.available) filter (where a.option_kind = 'event') as left_for_event,
    max(a.size) filter (where a.option_kind = 'event') as max_guests,
    array_agg(row(t.id, t.name, t.price, a.available)::public.public_ticket_type order by t.created_at, t.id)
      filter (where t.id is not null) as tickets,
    count(t.id) as ticket_count,
    sum(a.own_available) filter (where t.id is not null) as tickets_left,
    array_agg(
      row(
        s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, a.size,
        greatest(a.size - a.own_available, 0), s.is_active, a.available
      )::public.public_rsvp_slot
      order by s.slot_time, s.created_at, s.id
    ) filter (where s.is_active) as slots,
    count(s.id) filter (where s.is_active) as slot_count,
    sum(a.own_available) filter (where s.is_active) as slots_left
  from public.event_availability(e.id) a
  left join public.ticket_types t on a.option_kind = 'ticket_type' and t.id = a.option_id
  left join public.rsvp_slots s on a.option_kind = 'rsvp_slot' and s.id = a.option_id
) av
cross join lateral (
  -- What the event's kind sells, within its cap.
  select greatest(least(
    case
      when e.kind = 'tickets' and av.ticket_count > 0 then av.tickets_left
      when e.kind <> 'tickets' and av.slot_count > 0 then av.slots_left
      else av.left_for_event
    end,
    coalesce(av.left_for_event, 2147483647)), 0)::integer as total_available
) totals
where e.is_active;

comment on view public.events_with_availability is 'Active events with ticket types, active RSVP slots and availability. Public, read-only.';

revoke all on public.events_with_availability from anon, authenticated, service_role;

grant select on public.events_with_availability to anon;

grant select on public.events_with_availability to authenticated;

grant select on public.events_with_availability to service_role;

create or replace function public.get_public_org_page(p_slug text)
returns table (
  organization public.public_organization,
  layout text,
  branding public.org_branding,
  events public.events_with_availability[]
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    row(o.id, o.name, o.slug, o.state)::public.public_organization,
    alias.layout,
    b,
    coalesce((
      select array_agg(v order by v.date, v.event_time, v.id)
      from public.events_with_availability v
      where v.org_id = o.id
        and public.is_upcoming_event(v.date, v.event_time, v.event_timezone)
        and o.state = 'published'
    ), '{}')
  from public.organizations o
  left join public.org_page_aliases alias on alias.path = lower(btrim(p_slug))
  left join public.org_branding b on b.org_id = o.id
  where o.id = coalesce(alias.org_id, (select x.id from public.organizations x where x.slug = lower(btrim(p_slug))));
$$;

comment on function public.get_public_org_page(text) is
  'The page at /{slug}: organization, layout, branding and upcoming events (one row, none for an unknown slug). An alias path (org_page_aliases) answers for its organization, with its layout.';

revoke execute on function public.get_public_org_page(text) from public;

grant execute on function public.get_public_org_page(text) to anon, authenticated, service_role;


create or replace function public.hold_booking(
  p_idempotency_key text,
  p_event_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_org_slug text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_expected_total_cents integer default null,
  p_has_payment_token boolean default null,
  p_payment_source text default null,
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
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                         guests, provider, idempotency_key, actor)
      values (v_existing.id, v_existing.org_id, 'charge', 'charging', v_existing.amount_cents, v_existing.service_charge_cents,
              v_existing.tax_cents, v_existing.num_guests, p_payment_provider, p_idempotency_key, 'guest');
      insert into public.booking_events (reservation_id, kind, detail)
      values (v_existing.id, 'held', jsonb_build_object('payment_source', p_payment_source, 'claimed', true));
    end if;
    return public.booking_summary(v_existing, true);
  end if;

  -- Sold out is answered from committed state, before queueing for the event
  -- lock: a refusal in a rush does not wait behind every hold in flight. The
  -- unlocked evaluation counts stale holds as free, so it only refuses what the
  -- locked one below would refuse too (without the promo code: that is checked,
  -- once, under the lock).
  -- The unlocked evaluation runs only when a cheap read says the booking might be refused.
  if public.booking_may_be_refused(p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id) then
    perform public.booking_evaluate(
      p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, null, p_org_slug, false);
  end if;

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, p_promo_code, p_org_slug, true);
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
      status, amount_cents, discount_cents, service_charge_cents, tax_cents, idempotency_key, hold_expires_at,
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
      (v_quote ->> 'service_charge_cents')::integer,
      (v_quote ->> 'tax_cents')::integer,
      p_idempotency_key,
      now() + interval '15 minutes',
      (select e.refund_window_hours from public.events e where e.id = p_event_id),
      coalesce((select e.late_refund_percent from public.events e where e.id = p_event_id), 0)
    )
    returning * into v_row;
  exception when sqlstate 'SH409' then
    -- The triggers refused (e.g. an admin lowered a capacity since the check
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
      v_message := format('Only %s %s available for %s.', v_available, case when v_available = 1 then 'ticket' else 'tickets' end,
        v_quote ->> 'ticket_type_name');
    elsif v_detail ->> 'kind' = 'rsvp_slot' and v_quote ->> 'event_kind' = 'seatings' then
      v_message := format('Not enough tickets for %s at %s (%s left). Please select another date or reduce tickets.',
        to_char((v_quote ->> 'event_date')::date, 'FMDay, FMMonth FMDD, YYYY'), v_quote ->> 'time_slot', v_available);
    elsif v_detail ->> 'kind' = 'rsvp_slot' then
      v_message := format('Only %s %s left in the %s time slot. Please select another time or fewer guests.',
        v_available, case when v_available = 1 then 'spot' else 'spots' end, v_quote ->> 'time_slot');
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
    'service_charge_cents', (v_quote ->> 'service_charge_cents')::integer,
    'tax_cents', (v_quote ->> 'tax_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'kind', v_quote ->> 'event_kind',
    'promo', v_quote -> 'promo',
    'payment_source', p_payment_source));

  -- 'charging' is on record before the processor is called: if the caller dies
  -- between the charge and the confirmation, reconcile-payments finds it.
  if v_total > 0 and p_has_payment_token is not false and p_payment_source is not null then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                       guests, provider, idempotency_key, actor)
    values (v_row.id, v_row.org_id, 'charge', 'charging', v_total, v_row.service_charge_cents, v_row.tax_cents,
            p_guests, p_payment_provider, p_idempotency_key, 'guest');
  end if;

  return public.booking_summary(v_row, false);
end;
$$;

revoke execute on function public.hold_booking(text, uuid, integer, text, text, text, text, uuid, text, text, text, text, text, integer, boolean, text, text) from public, anon, authenticated;
grant execute on function public.hold_booking(text, uuid, integer, text, text, text, text, uuid, text, text, text, text, text, integer, boolean, text, text) to service_role;

create or replace function public.option_sales(p_event_id uuid)
returns table (option_id uuid, sold integer, held integer)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(r.ticket_type_id, r.rsvp_slot_id),
    coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer,
    coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer
  from public.reservations r
  where r.event_id = p_event_id and coalesce(r.ticket_type_id, r.rsvp_slot_id) is not null
  group by 1;
$$;

revoke execute on function public.option_sales(uuid) from public, anon, authenticated;
grant execute on function public.option_sales(uuid) to service_role;

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
  v_pool record;
  v_new_pool uuid;
  v_pools jsonb;
begin
  select * into e from public.events x where x.id = p_event_id;
  perform public.assert_member(e.org_id, 'You can only copy events of your own organization');
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
      org_id, title, date, event_time, event_timezone, location_name, location_address,
      event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
      refund_window_hours, late_refund_percent, reminder_hours, seat_price_cents, max_party_size
    ) values (
      e.org_id, e.title, v_date, e.event_time, e.event_timezone, e.location_name, e.location_address,
      e.event_details_disclosures, e.is_active, e.rsvp_mode, e.rsvp_open, e.deposit_amount,
      e.refund_window_hours, e.late_refund_percent, e.reminder_hours, e.seat_price_cents, e.max_party_size
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

revoke execute on function public.staff_duplicate_event(uuid, date[]) from public, anon;
grant execute on function public.staff_duplicate_event(uuid, date[]) to authenticated, service_role;

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
  waitlist_offered integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.events;
begin
  select * into e from public.events x where x.id = p_event_id;
  perform public.assert_member(e.org_id, 'You can only see events of your own organization');
  return query
  select e.id, e.org_id, e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, cap.size, e.kind, cap.available,
    t.parties, t.guests, t.held_guests, t.cancelled, t.discounts_cents, t.checked_in_guests, t.checked_in_parties,
    m.gross_cents, m.refunded_cents, m.pending_refund_cents, m.comp_cents, m.gross_cents - m.refunded_cents,
    w.waiting, w.offered
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

revoke execute on function public.staff_event_overview(uuid) from public, anon;
grant execute on function public.staff_event_overview(uuid) to authenticated, service_role;

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

revoke execute on function public.staff_set_ticket_capacity(uuid, integer) from public, anon;
grant execute on function public.staff_set_ticket_capacity(uuid, integer) to authenticated, service_role;

create or replace function public.staff_slot_sales(p_event_id uuid)
returns table (id uuid, label text, slot_time text, is_active boolean, capacity integer, sold integer, held integer, available integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_member((select x.org_id from public.events x where x.id = p_event_id), 'You can only see events of your own organization');
  return query
  select sl.id, sl.slot_label, to_char(sl.slot_time, 'HH24:MI'), sl.is_active, a.size, coalesce(s.sold, 0), coalesce(s.held, 0), a.available
  from public.rsvp_slots sl
  left join public.option_sales(p_event_id) s on s.option_id = sl.id
  join public.event_availability(p_event_id) a on a.option_kind = 'rsvp_slot' and a.option_id = sl.id
  where sl.event_id = p_event_id
  order by sl.slot_time, sl.id;
end;
$$;

revoke execute on function public.staff_slot_sales(uuid) from public, anon;
grant execute on function public.staff_slot_sales(uuid) to authenticated, service_role;

create or replace function public.staff_ticket_sales(p_event_id uuid)
returns table (id uuid, name text, price integer, sold integer, held integer, remaining integer, capacity integer, available integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_member((select x.org_id from public.events x where x.id = p_event_id), 'You can only see events of your own organization');
  return query
  select t.id, t.name, t.price, coalesce(s.sold, 0), coalesce(s.held, 0), a.own_available, a.size, a.available
  from public.ticket_types t
  left join public.option_sales(p_event_id) s on s.option_id = t.id
  join public.event_availability(p_event_id) a on a.option_kind = 'ticket_type' and a.option_id = t.id
  where t.event_id = p_event_id
  order by t.created_at, t.id;
end;
$$;

revoke execute on function public.staff_ticket_sales(uuid) from public, anon;
grant execute on function public.staff_ticket_sales(uuid) to authenticated, service_role;


create policy "Members manage the capacity pools of their events"
  on public.capacity_pools for all
  to authenticated
  using (public.can_manage_event(event_id));


CREATE TRIGGER capacity_pools_size_not_below_taken AFTER INSERT OR UPDATE OF size ON public.capacity_pools FOR EACH ROW EXECUTE FUNCTION refuse_pool_below_taken();

comment on type public.public_rsvp_slot is 'An active RSVP slot on a public page: its time (HH:MM, the event''s timezone), its pool''s size (max_capacity), seats taken and spots left now.';

-- Every capacity pool of an organization's events, with its size and the guests taking it now
-- (the events tab: tickets left, a slot's spots taken, an event's max guests).
create or replace function public.staff_capacity_pools(p_org_id uuid)
returns table (event_id uuid, pool_id uuid, event_wide boolean, size integer, taken integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select e.id, u.pool_id, u.event_wide, u.size, u.taken
  from public.events e
  cross join lateral public.capacity_pool_use(e.id) u
  where e.org_id = p_org_id;
end;
$$;

revoke execute on function public.staff_capacity_pools(uuid) from public, anon;
grant execute on function public.staff_capacity_pools(uuid) to authenticated, service_role;
