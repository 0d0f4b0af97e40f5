-- =============================================================================
-- Cancelling a whole dinner: every booking cancelled with one money decision,
-- every guest, seat holder and waiting party told in the host's words, the event closed.
--
--   staff_cancel_event(event, refund, message)   members (JWT), through cancel-event
--   staff_event_cancellation(event)              members: what it will do, its progress
--
-- One transaction decides everything (the event row locked first, the booking
-- lock order): the event stops taking bookings for good, its waitlist closes
-- (each waiting or offered party emailed), its holds are cancelled (a charge
-- that lands on one later is refunded in full by the booking path), and every
-- confirmed booking is cancelled through cancel_with_money with its share of
-- the refund choice as a pending, keyed ledger row (one key per reservation,
-- the same as any cancellation: nobody is refunded twice). The edge function
-- then sends the refunds; what it does not finish, calling it again or
-- reconcile-payments does (pending rows, same keys). Each guest's cancellation
-- email carries the host's message (enqueue_money_email reads it here) and
-- goes out once the processor has answered.
--
-- A call for an event already cancelled changes nothing and answers the same
-- record with the refunds still to send. The record is finished (finished_at)
-- when none of its refunds is pending any more (failed ones included: staff
-- see them and refund another way).
--
-- Errors: P0001 invalid request (400), SH403 not a member (403).
-- =============================================================================

-- The cancellation of an event: its refund choice, the host's message, who, when.
create table public.event_cancellations (
  event_id uuid primary key,
  org_id uuid not null,
  -- 'full': everything each booking holds; 'none'; 'percent': refund_percent of it, half up to the cent.
  refund_mode text not null check (refund_mode in ('full', 'none', 'percent')),
  refund_percent integer check (refund_percent between 0 and 100),
  message text not null check (char_length(btrim(message)) between 1 and 500),
  cancelled_by uuid references auth.users (id) on delete set null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint event_cancellations_event_of_org foreign key (event_id, org_id) references public.events (id, org_id) on delete cascade,
  constraint event_cancellations_percent_with_mode check ((refund_mode = 'percent') = (refund_percent is not null)),
  constraint event_cancellations_finished_after_start check (finished_at is null or finished_at >= started_at)
);

comment on table public.event_cancellations is
  'One per cancelled event: the refund choice, the host''s message to guests, who cancelled and when; finished_at once no refund of it is pending (staff_cancel_event).';

create index event_cancellations_org_idx on public.event_cancellations (org_id);

alter table public.event_cancellations enable row level security;

grant select on public.event_cancellations to authenticated;

create policy "Members can see the cancellations of their events"
  on public.event_cancellations for select to authenticated using (public.is_org_member(org_id));

-- The refund of one booking under a cancellation's choice: of what it still holds, all, nothing,
-- or the percent rounded half up to the cent (never more than it holds).
create or replace function public.event_cancellation_refund_cents(c public.event_cancellations, p_held integer)
returns integer
language sql immutable set search_path = '' as $$
  select case c.refund_mode
    when 'full' then greatest(p_held, 0)
    when 'none' then 0
    else least(greatest(p_held, 0), ((greatest(p_held, 0)::bigint * c.refund_percent + 50) / 100)::integer)
  end;
$$;

-- The cancellation a reservation was cancelled by (null when it was not: cancelled before it, or live).
create or replace function public.event_cancellation_of(r public.reservations)
returns public.event_cancellations
language sql stable security definer set search_path = '' as $$
  select c.* from public.event_cancellations c
  where c.event_id = r.event_id and r.status = 'cancelled' and r.cancelled_at >= c.started_at;
$$;

-- Marks the event's cancellation finished when none of its refunds is pending. The record is
-- locked first, so two refunds settling at once see each other's answer.
create or replace function public.finish_event_cancellation(p_event_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  c public.event_cancellations;
begin
  select * into c from public.event_cancellations x where x.event_id = p_event_id and x.finished_at is null for update;
  if c.event_id is null then
    return;
  end if;
  if not exists (
    select 1 from public.payment_ledger l
    join public.reservations r on r.id = l.reservation_id
    where r.event_id = p_event_id and l.kind = 'refund' and l.status = 'pending' and l.created_at >= c.started_at
  ) then
    update public.event_cancellations x set finished_at = now() where x.event_id = p_event_id;
  end if;
end;
$$;

-- A refund of a cancelled event settled: the cancellation may be finished.
create or replace function public.payment_ledger_event_cancellation_progress() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_event uuid;
begin
  select r.event_id into v_event from public.reservations r where r.id = new.reservation_id;
  if exists (select 1 from public.event_cancellations c where c.event_id = v_event and c.finished_at is null) then
    perform public.finish_event_cancellation(v_event);
  end if;
  return null;
end;
$$;

-- A refund's answer moves its event's cancellation on (payment_ledger_event_cancellation_progress).
create trigger payment_ledger_event_cancellation_progress
  after update of status on public.payment_ledger
  for each row
  when (new.kind = 'refund' and old.status = 'pending' and new.status <> 'pending')
  execute function public.payment_ledger_event_cancellation_progress();

-- A cancelled dinner stays closed: it is never made bookable again (duplicate it for a new date).
create or replace function public.refuse_reopening_cancelled_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.event_cancellations c where c.event_id = new.id) then
    raise exception 'This dinner was cancelled, so it cannot take bookings again. Duplicate it to sell a new date.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;

