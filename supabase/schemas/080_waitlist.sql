-- =============================================================================
-- Waitlist: guests waiting for seats, and offers made from freed seats.
--
-- A guest joins the waitlist of a sold-out ticket type or RSVP slot
-- (join_waitlist, through the join-waitlist function). Whenever seats free
-- up, the first waiting parties that fit are offered them: an offer IS a hold
-- (a 'held' reservation keyed 'wl-<entry id>', hold_expires_at = the offer's
-- end), so the capacity rules stay in one place and nobody else can take
-- those seats while it is open. The guest claims it through /waitlist/{token}
-- (the hold's manage token) and pays at the server's price with the normal
-- booking path; an offer that lapses expires like any hold, and its seats go
-- to the next party.
--
-- When offers are made:
--   * inline, when a live reservation gives seats back (cancelled, expired —
--     including a lapsed offer — failed, or fewer guests): the reservation
--     trigger below, in the same transaction, under the event lock the
--     capacity trigger already holds, so simultaneous cancellations and claims
--     queue on that lock and never offer the same seats twice;
--   * by fill_waitlists() (the stack's timer / pg_cron) for seats freed by
--     staff raising a capacity (a pool's size: tickets in all, a slot's capacity, max guests),
--     which takes row locks in the other order and so is not done inline.
--
-- Offer length: 12 hours, 2 hours when the dinner starts within 48 hours,
-- never later than 30 minutes before the start; no offers in the last 30
-- minutes.
-- =============================================================================

-- A guest waiting for seats of an event, and the offer made to them.
create table public.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null,
  event_id uuid not null,
  ticket_type_id uuid,
  rsvp_slot_id uuid,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  party_size integer not null check (party_size between 1 and 10),
  -- 'cancelled': the dinner was cancelled (staff_cancel_event) while the party waited or held an offer.
  status text not null default 'waiting' check (status in ('waiting', 'offered', 'claimed', 'expired', 'removed', 'cancelled')),
  -- The current offer (a held reservation), once offered.
  reservation_id uuid references public.reservations (id) on delete set null,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- SHA-256 of the leave link's token (/waitlist/leave/{token}); the token itself is never stored.
  leave_token_hash bytea unique,
  constraint waitlist_entries_event_of_org foreign key (event_id, org_id) references public.events (id, org_id) on delete cascade,
  constraint waitlist_entries_ticket_type_of_event foreign key (ticket_type_id, event_id) references public.ticket_types (id, event_id) on delete cascade,
  constraint waitlist_entries_slot_of_event foreign key (rsvp_slot_id, event_id) references public.rsvp_slots (id, event_id) on delete cascade,
  constraint waitlist_entries_one_target check (num_nonnulls(ticket_type_id, rsvp_slot_id) = 1)
);

comment on table public.waitlist_entries is
  'Parties waiting for seats of a sold-out ticket type or RSVP slot; offered freed seats in order.';

comment on column public.waitlist_entries.leave_token_hash is
  'SHA-256 of the leave link token (/waitlist/leave/{token}); the token itself is never stored.';

create index waitlist_entries_event_status_idx on public.waitlist_entries (event_id, status, created_at, id);

create index waitlist_entries_reservation_idx on public.waitlist_entries (reservation_id) where reservation_id is not null;

-- What each entry waits for (a ticket type or slot deleted by an event edit is looked up here).
create index waitlist_entries_ticket_type_idx on public.waitlist_entries (ticket_type_id, event_id) where ticket_type_id is not null;

create index waitlist_entries_slot_idx on public.waitlist_entries (rsvp_slot_id, event_id) where rsvp_slot_id is not null;

-- One open entry per guest and ticket type / slot.
create unique index waitlist_entries_one_open_per_guest
  on public.waitlist_entries (coalesce(ticket_type_id, rsvp_slot_id), lower(email))
  where status in ('waiting', 'offered');

alter table public.waitlist_entries enable row level security;

grant select on public.waitlist_entries to authenticated;

-- Stamps updated_at.
create trigger waitlist_entries_set_updated_at
  before update on public.waitlist_entries
  for each row execute function public.set_updated_at();

create policy "Members can see the waitlists of their events"
  on public.waitlist_entries for select to authenticated using (public.is_org_member(org_id));

-- Offers
--
-- Tries to hold seats for one waiting entry now. The caller holds the event
-- row lock. Returns the offer's reservation id, or null when the party does
-- not fit (or it is too late to offer).
create or replace function public.offer_to_waitlist_entry(w public.waitlist_entries) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_slot public.rsvp_slots;
  v_starts timestamptz;
  v_expires timestamptz;
  v_quote jsonb;
  v_row public.reservations;
  v_leave_path text := '/waitlist/leave/' || public.waitlist_leave_token_of(w.id);
begin
  select * into e from public.events x where x.id = w.event_id;
  select * into v_slot from public.rsvp_slots s where s.id = w.rsvp_slot_id;
  v_starts := (e.date + coalesce(v_slot.slot_time, e.event_time)) at time zone e.event_timezone;
  if not e.is_active or v_starts - now() < interval '30 minutes' or now() >= public.booking_closes_at(e) then
    return null;
  end if;
  v_expires := public.waitlist_offer_expiry(now(), v_starts, e.event_timezone);

  begin
    -- The server's price for exactly this party (a quote: capacity is the insert's to check).
    v_quote := public.booking_evaluate(
      w.event_id, w.party_size, w.ticket_type_id::text, w.rsvp_slot_id, null, null, null, false);
    insert into public.reservations (
      org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, num_guests, time_slot,
      status, amount_cents, discount_cents, service_charge_cents, tax_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent, unit_price_cents
    ) values (
      w.org_id, w.event_id, w.ticket_type_id, w.rsvp_slot_id, w.name, w.email, w.party_size, v_quote ->> 'time_slot',
      'held', (v_quote ->> 'total_cents')::integer, 0, (v_quote ->> 'service_charge_cents')::integer,
      (v_quote ->> 'tax_cents')::integer, 'wl-' || w.id::text, v_expires,
      e.refund_window_hours, e.late_refund_percent, (v_quote ->> 'unit_price_cents')::integer
    )
    returning * into v_row;
  exception when sqlstate 'SH409' or sqlstate 'SH404' or sqlstate 'P0001' then
    return null;
  end;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_row.amount_cents, 'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'kind', v_quote ->> 'event_kind', 'waitlist_entry', w.id));
  update public.waitlist_entries x
  set status = 'offered', reservation_id = v_row.id, offered_at = now(), offer_expires_at = v_expires
  where x.id = w.id;
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (w.org_id, v_row.id, 'waitlist_offer', w.email, 'Seats for ' || e.title || ' are held for you',
    'Hi ' || w.name || E',\n\nSeats for ' || e.title || ' are held for you until ' || to_char(v_expires at time zone e.event_timezone, 'FMDay FMHH12:MI AM')
      || E'. Claim them: {{site_url}}/waitlist/' || public.manage_token_of(v_row.id)
      || E'\n\nLeave the waitlist: {{site_url}}' || v_leave_path,
    public.email_data(v_row.id, 'waitlist_offer', jsonb_build_object(
      'offer', jsonb_build_object(
        'claim_path', '/waitlist/' || public.manage_token_of(v_row.id),
        'expires_at', v_expires,
        'guests', w.party_size),
      'waitlist', jsonb_build_object('leave_path', v_leave_path))));
  return v_row.id;
