-- =============================================================================
-- Admin panel
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
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Search indexes
-- -----------------------------------------------------------------------------

-- name already has a trigram index (reservations migration); email needs one for
-- "contains" search. Both serve `ilike '%term%'`.
create index if not exists reservations_email_trgm_idx
  on public.reservations using gin (email extensions.gin_trgm_ops);

-- The admin list shows confirmed and cancelled rows only, newest first.
create index if not exists reservations_org_listed_created_at_idx
  on public.reservations (org_id, created_at desc, id desc)
  where status in ('confirmed', 'cancelled');

-- -----------------------------------------------------------------------------
-- Events with reservations are not deleted
-- -----------------------------------------------------------------------------

create or replace function public.refuse_deleting_booked_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

revoke execute on function public.refuse_deleting_booked_event() from public, anon, authenticated;

drop trigger if exists events_10_refuse_deleting_booked on public.events;
create trigger events_10_refuse_deleting_booked
  before delete on public.events
  for each row execute function public.refuse_deleting_booked_event();

-- -----------------------------------------------------------------------------
-- Create an event with its ticket types or slots, atomically
-- -----------------------------------------------------------------------------

-- Security invoker: every insert goes through the caller's RLS (members only).
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
  is_rsvp boolean := coalesce((p_event ->> 'rsvp_mode')::boolean, false);
begin
  if coalesce(btrim(p_event ->> 'title'), '') = '' or (p_event ->> 'date') is null or (p_event ->> 'org_id') is null then
    raise exception 'Title, date and organization are required' using errcode = '22023';
  end if;
  if not is_rsvp and jsonb_array_length(coalesce(p_ticket_types, '[]'::jsonb)) = 0 then
    raise exception 'A reservation event needs at least one ticket type' using errcode = '22023';
  end if;
  if is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 and (p_event ->> 'max_guests') is null then
    raise exception 'An RSVP event needs max guests or at least one slot' using errcode = '22023';
  end if;

  insert into public.events (
    org_id, title, date, event_time, event_timezone, max_guests, location_name, location_address,
    event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
    refund_window_hours, late_refund_percent, reminder_hours
  )
  values (
    (p_event ->> 'org_id')::uuid,
    btrim(p_event ->> 'title'),
    (p_event ->> 'date')::date,
    coalesce((p_event ->> 'event_time')::time, '19:00'),
    coalesce(p_event ->> 'event_timezone', 'America/New_York'),
    (p_event ->> 'max_guests')::integer,
    nullif(btrim(p_event ->> 'location_name'), ''),
    nullif(btrim(p_event ->> 'location_address'), ''),
    nullif(btrim(p_event ->> 'event_details_disclosures'), ''),
    coalesce((p_event ->> 'is_active')::boolean, true),
    is_rsvp,
    coalesce((p_event ->> 'rsvp_open')::boolean, is_rsvp),
    (p_event ->> 'deposit_amount')::integer,
    (p_event ->> 'refund_window_hours')::integer,
    coalesce((p_event ->> 'late_refund_percent')::integer, 0),
    coalesce((p_event ->> 'reminder_hours')::integer, 24)
  )
  returning id into new_id;

  -- The private address (members only; 20261125000200_guest_emails.sql), with the event.
  if nullif(btrim(p_event ->> 'private_address'), '') is not null then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (new_id, (p_event ->> 'org_id')::uuid, btrim(p_event ->> 'private_address'), coalesce(p_event ->> 'address_delivery', 'confirmation'));
  end if;

  insert into public.ticket_types (event_id, name, price, quantity)
  select new_id, btrim(t ->> 'name'), (t ->> 'price')::integer, (t ->> 'quantity')::integer
  from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) with ordinality as x(t, n)
  order by n;

  insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active)
  select new_id, (s ->> 'slot_time')::time, btrim(s ->> 'slot_label'), (s ->> 'max_capacity')::integer, 0, true
  from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x(s);

  return new_id;
end;
$$;

