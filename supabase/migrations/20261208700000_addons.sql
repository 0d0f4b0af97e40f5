-- Add-ons: event_addons and reservation_addons (047_addons.sql), and the booking path prices them:
-- booking_evaluate, quote_booking and hold_booking take p_addons; booking_summary lists them.

drop function if exists public.booking_evaluate(uuid, integer, text, uuid, text, text, text, boolean);
drop function if exists public.quote_booking(uuid, integer, text, uuid, text, text, text);
drop function if exists public.hold_booking(text, uuid, integer, text, text, text, text, uuid, text, text, text, text, text, integer, boolean, text, text);

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

revoke all on public.event_addons from anon, authenticated;
grant select on public.event_addons to anon;
grant select, insert, update, delete on public.event_addons to authenticated;
grant all on public.event_addons to service_role;

create policy "Active add-ons of active events are visible to everyone"
  on public.event_addons for select
  to anon, authenticated
  using (is_active and exists (select 1 from public.events e where e.id = event_addons.event_id and e.is_active));

create policy "Members manage the add-ons of their events"
  on public.event_addons for all
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

revoke all on public.reservation_addons from anon, authenticated;
grant select on public.reservation_addons to authenticated;
grant all on public.reservation_addons to service_role;

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

revoke execute on function public.event_addon_sold(uuid, uuid) from public, anon, authenticated;

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

revoke execute on function public.reservation_addons_of(uuid) from public, anon, authenticated;

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

revoke execute on function public.booking_addons(uuid, integer, jsonb) from public, anon, authenticated;

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

revoke execute on function public.booking_addons_differ(uuid, jsonb) from public, anon, authenticated;

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

revoke execute on function public.retake_reservation_addons() from public, anon, authenticated;

create trigger reservations_40_addons_retaken
  after update of status on public.reservations
  for each row
  when (new.status in ('held', 'confirmed') and old.status not in ('held', 'confirmed'))
  execute function public.retake_reservation_addons();

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

revoke execute on function public.admin_save_event_addons(uuid, jsonb) from public, anon;

