-- =============================================================================
-- Waitlist: offers that never lapse at night, and a link to leave the list
--
-- Offer length: as before (12 hours; 2 hours when the dinner starts within 48
-- hours), but an offer that would lapse between 22:00 and 08:00 on the event's
-- wall clock runs on to 09:00 the next morning, so nobody loses seats while
-- asleep; and it never outlives the dinner (at the latest 30 minutes before the
-- start, as before: the cap wins over the morning).
--
-- Leaving: every waitlist email (joined, offer) carries /waitlist/leave/{token}.
-- The token is an HMAC of the entry id with a key in private.secrets; only its
-- SHA-256 is stored (waitlist_entries.leave_token_hash), as for the manage link.
-- Opening the link only shows what it would do (mail scanners open links); the
-- page's button leaves (leave_waitlist). Leaving is idempotent, frees the place
-- in line, and an open offer lapses at once so its seats go to the next party.
-- =============================================================================

insert into private.secrets (name, value)
values ('waitlist_leave_token', extensions.gen_random_bytes(32))
on conflict (name) do nothing;

create or replace function public.waitlist_leave_token_of(p_entry_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.hmac(p_entry_id::text::bytea, s.value, 'sha256'), 'base64'), '='), '+/', '-_')
  from private.secrets s
  where s.name = 'waitlist_leave_token';
$$;

alter table public.waitlist_entries add column leave_token_hash bytea unique;
comment on column public.waitlist_entries.leave_token_hash is
  'SHA-256 of the leave link token (/waitlist/leave/{token}); the token itself is never stored.';

update public.waitlist_entries w
set leave_token_hash = public.manage_token_hash(public.waitlist_leave_token_of(w.id))
where w.leave_token_hash is null;

create or replace function public.waitlist_entries_leave_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.leave_token_hash := public.manage_token_hash(public.waitlist_leave_token_of(new.id));
  return new;
end;
$$;

create trigger waitlist_entries_leave_token
  before insert on public.waitlist_entries
  for each row execute function public.waitlist_entries_leave_token();

-- -----------------------------------------------------------------------------
-- When an offer lapses
-- -----------------------------------------------------------------------------

-- The end of an offer made at p_now for a dinner starting at p_starts (event
-- timezone p_timezone). Pure: tests call it with a fixed now.
create or replace function public.waitlist_offer_expiry(p_now timestamptz, p_starts timestamptz, p_timezone text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
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

-- As in 20261125000300_waitlist.sql, but for the offer's end (waitlist_offer_expiry) and the
-- leave link in the offer email.
create or replace function public.offer_to_waitlist_entry(w public.waitlist_entries)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  if not e.is_active or v_starts - now() < interval '30 minutes' then
    return null;
  end if;
  v_expires := public.waitlist_offer_expiry(now(), v_starts, e.event_timezone);

  begin
    -- The server's price for exactly this party (a quote: capacity is the insert's to check).
    v_quote := public.booking_evaluate(
      w.event_id, w.party_size, case when w.ticket_type_id is not null then 'ticket' else 'deposit' end,
      w.ticket_type_id::text, w.rsvp_slot_id, null, null, null, 10, null, null, false);
    insert into public.reservations (
      org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, num_guests, time_slot,
      status, amount_cents, discount_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent
    ) values (
      w.org_id, w.event_id, w.ticket_type_id, w.rsvp_slot_id, w.name, w.email, w.party_size, v_quote ->> 'time_slot',
      'held', (v_quote ->> 'total_cents')::integer, 0, 'wl-' || w.id::text, v_expires,
      e.refund_window_hours, e.late_refund_percent
    )
    returning * into v_row;
  exception when sqlstate 'SH409' or sqlstate 'SH404' or sqlstate 'P0001' then
    return null;
  end;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_row.amount_cents, 'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'pricing', case when w.ticket_type_id is not null then 'ticket' else 'deposit' end, 'waitlist_entry', w.id));
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

-- -----------------------------------------------------------------------------
-- The "on the waitlist" email carries the leave link
-- -----------------------------------------------------------------------------

-- As in 20261129000100_branded_notices.sql, plus "waitlist": { leave_path }.
create or replace function public.waitlist_email_data(p_entry_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      'kind', 'waitlist_joined',
      'template', null,
      'org', jsonb_build_object(
        'name', coalesce(nullif(btrim(b.brand_name), ''), o.name),
        'slug', o.slug,
        'logo_url', b.logo_url,
        'primary_color', b.primary_color,
        'secondary_color', b.secondary_color),
      'guest', jsonb_build_object('name', w.name, 'email', w.email),
      'booking', jsonb_build_object(
        'reservation_id', w.id,
        'code', '',
        'guests', w.party_size,
        'ticket_type', t.name,
        'time_slot', s.slot_label,
        'manage_path', '',
        'status', w.status),
      'event', jsonb_build_object(
        'title', e.title,
        'date', to_char(e.date, 'YYYY-MM-DD'),
        'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
        'timezone', e.event_timezone,
        'starts_at', (e.date + coalesce(s.slot_time, e.event_time)) at time zone e.event_timezone,
        'location_name', e.location_name,
        'location_address', e.location_address,
        'address', null,
        'address_later', false,
        'reminder_hours', e.reminder_hours),
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
    join public.organizations o on o.id = w.org_id
    left join public.org_branding b on b.org_id = w.org_id
    left join public.ticket_types t on t.id = w.ticket_type_id
    left join public.rsvp_slots s on s.id = w.rsvp_slot_id
    where w.id = p_entry_id);
