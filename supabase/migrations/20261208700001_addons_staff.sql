-- Add-ons for staff: their sales (staff_addon_sales), the door list's add-ons per party, and the
-- kitchen report's counts per add-on.

drop function if exists public.staff_door_list(uuid);

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

revoke execute on function public.staff_addon_sales(uuid) from public, anon;

create or replace function public.reservation_addons_text(p_reservation_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select string_agg(ra.quantity || ' × ' || a.name, ', ' order by a.sort, a.created_at, a.id)
  from public.reservation_addons ra
  join public.event_addons a on a.id = ra.addon_id
  where ra.reservation_id = p_reservation_id;
$$;

revoke execute on function public.reservation_addons_text(uuid) from public, anon, authenticated;

create or replace function public.kitchen_report_lines(p_event_id uuid)
returns table (section text, label text, guests integer, party text, party_id uuid, seating text, seat_no integer,
               allergens text[], dietary_notes text, party_notes text)
language sql stable security definer set search_path = '' as $$
  with parties as (
    select r.*, coalesce(t.name, sl.slot_label, nullif(btrim(r.time_slot), ''), 'Guests') as what,
           coalesce(sl.slot_label, nullif(btrim(r.time_slot), '')) as seating, sl.slot_time
    from public.reservations r
    left join public.ticket_types t on t.id = r.ticket_type_id
    left join public.rsvp_slots sl on sl.id = r.rsvp_slot_id
    where r.event_id = p_event_id and r.status = 'confirmed'
  ),
  seats as (
    select p.id as party_id, p.name || ' · ' || p.booking_code as party, p.seating, p.slot_time,
           p.dietary_restrictions as party_notes, lower(p.name) as party_order, s.seat_no,
           coalesce(s.guest_name, 'Guest of ' || p.name) as guest, s.allergens, s.dietary_notes
    from parties p join public.reservation_seats s on s.reservation_id = p.id
  )
  select l.section, l.label, l.guests, l.party, l.party_id, l.seating, l.seat_no, l.allergens, l.dietary_notes, l.party_notes
  from (
    select 1 as part, 'ticket' as section, p.what as label, sum(p.num_guests)::integer as guests, null as party, null::uuid as party_id,
           null as seating, null::integer as seat_no, null::text[] as allergens, null as dietary_notes, null as party_notes,
           null::time as slot_time, null as party_order
    from parties p group by p.what
    union all
    select 2, 'addon', a.name, sum(ra.quantity)::integer, null, null, null, null, null, null, null, null, null
    from parties p join public.reservation_addons ra on ra.reservation_id = p.id join public.event_addons a on a.id = ra.addon_id
    group by a.id, a.name
    union all
    select 3, 'allergen', a.key, count(*)::integer, null, null, null, null, null, null, null, null, null
    from seats s cross join lateral unnest(s.allergens) a(key)
    group by a.key
    union all
    select 4, 'need', min(btrim(s.dietary_notes)), count(*)::integer, null, null, null, null, null, null, null, null, null
    from seats s where nullif(btrim(s.dietary_notes), '') is not null
    group by lower(btrim(s.dietary_notes))
    union all
    select 5, 'guest', s.guest, 1, s.party, s.party_id, s.seating, s.seat_no, s.allergens, s.dietary_notes, s.party_notes,
           s.slot_time, s.party_order
    from seats s
  ) l
  order by l.part, l.slot_time nulls first, l.seating nulls first, l.party_order, l.party_id, l.seat_no,
           l.guests desc, array_position(public.allergen_keys(), l.label), l.label;
$$;

revoke execute on function public.kitchen_report_lines(uuid) from public, anon, authenticated;

create or replace function public.kitchen_report_text(p_event_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  with l as (
    select x.* from public.kitchen_report_lines(p_event_id)
      with ordinality x(section, label, guests, party, party_id, seating, seat_no, allergens, dietary_notes, party_notes, n)
  )
  select concat_ws(E'\n',
    'Guests',
    (select string_agg('  ' || l.label || ': ' || l.guests, E'\n' order by l.n) from l where l.section = 'ticket'),
    (select E'\nAdd-ons\n' || string_agg('  ' || l.label || ': ' || l.guests, E'\n' order by l.n) from l where l.section = 'addon'),
    '', 'Allergens',
    coalesce((select string_agg('  ' || public.allergen_label(l.label) || ': ' || l.guests, E'\n' order by l.n) from l where l.section = 'allergen'), '  none'),
    '', 'Dietary needs',
    coalesce((select string_agg('  ' || l.label || ': ' || l.guests, E'\n' order by l.n) from l where l.section = 'need'), '  none'),
    '', 'By party',
    (select string_agg(
              case when g.first_of_party
                   then '  ' || g.party || coalesce(' (' || g.seating || ')', '')
                        || coalesce(E'\n    Party note: ' || nullif(btrim(g.party_notes), ''), '') || E'\n'
                   else '' end
              || '    ' || g.label
              || coalesce(': ' || nullif(concat_ws('; ',
                   nullif((select string_agg(public.allergen_label(a), ', ') from unnest(g.allergens) a), ''),
                   nullif(btrim(g.dietary_notes), '')), ''), ''),
              E'\n' order by g.n)
     from (select l.*, l.seat_no = min(l.seat_no) over (partition by l.party_id) as first_of_party
           from l where l.section = 'guest') g))
$$;

revoke execute on function public.kitchen_report_text(uuid) from public, anon, authenticated;

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

revoke execute on function public.staff_door_list(uuid) from public, anon;