-- A cancelled event is never reactivated (refuse_reopening_cancelled_event).
create trigger events_20_refuse_reopening_cancelled
  before update of is_active on public.events
  for each row
  when (new.is_active and not old.is_active)
  execute function public.refuse_reopening_cancelled_event();

-- Staff cancel a whole event. p_refund: "full" | "none" | {"percent": n}, n a whole number
-- from 0 to 100, applied to what each booking still holds. p_message (required, 500
-- characters at most) goes to every guest and waiting party. Answers { already, event_id,
-- bookings: [money_action_result of each cancelled booking with refunds still to send] }.
create or replace function public.staff_cancel_event(p_event_id uuid, p_refund jsonb, p_message text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  c public.event_cancellations;
  r public.reservations;
  w public.waitlist_entries;
  v_mode text := case jsonb_typeof(p_refund) when 'string' then p_refund #>> '{}' when 'object' then 'percent' end;
  v_percent numeric;
  v_message text;
  v_already boolean;
  v_actor text := 'staff:' || coalesce((select auth.uid())::text, 'service');
  v_org text;
begin
  e := public.member_event(p_event_id, 'You can only cancel events of your own organization');
  if v_mode = 'percent' then
    if (select count(*) from jsonb_object_keys(p_refund)) <> 1 or jsonb_typeof(p_refund -> 'percent') is distinct from 'number' then
      v_mode := null;
    else
      v_percent := (p_refund ->> 'percent')::numeric;
      if v_percent <> trunc(v_percent) or v_percent < 0 or v_percent > 100 then
        raise exception 'The refund percentage must be a whole number from 0 to 100' using errcode = 'P0001';
      end if;
    end if;
  end if;
  if v_mode is null or v_mode not in ('full', 'none', 'percent') then
    raise exception 'refund must be "full", "none" or { "percent": n }' using errcode = 'P0001';
  end if;
  v_message := public.required_text(p_message, 500, 'Write a message to your guests: it is sent with every cancellation',
    'The message is too long (500 characters at most)');

  -- The booking lock order: the event row first.
  select * into e from public.events x where x.id = p_event_id for update;
  select * into c from public.event_cancellations x where x.event_id = e.id;
  v_already := c.event_id is not null;
  -- A dinner that has started is not cancelled as a whole (a cancellation begun before its start
  -- still finishes): its bookings are refunded one by one, as staff decide.
  if not v_already and not public.is_upcoming_event(e.date, e.event_time, e.event_timezone) then
    raise exception 'This dinner has already started: it can no longer be cancelled as a whole. Cancel or refund its bookings one by one.'
      using errcode = 'SH409';
  end if;
  if not v_already then
    insert into public.event_cancellations (event_id, org_id, refund_mode, refund_percent, message, cancelled_by)
    values (e.id, e.org_id, v_mode, case when v_mode = 'percent' then v_percent::integer end, v_message, (select auth.uid()))
    returning * into c;
  end if;

  update public.events x set is_active = false where x.id = e.id and x.is_active;

  -- The waitlist closes first, so no seat freed below is offered to anyone.
  v_org := public.org_display_name(e.org_id);
  for w in
    select * from public.waitlist_entries x
    where x.event_id = e.id and x.status in ('waiting', 'offered')
    order by x.created_at, x.id
    for update
  loop
    update public.waitlist_entries x set status = 'cancelled' where x.id = w.id;
    insert into public.email_outbox (org_id, kind, to_email, subject, body_text, template_data)
    values (e.org_id, 'waitlist_closed', w.email, 'Cancelled: ' || e.title,
      concat_ws(E'\n',
        'Hi ' || w.name || ',',
        '',
        v_org || ' has cancelled ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY')
          || '. Its waitlist is closed, so no seats will be offered to you.',
        '',
        'A message from ' || v_org || ':',
        c.message,
        '',
        v_org),
      (public.waitlist_email_data(w.id) - 'waitlist')
        || jsonb_build_object('kind', 'waitlist_closed', 'closing', jsonb_build_object('host_message', c.message)));
  end loop;

  for r in
    select * from public.reservations x
    where x.event_id = e.id and x.status in ('confirmed', 'held')
    order by x.created_at, x.id
    for update
  loop
    if r.status = 'held' then
      -- A checkout (or an offer) in progress: its seats end here. A charge that lands on it
      -- later cannot confirm it and is refunded in full (the booking path, system_refund_booking).
      update public.reservations x
      set status = 'cancelled', cancelled_by = 'staff', cancel_reason = c.message
      where x.id = r.id;
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'cancelled', jsonb_build_object('by', v_actor, 'event_cancelled', true, 'was', 'held'));
      if public.money_held_cents(r.id) > 0 then
        perform public.system_refund_booking(r.id, 'The dinner was cancelled');
      end if;
    else
      perform public.cancel_with_money(r, public.event_cancellation_refund_cents(c, public.money_held_cents(r.id)),
                                       c.message, v_actor, 'staff', true);
    end if;
  end loop;

  perform public.finish_event_cancellation(e.id);
  return jsonb_build_object(
    'already', v_already,
    'event_id', e.id,
    'bookings', coalesce((
      select jsonb_agg(public.money_action_result(x, true, null) order by x.created_at, x.id)
      from public.reservations x
      where x.event_id = e.id and x.status = 'cancelled' and x.cancelled_at >= c.started_at
        and exists (select 1 from public.payment_ledger l
                    where l.reservation_id = x.id and l.kind = 'refund' and l.status = 'pending' and l.provider_refund_id is null)),
      '[]'::jsonb));
