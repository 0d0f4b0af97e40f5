-- Online booking closes a set number of hours before the start (events.booking_cutoff_hours):
-- booking_evaluate refuses guests after it (the host's team may still book), the waitlist
-- neither takes nor offers, a booking cannot grow or move to that date; the public view says
-- when (events_with_availability.booking_closes_at).

alter table public.events add column booking_cutoff_hours integer
  constraint events_booking_cutoff_hours_check check (booking_cutoff_hours between 1 and 336);

comment on column public.events.booking_cutoff_hours is 'Online booking (and the waitlist, more guests, a move to this date) closes this many hours before the start; null = open until the start. The host''s team may still book.';

set check_function_bodies = off;

-- When online booking of an event closes: its local start, less its booking_cutoff_hours.
create or replace function public.booking_closes_at(e public.events) returns timestamptz
language sql stable set search_path = '' as $$
  select ((e.date + e.event_time) at time zone e.event_timezone) - make_interval(hours => coalesce(e.booking_cutoff_hours, 0));
$$;

comment on function public.booking_closes_at(public.events) is
  'When guests can no longer book the event online (nor join its waitlist, add guests or move to it): its start less booking_cutoff_hours.';

grant execute on function public.booking_closes_at(public.events) to anon, authenticated;

-- Create an event with its ticket types or slots, atomically
--
-- Security invoker: every insert goes through the caller's RLS (members only).
create or replace function public.admin_create_event(
  p_event jsonb,
  p_ticket_types jsonb default '[]'::jsonb,
  p_rsvp_slots jsonb default '[]'::jsonb
)
returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  new_id uuid;
  v_item jsonb;
  is_rsvp boolean := coalesce((p_event ->> 'rsvp_mode')::boolean, false);
  v_seat_price integer := (p_event ->> 'seat_price_cents')::integer;
begin
  if coalesce(btrim(p_event ->> 'title'), '') = '' or (p_event ->> 'date') is null or (p_event ->> 'org_id') is null then
    raise exception 'Title, date and organization are required' using errcode = '22023';
  end if;
  if v_seat_price is not null and not is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 then
    raise exception 'An event sold by seating needs at least one seating' using errcode = '22023';
  end if;
  if not is_rsvp and v_seat_price is null and jsonb_array_length(coalesce(p_ticket_types, '[]'::jsonb)) = 0 then
    raise exception 'A reservation event needs at least one ticket type' using errcode = '22023';
  end if;
  if is_rsvp and jsonb_array_length(coalesce(p_rsvp_slots, '[]'::jsonb)) = 0 and (p_event ->> 'max_guests') is null then
    raise exception 'An RSVP event needs max guests or at least one slot' using errcode = '22023';
  end if;

  insert into public.events (
    org_id, title, date, event_time, event_timezone, location_name, location_address,
    event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
    refund_window_hours, late_refund_percent, reminder_hours, booking_cutoff_hours, seat_price_cents, max_party_size
  )
  values (
    (p_event ->> 'org_id')::uuid,
    btrim(p_event ->> 'title'),
    (p_event ->> 'date')::date,
    coalesce((p_event ->> 'event_time')::time, '19:00'),
    coalesce(p_event ->> 'event_timezone', 'America/New_York'),
    nullif(btrim(p_event ->> 'location_name'), ''),
    nullif(btrim(p_event ->> 'location_address'), ''),
    nullif(btrim(p_event ->> 'event_details_disclosures'), ''),
    coalesce((p_event ->> 'is_active')::boolean, true),
    is_rsvp,
    coalesce((p_event ->> 'rsvp_open')::boolean, is_rsvp),
    (p_event ->> 'deposit_amount')::integer,
    (p_event ->> 'refund_window_hours')::integer,
    coalesce((p_event ->> 'late_refund_percent')::integer, 0),
    coalesce((p_event ->> 'reminder_hours')::integer, 24),
    (p_event ->> 'booking_cutoff_hours')::integer,
    v_seat_price,
    (p_event ->> 'max_party_size')::integer
  )
  returning id into new_id;

  -- The private address (members only: event_private_details), with the event.
  if nullif(btrim(p_event ->> 'private_address'), '') is not null then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (new_id, (p_event ->> 'org_id')::uuid, btrim(p_event ->> 'private_address'), coalesce(p_event ->> 'address_delivery', 'confirmation'));
  end if;

  if (p_event ->> 'max_guests') is not null then
    perform public.set_event_guest_cap(new_id, (p_event ->> 'max_guests')::integer);
  end if;

  -- Each ticket type and slot with a pool of its own, its quantity / max_capacity.
  for v_item in select x from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) as x loop
    insert into public.ticket_types (event_id, name, price, pool_id)
    values (new_id, btrim(v_item ->> 'name'), (v_item ->> 'price')::integer,
            public.new_capacity_pool(new_id, (v_item ->> 'quantity')::integer));
  end loop;

  for v_item in select x from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x loop
    insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
    values (new_id, (v_item ->> 'slot_time')::time, btrim(v_item ->> 'slot_label'), true,
            public.new_capacity_pool(new_id, (v_item ->> 'max_capacity')::integer));
  end loop;

  return new_id;
