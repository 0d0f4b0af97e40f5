-- =============================================================================
-- Add-ons: extras an event sells beside its seats, each with its own price and an optional
-- limit on how many may be sold in all: per guest (a wine pairing) or per booking (corkage).
--
--   event_addons              what an event offers (members manage; anyone reads the active
--                             add-ons of active events)
--   reservation_addons        what a booking took, at the unit price of the moment it was held
--   event_addon_sold(id)      how many are sold: the quantities of live reservations (held and
--                             not expired, or confirmed), counted like capacity
--   booking_addons(...)       prices a booking's chosen add-ons and refuses what cannot be sold
--                             (booking_evaluate, 060_booking.sql, adds them to the subtotal, so
--                             the discount, service charge and tax lines include them)
--   admin_save_event_addons   the event editor's list of add-ons, saved whole
--
-- Quantity: a per-guest add-on is taken for 1 up to every guest of the booking (absent: every
-- guest); a per-booking one 1 to 10 times (absent: once). A quantity of 0 is not chosen.
-- Limits hold under the event row lock that hold_booking takes before it counts; a hold that
-- expired and is confirmed later takes its add-ons again (reservations_40_addons_retaken). A
-- smaller party keeps at most one per-guest add-on per guest (reservations_42_addons_follow_party).
-- =============================================================================

create table public.event_addons (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text check (description is null or char_length(description) <= 500),
  price_cents integer not null check (price_cents >= 0),
  per text not null default 'guest' check (per in ('guest', 'booking')),
  quantity_limit integer check (quantity_limit is null or quantity_limit >= 0),
  is_active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table public.event_addons is
  'Extras an event sells beside its seats (a wine pairing per guest, corkage per booking), each at its own price.';

comment on column public.event_addons.quantity_limit is 'How many may be sold in all (live reservations); null: unlimited.';

create index event_addons_event_id_idx on public.event_addons (event_id, sort, created_at);

alter table public.event_addons enable row level security;

grant select on public.event_addons to anon;
grant select, insert, update, delete on public.event_addons to authenticated;

-- Visitors have a policy of their own, which asks no access predicate (020_events.sql says why).
create policy "Visitors see active add-ons of active listed events"
  on public.event_addons for select
  to anon
  using (is_active and exists (select 1 from public.events e where e.id = event_addons.event_id and e.is_active and not e.unlisted));

create policy "Signed-in users see listed events' active add-ons, members all"
  on public.event_addons for select
  to authenticated
  using (exists (select 1 from public.events e
                 where e.id = event_addons.event_id
                   and (event_addons.is_active and e.is_active and not e.unlisted or public.is_org_member(e.org_id))));

create policy "Members add add-ons to their events"
  on public.event_addons for insert
  to authenticated
  with check (public.can_manage_event(event_id));

create policy "Members edit the add-ons of their events"
  on public.event_addons for update
  to authenticated
  using (public.can_manage_event(event_id));

create policy "Members delete the add-ons of their events"
  on public.event_addons for delete
  to authenticated
  using (public.can_manage_event(event_id));

create table public.reservation_addons (
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  addon_id uuid not null references public.event_addons (id),
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  created_at timestamptz not null default now(),
  primary key (reservation_id, addon_id)
);

comment on table public.reservation_addons is
  'The add-ons a booking took, at the unit price of the moment it was held (the booking SQL writes them).';

create index reservation_addons_addon_id_idx on public.reservation_addons (addon_id);

alter table public.reservation_addons enable row level security;

grant select on public.reservation_addons to authenticated;

create policy "Members read the add-ons of their organizations' bookings"
  on public.reservation_addons for select
  to authenticated
  using (exists (select 1 from public.reservations r where r.id = reservation_addons.reservation_id and public.is_org_member(r.org_id)));

-- How many of an add-on live reservations hold (optionally leaving one out).
create or replace function public.event_addon_sold(p_addon_id uuid, p_except_reservation uuid default null) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(ra.quantity), 0)::integer
  from public.reservation_addons ra
  join public.reservations r on r.id = ra.reservation_id
  where ra.addon_id = p_addon_id
    and public.holds_seats(r.status, r.hold_expires_at)
    and r.id is distinct from p_except_reservation;
$$;

-- A booking's add-ons as the quote and the summaries carry them.
create or replace function public.reservation_addons_of(p_reservation_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', a.id, 'name', a.name, 'per', a.per, 'quantity', ra.quantity,
      'unit_price_cents', ra.unit_price_cents, 'total_cents', ra.quantity * ra.unit_price_cents)
    order by a.sort, a.created_at, a.id), '[]'::jsonb)
  from public.reservation_addons ra
  join public.event_addons a on a.id = ra.addon_id
  where ra.reservation_id = p_reservation_id;