end;
$$;

grant execute on function public.staff_cancel_event(uuid, jsonb, text) to authenticated;

-- What the admin shows about cancelling an event, one row. Before: state 'none' and what a
-- cancellation would touch (open bookings, holds, the money they hold, each booking's share
-- to compute a percentage exactly, the waiting parties). After: 'in_progress' or 'done', the
-- choice, the message, who and when, and what it did (bookings cancelled, holds released,
-- refunds by outcome with their cents, waitlist entries closed).
create or replace function public.staff_event_cancellation(p_event_id uuid)
returns table (
  event_id uuid,
  state text,
  refund_mode text,
  refund_percent integer,
  message text,
  cancelled_by_email text,
  started_at timestamptz,
  finished_at timestamptz,
  bookings_open integer,
  holds_open integer,
  held_cents integer,
  held_by_booking integer[],
  waitlist_open integer,
  bookings_cancelled integer,
  holds_released integer,
  refunds_completed integer,
  refunds_completed_cents integer,
  refunds_pending integer,
  refunds_pending_cents integer,
  refunds_failed integer,
  refunds_failed_cents integer,
  waitlist_closed integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
  c public.event_cancellations;
begin
  e := public.member_event(p_event_id, 'You can only see events of your own organization');
  select * into c from public.event_cancellations x where x.event_id = e.id;
  return query
  with live as (
    select x.id, x.status, public.money_held_cents(x.id) as held
    from public.reservations x
    where x.event_id = e.id and x.status in ('confirmed', 'held')
  ), gone as (
    select x.id, x.confirmed_at
    from public.reservations x
    where c.event_id is not null and x.event_id = e.id and x.status = 'cancelled' and x.cancelled_at >= c.started_at
  ), refunds as (
    select l.status, l.amount_cents
    from public.payment_ledger l
    join public.reservations x on x.id = l.reservation_id
    where c.event_id is not null and x.event_id = e.id and l.kind = 'refund' and l.created_at >= c.started_at
  )
  select
    e.id,
    case when c.event_id is null then 'none' when c.finished_at is null then 'in_progress' else 'done' end,
    c.refund_mode,
    c.refund_percent,
    c.message,
    (select u.email::text from auth.users u where u.id = c.cancelled_by),
    c.started_at,
    c.finished_at,
    (select count(*)::integer from live where live.status = 'confirmed'),
    (select count(*)::integer from live where live.status = 'held'),
    (select coalesce(sum(live.held), 0)::integer from live where live.status = 'confirmed'),
    (select coalesce(array_agg(live.held order by live.id), '{}') from live where live.status = 'confirmed' and live.held > 0),
    (select count(*)::integer from public.waitlist_entries w where w.event_id = e.id and w.status in ('waiting', 'offered')),
    (select count(*)::integer from gone where gone.confirmed_at is not null),
    (select count(*)::integer from gone where gone.confirmed_at is null),
    (select count(*)::integer from refunds where refunds.status = 'completed'),
    (select coalesce(sum(refunds.amount_cents), 0)::integer from refunds where refunds.status = 'completed'),
    (select count(*)::integer from refunds where refunds.status = 'pending'),
    (select coalesce(sum(refunds.amount_cents), 0)::integer from refunds where refunds.status = 'pending'),
    (select count(*)::integer from refunds where refunds.status = 'failed'),
    (select coalesce(sum(refunds.amount_cents), 0)::integer from refunds where refunds.status = 'failed'),
    (select count(*)::integer from public.waitlist_entries w where w.event_id = e.id and w.status = 'cancelled');
end;
$$;

grant execute on function public.staff_event_cancellation(uuid) to authenticated;