end;
$$;

-- As in 20261129000100_branded_notices.sql, but the plain text names the party in words
-- ("1 guest") and ends with the leave link.
create or replace function public.join_waitlist(
  p_event_id uuid,
  p_ticket_type_id uuid,
  p_rsvp_slot_id uuid,
  p_name text,
  p_email text,
  p_party_size integer
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
        e.id, p_party_size, case when p_ticket_type_id is not null then 'ticket' else 'deposit' end,
        p_ticket_type_id::text, p_rsvp_slot_id, null, null, null, 10, null, null, false);
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
          || ' (' || w.party_size || case when w.party_size = 1 then ' guest' else ' guests' end
          || coalesce(', ' || t.name, ', ' || s.slot_label, '') || ').',
        'If seats free up, we will hold them for you and email you a link to claim them.',
        '',
        'Leave the waitlist: {{site_url}}/waitlist/leave/' || public.waitlist_leave_token_of(w.id),
        '',
        coalesce(nullif(btrim(b.brand_name), ''), o.name)),
      public.waitlist_email_data(w.id)
    from public.organizations o
    left join public.org_branding b on b.org_id = o.id
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

-- -----------------------------------------------------------------------------
-- Leaving
-- -----------------------------------------------------------------------------

-- What the leave page shows; null for a token that opens nothing. status:
-- 'waiting' | 'offered' (still on the list), 'left' (left or taken off),
-- 'claimed', 'expired' (an offer that lapsed: the party is off the list).
create or replace function public.waitlist_leave_view(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', case w.status when 'removed' then 'left' else w.status end,
    'name', w.name,
    'party_size', w.party_size,
    'ticket_type_name', t.name,
    'time_slot', s.slot_label,
    'event', jsonb_build_object('title', e.title, 'date', e.date, 'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
                                'timezone', e.event_timezone),
    'organization', jsonb_build_object('name', coalesce(nullif(btrim(b.brand_name), ''), o.name), 'slug', o.slug,
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

-- The guest leaves the list. Idempotent: a party already off the list (left,
-- taken off, claimed, lapsed) changes nothing. An open offer lapses now, and the
-- reservation trigger offers its seats to the next party in the same transaction.
create or replace function public.leave_waitlist(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  if w.status in ('waiting', 'offered') then
    update public.waitlist_entries x set status = 'removed' where x.id = w.id;
    if w.status = 'offered' and w.reservation_id is not null then
      update public.reservations r set status = 'expired' where r.id = w.reservation_id and r.status = 'held';
    end if;
  end if;
  return public.waitlist_leave_view(p_token);
end;
$$;

-- -----------------------------------------------------------------------------
-- "{{party_size}}": the party in words for email templates ("1 guest", "2 guests")
-- -----------------------------------------------------------------------------

create or replace function public.email_placeholders()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    'guest_name', 'event_title', 'event_date', 'event_time', 'guests', 'party_size', 'booking_code', 'manage_link',
    'address', 'org_name', 'ticket_type', 'total', 'refund_policy', 'refund_amount', 'claim_link', 'offer_expires'
  ];
$$;

-- Saved templates that wrote "{{guests}} guests" (and so "1 guests") now say it in words.
update public.email_templates
set body = replace(body, '{{guests}} guests', '{{party_size}}'),
    subject = replace(subject, '{{guests}} guests', '{{party_size}}')
where body like '%{{guests}} guests%' or subject like '%{{guests}} guests%';

-- -----------------------------------------------------------------------------
-- Grants
-- -----------------------------------------------------------------------------

revoke execute on function
  public.waitlist_leave_token_of(uuid),
  public.waitlist_entries_leave_token(),
  public.waitlist_offer_expiry(timestamptz, timestamptz, text),
  public.offer_to_waitlist_entry(public.waitlist_entries),
  public.waitlist_email_data(uuid),
  public.join_waitlist(uuid, uuid, uuid, text, text, integer),
  public.waitlist_leave_view(text),
  public.leave_waitlist(text)
from public, anon, authenticated;

grant execute on function
  public.waitlist_offer_expiry(timestamptz, timestamptz, text),
  public.join_waitlist(uuid, uuid, uuid, text, text, integer),
  public.waitlist_leave_view(text),
  public.leave_waitlist(text)
to service_role;
