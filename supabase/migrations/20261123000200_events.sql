-- =============================================================================
-- Events, ticket types and RSVP slots
--
-- An event is a dated dinner of one organization. Its capacity is held by:
--   ticket_types.quantity          remaining tickets of a paid type
--   rsvp_slots.current_rsvps       seats taken in a time slot (<= max_capacity)
--   events.max_guests              overall cap, counted from reservations
-- Those counters are only moved by the reservation triggers (next migrations),
-- so admins edit them freely and bookings never oversell them.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- events
-- -----------------------------------------------------------------------------

create table public.events (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  date date not null,
  event_time time not null,
  event_timezone text not null default 'America/New_York'
    check (event_timezone in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles')),
  max_guests integer check (max_guests >= 0),
  location_name text,
  location_address text,
  event_details_disclosures text,
  is_active boolean not null default true,
  rsvp_mode boolean not null default false,
  rsvp_open boolean not null default false,
  deposit_amount integer check (deposit_amount >= 0),
  -- Cancellation policy (copied onto each reservation when it is booked):
  -- a cancellation at least refund_window_hours before the start refunds in
  -- full (null: no such window); a later one refunds late_refund_percent of
  -- the net paid.
  refund_window_hours integer check (refund_window_hours between 0 and 8760),
  late_refund_percent integer not null default 0 check (late_refund_percent between 0 and 100),
  -- Hours before the start when confirmed guests get their reminder (0: none).
  reminder_hours integer not null default 24 check (reminder_hours between 0 and 336),
  created_at timestamptz not null default now(),
  -- target of the composite foreign key that keeps reservations.org_id = event's org
  unique (id, org_id)
);

create index events_org_id_date_idx on public.events (org_id, date desc);
create index events_title_trgm_idx on public.events using gin (title extensions.gin_trgm_ops);

comment on column public.events.event_time is 'Local start time in event_timezone.';
comment on column public.events.deposit_amount is 'Per-guest deposit in cents for RSVP bookings; null when none is configured.';
comment on column public.events.refund_window_hours is 'Full refund for cancellations at least this many hours before the start; null = no full-refund window.';
comment on column public.events.late_refund_percent is 'Percent of the net paid refunded for a cancellation outside the full-refund window (0-100).';
comment on column public.events.max_guests is 'Overall guest cap; null means only ticket types / slots limit the event.';

-- The policy in the words guests read (event cards, booking form, confirmation,
-- emails, the manage page): one place, so every screen says the same.
create or replace function public.refund_policy_text(p_window_hours integer, p_late_percent integer)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when coalesce(p_late_percent, 0) >= 100 then 'Full refund if you cancel'
    when p_window_hours is null and coalesce(p_late_percent, 0) = 0 then 'Non-refundable'
    when p_window_hours is null then p_late_percent || '% refund if you cancel'
    else 'Full refund until '
      || case when p_window_hours = 0 then 'the dinner starts'
              when p_window_hours = 1 then '1 hour before the dinner'
              else p_window_hours || ' hours before the dinner' end
      || case when coalesce(p_late_percent, 0) = 0 then '; non-refundable after that'
              else '; ' || p_late_percent || '% after that' end
  end;
$$;

grant execute on function public.refund_policy_text(integer, integer) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------
-- ticket_types
-- -----------------------------------------------------------------------------

create table public.ticket_types (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  price integer not null check (price >= 0),
  quantity integer not null check (quantity >= 0),
  created_at timestamptz not null default now(),
  unique (id, event_id)
);

create index ticket_types_event_id_idx on public.ticket_types (event_id, created_at);

comment on column public.ticket_types.price is 'Price per guest in cents.';
comment on column public.ticket_types.quantity is 'Tickets still available; decremented when a reservation takes them.';

-- -----------------------------------------------------------------------------
-- rsvp_slots
-- -----------------------------------------------------------------------------

create table public.rsvp_slots (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  slot_time time not null,
  slot_label text not null check (char_length(btrim(slot_label)) between 1 and 60),
  max_capacity integer not null check (max_capacity >= 0),
  current_rsvps integer not null default 0 check (current_rsvps >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint rsvp_slots_within_capacity check (current_rsvps <= max_capacity),
  unique (id, event_id)
);

create index rsvp_slots_event_id_idx on public.rsvp_slots (event_id, slot_time);

-- Lets ticket_types / rsvp_slots policies ask "may the caller manage this event?"
-- without depending on the caller's view of events.
create or replace function public.can_manage_event(event_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.events e
    where e.id = can_manage_event.event_id
      and public.is_org_member(e.org_id)
  );
$$;

revoke execute on function public.can_manage_event(uuid) from public, anon;
grant execute on function public.can_manage_event(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Row-level security and grants
-- -----------------------------------------------------------------------------

alter table public.events enable row level security;
alter table public.ticket_types enable row level security;
alter table public.rsvp_slots enable row level security;

revoke all on public.events, public.ticket_types, public.rsvp_slots from anon, authenticated;
grant all on public.events, public.ticket_types, public.rsvp_slots to service_role;
grant select on public.events, public.ticket_types, public.rsvp_slots to anon;
grant select, insert, update, delete on public.events, public.ticket_types, public.rsvp_slots to authenticated;

-- Anyone sees what is active (a ticket type or slot only of an active event).
create policy "Active events are visible to everyone"
  on public.events for select
  to anon, authenticated
  using (is_active);

create policy "Ticket types of active events are visible to everyone"
  on public.ticket_types for select
  to anon, authenticated
  using (exists (select 1 from public.events e where e.id = ticket_types.event_id and e.is_active));

create policy "Active RSVP slots of active events are visible to everyone"
  on public.rsvp_slots for select
  to anon, authenticated
  using (is_active and exists (select 1 from public.events e where e.id = rsvp_slots.event_id and e.is_active));

-- Members see, add, edit and delete every row of their organizations' events: the same
-- four policies on each table, with the table's membership check as using and with check.
do $$
declare
  t record;
begin
  for t in
    select * from (values
      ('events', 'public.is_org_member(org_id)',
       'Members can see every event of their organizations', 'Members can create events for their organizations',
       'Members can edit events of their organizations', 'Members can delete events of their organizations'),
      ('ticket_types', 'public.can_manage_event(event_id)',
       'Members can see ticket types of their events', 'Members can add ticket types to their events',
       'Members can edit ticket types of their events', 'Members can delete ticket types of their events'),
      ('rsvp_slots', 'public.can_manage_event(event_id)',
       'Members can see RSVP slots of their events', 'Members can add RSVP slots to their events',
       'Members can edit RSVP slots of their events', 'Members can delete RSVP slots of their events')
    ) as v(tbl, member_check, see, add, edit, remove)
  loop
    execute format('create policy %I on public.%I for select to authenticated using (%s)', t.see, t.tbl, t.member_check);
    execute format('create policy %I on public.%I for insert to authenticated with check (%s)', t.add, t.tbl, t.member_check);
    execute format('create policy %I on public.%I for update to authenticated using (%s) with check (%s)',
                   t.edit, t.tbl, t.member_check, t.member_check);
    execute format('create policy %I on public.%I for delete to authenticated using (%s)', t.remove, t.tbl, t.member_check);
  end loop;
end;
$$;