end;
$$;

grant execute on function public.admin_create_event(jsonb, jsonb, jsonb) to authenticated;

-- The event's own fields, every key of the form's event (deposit_amount included).
create or replace function public.admin_update_event(p_event_id uuid, p_event jsonb) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  e public.events;
begin
  if p_event ? 'deposit_amount' and jsonb_typeof(p_event -> 'deposit_amount') <> 'null'
     and public.admin_whole_number(p_event -> 'deposit_amount') is null then
    raise exception 'The deposit must be a whole number of cents, 0 or more' using errcode = 'P0001';
  end if;
  update public.events x set
    title = case when p_event ? 'title' then btrim(p_event ->> 'title') else x.title end,
    date = case when p_event ? 'date' then (p_event ->> 'date')::date else x.date end,
    event_time = case when p_event ? 'event_time' then (p_event ->> 'event_time')::time else x.event_time end,
    event_timezone = case when p_event ? 'event_timezone' then p_event ->> 'event_timezone' else x.event_timezone end,
    location_name = case when p_event ? 'location_name' then nullif(btrim(p_event ->> 'location_name'), '') else x.location_name end,
    location_address = case when p_event ? 'location_address' then nullif(btrim(p_event ->> 'location_address'), '') else x.location_address end,
    event_details_disclosures = case when p_event ? 'event_details_disclosures' then nullif(btrim(p_event ->> 'event_details_disclosures'), '') else x.event_details_disclosures end,
    refund_window_hours = case when p_event ? 'refund_window_hours' then (p_event ->> 'refund_window_hours')::integer else x.refund_window_hours end,
    late_refund_percent = case when p_event ? 'late_refund_percent' then (p_event ->> 'late_refund_percent')::integer else x.late_refund_percent end,
    reminder_hours = case when p_event ? 'reminder_hours' then (p_event ->> 'reminder_hours')::integer else x.reminder_hours end,
    booking_cutoff_hours = case when p_event ? 'booking_cutoff_hours' then (p_event ->> 'booking_cutoff_hours')::integer else x.booking_cutoff_hours end,
    deposit_amount = case when p_event ? 'deposit_amount' then (p_event ->> 'deposit_amount')::integer else x.deposit_amount end,
    seat_price_cents = case when p_event ? 'seat_price_cents' then (p_event ->> 'seat_price_cents')::integer else x.seat_price_cents end,
    max_party_size = case when p_event ? 'max_party_size' then (p_event ->> 'max_party_size')::integer else x.max_party_size end
  where x.id = p_event_id
  returning * into e;
  if e.id is null then
    raise exception 'Event not found' using errcode = 'SH404';
  end if;
  if p_event ? 'max_guests' then
    perform public.set_event_guest_cap(e.id, (p_event ->> 'max_guests')::integer);
  end if;
  if p_event ? 'private_address' or p_event ? 'address_delivery' then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (e.id, e.org_id, nullif(btrim(p_event ->> 'private_address'), ''), coalesce(p_event ->> 'address_delivery', 'confirmation'))
    on conflict (event_id) do update
      set private_address = case when p_event ? 'private_address' then excluded.private_address else public.event_private_details.private_address end,
          address_delivery = case when p_event ? 'address_delivery' then excluded.address_delivery else public.event_private_details.address_delivery end;
  end if;
end;
$$;

grant execute on function public.admin_update_event(uuid, jsonb) to authenticated;

