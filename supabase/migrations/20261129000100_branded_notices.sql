-- Branded notices before a booking exists (the last plain-text guest emails).
--
-- "You are on the waitlist" (join_waitlist) and the payment link staff send for a booking they
-- entered (staff_create_booking, mode 'payment_link') were plain text while every other guest
-- email is the organization's branded layout. Both now carry template_data, which the sender
-- renders (supabase/functions/_shared/email/render.tsx, kinds 'waitlist_joined' and
-- 'payment_link'); body_text stays the plain fallback, as for the other kinds. The two
-- functions are as in 20261125000300_waitlist.sql and 20261126000400_staff_bookings.sql but
-- for the outbox row's template_data.

-- The facts of a waitlist entry in public.email_data's shape: "booking" describes the party
-- waiting (no code, no manage link: there is no booking yet); "money" is empty but for the
-- event's refund policy.
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
        'policy', public.refund_policy_text(e.refund_window_hours, e.late_refund_percent)))
    from public.waitlist_entries w
    join public.events e on e.id = w.event_id
    join public.organizations o on o.id = w.org_id
    left join public.org_branding b on b.org_id = w.org_id
    left join public.ticket_types t on t.id = w.ticket_type_id
    left join public.rsvp_slots s on s.id = w.rsvp_slot_id
    where w.id = p_entry_id);
end;
$$;

revoke execute on function public.waitlist_email_data(uuid) from public, anon, authenticated;

comment on function public.waitlist_email_data(uuid) is
  'The facts the "on the waitlist" email shows, in public.email_data''s shape (kind waitlist_joined); stored as email_outbox.template_data. Internal.';

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
          || ' (party of ' || w.party_size || coalesce(', ' || t.name, ', ' || s.slot_label, '') || ').',
        'If seats free up, we will hold them for you and email you a link to claim them.',
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

create or replace function public.staff_create_booking(
  p_event_id uuid,
  p_ticket_type_id uuid,
  p_rsvp_slot_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_mode text default 'comp',
  p_cash_cents integer default null,
  p_send_confirmation boolean default true,
  p_request_key text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  e public.events;
  v_key text;
  v_hold jsonb;
  r public.reservations;
  v_subtotal integer;
  v_cash integer;
  v_expires timestamptz;
  v_confirmed boolean := true;
begin
  select * into e from public.events x where x.id = p_event_id;
  if e.id is null or not public.is_org_member(e.org_id) then
    raise exception 'You can only add bookings to events of your own organization' using errcode = 'SH403';
  end if;
  if p_mode is null or p_mode not in ('comp', 'cash', 'payment_link') then
    raise exception 'Choose how the booking is paid: complimentary, cash, or a payment link' using errcode = 'P0001';
  end if;
  if num_nonnulls(p_ticket_type_id, p_rsvp_slot_id) <> 1 then
    raise exception 'Choose a ticket type or a time slot' using errcode = 'P0001';
  end if;
  if p_cash_cents is not null and p_cash_cents < 0 then
    raise exception 'The cash amount cannot be negative' using errcode = 'P0001';
  end if;

  v_key := 'st-' || left(md5(e.id::text || ':' || coalesce(nullif(btrim(p_request_key), ''), gen_random_uuid()::text)), 40);
  v_hold := public.hold_booking(
    p_idempotency_key => v_key,
    p_event_id => e.id,
    p_guests => p_guests,
    p_name => p_name,
    p_email => p_email,
    p_phone => p_phone,
    p_pricing => case when p_ticket_type_id is not null then 'ticket' else 'deposit' end,
    p_ticket_type => p_ticket_type_id::text,
    p_rsvp_slot_id => p_rsvp_slot_id,
    p_dietary_restrictions => p_dietary_restrictions,
    p_special_requests => p_special_requests);
  select * into r from public.reservations x where x.id = (v_hold ->> 'reservation_id')::uuid;

  if not coalesce((v_hold ->> 'existing')::boolean, false) then
    v_subtotal := r.amount_cents + r.discount_cents;
    if not coalesce(p_send_confirmation, true) then
      perform set_config('supperhost.skip_confirmation_email', r.id::text, true);
    end if;
    if p_mode = 'comp' or v_subtotal = 0 or (p_mode = 'cash' and p_cash_cents = 0) then
      update public.reservations x set amount_cents = 0, discount_cents = v_subtotal where x.id = r.id;
      v_confirmed := public.confirm_booking(r.id, 'comp', null);
    elsif p_mode = 'cash' then
      v_cash := coalesce(p_cash_cents, r.amount_cents);
      update public.reservations x set amount_cents = v_cash, discount_cents = greatest(v_subtotal - v_cash, 0) where x.id = r.id;
      v_confirmed := public.confirm_booking(r.id, 'cash', 'cash-' || r.id::text);
    else
      v_expires := least(now() + interval '24 hours',
        public.reservation_starts_at(r) - interval '30 minutes');
      if v_expires <= now() + interval '15 minutes' then
        v_expires := now() + interval '15 minutes';
      end if;
      update public.reservations x set hold_expires_at = v_expires where x.id = r.id;
      insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
      select r.org_id, r.id, 'payment_link', r.email,
        'Complete your booking at ' || coalesce(nullif(btrim(b.brand_name), ''), o.name) || ': ' || e.title,
        concat_ws(E'\n',
          'Hi ' || r.name || ',',
          '',
          'Your seats for ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY') || ' (' || r.num_guests
            || case when r.num_guests = 1 then ' guest' else ' guests' end || ') are held for you until '
            || to_char(v_expires at time zone e.event_timezone, 'FMDay FMHH12:MI AM') || '.',
          'Pay ' || public.booking_money(r.amount_cents) || ' to confirm them: {{site_url}}/pay/' || public.manage_token_of(r.id),
          '',
          coalesce(nullif(btrim(b.brand_name), ''), o.name)),
        public.email_data(r.id, 'payment_link', jsonb_build_object('offer', jsonb_build_object(
          'claim_path', '/pay/' || public.manage_token_of(r.id), 'expires_at', v_expires, 'guests', r.num_guests)))
      from public.organizations o left join public.org_branding b on b.org_id = o.id
      where o.id = r.org_id;
    end if;
    perform set_config('supperhost.skip_confirmation_email', '', true);
    if not v_confirmed then
      raise exception 'The booking could not be confirmed. Please try again.' using errcode = 'SH409';
    end if;
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'staff_booking', jsonb_build_object('mode', p_mode, 'by', (select auth.uid()), 'cash_cents', v_cash));
    select * into r from public.reservations x where x.id = r.id;
  end if;

  return jsonb_build_object(
    'reservation_id', r.id,
    'status', r.status,
    'booking_code', r.booking_code,
    'amount_cents', r.amount_cents,
    'mode', p_mode,
    'hold_expires_at', case when r.status = 'held' then r.hold_expires_at end,
    'payment_path', case when r.status = 'held' then '/pay/' || public.manage_token_of(r.id) end,
    'money', public.money_of(r.id));
end;
$$;
