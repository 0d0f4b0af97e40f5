-- Repair: what earlier sessions changed by editing migrations that had already landed.
--
-- `supabase db push` applies only migrations whose version the database has not recorded, so
-- an edit to an applied migration never reaches a deployed database. Nine objects were changed
-- that way after they first landed (found by `npm run db:drift`, which applies each earlier
-- commit's migrations, then the newer ones, and compares the catalog with a fresh database).
-- This migration declares each of them as it now is, so every database that can be upgraded
-- ends the same as a fresh one; on a fresh database it changes nothing. Landed migrations are
-- frozen from now on (supabase/migrations.lock, tests/db/migrations-lock.test.ts): a change is a
-- new migration.
--
-- The definitions below are PostgreSQL's own rendering (pg_get_functiondef) of the current ones;
-- their commented sources are in:
--   admin_create_event            20261123003000_admin.sql
--   booking_evaluate, booking_summary, confirm_booking
--                                 20261123002000_booking.sql
--   get_supper_club_availability  20261124001000_supper_club_availability.sql
--   is_reserved_org_slug          20261123000100_organizations_and_access.sql
--   payments_to_reconcile         20261125000100_money.sql
--   waitlist_offer_view           20261125000300_waitlist.sql

alter table public.payment_ledger drop constraint if exists payment_ledger_provider_check;
alter table public.payment_ledger add constraint payment_ledger_provider_check check (provider = any (array['square', 'test', 'cash']));

CREATE OR REPLACE FUNCTION public.admin_create_event(p_event jsonb, p_ticket_types jsonb DEFAULT '[]'::jsonb, p_rsvp_slots jsonb DEFAULT '[]'::jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  new_id uuid;
  is_rsvp boolean := coalesce((p_event ->> 'rsvp_mode')::boolean, false);
begin
  if coalesce(btrim(p_event ->> 'title'), '') = '' or (p_event ->> 'date') is null or (p_event ->> 'org_id') is null then
    raise exception 'Title, date and organization are required' using errcode = '22023';
  end if;
  if not is_rsvp and jsonb_array_length(coalesce(p_ticket_types, '[]'::jsonb)) = 0 then
    raise exception 'A reservation event needs at least one ticket type' using errcode = '22023';
  end if;
  if is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 and (p_event ->> 'max_guests') is null then
    raise exception 'An RSVP event needs max guests or at least one slot' using errcode = '22023';
  end if;

  insert into public.events (
    org_id, title, date, event_time, event_timezone, max_guests, location_name, location_address,
    event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
    refund_window_hours, late_refund_percent, reminder_hours
  )
  values (
    (p_event ->> 'org_id')::uuid,
    btrim(p_event ->> 'title'),
    (p_event ->> 'date')::date,
    coalesce((p_event ->> 'event_time')::time, '19:00'),
    coalesce(p_event ->> 'event_timezone', 'America/New_York'),
    (p_event ->> 'max_guests')::integer,
    nullif(btrim(p_event ->> 'location_name'), ''),
    nullif(btrim(p_event ->> 'location_address'), ''),
    nullif(btrim(p_event ->> 'event_details_disclosures'), ''),
    coalesce((p_event ->> 'is_active')::boolean, true),
    is_rsvp,
    coalesce((p_event ->> 'rsvp_open')::boolean, is_rsvp),
    (p_event ->> 'deposit_amount')::integer,
    (p_event ->> 'refund_window_hours')::integer,
    coalesce((p_event ->> 'late_refund_percent')::integer, 0),
    coalesce((p_event ->> 'reminder_hours')::integer, 24)
  )
  returning id into new_id;

  -- The private address (members only; 20261125000200_guest_emails.sql), with the event.
  if nullif(btrim(p_event ->> 'private_address'), '') is not null then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (new_id, (p_event ->> 'org_id')::uuid, btrim(p_event ->> 'private_address'), coalesce(p_event ->> 'address_delivery', 'confirmation'));
  end if;

  insert into public.ticket_types (event_id, name, price, quantity)
  select new_id, btrim(t ->> 'name'), (t ->> 'price')::integer, (t ->> 'quantity')::integer
  from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) with ordinality as x(t, n)
  order by n;

  insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active)
  select new_id, (s ->> 'slot_time')::time, btrim(s ->> 'slot_label'), (s ->> 'max_capacity')::integer, 0, true
  from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x(s);

  return new_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_evaluate(p_event_id uuid, p_guests integer, p_pricing text, p_ticket_type text, p_rsvp_slot_id uuid, p_time_slot text, p_promo_code text, p_unit_price_cents integer, p_max_guests integer, p_org_slug text, p_slot_cap integer, p_lock boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_event public.events;
  v_org public.organizations;
  v_rsvp_org boolean;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_promo public.promo_codes;
  v_unit integer;
  v_subtotal integer;
  v_discount integer := 0;
  v_taken integer;
  v_left integer;
  v_slot_capacity integer;
  v_max_guests integer := least(coalesce(p_max_guests, 10), 10);
  v_code text := nullif(btrim(coalesce(p_promo_code, '')), '');
  v_slot_key text := nullif(btrim(coalesce(p_time_slot, '')), '');
  v_ticket_key text := nullif(btrim(coalesce(p_ticket_type, '')), '');
begin
  if p_pricing is null or p_pricing not in ('ticket', 'deposit', 'fixed') then
    raise exception 'Unknown pricing %', coalesce(p_pricing, 'null') using errcode = 'P0001';
  end if;
  if p_guests is null or p_guests < 1 then
    raise exception 'At least 1 guest is required.' using errcode = 'P0001';
  end if;
  if p_guests > v_max_guests then
    raise exception 'A booking is limited to % guests.', v_max_guests using errcode = 'P0001';
  end if;
  if p_slot_cap is not null and p_slot_cap < 0 then
    raise exception 'A slot cap cannot be negative' using errcode = 'P0001';
  end if;

  -- The event, locked for the rest of the transaction when holding.
  if p_lock then
    select * into v_event from public.events e where e.id = p_event_id for update;
  else
    select * into v_event from public.events e where e.id = p_event_id;
  end if;
  select * into v_org from public.organizations o where o.id = v_event.org_id;
  if v_event.id is null or not v_event.is_active
     or (p_org_slug is not null and v_org.slug is distinct from p_org_slug) then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if not public.is_upcoming_event(v_event.date, v_event.event_time, v_event.event_timezone) then
    raise exception 'This event has already started. Please select an upcoming event.' using errcode = 'SH409';
  end if;

  if p_lock then
    -- Stale holds of this event give their seats back (through the trigger)
    -- before anything is counted.
    update public.reservations r
    set status = 'expired'
    where r.event_id = v_event.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at);
  end if;

  -- What is being booked, and its unit price.
  if p_pricing = 'ticket' then
    if v_ticket_key is not null then
      select * into v_ticket
      from public.ticket_types t
      where t.event_id = v_event.id
        and (t.id::text = lower(v_ticket_key) or lower(t.name) = lower(v_ticket_key))
      order by (t.id::text = lower(v_ticket_key)) desc, t.created_at
      limit 1;
    end if;
    if v_ticket.id is null then
      raise exception 'Ticket type not found. Please select a valid ticket type.' using errcode = 'SH404';
    end if;
    v_unit := v_ticket.price;
  else
    if p_rsvp_slot_id is not null then
      select * into v_slot from public.rsvp_slots s where s.id = p_rsvp_slot_id and s.event_id = v_event.id;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    elsif v_slot_key is not null then
      select * into v_slot
      from public.rsvp_slots s
      where s.event_id = v_event.id
        and (lower(s.slot_label) = lower(v_slot_key) or s.id::text = lower(v_slot_key))
      order by s.is_active desc, s.slot_time
      limit 1;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    else
      raise exception 'Please select a time slot' using errcode = 'P0001';
    end if;
    if not v_slot.is_active then
      raise exception 'The % time slot is not available. Please select another time.', v_slot.slot_label
        using errcode = 'SH409';
    end if;

    if p_pricing = 'deposit' then
      select coalesce(b.reservation_mode = 'rsvp', false) into v_rsvp_org
      from public.org_branding b where b.org_id = v_event.org_id;
      if not (v_event.rsvp_mode or coalesce(v_rsvp_org, false)) then
        raise exception 'This event does not take RSVPs.' using errcode = 'SH409';
      end if;
      if v_event.rsvp_mode and not v_event.rsvp_open then
        raise exception 'RSVPs are closed for this event.' using errcode = 'SH409';
      end if;
      v_unit := coalesce(v_event.deposit_amount, 500);
    else
      if p_unit_price_cents is null or p_unit_price_cents < 0 then
        raise exception 'A fixed price is required' using errcode = 'P0001';
      end if;
      v_unit := p_unit_price_cents;
    end if;
  end if;

  -- Capacity, as the triggers will count it (exact under the hold's locks,
  -- advisory for a quote, which counts stale holds as free: the next hold
  -- releases them).
  if not p_lock then
    if v_ticket.id is not null then
      v_ticket.quantity := v_ticket.quantity + coalesce((
        select sum(r.num_guests) from public.reservations r
        where r.ticket_type_id = v_ticket.id and public.is_abandoned_hold(r.status, r.hold_expires_at)), 0);
    end if;
    if v_slot.id is not null then
      v_slot.current_rsvps := greatest(v_slot.current_rsvps - coalesce((
        select sum(r.num_guests) from public.reservations r
        where r.rsvp_slot_id = v_slot.id and public.is_abandoned_hold(r.status, r.hold_expires_at)), 0), 0);
    end if;
  end if;
  if v_ticket.id is not null and v_ticket.quantity < p_guests then
    raise exception 'Only % tickets available for %.', v_ticket.quantity, v_ticket.name
      using errcode = 'SH409',
            detail = jsonb_build_object('kind', 'ticket_type', 'available', v_ticket.quantity)::text;
  end if;
  -- The slot's capacity, within the caller's own cap per slot (counted under the
  -- event lock when holding, like the triggers' own check against max_capacity).
  v_slot_capacity := least(v_slot.max_capacity, coalesce(p_slot_cap, v_slot.max_capacity));
  if v_slot.id is not null and v_slot_capacity - v_slot.current_rsvps < p_guests then
    v_left := greatest(v_slot_capacity - v_slot.current_rsvps, 0);
    if p_pricing = 'fixed' then
      raise exception 'Not enough tickets for % at % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_slot.slot_label, v_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    elsif v_left = 0 then
      raise exception 'The % time slot is full. Please select another time.', v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', 0)::text;
    else
      raise exception 'Only % spots left in the % time slot. Please select another time or fewer guests.', v_left, v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    end if;
  end if;
  if v_event.max_guests is not null then
    select coalesce(sum(r.num_guests), 0) into v_taken
    from public.reservations r
    where r.event_id = v_event.id
      and public.holds_seats(r.status, r.hold_expires_at);
    if v_taken + p_guests > v_event.max_guests then
      v_left := greatest(v_event.max_guests - v_taken, 0);
      if p_pricing = 'fixed' then
        raise exception 'Not enough tickets for % (% left). Please select another date or reduce tickets.',
          to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_left
          using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_left)::text;
      end if;
      raise exception 'Only % % left for this event.', v_left, case when v_left = 1 then 'seat' else 'seats' end
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_left)::text;
    end if;
  end if;

  v_subtotal := v_unit * p_guests;

  -- Promo code: the event's organization, any case.
  if v_code is not null then
    perform public.assert_promo_attempts_allowed(v_event.id);
    select * into v_promo
    from public.promo_codes p
    where p.org_id = v_event.org_id and lower(p.code) = lower(v_code);
    -- Unknown, inactive and used-up codes are refused alike (no hint for guessing).
    -- (A code outside its validity window or limited to other events too:
    -- promo_applies, 20261126000300_admin_tools.sql.)
    if v_promo.id is null or not v_promo.active or not public.promo_applies(v_promo, v_event.id) then
      raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
    end if;
    if v_promo.max_uses is not null then
      if p_lock then
        -- Holds of one code queue here; a use is reserved by the hold itself
        -- (counted below) and redeemed when its booking is confirmed.
        perform pg_advisory_xact_lock(hashtextextended('supperhost.promo:' || v_promo.id::text, 0));
        select * into v_promo from public.promo_codes p where p.id = v_promo.id;
      end if;
      if public.promo_uses_taken(v_promo.id) >= v_promo.max_uses then
        raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
      end if;
    end if;
    if v_promo.discount_type = 'percent' then
      v_discount := round(v_subtotal * v_promo.discount_amount / 100.0)::integer;
    else
      v_discount := v_promo.discount_amount;
    end if;
    v_discount := least(greatest(v_discount, 0), v_subtotal);
  end if;

  return jsonb_build_object(
    'event_id', v_event.id,
    'org_id', v_event.org_id,
    'org_name', v_org.name,
    'event_title', v_event.title,
    'event_date', v_event.date,
    'ticket_type_id', v_ticket.id,
    'ticket_type_name', v_ticket.name,
    'rsvp_slot_id', v_slot.id,
    'time_slot', coalesce(v_slot.slot_label, v_slot_key),
    'guests', p_guests,
    'unit_price_cents', v_unit,
    'subtotal_cents', v_subtotal,
    'discount_cents', v_discount,
    'total_cents', v_subtotal - v_discount,
    'promo', case when v_promo.id is null then null else jsonb_build_object(
      'id', v_promo.id,
      'code', v_promo.code,
      'discount_type', v_promo.discount_type,
      'discount_amount', v_promo.discount_amount) end
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_summary(p_reservation public.reservations, p_existing boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'reservation_id', p_reservation.id,
    'existing', p_existing,
    'status', p_reservation.status,
    'event_id', p_reservation.event_id,
    'org_id', p_reservation.org_id,
    'ticket_type_id', p_reservation.ticket_type_id,
    'rsvp_slot_id', p_reservation.rsvp_slot_id,
    'time_slot', p_reservation.time_slot,
    'name', p_reservation.name,
    'email', p_reservation.email,
    'guests', p_reservation.num_guests,
    'subtotal_cents', p_reservation.amount_cents + p_reservation.discount_cents,
    'discount_cents', p_reservation.discount_cents,
    'total_cents', p_reservation.amount_cents,
    'amount_cents', p_reservation.amount_cents,
    'promo_code_id', p_reservation.promo_code_id,
    'idempotency_key', p_reservation.idempotency_key,
    'hold_expires_at', p_reservation.hold_expires_at,
    'hold_expired', public.is_abandoned_hold(p_reservation.status, p_reservation.hold_expires_at),
    'payment_provider', p_reservation.payment_provider,
    'payment_id', p_reservation.payment_id,
    'booking_code', p_reservation.booking_code,
    'manage_token', public.manage_token_of(p_reservation.id),
    'refund_policy', public.refund_policy_text(p_reservation.refund_window_hours, p_reservation.late_refund_percent),
    'event_title', (select e.title from public.events e where e.id = p_reservation.event_id),
    'event_date', (select e.date from public.events e where e.id = p_reservation.event_id),
    'org_name', (select o.name from public.organizations o where o.id = p_reservation.org_id),
    -- The last answer given for this booking (replayed to retries).
    -- The card token of the first attempt: a retry charges that same token with the
    -- same key, so the processor answers with its first result (Square refuses a
    -- reused key with a different token).
    'payment_source', (
      select be.detail ->> 'payment_source' from public.booking_events be
      where be.reservation_id = p_reservation.id and be.kind = 'held' and be.detail ->> 'payment_source' is not null
      order by be.id limit 1),
    'outcome', (
      select be.detail from public.booking_events be
      where be.reservation_id = p_reservation.id and be.kind = 'outcome'
      order by be.id desc limit 1)
  );
$function$;

CREATE OR REPLACE FUNCTION public.confirm_booking(p_reservation_id uuid, p_payment_provider text, p_payment_id text DEFAULT NULL::text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r public.reservations;
  v_promo public.promo_codes;
begin
  if p_payment_provider is null or btrim(p_payment_provider) = '' then
    raise exception 'A payment provider is required' using errcode = 'P0001';
  end if;

  select * into r from public.reservations x where x.id = p_reservation_id;
  if r.id is null then
    raise exception 'Reservation not found' using errcode = 'SH404';
  end if;
  if r.status = 'confirmed' or (r.status = 'held' and r.hold_expires_at > now() + interval '30 seconds') then
    -- The usual case: a live hold becomes confirmed without moving any seats, so the
    -- reservation row lock is enough and bookings of the event do not queue behind it.
    select * into r from public.reservations x where x.id = p_reservation_id for update;
  else
    -- Seats may move (a stale hold expires, an expired one takes seats again): take
    -- the event row first, in the same order as hold_booking and the triggers.
    perform 1 from public.events e where e.id = r.event_id for update;
    select * into r from public.reservations x where x.id = p_reservation_id for update;
  end if;

  -- Whatever happens to the booking, money that moved is on the ledger.
  if p_payment_id is not null then
    update public.payment_ledger l
    set status = 'completed', provider = p_payment_provider, provider_payment_id = p_payment_id
    where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging';
    if not found and not exists (
      select 1 from public.payment_ledger l
      where l.reservation_id = r.id and l.kind = 'charge' and l.provider_payment_id = p_payment_id
    ) then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, provider_payment_id, idempotency_key, actor)
      values (r.id, r.org_id, 'charge', 'completed', r.amount_cents, r.num_guests, p_payment_provider, p_payment_id, r.idempotency_key, 'guest')
      on conflict (kind, idempotency_key) do nothing;
    end if;
  end if;

  if r.status = 'confirmed' then
    return r.payment_provider is not distinct from p_payment_provider
       and r.payment_id is not distinct from p_payment_id;
  end if;
  if r.status in ('failed', 'cancelled') then
    return false;
  end if;
  -- Once a refund of this booking's charge has started, it is never confirmed.
  if exists (select 1 from public.booking_events be where be.reservation_id = r.id and be.kind = 'refund_requested') then
    return false;
  end if;

  if public.is_abandoned_hold(r.status, r.hold_expires_at) then
    update public.reservations x set status = 'expired' where x.id = r.id returning * into r;
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'expired', jsonb_build_object('at', 'confirmation'));
  end if;

  if r.status = 'held' then
    begin
      update public.reservations x
      set status = 'confirmed',
          payment_provider = p_payment_provider,
          payment_id = p_payment_id,
          confirmed_at = now()
      where x.id = r.id;
    exception when sqlstate 'SH410' then
      -- A live hold keeps its promo code even if staff switched the code off
      -- while the guest was paying (the trigger honours it). Only a code whose
      -- max_uses was lowered to its confirmed uses or below since the hold is
      -- refused here: the caller refunds, and the seats go back now, not at expiry.
      update public.reservations x set status = 'failed' where x.id = r.id;
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'promo code no longer redeemable'));
      return false;
    end;
  else
    -- Expired: try to take the seats (and the promo use) again.
    begin
      if r.promo_code_id is not null then
        perform pg_advisory_xact_lock(hashtextextended('supperhost.promo:' || r.promo_code_id::text, 0));
        select * into v_promo from public.promo_codes p where p.id = r.promo_code_id;
        if v_promo.max_uses is not null then
          if public.promo_uses_taken(v_promo.id) >= v_promo.max_uses then
            raise exception 'promo exhausted' using errcode = 'SH410';
          end if;
        end if;
      end if;
      update public.reservations x
      set status = 'confirmed',
          payment_provider = p_payment_provider,
          payment_id = p_payment_id,
          confirmed_at = now()
      where x.id = r.id;
    exception when sqlstate 'SH409' or sqlstate 'SH410' then
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'hold expired and its seats are gone', 'error', sqlerrm));
      return false;
    end;
  end if;

  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'confirmed', jsonb_build_object('payment_provider', p_payment_provider, 'payment_id', p_payment_id));
  -- A booking made free by its discount is a comp of that value.
  if r.amount_cents = 0 and r.discount_cents > 0 then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, reason, actor)
    values (r.id, r.org_id, 'comp', 'completed', r.discount_cents, r.num_guests, 'Promo code', 'system');
  end if;
  -- Staff entering a booking may turn the guest's confirmation off (staff_create_booking).
  if coalesce(current_setting('supperhost.skip_confirmation_email', true), '') is distinct from r.id::text then
    perform public.enqueue_booking_confirmation(r.id);
  end if;
  return true;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_supper_club_availability(p_org_slug text, p_slot_cap integer DEFAULT NULL::integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'id', v.id,
        'title', v.title,
        'date', v.date,
        'event_time', v.event_time,
        'event_timezone', v.event_timezone,
        'refund_policy', v.refund_policy,
        'available_seats', greatest(
          case when v.max_guests is null then seatings.seats_left else least(seatings.seats_left, v.available_seats) end,
          0
        ),
        'slots', seatings.list
      )
      order by v.date, v.event_time, v.id
    ),
    '[]'::jsonb
  )
  from public.organizations o
  join public.events_with_availability v on v.org_id = o.id
  cross join lateral (
    select
      coalesce(
        jsonb_agg(
          jsonb_build_object(
            'id', slot.value -> 'id',
            'label', slot.value -> 'slot_label',
            'time', slot.value -> 'slot_time',
            'capacity', seat.capacity,
            'available', seat.available
          )
          order by slot.position
        ),
        '[]'::jsonb
      ) as list,
      coalesce(sum(seat.available), 0)::integer as seats_left
    from jsonb_array_elements(v.rsvp_slots) with ordinality as slot(value, position)
    cross join lateral (
      select least(
        (slot.value ->> 'max_capacity')::integer,
        coalesce(p_slot_cap, (slot.value ->> 'max_capacity')::integer)
      ) as capacity
    ) cap
    cross join lateral (
      select
        cap.capacity,
        greatest(
          least((slot.value ->> 'available_spots')::integer, cap.capacity - (slot.value ->> 'current_rsvps')::integer),
          0
        ) as available
    ) seat
    where (slot.value ->> 'is_active')::boolean
  ) seatings
  where o.slug = lower(btrim(p_org_slug))
    and public.is_upcoming_event(v.date, v.event_time, v.event_timezone);