-- Prices a booking and checks that it can be made, without taking anything.
-- With p_lock (hold_booking) it first takes the event row lock, expires the
-- event's stale holds and takes the promo code's advisory lock, so the
-- capacity and promo checks it makes stay true until the transaction ends.
-- What is sold, at what price and for how many guests is the event's own data
-- (events.kind and its prices and limits: 020_events.sql); p_org_slug only
-- restricts the event to one organization (a venue's own payment function). p_addons: the chosen
-- add-ons, [{ id, quantity }], priced and limited by booking_addons (047_addons.sql).
create or replace function public.booking_evaluate(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text,
  p_rsvp_slot_id uuid,
  p_time_slot text,
  p_promo_code text,
  p_org_slug text,
  p_lock boolean,
  p_addons jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_event public.events;
  v_org public.organizations;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_promo public.promo_codes;
  v_limit integer;
  v_unit integer;
  v_subtotal integer;
  v_discount integer := 0;
  v_lines jsonb;
  v_addons jsonb;
  v_left integer;
  v_event_left integer;
  v_code text := nullif(btrim(coalesce(p_promo_code, '')), '');
  v_slot_key text := nullif(btrim(coalesce(p_time_slot, '')), '');
  v_ticket_key text := nullif(btrim(coalesce(p_ticket_type, '')), '');
begin
  -- The event, locked for the rest of the transaction when holding.
  if p_lock then
    select * into v_event from public.events e where e.id = p_event_id for update;
  else
    select * into v_event from public.events e where e.id = p_event_id;
  end if;
  select * into v_org from public.organizations o where o.id = v_event.org_id;
  -- p_org_slug: the organization's slug, or an alias path of its page (org_page_aliases).
  if v_event.id is null or not v_event.is_active
     or (p_org_slug is not null and v_org.slug is distinct from lower(btrim(p_org_slug))
         and not exists (select 1 from public.org_page_aliases a where a.path = lower(btrim(p_org_slug)) and a.org_id = v_org.id)) then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if v_org.state <> 'published' then
    raise exception '% is not taking bookings right now.', v_org.name using errcode = 'SH409';
  end if;

  -- The party, within the event's own limit, in the words of its kind.
  v_limit := public.event_party_limit(v_event.kind, v_event.max_party_size);
  if p_guests is null or p_guests < 1 then
    raise exception '%', case v_event.kind
        when 'seatings' then 'Minimum 1 ticket per order.'
        when 'rsvp' then 'At least 1 guest required'
        else 'At least 1 guest is required.' end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
  end if;
  if p_guests > v_limit then
    raise exception '%', case v_event.kind
        when 'seatings' then format('Maximum %s tickets per order.', v_limit)
        when 'rsvp' then format('Maximum %s guests', v_limit)
        else format('Parties larger than %s: please email the host with your preferred date and party size.', v_limit) end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
  end if;
  if not public.is_upcoming_event(v_event.date, v_event.event_time, v_event.event_timezone) then
    raise exception 'This event has already started. Please select an upcoming event.' using errcode = 'SH409';
  end if;
  -- Online booking closes the event's booking_cutoff_hours before the start; the host's team
  -- (staff_create_booking, signed in) may still book.
  if now() >= public.booking_closes_at(v_event) then
    if not public.is_org_member(v_event.org_id) then
      raise exception 'Online booking for this dinner has closed. Please contact the host.'
        using errcode = 'SH409', detail = '{"kind":"booking_closed"}';
    end if;
  end if;

  if p_lock then
    -- Stale holds of this event give their seats back (through the trigger)
    -- before anything is counted.
    update public.reservations r
    set status = 'expired'
    where r.event_id = v_event.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at);
  end if;

  -- What is being booked, and its unit price: the event's kind decides.
  if v_event.kind = 'tickets' then
    if v_ticket_key is not null then
      select * into v_ticket
      from public.ticket_types t
      where t.event_id = v_event.id
        and (t.id::text = lower(v_ticket_key) or lower(t.name) = lower(v_ticket_key))
      order by (t.id::text = lower(v_ticket_key)) desc, t.created_at
      limit 1;
    elsif p_rsvp_slot_id is not null then
      raise exception 'This event does not take RSVPs.' using errcode = 'SH409';
    else
      raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = '{"kind":"missing_fields"}';
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
      raise exception 'Please select a time slot' using errcode = 'P0001', detail = '{"kind":"time_slot"}';
    end if;
    if not v_slot.is_active then
      raise exception 'The % time slot is not available. Please select another time.', v_slot.slot_label
        using errcode = 'SH409';
    end if;
    if v_event.kind = 'rsvp' then
      if not v_event.rsvp_open then
        raise exception 'RSVPs are closed for this event.' using errcode = 'SH409';
      end if;
      v_unit := coalesce(v_event.deposit_amount, 500);
    else
      v_unit := v_event.seat_price_cents;
    end if;
  end if;

  -- Capacity as event_availability counts it: exact under the hold's locks (stale holds were
  -- just expired), advisory for a quote, which counts stale holds as free (the next hold
  -- releases them). The option's own limit speaks first, then the event's cap.
  select max(a.own_available) filter (where a.option_kind <> 'event' and a.option_id = coalesce(v_ticket.id, v_slot.id)),
         max(a.available) filter (where a.option_kind = 'event')
  into v_left, v_event_left
  from public.event_availability(v_event.id) a;
  if v_left < p_guests then
    if v_ticket.id is not null then
      raise exception 'Only % % available for %.', v_left, case when v_left = 1 then 'ticket' else 'tickets' end, v_ticket.name
        using errcode = 'SH409',
              detail = jsonb_build_object('kind', 'ticket_type', 'available', v_left)::text;
    elsif v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % at % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_slot.slot_label, v_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    elsif v_left = 0 then
      raise exception 'The % time slot is full. Please select another time.', v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', 0)::text;
    else
      raise exception 'Only % % left in the % time slot. Please select another time or fewer guests.',
        v_left, case when v_left = 1 then 'spot' else 'spots' end, v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    end if;
  end if;
  if v_event_left < p_guests then
    if v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_event_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
    end if;
    raise exception 'Only % % left for this event.', v_event_left, case when v_event_left = 1 then 'seat' else 'seats' end
      using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
  end if;

  -- Add-ons (047_addons.sql) join the subtotal, so every line below includes them.
  v_addons := public.booking_addons(v_event.id, p_guests, p_addons);
  v_subtotal := v_unit * p_guests + (v_addons ->> 'total_cents')::integer;

  -- Promo code: the event's organization, any case.
  if v_code is not null then
    perform public.assert_promo_attempts_allowed(v_event.id);
    select * into v_promo
    from public.promo_codes p
    where p.org_id = v_event.org_id and lower(p.code) = lower(v_code);
    -- Unknown, inactive, used-up codes and codes outside their dates or events (promo_applies)
    -- are refused alike: no hint for guessing.
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

  -- Service charge and tax: the event's terms, one rounding per line (price_lines, 045).
  v_lines := public.price_lines(v_subtotal, v_discount, p_guests, public.charge_terms(v_event.id));

  return jsonb_build_object(
    'event_id', v_event.id,
    'org_id', v_event.org_id,
    'org_name', v_org.name,
    'event_title', v_event.title,
    'event_date', v_event.date,
    'event_kind', v_event.kind,
    'ticket_type_id', v_ticket.id,
    'ticket_type_name', v_ticket.name,
    'rsvp_slot_id', v_slot.id,
    'time_slot', coalesce(v_slot.slot_label, v_slot_key),
    'guests', p_guests,
    'unit_price_cents', v_unit,
    'subtotal_cents', v_subtotal,
    'addons', v_addons -> 'lines',
    'addons_cents', (v_addons ->> 'total_cents')::integer,
    'discount_cents', v_discount,
    'service_charge_cents', (v_lines ->> 'service_charge_cents')::integer,
    'tax_cents', (v_lines ->> 'tax_cents')::integer,
    'amount_cents', (v_lines ->> 'amount_cents')::integer,
    'total_cents', (v_lines ->> 'amount_cents')::integer,
    'charges', v_lines - 'subtotal_cents' - 'discount_cents' - 'service_charge_cents' - 'tax_cents' - 'amount_cents',
    -- Whether each guest may pay their own seat, and what one seat costs (072_split_payments.sql).
    'split', public.split_offer(v_event.id, v_unit),
    'promo', case when v_promo.id is null then null else jsonb_build_object(
      'id', v_promo.id,
      'code', v_promo.code,
      'discount_type', v_promo.discount_type,
      'discount_amount', v_promo.discount_amount) end
  );
