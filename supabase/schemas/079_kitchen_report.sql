-- =============================================================================
-- The kitchen report: what the kitchen must know about a dinner, from its confirmed bookings'
-- seats (078_seats.sql).
--
--   staff_kitchen_report(event)        the report: guests per ticket type (or seating), per
--                                      allergen and per dietary need, and every seat's guest,
--                                      party and needs, grouped by party
--   staff_kitchen_report_event(event)  the page's header: the dinner, when the report goes out
--   staff_set_kitchen_report_time      when the report is emailed on the dinner's day, in the
--                                      event's timezone (09:00 unless the host says otherwise)
--   enqueue_kitchen_reports()          emails the report to every member of the organization
--                                      once it is due, and again whenever it has changed since,
--                                      until the dinner starts (the timer, every 5 minutes)
-- =============================================================================

-- When each event's report is emailed, and what was last sent (a row only once set or sent).
create table public.kitchen_reports (
  event_id uuid primary key references public.events (id) on delete cascade,
  send_at time not null default '09:00',
  sent_at timestamptz,
  -- The MD5 of the report last emailed: a different one is a change, and is emailed again.
  sent_digest text,
  sent_count integer not null default 0 check (sent_count >= 0)
);

comment on table public.kitchen_reports is 'When an event''s kitchen report is emailed to its staff (send_at on the dinner''s day, in the event''s timezone) and what was sent last.';

alter table public.kitchen_reports enable row level security;

grant select on public.kitchen_reports to authenticated;

create policy "Members see when their events' kitchen reports go out"
  on public.kitchen_reports for select
  to authenticated
  using (public.can_manage_event(event_id));

-- The report's lines, for members and for the email. section:
--   'ticket'   label: a ticket type's name (or the seating), guests: how many
--   'addon'    label: an add-on's name (047_addons.sql), guests: how many are taken
--   'allergen' label: an allergen key (allergen_keys()), guests: how many seats have it
--   'need'     label: a dietary need as written (the same words, any case, count once), guests
--   'guest'    one seat: label its guest ("Guest of {booker}" unclaimed), party the booker's name
--              and booking code, seat_no, allergens, dietary_notes, and the party's own note
--              from the booking form (party_notes)
-- Sections in that order; counts largest first; guests by seating, party, seat.
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

-- The report for staff of the event's organization, with when it is emailed.
create or replace function public.staff_kitchen_report(p_event_id uuid)
returns table (section text, label text, guests integer, party text, party_id uuid, seating text, seat_no integer,
               allergens text[], dietary_notes text, party_notes text)
language sql stable security definer set search_path = '' as $$
  select l.* from public.member_event(p_event_id, 'You can only see the kitchen report of your own organization''s events') e cross join lateral public.kitchen_report_lines(e.id) l;
$$;

grant execute on function public.staff_kitchen_report(uuid) to authenticated;

-- The report page's header: the dinner, when the report is emailed (a time of day in the
-- event's timezone) and when it last was.
create or replace function public.staff_kitchen_report_event(p_event_id uuid)
returns table (org_id uuid, title text, event_date text, event_time text, event_timezone text, send_at text, sent_at timestamptz, sent_count integer)
language sql stable security definer set search_path = '' as $$
  select e.org_id, e.title, to_char(e.date, 'YYYY-MM-DD'), to_char(e.event_time, 'HH24:MI'), e.event_timezone,
         to_char(coalesce(k.send_at, '09:00'), 'HH24:MI'), k.sent_at, coalesce(k.sent_count, 0)
  from public.member_event(p_event_id, 'You can only see the kitchen report of your own organization''s events') e
  left join public.kitchen_reports k on k.event_id = e.id;
$$;

grant execute on function public.staff_kitchen_report_event(uuid) to authenticated;

create or replace function public.staff_set_kitchen_report_time(p_event_id uuid, p_send_at time) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.member_event(p_event_id, 'You can only change the kitchen report of your own organization''s events');
  if p_send_at is null then
    raise exception 'Choose the time the report is emailed.' using errcode = 'P0001';
  end if;
  insert into public.kitchen_reports (event_id, send_at) values (p_event_id, p_send_at)
  on conflict (event_id) do update set send_at = excluded.send_at;
end;
$$;

grant execute on function public.staff_set_kitchen_report_time(uuid, time) to authenticated;

-- An allergen's label in the email, as the pages label it (supabase/functions/_shared/allergens.ts;
-- tests/db/kitchen-report.test.ts keeps the two lists the same).
create or replace function public.allergen_label(p_key text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case p_key
    when 'celery' then 'Celery' when 'gluten' then 'Cereals containing gluten' when 'crustaceans' then 'Crustaceans'
    when 'eggs' then 'Eggs' when 'fish' then 'Fish' when 'lupin' then 'Lupin' when 'milk' then 'Milk'
    when 'molluscs' then 'Molluscs' when 'mustard' then 'Mustard' when 'tree_nuts' then 'Tree nuts'
    when 'peanuts' then 'Peanuts' when 'sesame' then 'Sesame' when 'soya' then 'Soya'
    when 'sulphites' then 'Sulphur dioxide and sulphites' else p_key end
$$;

grant execute on function public.allergen_label(text) to anon, authenticated;

-- The report as plain text, for the email, in the report's order.
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

-- Emails each due report to every member of its organization: the first time once its send
-- time has come on the dinner's day, then again whenever it changed, until the dinner starts.
-- One event at a time, its report row locked (skip locked: a second timer run passes by).
create or replace function public.enqueue_kitchen_reports() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_digest text;
  v_text text;
  k public.kitchen_reports;
  v_sent integer := 0;
begin
  for e in
    select x.* from public.events x
    where x.is_active and x.date between current_date - 1 and current_date + 1
      and now() >= ((x.date + coalesce((select kr.send_at from public.kitchen_reports kr where kr.event_id = x.id), '09:00'::time))
                    at time zone x.event_timezone)
      and now() < ((x.date + x.event_time) at time zone x.event_timezone)
      and exists (select 1 from public.reservations r where r.event_id = x.id and r.status = 'confirmed')
  loop
    insert into public.kitchen_reports (event_id) values (e.id) on conflict (event_id) do nothing;
    select * into k from public.kitchen_reports kr where kr.event_id = e.id for update skip locked;
    continue when k.event_id is null;
    select md5(string_agg(l::text, '|')) into v_digest from public.kitchen_report_lines(e.id) l;
    continue when v_digest is not distinct from k.sent_digest;
    v_text := public.kitchen_report_text(e.id);
    insert into public.email_outbox (org_id, kind, to_email, subject, body_text)
    select e.org_id, 'kitchen_report', u.email,
           case when k.sent_count > 0 then 'Updated kitchen report: ' else 'Kitchen report: ' end || e.title || ', '
             || to_char(e.date, 'FMMonth FMDD'),
           case when k.sent_count > 0 then E'Something changed since the last report.\n\n' else '' end
             || e.title || ', ' || to_char(e.date, 'FMDay, FMMonth FMDD') || ' at ' || to_char(e.event_time, 'FMHH12:MI AM') || E'\n\n'
             || v_text || E'\n\nPrint it: {{site_url}}/admin/events/' || e.id || '/kitchen'
    from public.user_memberships m
    join auth.users u on u.id = m.user_id
    where m.org_id = e.org_id and u.email is not null;
    update public.kitchen_reports kr
    set sent_at = now(), sent_digest = v_digest, sent_count = kr.sent_count + 1
    where kr.event_id = e.id;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;
