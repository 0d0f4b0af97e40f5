-- =============================================================================
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
-- staff_door_list returns an event's header, every confirmed party and the
-- totals in one round trip for the phone-first page /admin/door/:eventId.
-- =============================================================================

alter table public.reservations
  add column checked_in_guests integer not null default 0 check (checked_in_guests >= 0),
  add column checked_in_at timestamptz,
  add column staff_notes text check (char_length(staff_notes) <= 2000),
  add constraint reservations_checked_in_within_guests check (checked_in_guests <= num_guests);

create or replace function public.guard_reservation_check_in()
returns trigger
language plpgsql
set search_path = ''
as $$
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

revoke execute on function public.guard_reservation_check_in() from public, anon, authenticated;

-- Fires right after the field guard (triggers run in name order).
create trigger reservations_15_check_in_guard
  before update on public.reservations
  for each row execute function public.guard_reservation_check_in();

-- The door totals of an event: confirmed parties and guests, and how many arrived.
create or replace function public.door_list_totals(p_event_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'expected_guests', coalesce(sum(r.num_guests), 0)::integer,
    'arrived_guests', coalesce(sum(r.checked_in_guests), 0)::integer,
    'parties', count(*)::integer,
    'parties_arrived', (count(*) filter (where r.checked_in_guests > 0))::integer)
  from public.reservations r
  where r.event_id = p_event_id and r.status = 'confirmed';
$$;

revoke execute on function public.door_list_totals(uuid) from public, anon, authenticated;

create or replace function public.staff_check_in(p_reservation_id uuid, p_checked_in_guests integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x where x.id = p_reservation_id for update;
  if r.id is null or not public.is_org_member(r.org_id) then
    raise exception 'You can only check in guests of your own organization' using errcode = 'SH403';
  end if;
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

  return jsonb_build_object(
    'reservation_id', r.id,
    'event_id', r.event_id,
    'num_guests', r.num_guests,
    'checked_in_guests', r.checked_in_guests,
    'checked_in_at', r.checked_in_at,
    'totals', public.door_list_totals(r.event_id));
end;
$$;

revoke execute on function public.staff_check_in(uuid, integer) from public, anon, authenticated;
grant execute on function public.staff_check_in(uuid, integer) to authenticated, service_role;

create or replace function public.staff_door_list(p_event_id uuid)
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
    raise exception 'You can only open the door list of your own organization''s events' using errcode = 'SH403';
  end if;

  return jsonb_build_object(
    'event', (
      select jsonb_build_object(
        'id', e.id,
        'org_id', e.org_id,
        'org_name', o.name,
        'title', e.title,
        'date', to_char(e.date, 'YYYY-MM-DD'),
        'event_time', to_char(e.event_time, 'HH24:MI'),
        'event_timezone', e.event_timezone,
        'location_name', e.location_name,
        'rsvp_mode', e.rsvp_mode)
      from public.organizations o where o.id = e.org_id),
    'parties', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', p.id,
          'booking_code', p.booking_code,
          'name', p.name,
          'email', p.email,
          'phone', p.phone,
          'num_guests', p.num_guests,
          'checked_in_guests', p.checked_in_guests,
          'checked_in_at', p.checked_in_at,
          'ticket_type_name', p.ticket_type_name,
          'slot_label', p.slot_label,
          'slot_time', p.slot_time,
          'time_slot', p.time_slot,
          'seating', p.seating,
          'dietary_restrictions', p.dietary_restrictions,
          'special_requests', p.special_requests,
          'staff_notes', p.staff_notes)
        order by p.seating_time nulls first, p.seating nulls first, lower(p.name), p.id)
      from (
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
      ) p), '[]'::jsonb),
    'totals', public.door_list_totals(e.id));
end;
$$;

revoke execute on function public.staff_door_list(uuid) from public, anon, authenticated;
grant execute on function public.staff_door_list(uuid) to authenticated, service_role;