revoke execute on function public.admin_create_event(jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.admin_create_event(jsonb, jsonb, jsonb) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Membership check shared by the read functions
-- -----------------------------------------------------------------------------

create or replace function public.assert_org_member(p_org_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_org_id is null or not public.is_org_member(p_org_id) then
    raise exception 'Not a member of this organization' using errcode = '42501';
  end if;
end;
$$;

revoke execute on function public.assert_org_member(uuid) from public, anon;
grant execute on function public.assert_org_member(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- The organizations the caller may manage (the panel's switcher)
--
-- A super admin: every organization; anyone else: their memberships. Ordered
-- as people read names (ICU root collation when the server has ICU, as
-- Supabase's does; otherwise case-insensitively), whatever the database's own
-- collation.
-- -----------------------------------------------------------------------------

create or replace function public.admin_orgs()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_super boolean := public.is_super_admin();
  v_orgs jsonb;
  v_icu boolean := exists (select 1 from pg_catalog.pg_collation where collname = 'und-x-icu');
begin
  if auth.uid() is null then
    raise exception 'Sign in to manage organizations' using errcode = '42501';
  end if;
  if v_icu then
    execute $q$
      select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'slug', o.slug)
                                order by o.name collate "und-x-icu", o.id), '[]'::jsonb)
      from public.organizations o
      where $1 or exists (select 1 from public.user_memberships m where m.org_id = o.id and m.user_id = $2)
    $q$ into v_orgs using v_super, auth.uid();
  else
    select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'slug', o.slug)
                              order by lower(o.name), o.name desc, o.id), '[]'::jsonb)
    into v_orgs
    from public.organizations o
    where v_super or exists (select 1 from public.user_memberships m where m.org_id = o.id and m.user_id = auth.uid());
  end if;
  return jsonb_build_object('is_super_admin', v_super, 'orgs', v_orgs);
end;
$$;

revoke execute on function public.admin_orgs() from public, anon;
grant execute on function public.admin_orgs() to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Reservations per event (the events list)
-- -----------------------------------------------------------------------------

