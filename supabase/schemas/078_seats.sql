-- =============================================================================
-- The table, seat by seat: a confirmed booking for N guests has N seats.
--
-- Seat 1 is the booker's (their name and email, kept in step with the booking). The booker
-- shares the other seats from the manage page: one link per seat (/seat/{token}), or one
-- party link that gives whoever opens it the next seat nobody has claimed. A guest claims a
-- seat with their name, email and dietary needs: allergens from a fixed list (the 14 the
-- EU and UK require to be declared, see allergen_keys) and free text. Seats nobody claimed
-- read "Guest of {booker}".
--
-- Links are keys, like the manage link: each token is an HMAC of the seat's (or the
-- party's) id with the database's secret, and only its SHA-256 is stored. A link opens its
-- seat while the booking is confirmed and its dinner has not started.
--
--   sync_reservation_seats   the seats follow the booking (trigger reservations_25_seats)
--   seat_invitation(token)   what /seat/{token} shows (anyone with the link)
--   claim_seat(token, …)     claims or edits a seat (anyone with the link)
--   seat_add_addons(token…)  the seat's guest adds extras for themselves, paying for them
--   booking_seats(manage)    the booker's view: who has claimed, and the links to share
--   staff_reservation_seats  staff: a booking's seats with guests, emails and needs (the
--                            reservation dialog; the door list reads them in staff_door_list)
--   seat_email_data          an email about a booking, for a seat's guest (never the booker's links)
--   enqueue_seat_guest_message  a staff message to everyone booked, for a seat's guest
-- =============================================================================

-- The allergens a guest can tick, as stored: the 14 of UK/EU food law (Regulation (EU)
-- No 1169/2011, Annex II). Their labels live with the forms (src/lib/allergens.ts).
create or replace function public.allergen_keys() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['celery', 'gluten', 'crustaceans', 'eggs', 'fish', 'lupin', 'milk', 'molluscs', 'mustard',
               'tree_nuts', 'peanuts', 'sesame', 'soya', 'sulphites']
$$;

grant execute on function public.allergen_keys() to anon, authenticated;