end;
$$;

-- The view gains booking_closes_at as its last column (the rest is unchanged, so it is replaced
-- in place and keeps its grants; the options are restated, as create or replace sets them).
create or replace view public.events_with_availability
with (security_invoker = true)
as
select
  e.id,
  e.org_id,
  e.title,
  e.date,
  e.event_time,
  e.event_timezone,
  av.max_guests,
  e.location_name,
  e.location_address,
  e.event_details_disclosures,
  e.is_active,
  e.rsvp_mode,
  e.rsvp_open,
  e.deposit_amount,
  e.refund_window_hours,
  e.late_refund_percent,
  public.refund_policy_text(e.refund_window_hours, e.late_refund_percent) as refund_policy,
  coalesce(av.tickets, '{}') as ticket_types,
  coalesce(av.slots, '{}') as rsvp_slots,
  coalesce(av.left_for_event, 0) as available_seats,
  totals.total_available,
  totals.total_available <= 0 as is_fully_booked,
  e.kind,
  e.seat_price_cents,
  public.event_party_limit(e.kind, e.max_party_size) as party_limit,
  public.booking_closes_at(e) as booking_closes_at
from public.events e
-- One call of event_availability per event (a security definer function is never inlined):
-- the event's seats left, its ticket types and its active slots, each with what is left.
cross join lateral (
  select
    max(a.available) filter (where a.option_kind = 'event') as left_for_event,
    max(a.size) filter (where a.option_kind = 'event') as max_guests,
    array_agg(row(t.id, t.name, t.price, a.available)::public.public_ticket_type order by t.created_at, t.id)
      filter (where t.id is not null) as tickets,
    count(t.id) as ticket_count,
    sum(a.own_available) filter (where t.id is not null) as tickets_left,
    array_agg(
      row(
        s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, a.size,
        greatest(a.size - a.own_available, 0), s.is_active, a.available
      )::public.public_rsvp_slot
      order by s.slot_time, s.created_at, s.id
    ) filter (where s.is_active) as slots,
    count(s.id) filter (where s.is_active) as slot_count,
    sum(a.own_available) filter (where s.is_active) as slots_left
  from public.event_availability(e.id) a
  left join public.ticket_types t on a.option_kind = 'ticket_type' and t.id = a.option_id
  left join public.rsvp_slots s on a.option_kind = 'rsvp_slot' and s.id = a.option_id
) av
cross join lateral (
  -- What the event's kind sells, within its cap.
  select greatest(least(
    case
      when e.kind = 'tickets' and av.ticket_count > 0 then av.tickets_left
      when e.kind <> 'tickets' and av.slot_count > 0 then av.slots_left
      else av.left_for_event
    end,
    coalesce(av.left_for_event, 2147483647)), 0)::integer as total_available
) totals
where e.is_active;