create or replace function public.admin_event_reservation_counts(p_org_id uuid)
returns table (event_id uuid, reservation_count integer, guest_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select r.event_id, count(*)::integer, coalesce(sum(r.num_guests), 0)::integer
  from public.reservations r
  where r.org_id = p_org_id and r.status = 'confirmed'
  group by r.event_id;
end;
$$;

revoke execute on function public.admin_event_reservation_counts(uuid) from public, anon;
grant execute on function public.admin_event_reservation_counts(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- One page of reservations
-- -----------------------------------------------------------------------------

-- `%` and `_` typed by staff are literal characters, not wildcards.
create or replace function public.admin_like_pattern(term text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(btrim(term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

create or replace function public.admin_list_reservations(
  p_org_id uuid,
  p_search text default null,
  p_include_cancelled boolean default true,
  p_rsvp_only boolean default false,
  p_limit integer default 25,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := case when coalesce(btrim(p_search), '') = '' then null else public.admin_like_pattern(p_search) end;
  page_size integer := least(greatest(coalesce(p_limit, 25), 1), 200);
  skip integer := greatest(coalesce(p_offset, 0), 0);
  total integer;
  page jsonb;
begin
  perform public.assert_org_member(p_org_id);

  select count(*) into total
  from public.reservations r
  where r.org_id = p_org_id
    and (r.status = 'confirmed' or (p_include_cancelled and r.status = 'cancelled'))
    and (not p_rsvp_only or r.rsvp_slot_id is not null)
    and (pattern is null or r.name ilike pattern or r.email ilike pattern or r.booking_code ilike pattern);

  select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at desc, x.id desc), '[]'::jsonb) into page
  from (
    select
      r.id, r.org_id, r.event_id, r.name, r.email, r.phone, r.num_guests, r.time_slot,
      r.dietary_restrictions, r.special_requests, r.rsvp_slot_id, r.ticket_type_id, r.status,
      r.amount_cents, r.discount_cents, r.created_at, r.cancelled_at, r.cancel_reason, r.booking_code,
      public.money_of(r.id) as money,
      public.refund_policy_text(r.refund_window_hours, r.late_refund_percent) as refund_policy,
      case when r.status = 'confirmed' then public.policy_refund_cents(r) else 0 end as policy_refund_cents,
      e.title as event_title, e.date as event_date, to_char(e.event_time, 'HH24:MI') as event_time,
      e.event_timezone, e.rsvp_mode as event_rsvp_mode,
      s.slot_label, to_char(s.slot_time, 'HH24:MI') as slot_time,
      t.name as ticket_type_name
    from public.reservations r
    join public.events e on e.id = r.event_id
    left join public.rsvp_slots s on s.id = r.rsvp_slot_id
    left join public.ticket_types t on t.id = r.ticket_type_id
    where r.org_id = p_org_id
      and (r.status = 'confirmed' or (p_include_cancelled and r.status = 'cancelled'))
      and (not p_rsvp_only or r.rsvp_slot_id is not null)
      and (pattern is null or r.name ilike pattern or r.email ilike pattern or r.booking_code ilike pattern)
    order by r.created_at desc, r.id desc
    limit page_size offset skip
  ) x;

  return jsonb_build_object('total', total, 'rows', page);
end;
$$;

revoke execute on function public.admin_list_reservations(uuid, text, boolean, boolean, integer, integer) from public, anon;
grant execute on function public.admin_list_reservations(uuid, text, boolean, boolean, integer, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Unique guests by email (cancelled reservations do not count)
-- -----------------------------------------------------------------------------

-- One page of guests (the export walks every page).
create or replace function public.admin_list_guests(
  p_org_id uuid,
  p_search text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := case when coalesce(btrim(p_search), '') = '' then null else public.admin_like_pattern(p_search) end;
  page_size integer := least(greatest(coalesce(p_limit, 50), 1), 5000);
  skip integer := greatest(coalesce(p_offset, 0), 0);
  total integer;
  page jsonb;
begin
  perform public.assert_org_member(p_org_id);

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
    select * from guests g
    where pattern is null or g.name ilike pattern or g.email ilike pattern
  )
  select
    (select count(*) from matching),
    coalesce((
      select jsonb_agg(to_jsonb(p) order by p.last_reservation_at desc, p.email)
      from (
        select * from matching m
        order by m.last_reservation_at desc, m.email
        limit page_size offset skip
      ) p
    ), '[]'::jsonb)
  into total, page;

  return jsonb_build_object('total', total, 'rows', page);
end;
$$;

revoke execute on function public.admin_list_guests(uuid, text, integer, integer) from public, anon;
grant execute on function public.admin_list_guests(uuid, text, integer, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- RSVP overview: RSVP events, their slots and the reservations in each
-- -----------------------------------------------------------------------------

create or replace function public.admin_rsvp_overview(p_org_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform public.assert_org_member(p_org_id);
  select coalesce(jsonb_agg(ev order by ev ->> 'date' desc, ev ->> 'event_time'), '[]'::jsonb) into result
  from (
    select jsonb_build_object(
      'id', e.id,
      'title', e.title,
      'date', e.date,
      'event_time', to_char(e.event_time, 'HH24:MI'),
      'event_timezone', e.event_timezone,
      'is_active', e.is_active,
      'slots', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', s.id,
          'slot_time', to_char(s.slot_time, 'HH24:MI'),
          'slot_label', s.slot_label,
          'max_capacity', s.max_capacity,
          'current_rsvps', s.current_rsvps,
          'is_active', s.is_active,
          'reservations', coalesce((
            select jsonb_agg(jsonb_build_object(
              'id', r.id, 'name', r.name, 'email', r.email, 'phone', r.phone,
              'num_guests', r.num_guests, 'created_at', r.created_at
            ) order by r.created_at)
            from public.reservations r
            where r.rsvp_slot_id = s.id and r.status = 'confirmed'
          ), '[]'::jsonb)
        ) order by s.slot_time, s.created_at)
        from public.rsvp_slots s
        where s.event_id = e.id
      ), '[]'::jsonb)
    ) as ev
    from public.events e
    where e.org_id = p_org_id
      and (e.rsvp_mode or exists (select 1 from public.rsvp_slots s where s.event_id = e.id))
  ) events;
  return result;
end;
$$;

revoke execute on function public.admin_rsvp_overview(uuid) from public, anon;
grant execute on function public.admin_rsvp_overview(uuid) to authenticated, service_role;
