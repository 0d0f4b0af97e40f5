-- The event overview says when online booking closes and whether the dinner is unlisted
-- (staff_event_overview returns three more columns, so it is dropped and made again). Generated
-- by `npm run db:diff -- overview_booking_rules` from supabase/schemas; reviewed.

drop function if exists public.staff_event_overview(p_event_id uuid);

set check_function_bodies = off;

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