-- More guests, paying the difference (the first half; settle_extra_charge is the second).
-- p_guests: the new party size. p_key: the browser's key of this attempt (the processor's
-- idempotency key too). p_expected_cents: the price the guest was shown (refused when the
-- server's differs; null: not checked). p_payment_provider: the processor that will charge
-- (null when there is no card).
-- The seats are taken now, under the booking's locks, so nobody else can have them while the
-- card is charged; a free addition is done at once. Answers the added guests' charge:
--   status 'charging'   charge the card with `request` if stored, else the one built now
--          'completed'  done (paid, or free): nothing to charge
--          'failed'     this attempt was declined (its message); a new attempt needs a new key
-- The same key again answers the same charge as it stands (existing = true), so a retry
-- resumes a charge still open and never charges twice.
create or replace function public.guest_add_guests(
  p_token text,
  p_guests integer,
  p_key text,
  p_expected_cents integer,
  p_payment_provider text
)
returns setof public.extra_charge
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_row public.payment_ledger;
  v_price record;
  v_room integer;
  v_before integer;
  v_cents integer;
begin
  perform public.assert_idempotency_key(p_key);
  r := public.lock_reservation_by_token(p_token);
  select * into v_row from public.payment_ledger l where l.kind = 'charge' and l.idempotency_key = p_key;
  if found then
    if v_row.reservation_id <> r.id or v_row.purpose <> 'more_guests' then
      raise exception 'Invalid idempotency key' using errcode = 'P0001';
    end if;
    return next public.extra_charge_of(v_row, r, true, r.email, v_row.guests);
    return;
  end if;
  r := public.booking_to_change(p_token);
  perform public.refuse_for_split(r);
  if now() >= (select public.booking_closes_at(e) from public.events e where e.id = r.event_id) then
    raise exception 'Online booking for this dinner has closed, so guests can no longer be added online. Please contact the host.'
      using errcode = 'SH409';
  end if;
  if p_guests is null or p_guests <= r.num_guests then
    raise exception 'Choose more guests than the booking has now (%).', r.num_guests using errcode = 'P0001';
  end if;
  v_room := public.party_room(r);
  if p_guests > v_room then
    raise exception '%', case when v_room <= r.num_guests then 'There are no more seats to add to this booking.'
                              else format('This booking can have at most %s guests now.', v_room) end
      using errcode = 'SH409';
  end if;
  select * into v_price from public.added_guest_price(r) x;
  if v_price.total_cents is null then
    raise exception 'Guests cannot be added to this booking online. Please contact the host.' using errcode = 'SH409';
  end if;
  v_cents := v_price.total_cents * (p_guests - r.num_guests);
  if p_expected_cents is not null and p_expected_cents <> v_cents then
    raise exception 'Adding these guests costs %, not %. Please check the price and try again.',
      public.booking_money(v_cents), public.booking_money(p_expected_cents) using errcode = 'SH409';
  end if;
  if v_cents > 0 and p_payment_provider is null then
    raise exception 'Card details are required to pay % for the added guests.', public.booking_money(v_cents) using errcode = 'P0001';
  end if;

  v_before := r.num_guests;
  r := public.set_party_size(r, p_guests);
  if v_cents = 0 then
    perform public.record_party_increase(r, v_before, 0);
    return next public.extra_charge_of(null, r, false, r.email, p_guests - v_before);
    return;
  end if;
  insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, service_charge_cents, tax_cents,
                                     provider, idempotency_key, reason, actor, purpose)
  values (r.id, r.org_id, 'charge', 'charging', v_cents, p_guests - v_before, v_price.service_charge_cents * (p_guests - v_before),
          v_price.tax_cents * (p_guests - v_before), p_payment_provider, p_key, 'More guests (' || v_before || ' to ' || p_guests || ')',
          'guest', 'more_guests')
  returning * into v_row;
  return next public.extra_charge_of(v_row, r, false, r.email, v_row.guests);