$function$;

CREATE OR REPLACE FUNCTION public.is_reserved_org_slug(slug text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select lower(slug) = any (array[
    'admin', 'auth', 'api', 'reservation-details', 'pop-up-chef',
    'magnolia-supper-club', 'eat-at-home', 'embed', 'assets', 'static',
    'rest', 'storage', 'functions', 'mailbox', 'health',
    'index.html', 'favicon.ico', 'robots.txt', 'booking', 'sitemap.xml', 'waitlist', 'pay'
  ]);
$function$;

CREATE OR REPLACE FUNCTION public.payments_to_reconcile(p_older_than_seconds integer DEFAULT 120, p_limit integer DEFAULT 200)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'charges', coalesce((
      select jsonb_agg(jsonb_build_object(
        'ledger_id', x.id, 'reservation_id', x.reservation_id, 'idempotency_key', x.idempotency_key, 'provider', x.provider,
        'amount_cents', x.amount_cents, 'email', r.email, 'guests', r.num_guests, 'status', r.status,
        'event_title', e.title, 'org_name', o.name,
        'payment_source', (select be.detail ->> 'payment_source' from public.booking_events be
                           where be.reservation_id = r.id and be.kind = 'held' and be.detail ->> 'payment_source' is not null
                           order by be.id limit 1)) order by x.id)
      from (select l.* from public.payment_ledger l
            where l.kind = 'charge' and l.status = 'charging'
              and l.created_at < now() - make_interval(secs => greatest(coalesce(p_older_than_seconds, 120), 0))
            order by l.id limit greatest(coalesce(p_limit, 200), 1)) x
      join public.reservations r on r.id = x.reservation_id
      join public.events e on e.id = r.event_id
      join public.organizations o on o.id = r.org_id), '[]'::jsonb),
    'refunds', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', x.id, 'reservation_id', x.reservation_id, 'amount_cents', x.amount_cents,
        'idempotency_key', x.idempotency_key, 'provider', x.provider, 'payment_id', x.provider_payment_id,
        'refund_id', x.provider_refund_id, 'reason', coalesce(x.reason, 'Refund')) order by x.id)
      from (select l.* from public.payment_ledger l
            where l.kind = 'refund' and l.status = 'pending'
              and l.updated_at < now() - make_interval(secs => greatest(coalesce(p_older_than_seconds, 120), 0))
            order by l.id limit greatest(coalesce(p_limit, 200), 1)) x), '[]'::jsonb));
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_offer_view(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    'total_cents', r.amount_cents,
    'event_id', r.event_id,
    'ticket_type_id', r.ticket_type_id,
    'ticket_type_name', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
    'rsvp_slot_id', r.rsvp_slot_id,
    'time_slot', r.time_slot,
    'booking_code', r.booking_code,
    'refund_policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'event', jsonb_build_object('title', e.title, 'date', e.date, 'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
                                'timezone', e.event_timezone, 'location_name', e.location_name),
    'organization', jsonb_build_object('name', coalesce(nullif(btrim(b.brand_name), ''), o.name), 'slug', o.slug,
                                       'primary_color', b.primary_color, 'logo_url', b.logo_url))
  from public.reservations r
  join public.events e on e.id = r.event_id
  join public.organizations o on o.id = r.org_id
  left join public.org_branding b on b.org_id = o.id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  where p_token ~ '^[A-Za-z0-9_-]{43}$'
    and r.manage_token_hash = public.manage_token_hash(p_token)
    and (r.idempotency_key like 'wl-%' or r.idempotency_key like 'st-%');
$function$;

revoke execute on function public.admin_create_event(jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.admin_create_event(jsonb, jsonb, jsonb) to authenticated, service_role;
revoke execute on function
  public.booking_evaluate(uuid, integer, text, text, uuid, text, text, integer, integer, text, integer, boolean),
  public.booking_summary(public.reservations, boolean),
  public.confirm_booking(uuid, text, text),
  public.get_supper_club_availability(text, integer),
  public.payments_to_reconcile(integer, integer),
  public.waitlist_offer_view(text)
from public, anon, authenticated;
grant execute on function
  public.booking_evaluate(uuid, integer, text, text, uuid, text, text, integer, integer, text, integer, boolean),
  public.booking_summary(public.reservations, boolean),
  public.confirm_booking(uuid, text, text),
  public.get_supper_club_availability(text, integer),
  public.payments_to_reconcile(integer, integer),
  public.waitlist_offer_view(text)
to service_role;