create or replace function public.booking_evaluate(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text,
  p_rsvp_slot_id uuid,
  p_time_slot text,
  p_promo_code text,
  p_org_slug text,
  p_lock boolean,
  p_addons jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_event public.events;
  v_org public.organizations;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_promo public.promo_codes;
  v_limit integer;
  v_unit integer;
  v_subtotal integer;
  v_discount integer := 0;
  v_lines jsonb;
  v_addons jsonb;
  v_left integer;
  v_event_left integer;
  v_code text := nullif(btrim(coalesce(p_promo_code, '')), '');
  v_slot_key text := nullif(btrim(coalesce(p_time_slot, '')), '');
  v_ticket_key text := nullif(btrim(coalesce(p_ticket_type, '')), '');
begin
  -- The event, locked for the rest of the transaction when holding.
  if p_lock then
    select * into v_event from public.events e where e.id = p_event_id for update;
  else
    select * into v_event from public.events e where e.id = p_event_id;
  end if;
  select * into v_org from public.organizations o where o.id = v_event.org_id;
  -- p_org_slug: the organization's slug, or an alias path of its page (org_page_aliases).
  if v_event.id is null or not v_event.is_active
     or (p_org_slug is not null and v_org.slug is distinct from lower(btrim(p_org_slug))
         and not exists (select 1 from public.org_page_aliases a where a.path = lower(btrim(p_org_slug)) and a.org_id = v_org.id)) then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if v_org.state <> 'published' then
    raise exception '% is not taking bookings right now.', v_org.name using errcode = 'SH409';
  end if;

  -- The party, within the event's own limit, in the words of its kind.
  v_limit := public.event_party_limit(v_event.kind, v_event.max_party_size);
  if p_guests is null or p_guests < 1 then
    raise exception '%', case v_event.kind
        when 'seatings' then 'Minimum 1 ticket per order.'
        when 'rsvp' then 'At least 1 guest required'
        else 'At least 1 guest is required.' end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
  end if;
  if p_guests > v_limit then
    raise exception '%', case v_event.kind
        when 'seatings' then format('Maximum %s tickets per order.', v_limit)
        when 'rsvp' then format('Maximum %s guests', v_limit)
        else format('Parties larger than %s: please email the host with your preferred date and party size.', v_limit) end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
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

  -- What is being booked, and its unit price: the event's kind decides.
  if v_event.kind = 'tickets' then
    if v_ticket_key is not null then
      select * into v_ticket
      from public.ticket_types t
      where t.event_id = v_event.id
        and (t.id::text = lower(v_ticket_key) or lower(t.name) = lower(v_ticket_key))
      order by (t.id::text = lower(v_ticket_key)) desc, t.created_at
      limit 1;
    elsif p_rsvp_slot_id is not null then
      raise exception 'This event does not take RSVPs.' using errcode = 'SH409';
    else
      raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = '{"kind":"missing_fields"}';
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
      raise exception 'Please select a time slot' using errcode = 'P0001', detail = '{"kind":"time_slot"}';
    end if;
    if not v_slot.is_active then
      raise exception 'The % time slot is not available. Please select another time.', v_slot.slot_label
        using errcode = 'SH409';
    end if;
    if v_event.kind = 'rsvp' then
      if not v_event.rsvp_open then
        raise exception 'RSVPs are closed for this event.' using errcode = 'SH409';
      end if;
      v_unit := coalesce(v_event.deposit_amount, 500);
    else
      v_unit := v_event.seat_price_cents;
    end if;
  end if;

  -- Capacity as event_availability counts it: exact under the hold's locks (stale holds were
  -- just expired), advisory for a quote, which counts stale holds as free (the next hold
  -- releases them). The option's own limit speaks first, then the event's cap.
  select max(a.own_available) filter (where a.option_kind <> 'event' and a.option_id = coalesce(v_ticket.id, v_slot.id)),
         max(a.available) filter (where a.option_kind = 'event')
  into v_left, v_event_left
  from public.event_availability(v_event.id) a;
  if v_left < p_guests then
    if v_ticket.id is not null then
      raise exception 'Only % % available for %.', v_left, case when v_left = 1 then 'ticket' else 'tickets' end, v_ticket.name
        using errcode = 'SH409',
              detail = jsonb_build_object('kind', 'ticket_type', 'available', v_left)::text;
    elsif v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % at % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_slot.slot_label, v_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    elsif v_left = 0 then
      raise exception 'The % time slot is full. Please select another time.', v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', 0)::text;
    else
      raise exception 'Only % % left in the % time slot. Please select another time or fewer guests.',
        v_left, case when v_left = 1 then 'spot' else 'spots' end, v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    end if;
  end if;
  if v_event_left < p_guests then
    if v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_event_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
    end if;
    raise exception 'Only % % left for this event.', v_event_left, case when v_event_left = 1 then 'seat' else 'seats' end
      using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
  end if;

  -- Add-ons (047_addons.sql) join the subtotal, so every line below includes them.
  v_addons := public.booking_addons(v_event.id, p_guests, p_addons);
  v_subtotal := v_unit * p_guests + (v_addons ->> 'total_cents')::integer;

  -- Promo code: the event's organization, any case.
  if v_code is not null then
    perform public.assert_promo_attempts_allowed(v_event.id);
    select * into v_promo
    from public.promo_codes p
    where p.org_id = v_event.org_id and lower(p.code) = lower(v_code);
    -- Unknown, inactive, used-up codes and codes outside their dates or events (promo_applies)
    -- are refused alike: no hint for guessing.
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

  -- Service charge and tax: the event's terms, one rounding per line (price_lines, 045).
  v_lines := public.price_lines(v_subtotal, v_discount, p_guests, public.charge_terms(v_event.id));

  return jsonb_build_object(
    'event_id', v_event.id,
    'org_id', v_event.org_id,
    'org_name', v_org.name,
    'event_title', v_event.title,
    'event_date', v_event.date,
    'event_kind', v_event.kind,
    'ticket_type_id', v_ticket.id,
    'ticket_type_name', v_ticket.name,
    'rsvp_slot_id', v_slot.id,
    'time_slot', coalesce(v_slot.slot_label, v_slot_key),
    'guests', p_guests,
    'unit_price_cents', v_unit,
    'subtotal_cents', v_subtotal,
    'addons', v_addons -> 'lines',
    'addons_cents', (v_addons ->> 'total_cents')::integer,
    'discount_cents', v_discount,
    'service_charge_cents', (v_lines ->> 'service_charge_cents')::integer,
    'tax_cents', (v_lines ->> 'tax_cents')::integer,
    'amount_cents', (v_lines ->> 'amount_cents')::integer,
    'total_cents', (v_lines ->> 'amount_cents')::integer,
    'charges', v_lines - 'subtotal_cents' - 'discount_cents' - 'service_charge_cents' - 'tax_cents' - 'amount_cents',
    'promo', case when v_promo.id is null then null else jsonb_build_object(
      'id', v_promo.id,
      'code', v_promo.code,
      'discount_type', v_promo.discount_type,
      'discount_amount', v_promo.discount_amount) end
  );