$$;

-- Prices the add-ons of a booking request ([{ id, quantity }]) and refuses what cannot be sold.
-- Answers { total_cents, lines: [{ id, name, per, quantity, unit_price_cents, total_cents }] }.
-- Exact when the caller holds the event row lock (hold_booking), advisory for a quote.
create or replace function public.booking_addons(p_event_id uuid, p_guests integer, p_addons jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_item record;
  v_addon public.event_addons;
  v_quantity integer;
  v_left integer;
  v_lines jsonb := '[]'::jsonb;
  v_total integer := 0;
begin
  if p_addons is null or p_addons = 'null'::jsonb then
    return jsonb_build_object('total_cents', 0, 'lines', '[]'::jsonb);
  end if;
  if jsonb_typeof(p_addons) <> 'array' or jsonb_array_length(p_addons) > 50 then
    raise exception 'Add-ons must be a list of { id, quantity }.' using errcode = 'P0001', detail = '{"kind":"addon"}';
  end if;
  for v_item in
    select lower(btrim(coalesce(x ->> 'id', ''))) as id, x -> 'quantity' as quantity
    from jsonb_array_elements(p_addons) x
  loop
    if v_item.id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'Add-on not found. Please select a valid add-on.' using errcode = 'SH404', detail = '{"kind":"addon"}';
    end if;
    select * into v_addon from public.event_addons a where a.id = v_item.id::uuid and a.event_id = p_event_id;
    if v_addon.id is null then
      raise exception 'Add-on not found. Please select a valid add-on.' using errcode = 'SH404', detail = '{"kind":"addon"}';
    end if;
    if v_item.quantity is null or v_item.quantity = 'null'::jsonb then
      v_quantity := case when v_addon.per = 'guest' then p_guests else 1 end;
    elsif jsonb_typeof(v_item.quantity) <> 'number' or (v_item.quantity #>> '{}')::numeric <> trunc((v_item.quantity #>> '{}')::numeric)
          or (v_item.quantity #>> '{}')::numeric not between 0 and 1000 then
      raise exception 'The quantity of % must be a whole number.', v_addon.name using errcode = 'P0001', detail = '{"kind":"addon"}';
    else
      v_quantity := (v_item.quantity #>> '{}')::integer;
    end if;
    continue when v_quantity = 0;
    if v_lines @> jsonb_build_array(jsonb_build_object('id', v_addon.id)) then
      raise exception 'Choose % once.', v_addon.name using errcode = 'P0001', detail = '{"kind":"addon"}';
    end if;
    if not v_addon.is_active then
      raise exception '% is no longer available.', v_addon.name using errcode = 'SH409', detail = '{"kind":"addon"}';
    end if;
    if v_addon.per = 'guest' and v_quantity > p_guests then
      raise exception 'At most % % for % %: one per guest.', p_guests, v_addon.name, p_guests,
        case when p_guests = 1 then 'guest' else 'guests' end using errcode = 'P0001', detail = '{"kind":"addon"}';
    end if;
    if v_addon.per = 'booking' and v_quantity > 10 then
      raise exception 'At most 10 % per booking.', v_addon.name using errcode = 'P0001', detail = '{"kind":"addon"}';
    end if;
    if v_addon.quantity_limit is not null then
      v_left := greatest(v_addon.quantity_limit - public.event_addon_sold(v_addon.id), 0);
      if v_left < v_quantity then
        raise exception '%', case when v_left = 0 then format('%s is sold out.', v_addon.name)
                                  else format('Only %s %s left.', v_left, v_addon.name) end
          using errcode = 'SH409', detail = jsonb_build_object('kind', 'addon', 'available', v_left)::text;
      end if;
    end if;
    v_lines := v_lines || jsonb_build_array(jsonb_build_object(
      'id', v_addon.id, 'name', v_addon.name, 'per', v_addon.per, 'quantity', v_quantity,
      'unit_price_cents', v_addon.price_cents, 'total_cents', v_quantity * v_addon.price_cents));
    v_total := v_total + v_quantity * v_addon.price_cents;
  end loop;
  return jsonb_build_object('total_cents', v_total, 'lines', v_lines);
end;
$$;

-- Whether a retry's add-ons differ from what the booking took (hold_booking's replay check).
-- A line without a quantity matches any quantity of that add-on.
create or replace function public.booking_addons_differ(p_reservation_id uuid, p_addons jsonb) returns boolean
language sql stable security definer set search_path = '' as $$
  with asked as (
    select lower(btrim(coalesce(x ->> 'id', ''))) as id,
           case when jsonb_typeof(x -> 'quantity') = 'number' then (x ->> 'quantity')::numeric end as quantity
    from jsonb_array_elements(case when jsonb_typeof(p_addons) = 'array' then p_addons else '[]'::jsonb end) x
  ),
  wanted as (select * from asked where quantity is distinct from 0)
  select exists (
      select 1 from wanted w
      where not exists (
        select 1 from public.reservation_addons ra
        where ra.reservation_id = p_reservation_id and ra.addon_id::text = w.id
          and (w.quantity is null or ra.quantity = w.quantity)))
    or exists (
      select 1 from public.reservation_addons ra
      where ra.reservation_id = p_reservation_id
        and not exists (select 1 from wanted w where w.id = ra.addon_id::text));
$$;

-- A hold that expired (or failed) and is confirmed or held again takes its add-ons again, under
-- the event row lock its caller holds (confirm_booking): refused when they are sold out since.
create or replace function public.retake_reservation_addons() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  v_left integer;
begin
  select a.name, greatest(a.quantity_limit - public.event_addon_sold(a.id, new.id), 0)
  into v_name, v_left
  from public.reservation_addons ra
  join public.event_addons a on a.id = ra.addon_id
  where ra.reservation_id = new.id
    and a.quantity_limit is not null
    and a.quantity_limit - public.event_addon_sold(a.id, new.id) < ra.quantity
  limit 1;
  if v_name is not null then
    raise exception 'Only % % left.', v_left, v_name
      using errcode = 'SH409', detail = jsonb_build_object('kind', 'addon', 'available', v_left)::text;
  end if;
  return null;
end;
$$;

create trigger reservations_40_addons_retaken
  after update of status on public.reservations
  for each row
  when (new.status in ('held', 'confirmed') and old.status not in ('held', 'confirmed'))
  execute function public.retake_reservation_addons();

-- A party that gets smaller (fewer guests, a seat given up or released at the cutoff) keeps at
-- most one of each per-guest add-on per guest: the kitchen counts what is served. The money of
-- the guests who no longer come follows the party's own refund (per guest, by the policy).
create or replace function public.cap_addons_to_party() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.reservation_addons ra set quantity = new.num_guests
  from public.event_addons a
  where ra.reservation_id = new.id and a.id = ra.addon_id and a.per = 'guest' and ra.quantity > new.num_guests;
  return null;
end;
$$;

create trigger reservations_42_addons_follow_party
  after update of num_guests on public.reservations
  for each row
  when (new.num_guests < old.num_guests)
  execute function public.cap_addons_to_party();

-- The event editor's add-ons, saved whole: each { id?, name, description?, price_cents, per,
-- quantity_limit?, is_active? } is added (no id) or updated; an add-on left out is kept (an
-- add-on is switched off, never deleted, so its sales stay readable). Runs as the caller:
-- row-level security decides, after the membership check.
create or replace function public.admin_save_event_addons(p_event_id uuid, p_addons jsonb) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  a jsonb;
  v_org uuid;
  v_name text;
  v_price integer;
  v_limit integer;
  v_per text;
  v_found boolean;
  v_sort integer := 0;
begin
  select e.org_id into v_org from public.events e where e.id = p_event_id;
  if v_org is null or not public.is_org_member(v_org) then
    raise exception 'You can only edit events of your own organization' using errcode = 'SH403';
  end if;
  if jsonb_typeof(coalesce(p_addons, '[]'::jsonb)) <> 'array' then
    raise exception 'Add-ons must be a list' using errcode = 'P0001';
  end if;
  for a in select x from jsonb_array_elements(coalesce(p_addons, '[]'::jsonb)) as x loop
    v_sort := v_sort + 1;
    v_name := public.required_text(a ->> 'name', 120, 'Each add-on needs a name',
      'The add-on name "%s" is too long (120 characters at most)');
    v_price := public.admin_whole_number(a -> 'price_cents');
    if v_price is null then
      raise exception 'The price of % must be a whole number of cents, 0 or more', v_name using errcode = 'P0001';
    end if;
    v_per := coalesce(a ->> 'per', 'guest');
    if v_per not in ('guest', 'booking') then
      raise exception 'Choose whether % is per guest or per booking', v_name using errcode = 'P0001';
    end if;
    v_limit := null;
    if a -> 'quantity_limit' is not null and a -> 'quantity_limit' <> 'null'::jsonb then
      v_limit := public.admin_whole_number(a -> 'quantity_limit');
      if v_limit is null then
        raise exception 'The limit of % must be a whole number, 0 or more, or empty for unlimited', v_name using errcode = 'P0001';
      end if;
    end if;
    if a ? 'is_active' and jsonb_typeof(a -> 'is_active') <> 'boolean' then
      raise exception 'Whether % is offered must be true or false', v_name using errcode = 'P0001';
    end if;
    if nullif(a ->> 'id', '') is null then
      insert into public.event_addons (event_id, name, description, price_cents, per, quantity_limit, is_active, sort)
      values (p_event_id, v_name, nullif(btrim(coalesce(a ->> 'description', '')), ''), v_price, v_per, v_limit,
              coalesce((a ->> 'is_active')::boolean, true), v_sort);
    else
      if (a ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Add-on not found on this event' using errcode = 'SH404';
      end if;
      update public.event_addons x
      set name = v_name, description = nullif(btrim(coalesce(a ->> 'description', '')), ''), price_cents = v_price,
          per = v_per, quantity_limit = v_limit, is_active = coalesce((a ->> 'is_active')::boolean, x.is_active), sort = v_sort
      where x.id = (a ->> 'id')::uuid and x.event_id = p_event_id
      returning true into v_found;
      if v_found is null then
        raise exception 'Add-on not found on this event' using errcode = 'SH404';
      end if;
      v_found := null;
    end if;
  end loop;
end;
$$;

grant execute on function public.admin_save_event_addons(uuid, jsonb) to authenticated;

-- Every add-on of an event (the inactive too) with what is sold (confirmed), held (live holds) and
-- the confirmed sales at their booked prices, before discounts and tax: the event editor and
-- the event overview. Members of the event's organization only.
create or replace function public.staff_addon_sales(p_event_id uuid)
returns table (
  id uuid,
  name text,
  description text,
  price_cents integer,
  per text,
  quantity_limit integer,
  is_active boolean,
  sold integer,
  held integer,
  sales_cents integer
)
language sql stable security definer set search_path = '' as $$
  select a.id, a.name, a.description, a.price_cents, a.per, a.quantity_limit, a.is_active,
    coalesce(sum(ra.quantity) filter (where r.status = 'confirmed'), 0)::integer,
    coalesce(sum(ra.quantity) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer,
    coalesce(sum(ra.quantity * ra.unit_price_cents) filter (where r.status = 'confirmed'), 0)::integer
  from public.member_event(p_event_id, 'You can only see events of your own organization') e
  join public.event_addons a on a.event_id = e.id
  left join public.reservation_addons ra on ra.addon_id = a.id
  left join public.reservations r on r.id = ra.reservation_id
  group by a.id
  order by a.sort, a.created_at, a.id;
$$;

grant execute on function public.staff_addon_sales(uuid) to authenticated;

-- Add-on lines in words, in their order: [{quantity, name}, ...] -> "2 × Wine pairing, 1 × Corkage"
-- (null: none). The one wording of add-ons for the door list, emails, receipts and the manage page.
create or replace function public.addon_lines_text(p_lines jsonb) returns text
language sql immutable set search_path = '' as $$
  select string_agg((l.line ->> 'quantity') || ' × ' || (l.line ->> 'name'), ', ' order by l.i)
  from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) with ordinality l (line, i);
$$;

-- A booking's add-ons in words (addon_lines_text), in the event's order.
create or replace function public.reservation_addons_text(p_reservation_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select public.addon_lines_text(jsonb_agg(jsonb_build_object('quantity', ra.quantity, 'name', a.name) order by a.sort, a.created_at, a.id))
  from public.reservation_addons ra
  join public.event_addons a on a.id = ra.addon_id
  where ra.reservation_id = p_reservation_id;
$$;

-- The active add-ons of an active event for its booking pages, with how many are left of a
-- limited one (null: unlimited; counted as a quote counts, the hold decides). Anyone may ask.
create or replace function public.get_event_addons(p_event_id uuid)
returns table (id uuid, name text, description text, price_cents integer, per text, available integer)
language sql stable security definer set search_path = '' as $$
  select a.id, a.name, a.description, a.price_cents, a.per,
    case when a.quantity_limit is not null then greatest(a.quantity_limit - public.event_addon_sold(a.id), 0) end
  from public.event_addons a
  join public.events e on e.id = a.event_id
  where a.event_id = p_event_id and a.is_active and e.is_active
  order by a.sort, a.created_at, a.id;
$$;

grant execute on function public.get_event_addons(uuid) to anon, authenticated;