create table public.reservation_seats (
  id uuid primary key default gen_random_uuid(),
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  seat_no integer not null check (seat_no >= 1),
  token_hash bytea not null unique,
  guest_name text check (char_length(btrim(guest_name)) between 1 and 100),
  guest_email text check (char_length(guest_email) <= 320 and guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  allergens text[] not null default '{}' check (allergens <@ public.allergen_keys()),
  dietary_notes text check (char_length(dietary_notes) <= 500),
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (reservation_id, seat_no),
  constraint reservation_seats_claimed_has_name check (claimed_at is null or guest_name is not null)
);

comment on table public.reservation_seats is
  'One row per guest of a confirmed booking. Seat 1 is the booker''s; the others are claimed from their links.';

comment on column public.reservation_seats.token_hash is 'SHA-256 of the seat link''s token (/seat/{token}); the token itself is never stored.';

comment on column public.reservation_seats.allergens is 'Keys of public.allergen_keys() the guest ticked.';

alter table public.reservation_seats enable row level security;

grant select on public.reservation_seats to authenticated;

create policy "Members see the seats of their organizations' bookings"
  on public.reservation_seats for select
  to authenticated
  using (exists (select 1 from public.reservations r where r.id = reservation_id and public.is_org_member(r.org_id)));

-- One seat as staff read it within a party (staff_door_list): unclaimed, "Guest of {booker}".
create type public.seat_guest as (
  seat_no integer,
  guest_name text,
  claimed boolean,
  allergens text[],
  dietary_notes text
);

-- The party link of a booking: whoever opens it claims the next free seat.
create table public.party_links (
  reservation_id uuid primary key references public.reservations (id) on delete cascade,
  token_hash bytea not null unique
);

comment on table public.party_links is 'SHA-256 of each booking''s party link token (/seat/{token}); the token itself is never stored.';

alter table public.party_links enable row level security;

-- The seats follow their booking while it is confirmed: seat 1 carries the booker's name and
-- email (a booking handed to someone else gives them seat 1 with a new link, without the
-- previous booker's needs); a larger party gets new empty seats; a smaller one loses its unclaimed seats first,
-- the highest numbers first. A cancelled booking keeps its seats (the links stop working).
create or replace function public.sync_reservation_seats(r public.reservations) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_count integer;
  v_id uuid;
begin
  if r.status <> 'confirmed' then
    return;
  end if;
  insert into public.reservation_seats (id, reservation_id, seat_no, guest_name, guest_email, claimed_at, token_hash)
  select v.id, r.id, 1, left(btrim(r.name), 100), r.email, now(), public.manage_token_hash(public.link_token_of('seat', v.id))
  from (select gen_random_uuid() as id) v
  where not exists (select 1 from public.reservation_seats s where s.reservation_id = r.id and s.seat_no = 1);
  -- A new holder (another email) gets seat 1 afresh: their own link (the previous booker's
  -- stops opening it), and none of the previous booker's needs.
  update public.reservation_seats s
  set guest_name = left(btrim(r.name), 100), guest_email = r.email,
      id = v.id, token_hash = public.manage_token_hash(public.link_token_of('seat', v.id)),
      allergens = case when v.same then s.allergens else '{}' end,
      dietary_notes = case when v.same then s.dietary_notes end
  from (select gen_random_uuid() as id) fresh,
       lateral (select case when x.guest_email = r.email then x.id else fresh.id end as id, x.guest_email = r.email as same
                from public.reservation_seats x where x.reservation_id = r.id and x.seat_no = 1) v
  where s.reservation_id = r.id and s.seat_no = 1
    and (s.guest_name, s.guest_email) is distinct from (left(btrim(r.name), 100), r.email);

  select count(*) into v_count from public.reservation_seats s where s.reservation_id = r.id;
  while v_count < r.num_guests loop
    v_id := gen_random_uuid();
    insert into public.reservation_seats (id, reservation_id, seat_no, token_hash)
    values (v_id, r.id, (select max(s.seat_no) + 1 from public.reservation_seats s where s.reservation_id = r.id),
            public.manage_token_hash(public.link_token_of('seat', v_id)));
    v_count := v_count + 1;
  end loop;
  if v_count > r.num_guests then
    -- A guest who had claimed a dropped seat is told.
    with dropped as (
      delete from public.reservation_seats s
      where s.id in (
        select x.id from public.reservation_seats x
        where x.reservation_id = r.id and x.seat_no > 1
        order by x.claimed_at is not null, x.seat_no desc
        limit v_count - r.num_guests)
      returning s.guest_name, s.guest_email, s.claimed_at
    )
    insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
    select r.org_id, r.id, 'seat_released', d.guest_email, 'Your seat at ' || e.title || ' was released',
      concat_ws(E'\n',
        'Hi ' || d.guest_name || ',',
        '',
        r.name || '''s booking for ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY') || ' is now for '
          || public.guest_count(r.num_guests) || ', so your seat is no longer part of it.',
        '',
        'To come all the same, ask ' || r.name || ', or book a seat of your own: {{site_url}}/' || o.slug,
        '',
        public.org_display_name(o.id))
    from dropped d
    join public.events e on e.id = r.event_id
    join public.organizations o on o.id = r.org_id
    where d.claimed_at is not null;
  end if;

  insert into public.party_links (reservation_id, token_hash)
  values (r.id, public.manage_token_hash(public.link_token_of('party', r.id)))
  on conflict (reservation_id) do nothing;
end;
$$;

create or replace function public.reservation_seats_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.sync_reservation_seats(new);
  return null;
end;
$$;

-- After the status and capacity trigger has settled the row (triggers run in name order).
create trigger reservations_25_seats
  after insert or update of status, num_guests, name, email on public.reservations
  for each row execute function public.reservation_seats_follow();

-- What a link opens: its seat and booking (a seat link), or its booking alone (a party link);
-- nulls for a link that opens nothing.
create or replace function public.seat_link(p_token text, out seat public.reservation_seats, out booking public.reservations)
language sql stable security definer set search_path = '' as $$
  with h as (select public.manage_token_hash(p_token) as hash where p_token ~ '^[A-Za-z0-9_-]{43}$')
  select s, r
  from h
  left join public.reservation_seats s on s.token_hash = h.hash
  join public.reservations r
    on r.id = coalesce(s.reservation_id, (select p.reservation_id from public.party_links p where p.token_hash = h.hash));
$$;

-- What /seat/{token} shows. kind: 'seat' (this seat, with what its guest entered) or 'party'
-- (the party's next free seat: empty fields). state: 'open', 'full' (a party link whose seats
-- are all claimed), 'cancelled' or 'started'. The booker's first name only, never their email.
-- The host's brand color and logo head the page, as on the booking's own page.
create or replace function public.seat_invitation(p_token text)
returns table (
  kind text, state text, seat_no integer, is_booker boolean, host_first_name text,
  event_title text, event_date date, event_time text, event_timezone text, location_name text,
  org_name text, org_slug text, org_primary_color text, org_logo_url text,
  guest_name text, guest_email text, allergens text[], dietary_notes text,
  claimed boolean, seats_left integer,
  -- Each guest paying their own seat (072_split_payments.sql): this seat 'paid' or 'due' (null
  -- otherwise, and for a party link), what it costs, until when it is held, and what giving it up
  -- now would refund (guest_cancel_seat).
  payment text, seat_cents integer, pay_by timestamptz, cancel_refund_cents integer,
  -- The per-guest extras this seat's guest could still add (seat_add_addons); null for a party link.
  addon_offers public.addon_offer[]
)
language sql stable security definer set search_path = '' as $$
  select case when (l.seat).id is null then 'party' else 'seat' end,
         case when (l.booking).status <> 'confirmed' then 'cancelled'
              when now() >= public.reservation_starts_at(l.booking) then 'started'
              when (l.seat).id is null and free.n = 0 then 'full'
              else 'open' end,
         (l.seat).seat_no, (l.seat).seat_no = 1, split_part(btrim((l.booking).name), ' ', 1),
         e.title, e.date, to_char(coalesce(sl.slot_time, e.event_time), 'HH24:MI'), e.event_timezone, e.location_name,
         public.org_display_name(e.org_id), o.slug, b.primary_color, b.logo_url,
         (l.seat).guest_name, (l.seat).guest_email, coalesce((l.seat).allergens, '{}'), (l.seat).dietary_notes,
         (l.seat).claimed_at is not null, free.n,
         pay.state, sp.seat_cents, sp.pay_by,
         case when pay.state = 'paid' and (l.seat).seat_no > 1
              then public.policy_share_cents(l.booking, sp.seat_cents) end,
         case when (l.seat).id is not null then (
           select coalesce(array_agg(o), '{}') from unnest(public.addon_offers(l.booking)) o where o.per = 'guest') end
  from public.seat_link(p_token) l
  join public.events e on e.id = (l.booking).event_id
  left join public.reservation_splits sp on sp.reservation_id = (l.booking).id
  join public.organizations o on o.id = e.org_id
  left join public.org_branding b on b.org_id = o.id
  left join public.rsvp_slots sl on sl.id = (l.booking).rsvp_slot_id
  cross join lateral (
    select count(*)::integer as n from public.reservation_seats s
    where s.reservation_id = (l.booking).id and s.claimed_at is null) free
  cross join lateral (select public.seat_payment((l.booking).id, (l.seat).seat_no) as state) pay
  where (l.booking).id is not null;
$$;

grant execute on function public.seat_invitation(text) to anon, authenticated;

-- Claims a seat, or edits what its guest entered. With a party link, the party's lowest free
-- seat is claimed (concurrent claims each get their own). Answers the claimed seat's own link,
-- for the guest to come back to.
create or replace function public.claim_seat(p_token text, p_name text, p_email text, p_allergens text[], p_dietary_notes text)
returns table (seat_token text, seat_no integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
  v_seat public.reservation_seats;
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_notes text := nullif(btrim(coalesce(p_dietary_notes, '')), '');
begin
  select * into l from public.seat_link(p_token);
  if (l.booking).id is null then
    raise exception 'This seat link is not valid.' using errcode = 'SH404';
  end if;
  if (l.booking).status <> 'confirmed' then
    raise exception 'This booking has been cancelled, so its seats can no longer be claimed.' using errcode = 'SH409';
  end if;
  if now() >= public.reservation_starts_at(l.booking) then
    raise exception 'This dinner has already started, so its seats can no longer be changed.' using errcode = 'SH409';
  end if;
  if (l.seat).seat_no = 1 then
    -- The booker's own seat: its name and email are the booking's; only their needs change here.
    v_name := (l.seat).guest_name;
    v_email := (l.seat).guest_email;
  end if;
  if char_length(v_name) = 0 then
    raise exception 'Please enter your name.' using errcode = 'P0001';
  end if;
  if char_length(v_name) > 100 then
    raise exception 'The name is too long (100 characters at most).' using errcode = 'P0001';
  end if;
  if char_length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001';
  end if;
  if not coalesce(p_allergens, '{}') <@ public.allergen_keys() then
    raise exception 'Unknown allergen: choose from the list.' using errcode = 'P0001';
  end if;
  if char_length(v_notes) > 500 then
    raise exception 'Dietary notes are too long (500 characters at most).' using errcode = 'P0001';
  end if;

  if (l.seat).id is not null then
    select * into v_seat from public.reservation_seats s where s.id = (l.seat).id for update;
  else
    select * into v_seat from public.reservation_seats s
    where s.reservation_id = (l.booking).id and s.claimed_at is null
    order by s.seat_no
    limit 1
    for update skip locked;
    if v_seat.id is null then
      raise exception 'Every seat of this party has been claimed. Ask the person who booked for a seat of their own.' using errcode = 'SH409';
    end if;
  end if;
  if v_seat.id is null then
    -- The party became smaller and this seat went with it.
    raise exception 'This seat link is not valid.' using errcode = 'SH404';
  end if;

  update public.reservation_seats s
  set guest_name = v_name, guest_email = v_email, allergens = (select coalesce(array_agg(distinct a order by a), '{}') from unnest(p_allergens) a),
      dietary_notes = v_notes, claimed_at = coalesce(s.claimed_at, now())
  where s.id = v_seat.id;
  if v_seat.claimed_at is null then
    -- The guest's own note of the claim, with their seat's link to come back to.
    insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
    select e.org_id, (l.booking).id, 'seat_claimed', v_email, 'Your seat at ' || e.title,
           concat_ws(E'\n', 'Hi ' || v_name || ',', '',
             'You have a seat at ' || e.title || ' with ' || public.org_display_name(e.org_id) || ', on '
               || to_char(e.date, 'FMDay, FMMonth FMDD') || ' at '
               || to_char(coalesce(sl.slot_time, e.event_time), 'FMHH12:MI AM') || '.',
             '', 'To change your name or what you cannot eat: {{site_url}}/seat/' || public.link_token_of('seat', v_seat.id))
    from public.events e left join public.rsvp_slots sl on sl.id = (l.booking).rsvp_slot_id
    where e.id = (l.booking).event_id;
  end if;
  return query select public.link_token_of('seat', v_seat.id), v_seat.seat_no;
end;
$$;

grant execute on function public.claim_seat(text, text, text, text[], text) to anon, authenticated;

-- Extras from a guest's own seat link, paid by that guest (the first half; settle_extra_charge
-- is the second): one of each per-guest add-on the booking can still take (a wine pairing for
-- themselves), until the kitchen is told. Where each guest pays their own seat, the seat is paid
-- first. The same key again answers the same charge as it stands.
create or replace function public.seat_add_addons(p_token text, p_addons jsonb, p_key text, p_expected_cents integer, p_payment_provider text)
returns setof public.extra_charge
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
  r public.reservations;
  v_seat record;
begin
  perform public.assert_idempotency_key(p_key);
  select * into l from public.lock_seat_link(p_token);
  r := l.booking;
  if exists (select 1 from public.addons_charge_replay(r, p_key)) then
    return query select * from public.addons_charge_replay(r, p_key);
    return;
  end if;
  select * into v_seat from public.reservation_seats s where s.id = l.seat_id;
  if v_seat.id is null then
    raise exception 'This seat link is not valid.' using errcode = 'SH404';
  end if;
  if r.status <> 'confirmed' then
    raise exception 'This booking has been cancelled, so its seats can no longer be changed.' using errcode = 'SH409';
  end if;
  if v_seat.claimed_at is null then
    raise exception 'Add your name and email to your seat first.' using errcode = 'P0001';
  end if;
  if public.seat_payment(r.id, v_seat.seat_no) = 'due' then
    raise exception 'Pay for your seat first, then add extras to it.' using errcode = 'SH409';
  end if;
  if exists (select 1 from jsonb_array_elements(case when jsonb_typeof(p_addons) = 'array' then p_addons else '[]'::jsonb end) x
             left join public.event_addons a on a.id::text = lower(btrim(coalesce(x ->> 'id', '')))
             where a.per is distinct from 'guest' or x -> 'quantity' is distinct from '1'::jsonb) then
    raise exception 'From your seat you can add one of each extra for yourself. Ask % for extras for the whole party.', r.name
      using errcode = 'P0001';
  end if;
  return query select * from public.open_addons_charge(r, p_addons, p_key, p_expected_cents, p_payment_provider, v_seat.guest_email, 'guest:seat');
end;
$$;

comment on function public.seat_add_addons(text, jsonb, text, integer, text) is
  'A guest adds per-guest extras for themselves from their seat link until the kitchen is told, paying for them (settle_extra_charge finishes it). Idempotent by the attempt''s key.';

-- The guests who claimed a seat of a booking that is cancelled are told (the booker's own email
-- says what happens to the money); in the host's words when the whole dinner was cancelled
-- (event_cancellations, 085_event_cancellation.sql). Called by cancel_with_money.
create or replace function public.tell_seat_holders_cancelled(r public.reservations, p_by text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_org text;
  v_when text;
  v_message text;
begin
  select * into e from public.events x where x.id = r.event_id;
  v_org := public.org_display_name(e.org_id);
  v_when := e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY');
  select c.message into v_message from public.event_cancellations c where c.event_id = e.id;
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  select e.org_id, r.id, 'seat_cancelled', s.guest_email, 'Cancelled: ' || e.title,
    concat_ws(E'\n',
      'Hi ' || s.guest_name || ',',
      '',
      case when v_message is not null then v_org || ' has cancelled ' || v_when || '.'
           when p_by = 'guest' then r.name || ' has cancelled their booking for ' || v_when || ', and your seat with it.'
           else v_org || ' has cancelled the booking of your seat at ' || v_when || '.' end,
      case when v_message is not null then E'\nA message from ' || v_org || E':\n' || v_message end,
      '',
      case when c.id is null then r.name || ' booked your seat and has the details of the payment.'
           when coalesce(back.cents, 0) > 0 then 'We are refunding ' || public.booking_money(back.cents::integer) || ' of the '
             || public.booking_money(c.amount_cents) || ' you paid for your seat to your card.'
           else 'What you paid for your seat is not refunded.' end,
      '',
      v_org)
  from public.reservation_seats s
  -- A guest who paid their own seat (072_split_payments.sql) is told what comes back of it.
  left join public.payment_ledger c
    on c.reservation_id = r.id and c.kind = 'charge' and c.purpose = 'seat' and c.seat_no = s.seat_no and c.status = 'completed'
  left join lateral (
    select sum(x.amount_cents) as cents from public.payment_ledger x
    where x.reservation_id = r.id and x.kind = 'refund' and x.status in ('pending', 'completed') and x.provider_payment_id = c.provider_payment_id
  ) back on true
  where s.reservation_id = r.id and s.seat_no > 1 and s.claimed_at is not null and lower(s.guest_email) <> lower(r.email);
end;
$$;

-- The booker's view of their party (manage link): every seat, who claimed it ("Guest of
-- {booker}" where nobody has), its link to share, and the party link.
-- Other guests' emails and needs are theirs: not shown.
create or replace function public.booking_seats(p_manage_token text)
returns table (seat_no integer, guest_name text, claimed boolean, is_booker boolean, seat_token text, party_token text,
               allergens text[], dietary_notes text, payment text)
language sql stable security definer set search_path = '' as $$
  select s.seat_no, coalesce(s.guest_name, 'Guest of ' || r.name), s.claimed_at is not null, s.seat_no = 1,
         public.link_token_of('seat', s.id), public.link_token_of('party', r.id),
         case when s.seat_no = 1 then s.allergens else '{}' end,
         case when s.seat_no = 1 then s.dietary_notes end,
         public.seat_payment(r.id, s.seat_no)
  from public.reservation_by_token(p_manage_token) r
  join public.reservation_seats s on s.reservation_id = r.id
  where r.status = 'confirmed'
  order by s.seat_no;
$$;

grant execute on function public.booking_seats(text) to anon, authenticated;

-- Staff: every seat of a booking, with its guest, email and needs (the reservation dialog).
-- Seats nobody claimed read "Guest of {booker}".
create or replace function public.staff_reservation_seats(p_reservation_id uuid)
returns table (seat_no integer, guest_name text, guest_email text, claimed boolean, allergens text[], dietary_notes text, payment text)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x where x.id = p_reservation_id;
  perform public.assert_member(r.org_id, 'You can only see bookings of your own organization');
  return query
  select s.seat_no, coalesce(s.guest_name, 'Guest of ' || r.name), s.guest_email, s.claimed_at is not null, s.allergens, s.dietary_notes,
         public.seat_payment(r.id, s.seat_no)
  from public.reservation_seats s
  where s.reservation_id = r.id
  order by s.seat_no;
end;
$$;

grant execute on function public.staff_reservation_seats(uuid) to authenticated;

-- An email about a booking, for the guest of one of its claimed seats: the booking's email data
-- (email_data) in that guest's name, with their own seat's link (seat.path) and without the
-- booker's manage and party links (manage_path empty), so a seat guest never holds the booking's
-- keys.
create or replace function public.seat_email_data(s public.reservation_seats, p_kind text, p_extra jsonb default '{}'::jsonb)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_set(jsonb_set(
    public.email_data(s.reservation_id, p_kind, coalesce(p_extra, '{}'::jsonb) || jsonb_build_object(
      'guest', jsonb_build_object('name', s.guest_name, 'email', s.guest_email),
      'seat', jsonb_build_object('path', '/seat/' || public.link_token_of('seat', s.id)))),
    '{booking,manage_path}', '""'), '{booking,party_path}', 'null');
$$;

-- A staff message to everyone booked (staff_email_event_guests, 050_email.sql), for the guest of
-- a claimed seat, in the seat's email data.
create or replace function public.enqueue_seat_guest_message(p_seat_id uuid, p_subject text, p_message text)
returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  select r.org_id, r.id, 'guest_email', s.guest_email, p_subject, p_message,
         public.seat_email_data(s, 'guest_message', jsonb_build_object('message', jsonb_build_object('subject', p_subject, 'body', p_message)))
  from public.reservation_seats s
  join public.reservations r on r.id = s.reservation_id
  where s.id = p_seat_id
  returning id;
$$;