end;
$$;

revoke execute on function public.booking_evaluate(uuid, integer, text, uuid, text, text, text, boolean, jsonb) from public, anon, authenticated;

create or replace function public.booking_summary(p_reservation public.reservations, p_existing boolean)
returns jsonb
language sql stable security definer set search_path = '' as $$
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
    'subtotal_cents', p_reservation.amount_cents + p_reservation.discount_cents
      - p_reservation.service_charge_cents - p_reservation.tax_cents,
    'discount_cents', p_reservation.discount_cents,
    'service_charge_cents', p_reservation.service_charge_cents,
    'tax_cents', p_reservation.tax_cents,
    'total_cents', p_reservation.amount_cents,
    'amount_cents', p_reservation.amount_cents,
    'price_display', public.charge_terms(p_reservation.event_id) ->> 'price_display',
    'promo_code_id', p_reservation.promo_code_id,
    'idempotency_key', p_reservation.idempotency_key,
    'hold_expires_at', p_reservation.hold_expires_at,
    'hold_expired', public.is_abandoned_hold(p_reservation.status, p_reservation.hold_expires_at),
    'payment_provider', p_reservation.payment_provider,
    'payment_id', p_reservation.payment_id,
    'booking_code', p_reservation.booking_code,
    'addons', public.reservation_addons_of(p_reservation.id),
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

revoke execute on function public.booking_summary(reservations, boolean) from public, anon, authenticated;

create or replace function public.quote_booking(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_org_slug text default null,
  p_addons jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  return public.booking_evaluate(
    p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, p_promo_code, p_org_slug, false, p_addons);
end;
$$;

revoke execute on function public.quote_booking(uuid, integer, text, uuid, text, text, text, jsonb) from public, anon, authenticated;

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
  p_payment_provider text default null,
  p_addons jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
       or lower(v_existing.email) <> lower(btrim(coalesce(p_email, '')))
       or public.booking_addons_differ(v_existing.id, p_addons) then
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
      p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, null, p_org_slug, false, p_addons);
  end if;

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, p_promo_code, p_org_slug, true, p_addons);
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

  insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
  select v_row.id, (x ->> 'id')::uuid, (x ->> 'quantity')::integer, (x ->> 'unit_price_cents')::integer
  from jsonb_array_elements(v_quote -> 'addons') x;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_total,
    'subtotal_cents', (v_quote ->> 'subtotal_cents')::integer,
    'discount_cents', (v_quote ->> 'discount_cents')::integer,
    'service_charge_cents', (v_quote ->> 'service_charge_cents')::integer,
    'tax_cents', (v_quote ->> 'tax_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'addons', v_quote -> 'addons',
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

revoke execute on function public.hold_booking(text, uuid, integer, text, text, text, text, uuid, text, text, text, text, text, integer, boolean, text, text, jsonb) from public, anon, authenticated;