end;
$$;

-- Offers freed seats of one event to its waiting parties, first come first
-- served among those that fit. The caller holds the event row lock. Offers
-- made inside it do not start another pass (supperhost.filling_waitlist).
create or replace function public.fill_waitlist(p_event_id uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  w public.waitlist_entries;
  v_offered integer := 0;
begin
  if coalesce(current_setting('supperhost.filling_waitlist', true), '') = 'on' then
    return 0;
  end if;
  if not exists (select 1 from public.waitlist_entries x where x.event_id = p_event_id and x.status = 'waiting') then
    return 0;
  end if;
  perform set_config('supperhost.filling_waitlist', 'on', true);
  for w in
    select * from public.waitlist_entries x
    where x.event_id = p_event_id and x.status = 'waiting'
    order by x.created_at, x.id
  loop
    if public.offer_to_waitlist_entry(w) is not null then
      v_offered := v_offered + 1;
    end if;
  end loop;
  perform set_config('supperhost.filling_waitlist', '', true);
  return v_offered;
end;
$$;

-- Every event with waiting parties, one at a time, event row first (the
-- booking lock order): for the timer, after staff raised a capacity.
create or replace function public.fill_waitlists() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_event uuid;
  v_total integer := 0;
begin
  for v_event in
    select distinct x.event_id from public.waitlist_entries x where x.status = 'waiting' order by x.event_id
  loop
    perform 1 from public.events e where e.id = v_event for update;
    v_total := v_total + public.fill_waitlist(v_event);
  end loop;
  return v_total;
end;
$$;

-- A reservation that gives seats back (fewer guests, cancelled, moved to another date) offers
-- them to the waitlist; an offer's hold that is claimed or lapses settles its entry.
create or replace function public.reservation_waitlist_follow_up() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.idempotency_key like 'wl-%' then
    if new.status = 'confirmed' then
      update public.waitlist_entries x set status = 'claimed' where x.reservation_id = new.id and x.status = 'offered';
    elsif new.status in ('expired', 'failed', 'cancelled') then
      update public.waitlist_entries x set status = 'expired' where x.reservation_id = new.id and x.status = 'offered';
    end if;
  end if;
  if old.status in ('held', 'confirmed') and new.event_id <> old.event_id then
    -- A booking moved to another date (its caller holds both events' locks) frees all its seats here.
    perform public.fill_waitlist(old.event_id);
  elsif old.status in ('held', 'confirmed')
     and (new.status not in ('held', 'confirmed') or new.num_guests < old.num_guests) then
    perform public.fill_waitlist(new.event_id);
  end if;
  return null;
end;
$$;

-- Seats freed by a reservation go to the waitlist first (last of the triggers on reservations).
create trigger reservations_30_waitlist
  after update of status, num_guests, event_id on public.reservations
  for each row
  when (old.status is distinct from new.status or old.num_guests is distinct from new.num_guests
        or old.event_id is distinct from new.event_id)
  execute function public.reservation_waitlist_follow_up();

-- Joining
--
-- Joins the waitlist of a sold-out ticket type or RSVP slot. Refused while the
-- party could book now (SH409 'seats_available'). The same guest joining the
-- same list again gets their existing place. Answers { entry_id, position }.
create or replace function public.join_waitlist(
  p_event_id uuid,
  p_ticket_type_id uuid,
  p_rsvp_slot_id uuid,
  p_name text,
  p_email text,
  p_party_size integer
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  w public.waitlist_entries;
  v_bookable boolean := true;
begin
  if num_nonnulls(p_ticket_type_id, p_rsvp_slot_id) <> 1 then
    raise exception 'Choose the ticket type or the time slot to wait for' using errcode = 'P0001';
  end if;
  if p_party_size is null or p_party_size not between 1 and 10 then
    raise exception 'Party size must be between 1 and 10' using errcode = 'P0001';
  end if;
  select * into e from public.events x where x.id = p_event_id for update;
  if e.id is null or not e.is_active then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if not public.is_upcoming_event(e.date, e.event_time, e.event_timezone) then
    raise exception 'This event has already started.' using errcode = 'SH409';
  end if;
  if now() >= public.booking_closes_at(e) then
    raise exception 'Online booking for this dinner has closed, and so has its waitlist. Please contact the host.' using errcode = 'SH409';
  end if;
  if p_ticket_type_id is not null and not exists (select 1 from public.ticket_types t where t.id = p_ticket_type_id and t.event_id = e.id) then
    raise exception 'Ticket type not found. Please select a valid ticket type.' using errcode = 'SH404';
  end if;
  if p_rsvp_slot_id is not null and not exists (select 1 from public.rsvp_slots s where s.id = p_rsvp_slot_id and s.event_id = e.id and s.is_active) then
    raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
  end if;

  select * into w from public.waitlist_entries x
  where coalesce(x.ticket_type_id, x.rsvp_slot_id) = coalesce(p_ticket_type_id, p_rsvp_slot_id)
    and lower(x.email) = lower(btrim(p_email)) and x.status in ('waiting', 'offered');
  if w.id is null then
    -- Only a list that is really full: a party that fits books instead.
    begin
      perform public.booking_evaluate(
        e.id, p_party_size, p_ticket_type_id::text, p_rsvp_slot_id, null, null, null, false);
    exception when sqlstate 'SH409' then
      v_bookable := false;
    end;
    if v_bookable then
      raise exception 'There are seats for your party: you can book them now.' using errcode = 'SH409', detail = '{"kind":"seats_available"}';
    end if;
    insert into public.waitlist_entries (org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, party_size)
    values (e.org_id, e.id, p_ticket_type_id, p_rsvp_slot_id, btrim(p_name), btrim(p_email), p_party_size)
    returning * into w;
    insert into public.email_outbox (org_id, kind, to_email, subject, body_text, template_data)
    select e.org_id, 'waitlist_joined', w.email,
      'You are on the waitlist: ' || e.title,
      concat_ws(E'\n',
        'Hi ' || w.name || ',',
        '',
        'You are on the waitlist for ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY')
          || ' (' || public.guest_count(w.party_size)
          || coalesce(', ' || t.name, ', ' || s.slot_label, '') || ').',
        'If seats free up, we will hold them for you and email you a link to claim them.',
        '',
        'Leave the waitlist: {{site_url}}/waitlist/leave/' || public.waitlist_leave_token_of(w.id),
        '',
        public.org_display_name(o.id)),
      public.waitlist_email_data(w.id)
    from public.organizations o
    left join public.ticket_types t on t.id = w.ticket_type_id
    left join public.rsvp_slots s on s.id = w.rsvp_slot_id
    where o.id = e.org_id;
  end if;

  return jsonb_build_object(
    'entry_id', w.id,
    'status', w.status,
    'position', (select count(*) from public.waitlist_entries x
                 where coalesce(x.ticket_type_id, x.rsvp_slot_id) = coalesce(w.ticket_type_id, w.rsvp_slot_id)
                   and x.status = 'waiting' and (x.created_at, x.id) <= (w.created_at, w.id)));
end;
$$;

-- The claim page (/waitlist/{token}) and staff actions
--
-- What the claim page shows; null for a token that opens nothing. It serves
-- every booking held for a guest: waitlist offers ('wl-') and bookings staff
-- entered with a payment link ('st-', staff_create_booking).
create or replace function public.waitlist_offer_view(p_token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'reservation_id', r.id,
    'idempotency_key', r.idempotency_key,
    'kind', case when r.idempotency_key like 'wl-%' then 'waitlist_offer' else 'payment_link' end,
    'status', case when r.status = 'held' and r.hold_expires_at > now() then 'open'
                   when r.status = 'confirmed' then 'claimed' else 'expired' end,
    'expires_at', r.hold_expires_at,
    'name', r.name,
    'email', r.email,
    'guests', r.num_guests,
    'event_id', r.event_id,
    'ticket_type_id', r.ticket_type_id,
    'ticket_type_name', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
    'rsvp_slot_id', r.rsvp_slot_id,
    'time_slot', r.time_slot,
    'booking_code', r.booking_code,
    'refund_policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'event', jsonb_build_object('title', e.title, 'date', e.date, 'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
                                'timezone', e.event_timezone, 'location_name', e.location_name),
    'organization', jsonb_build_object('name', public.org_display_name(o.id), 'slug', o.slug,
                                       'primary_color', b.primary_color, 'logo_url', b.logo_url))
  -- The total and its lines (taxes and service charges).
  || public.booking_lines(r)
  from public.reservations r
  join public.events e on e.id = r.event_id
  join public.organizations o on o.id = r.org_id
  left join public.org_branding b on b.org_id = o.id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  where p_token ~ '^[A-Za-z0-9_-]{43}$'
    and r.manage_token_hash = public.manage_token_hash(p_token)
    and (r.idempotency_key like 'wl-%' or r.idempotency_key like 'st-%');
$$;

-- A staff action on a waiting party starts here: the caller is a member of its organization (else
-- SH403, the same answer for a party that does not exist), then its event row is locked (the
-- booking lock order). Answers the entry as read before the lock.
create or replace function public.member_waitlist_entry(p_entry_id uuid) returns public.waitlist_entries
language plpgsql volatile security definer set search_path = '' as $$
declare
  w public.waitlist_entries;
begin
  select * into w from public.waitlist_entries x where x.id = p_entry_id;
  perform public.assert_member(w.org_id, 'You can only manage waitlists of your own organization');
  perform 1 from public.events e where e.id = w.event_id for update;
  return w;
end;
$$;

-- Staff: offer the seats to this party now (even out of turn).
create or replace function public.staff_offer_waitlist(p_entry_id uuid)
returns table (entry_id uuid, reservation_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
declare
  w public.waitlist_entries;
  v_offer uuid;
begin
  perform public.member_waitlist_entry(p_entry_id);
  select * into w from public.waitlist_entries x where x.id = p_entry_id for update;
  if w.status <> 'waiting' then
    raise exception 'This party is not waiting any more (%)', w.status using errcode = 'SH409';
  end if;
  perform set_config('supperhost.filling_waitlist', 'on', true);
  v_offer := public.offer_to_waitlist_entry(w);
  perform set_config('supperhost.filling_waitlist', '', true);
  if v_offer is null then
    raise exception 'There are not enough free seats for a party of % right now', w.party_size using errcode = 'SH409';
  end if;
  return query select w.id, v_offer;
end;
$$;

grant execute on function public.staff_offer_waitlist(uuid) to authenticated;

-- Takes a waiting or offered party off the list (the caller holds the event row lock); an open
-- offer lapses now, so its seats go on to the next party.
create or replace function public.remove_waitlist_entry(w public.waitlist_entries) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.waitlist_entries x set status = 'removed' where x.id = w.id and x.status in ('waiting', 'offered');
  if w.status = 'offered' and w.reservation_id is not null then
    update public.reservations r set status = 'expired' where r.id = w.reservation_id and r.status = 'held';
  end if;
end;
$$;

-- Staff: take a party off the list (remove_waitlist_entry).
create or replace function public.staff_remove_waitlist(p_entry_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  select public.remove_waitlist_entry(public.member_waitlist_entry(p_entry_id));
$$;

grant execute on function public.staff_remove_waitlist(uuid) to authenticated;

-- Branded notices before a booking exists.
--
-- "You are on the waitlist" (join_waitlist) and the payment link staff send for a booking they
-- entered (staff_create_booking) carry template_data, which the sender renders in the
-- organization's branded layout (supabase/functions/_shared/email/render.tsx, kinds
-- 'waitlist_joined' and 'payment_link'); body_text stays the plain fallback.
--
-- The facts of a waitlist entry in public.email_data's shape: "booking" describes the party
-- waiting (no code, no manage link: there is no booking yet); "money" is empty but for the
-- event's refund policy.
create or replace function public.waitlist_email_data(p_entry_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select jsonb_build_object(
      'kind', 'waitlist_joined',
      'template', null,
      'org', public.org_email_branding(w.org_id),
      'guest', jsonb_build_object('name', w.name, 'email', w.email),
      'booking', jsonb_build_object(
        'reservation_id', w.id,
        'code', '',
        'guests', w.party_size,
        'ticket_type', t.name,
        'time_slot', s.slot_label,
        'manage_path', '',
        'status', w.status),
      'event', public.email_event_facts(e, s.slot_time) || jsonb_build_object('address', null, 'address_later', false),
      'money', jsonb_build_object(
        'subtotal_cents', 0,
        'discount_cents', 0,
        'total_cents', 0,
        'is_deposit', false,
        'promo_code', null,
        'policy', public.refund_policy_text(e.refund_window_hours, e.late_refund_percent)),
      'waitlist', jsonb_build_object('leave_path', '/waitlist/leave/' || public.waitlist_leave_token_of(w.id)))
    from public.waitlist_entries w
    join public.events e on e.id = w.event_id
    left join public.ticket_types t on t.id = w.ticket_type_id
    left join public.rsvp_slots s on s.id = w.rsvp_slot_id
    where w.id = p_entry_id);
end;
$$;

comment on function public.waitlist_email_data(uuid) is
  'The facts the "on the waitlist" email shows, in public.email_data''s shape (kind waitlist_joined); stored as email_outbox.template_data. Internal.';

-- The leave link: the waitlist's own key (private.secrets 'waitlist_leave_token', data the
-- declarative schema does not carry) signs each entry's id; only the token's SHA-256 is stored.
-- The token of an entry's leave link (an HMAC of its id).
create or replace function public.waitlist_leave_token_of(p_entry_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select translate(rtrim(encode(extensions.hmac(p_entry_id::text::bytea, s.value, 'sha256'), 'base64'), '='), '+/', '-_')
  from private.secrets s
  where s.name = 'waitlist_leave_token';
$$;

-- Stamps a new entry's leave_token_hash.
create or replace function public.waitlist_entries_leave_token() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.leave_token_hash := public.manage_token_hash(public.waitlist_leave_token_of(new.id));
  return new;
end;
$$;

create trigger waitlist_entries_leave_token
  before insert on public.waitlist_entries
  for each row execute function public.waitlist_entries_leave_token();

-- The end of an offer made at p_now for a dinner starting at p_starts (event timezone p_timezone):
-- never between 22:00 and 08:00 local (runs on to 09:00), never past 30 minutes before the start.
create or replace function public.waitlist_offer_expiry(p_now timestamptz, p_starts timestamptz, p_timezone text)
returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  v_end timestamptz := p_now + case when p_starts - p_now < interval '48 hours' then interval '2 hours' else interval '12 hours' end;
  v_local timestamp := v_end at time zone p_timezone;
begin
  if v_local::time >= time '22:00' then
    v_end := (v_local::date + 1 + time '09:00') at time zone p_timezone;
  elsif v_local::time <= time '08:00' then
    v_end := (v_local::date + time '09:00') at time zone p_timezone;
  end if;
  return least(v_end, p_starts - interval '30 minutes');
end;
$$;

comment on function public.waitlist_offer_expiry(timestamptz, timestamptz, text) is
  'When an offer made at p_now lapses: 12 h (2 h within 48 h of the start); one lapsing 22:00–08:00 local runs on to 09:00; never later than 30 minutes before the start.';

-- What the leave page shows; null for a token that opens nothing.
create or replace function public.waitlist_leave_view(p_token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'status', case w.status when 'removed' then 'left' else w.status end,
    'name', w.name,
    'party_size', w.party_size,
    'ticket_type_name', t.name,
    'time_slot', s.slot_label,
    'event', jsonb_build_object('title', e.title, 'date', e.date, 'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
                                'timezone', e.event_timezone),
    'organization', jsonb_build_object('name', public.org_display_name(o.id), 'slug', o.slug,
                                       'primary_color', b.primary_color))
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  join public.organizations o on o.id = w.org_id
  left join public.org_branding b on b.org_id = o.id
  left join public.ticket_types t on t.id = w.ticket_type_id
  left join public.rsvp_slots s on s.id = w.rsvp_slot_id
  where p_token ~ '^[A-Za-z0-9_-]{43}$'
    and w.leave_token_hash = public.manage_token_hash(p_token);
$$;

-- Leaves the waitlist (idempotent): the place in line is freed, an open offer lapses at once.
create or replace function public.leave_waitlist(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  w public.waitlist_entries;
begin
  select * into w from public.waitlist_entries x
  where p_token ~ '^[A-Za-z0-9_-]{43}$' and x.leave_token_hash = public.manage_token_hash(p_token);
  if w.id is null then
    return null;
  end if;
  -- The booking lock order: the event row first, then the entry.
  perform 1 from public.events e where e.id = w.event_id for update;
  select * into w from public.waitlist_entries x where x.id = w.id for update;
  perform public.remove_waitlist_entry(w);
  return public.waitlist_leave_view(p_token);
end;
$$;
