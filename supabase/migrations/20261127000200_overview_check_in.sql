-- =============================================================================
-- The event overview counts arrivals
--
-- staff_event_overview (20261126000300_admin_tools.sql) is re-created with the
-- same signature and the same keys, plus two figures in totals:
--   totals.checked_in_guests   guests checked in at the door (the sum of
--                              reservations.checked_in_guests, 20261126000100)
--   totals.checked_in_parties  parties with at least one guest checked in
-- Both count confirmed reservations only, like totals.guests and
-- totals.parties they are read against ("arrived / expected").
-- =============================================================================

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
    'event', jsonb_build_object('id', e.id, 'org_id', e.org_id, 'title', e.title, 'date', e.date, 'event_time', to_char(e.event_time, 'HH24:MI'),
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
        'discounts_cents', coalesce(sum(r.discount_cents) filter (where r.status = 'confirmed'), 0),
        -- Arrivals at the door (staff_check_in), of confirmed reservations only: a party
        -- cancelled after it was checked in is no longer expected, nor counted as arrived.
        'checked_in_guests', coalesce(sum(r.checked_in_guests) filter (where r.status = 'confirmed'), 0),
        'checked_in_parties', count(*) filter (where r.status = 'confirmed' and r.checked_in_guests > 0))
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

revoke execute on function public.staff_event_overview(uuid) from public, anon, authenticated;
grant execute on function public.staff_event_overview(uuid) to authenticated, service_role;