end;
$$;

comment on function public.guest_add_guests(text, integer, text, integer, text) is
  'The guest brings more people: the seats are taken at once and the added guests'' charge is opened (settle_extra_charge finishes it). Idempotent by the attempt''s key.';

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
          || ' (' || w.party_size || case when w.party_size = 1 then ' guest' else ' guests' end
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

-- What /booking/{token} shows; null for a token that opens nothing.
create or replace function public.manage_booking_view(p_token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'booking_code', r.booking_code,
    'status', r.status,
    'name', r.name,
    'guests', r.num_guests,
    'ticket_type_name', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
    'time_slot', r.time_slot,
    'dietary_restrictions', r.dietary_restrictions,
    'special_requests', r.special_requests,
    'cancelled_at', r.cancelled_at,
    'cancelled_by', r.cancelled_by,
    'event', jsonb_build_object(
      'title', e.title, 'date', e.date, 'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
      'timezone', e.event_timezone, 'location_name', e.location_name, 'location_address', e.location_address),
    'organization', jsonb_build_object(
      'name', public.org_display_name(o.id), 'slug', o.slug,
      'primary_color', b.primary_color, 'logo_url', b.logo_url),
    'money', public.money_of(r.id),
    'refund_policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'starts_at', public.reservation_starts_at(r),
    'full_refund_until', public.full_refund_until(r),
    'refund_now_cents', case when r.status = 'confirmed' then public.policy_refund_cents(r) else 0 end,
    'can_cancel', r.status = 'confirmed' and now() < public.reservation_starts_at(r),
    -- What coming with fewer guests would refund now, per smaller party size (guest_reduce_party),
    -- and the extras that party would drop, in words ('1 × Wine pairing'; null when none).
    'fewer_guests', case when r.status = 'confirmed' and now() < public.reservation_starts_at(r) and sp.reservation_id is null then coalesce((
      select jsonb_agg(jsonb_build_object('guests', n, 'refund_cents', public.party_reduction_refund_cents(r, n),
                                          'extras_dropped', (select public.addon_lines_text(jsonb_agg(jsonb_build_object('quantity', d.quantity, 'name', d.name) order by d.i))
                                                             from public.party_reduction_addons(r, n) with ordinality d (name, quantity, subtotal_cents, i)))
                order by n desc)
      from generate_series(1, r.num_guests - 1) n), '[]'::jsonb) else '[]'::jsonb end,
    -- What bringing more guests would cost, per larger party size the seats left allow
    -- (guest_add_guests); empty when none can be added online.
    'more_guests', case when r.status = 'confirmed' and now() < public.booking_closes_at(e) and sp.reservation_id is null then coalesce((
      select jsonb_agg(jsonb_build_object('guests', n, 'charge_cents', p.total_cents * (n - r.num_guests)) order by n)
      from public.added_guest_price(r) p
      cross join generate_series(r.num_guests + 1, public.party_room(r)) n
      where p.total_cents is not null), '[]'::jsonb) else '[]'::jsonb end,
    -- The series' other dates the booking could move to (guest_move_booking), soonest first,
    -- with their seats left: one without enough for the party is listed, not movable to.
    'other_dates', case when r.status = 'confirmed' and now() < public.reservation_starts_at(r) and sp.reservation_id is null then coalesce((
      select jsonb_agg(jsonb_build_object('event_id', m.event_id, 'title', m.title, 'date', m.event_date, 'time', m.event_time, 'timezone', x.event_timezone,
                                          'seats_left', m.seats_left, 'enough_seats', m.refusal is null) order by m.starts_at, m.event_id)
      from public.events x
      cross join lateral public.move_target(r, x.id) m
      where x.series_id = e.series_id and x.id <> e.id and (m.refusal is null or m.seats_only)), '[]'::jsonb) else '[]'::jsonb end,
    -- The booking's add-ons, those it could still take (addon_offers) and until when.
    'addons', public.reservation_addons_of(r.id),
    'addon_offers', to_jsonb(public.addon_offers(r)),
    'addons_until', public.addons_until(r),
    -- A payment for added guests still being processed (nothing can change until it settles).
    'payment_in_progress', exists (select 1 from public.payment_ledger l where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging'),
    -- Each guest pays their own seat (072_split_payments.sql): until when the unpaid seats are
    -- held, what a seat costs, and whether the cutoff has released them; null otherwise.
    'split', case when sp.reservation_id is not null then jsonb_build_object(
      'pay_by', sp.pay_by, 'seat_cents', sp.seat_cents, 'released', sp.released_at is not null) end)
  || public.booking_lines(r)
  from public.reservation_by_token(p_token) r
  join public.events e on e.id = r.event_id
  join public.organizations o on o.id = r.org_id
  left join public.org_branding b on b.org_id = o.id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.reservation_splits sp on sp.reservation_id = r.id
  where r.id is not null;
$$;

-- Whether a booking can move to another event now, and where it would sit there: the event
-- must be another active, upcoming date of the booking's series (same organization, same
-- kind), with the booking's ticket type (tickets, by name) or seating / RSVP slot (by label,
-- active), taking the whole party in one booking, at the same price for the party (the unit
-- price with the event's service charge and tax: the money the booking holds stays as it is),
-- and with seats for the whole party. refusal: the guest's words when it cannot (null: it
-- can; event_id null: not a date of the series); seats_only: the only reason is the seats. seats_left: what the option and the event's cap
-- have left (the booking's own seats are never on that date). Counted without locks; the move
-- counts again under the event's lock.
create or replace function public.move_target(r public.reservations, p_event_id uuid)
returns table (event_id uuid, title text, event_date date, event_time text, starts_at timestamptz, ticket_type_id uuid,
               rsvp_slot_id uuid, time_slot text, seats_left integer, refusal text, seats_only boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  e_from public.events;
  e_to public.events;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_from_ticket text;
  v_from_slot text;
  v_unit_from integer;
  v_unit_to integer;
  v_cents_from integer;
  v_cents_to integer;
  v_limit integer;
begin
  select * into e_from from public.events x where x.id = r.event_id;
  select * into e_to from public.events x where x.id = p_event_id;
  seats_only := false;
  if e_to.id is null or e_to.id = e_from.id or e_to.org_id <> e_from.org_id or e_to.series_id is null
     or e_to.series_id is distinct from e_from.series_id then
    refusal := 'That is not another date of this dinner, so the booking cannot move there.';
    return next;
    return;
  end if;
  event_id := e_to.id;
  title := e_to.title;
  event_date := e_to.date;
  select t.name into v_from_ticket from public.ticket_types t where t.id = r.ticket_type_id;
  select s.slot_label into v_from_slot from public.rsvp_slots s where s.id = r.rsvp_slot_id;
  if e_to.kind = 'tickets' then
    select * into v_ticket from public.ticket_types t
    where t.event_id = e_to.id and lower(btrim(t.name)) = lower(btrim(v_from_ticket))
    order by t.created_at, t.id limit 1;
  else
    select * into v_slot from public.rsvp_slots s
    where s.event_id = e_to.id and s.is_active and lower(btrim(s.slot_label)) = lower(btrim(v_from_slot))
    order by s.slot_time, s.id limit 1;
  end if;
  event_time := to_char(coalesce(v_slot.slot_time, e_to.event_time), 'HH24:MI');
  starts_at := (e_to.date + coalesce(v_slot.slot_time, e_to.event_time)) at time zone e_to.event_timezone;
  ticket_type_id := v_ticket.id;
  rsvp_slot_id := v_slot.id;
  time_slot := case when v_slot.id is not null then v_slot.slot_label else r.time_slot end;
  v_limit := public.event_party_limit(e_to.kind, e_to.max_party_size);

  refusal := case
    when not e_to.is_active then 'That date is not taking bookings.'
    when now() >= starts_at then 'That date has already started.'
    when now() >= public.booking_closes_at(e_to) then 'Online booking for that date has closed.'
    when e_to.kind <> e_from.kind then 'That date is sold differently, so the booking cannot move there. Please contact the host.'
    when e_to.kind = 'tickets' and v_ticket.id is null then
      format('That date has no %s tickets, so the booking cannot move there.', coalesce(v_from_ticket, 'such'))
    when e_to.kind <> 'tickets' and v_slot.id is null then
      format('That date has no %s seating open, so the booking cannot move there.', coalesce(v_from_slot, 'such'))
    when e_to.kind = 'rsvp' and not e_to.rsvp_open then 'RSVPs are closed for that date.'
    when r.num_guests > v_limit then format('That date takes at most %s guests per booking.', v_limit)
  end;
  if refusal is not null then
    return next;
    return;
  end if;

  -- The same party at each date's own price, with its service charge and tax.
  v_unit_from := case e_from.kind when 'tickets' then (select t.price from public.ticket_types t where t.id = r.ticket_type_id)
                                  when 'rsvp' then coalesce(e_from.deposit_amount, 500) else e_from.seat_price_cents end;
  v_unit_to := case e_to.kind when 'tickets' then v_ticket.price when 'rsvp' then coalesce(e_to.deposit_amount, 500) else e_to.seat_price_cents end;
  v_cents_from := (public.price_lines(v_unit_from * r.num_guests, 0, r.num_guests, public.charge_terms(e_from.id)) ->> 'amount_cents')::integer;
  v_cents_to := (public.price_lines(v_unit_to * r.num_guests, 0, r.num_guests, public.charge_terms(e_to.id)) ->> 'amount_cents')::integer;
  if v_cents_to <> v_cents_from then
    refusal := format('That date costs %s: %s for your party instead of %s. A booking moves online only to a date at the same price; please contact the host.',
                      case when v_cents_to > v_cents_from then 'more' else 'less' end,
                      public.booking_money(v_cents_to), public.booking_money(v_cents_from));
    return next;
    return;
  end if;

  seats_left := least(
    coalesce((select public.capacity_pool_left(t.pool_id) from public.ticket_types t where t.id = v_ticket.id), 2147483647),
    coalesce((select public.capacity_pool_left(s.pool_id) from public.rsvp_slots s where s.id = v_slot.id), 2147483647),
    coalesce((select public.capacity_pool_left(p.id) from public.capacity_pools p where p.event_id = e_to.id and p.event_wide), 2147483647));
  if seats_left < r.num_guests then
    seats_only := true;
    refusal := case when seats_left = 0 then 'That date is full.'
                    else format('That date has only %s %s left: not enough for your party of %s.',
                                seats_left, case when seats_left = 1 then 'seat' else 'seats' end, r.num_guests) end;
  end if;
  return next;
end;
$$;

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

-- Repeat events
--
-- Copies an event to each date (its ticket types, slots and pools, empty; its policy, settings
-- and private details); nothing sold. The copies join the event's series (the event's own id
-- starts one when it has none).
-- Returns the new events' ids in date order.
create or replace function public.staff_duplicate_event(p_event_id uuid, p_dates date[]) returns uuid[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_date date;
  v_new uuid;
  v_ids uuid[] := '{}';
  v_pool record;
  v_new_pool uuid;
  v_pools jsonb;
begin
  e := public.member_event(p_event_id, 'You can only copy events of your own organization');
  if p_dates is null or cardinality(p_dates) = 0 then
    raise exception 'Choose at least one date' using errcode = 'P0001';
  end if;
  if cardinality(p_dates) > 52 then
    raise exception 'At most 52 dates at a time' using errcode = 'P0001';
  end if;
  if e.series_id is null then
    update public.events x set series_id = x.id where x.id = e.id returning * into e;
  end if;
  for v_date in select distinct d from unnest(p_dates) d order by d loop
    if v_date < current_date then
      raise exception 'The date % is in the past', to_char(v_date, 'FMMonth FMDD, YYYY') using errcode = 'P0001';
    end if;
    insert into public.events (
      org_id, title, date, event_time, event_timezone, location_name, location_address,
      event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount,
      refund_window_hours, late_refund_percent, reminder_hours, booking_cutoff_hours, seat_price_cents, max_party_size, series_id
    ) values (
      e.org_id, e.title, v_date, e.event_time, e.event_timezone, e.location_name, e.location_address,
      e.event_details_disclosures, e.is_active, e.rsvp_mode, e.rsvp_open, e.deposit_amount,
      e.refund_window_hours, e.late_refund_percent, e.reminder_hours, e.booking_cutoff_hours, e.seat_price_cents, e.max_party_size, e.series_id
    ) returning id into v_new;
    -- The same pools (shared ones stay shared), empty.
    v_pools := '{}';
    for v_pool in select p.id, p.size, p.event_wide from public.capacity_pools p where p.event_id = e.id order by p.created_at, p.id loop
      insert into public.capacity_pools (event_id, size, event_wide) values (v_new, v_pool.size, v_pool.event_wide)
      returning id into v_new_pool;
      v_pools := v_pools || jsonb_build_object(v_pool.id::text, v_new_pool);
    end loop;
    insert into public.ticket_types (event_id, name, price, pool_id)
    select v_new, t.name, t.price, (v_pools ->> t.pool_id::text)::uuid
    from public.ticket_types t where t.event_id = e.id order by t.created_at, t.id;
    insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
    select v_new, s.slot_time, s.slot_label, s.is_active, (v_pools ->> s.pool_id::text)::uuid
    from public.rsvp_slots s where s.event_id = e.id;
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    select v_new, d.org_id, d.private_address, d.address_delivery
    from public.event_private_details d where d.event_id = e.id;
    v_ids := v_ids || v_new;
  end loop;
  return v_ids;
end;
$$;

grant execute on function public.staff_duplicate_event(uuid, date[]) to authenticated;
