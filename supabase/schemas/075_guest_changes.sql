-- =============================================================================
-- What a guest sees and changes from their manage link (/booking/{token}), each in one call of
-- manage-booking, within the booking's frozen policy:
--   manage_booking_view(token)                   what the page shows, with what each smaller or
--                                                 larger party would refund or cost now
--   guest_reduce_party(token, guests)            fewer guests: the seats go back (the waitlist is
--                                                 offered them), the guests who no longer come
--                                                 are refunded per the policy, and the guest is
--                                                 emailed the new party size and the money
--   guest_add_guests(token, guests, key, ...)     more guests, paying the difference: the seats
--                                                 are taken at once and the added guests' charge
--                                                 opened ('charging'); settle_extra_charge then
--                                                 keeps them (approved) or gives them back
--                                                 (declined). A crash in between is the
--                                                 reconciler's to settle the same way
--   guest_move_booking(token, event)             another date of the same series (same kind,
--                                                 the same ticket type or seating by name, at
--                                                 the same price, seats for the whole party):
--                                                 the booking keeps its money, policy, code,
--                                                 seats and link; the old date's seats go to
--                                                 its waitlist; the guest and the guests who
--                                                 claimed a seat are emailed the new date
--   guest_hand_over_booking(token, name, email)  the booking becomes someone else's: their name
--                                                 and email, a new manage link emailed to them;
--                                                 the old link stops working, and the previous
--                                                 guest is told so
-- Each starts from booking_to_change (the event row locked, then the reservation: the booking
-- lock order), write the booking's history (booking_events) and are idempotent: asking again
-- for the state already reached changes nothing and refunds nothing more.
-- =============================================================================

-- The booking a manage link opens, locked (event row first, then the reservation) and still
-- changeable: confirmed, and its dinner not started. Every change below starts here.
create or replace function public.booking_to_change(p_token text) returns public.reservations
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  r := public.lock_reservation_by_token(p_token);
  if r.status <> 'confirmed' then
    raise exception 'This booking is cancelled, so it can no longer be changed.' using errcode = 'SH409';
  end if;
  if now() >= public.reservation_starts_at(r) then
    raise exception 'This dinner has already started, so the booking can no longer be changed online. Please contact the host.'
      using errcode = 'SH409';
  end if;
  -- Added guests still being paid for: their outcome decides the party first.
  if exists (select 1 from public.payment_ledger l where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging') then
    raise exception 'A payment for this booking is still being processed. Please wait a minute and reload the page.' using errcode = 'SH409';
  end if;
  return r;
end;
$$;

-- A booking whose guests pay their own seats changes size seat by seat (each seat's money is
-- its guest's), not from the booker's link.
create or replace function public.refuse_for_split(r public.reservations) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if exists (select 1 from public.reservation_splits sp where sp.reservation_id = r.id) then
    raise exception 'Each guest of this booking pays their own seat, so its size cannot be changed here. Please contact the host.'
      using errcode = 'SH409';
  end if;
end;
$$;

-- Fewer guests. p_guests: the new party size, at least 1 and fewer than now.
create or replace function public.guest_reduce_party(p_token text, p_guests integer) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_before integer;
  v_cents integer;
  v_refund public.payment_ledger;
  v_changes integer;
begin
  r := public.booking_to_change(p_token);
  perform public.refuse_for_split(r);
  if p_guests is not null and p_guests = r.num_guests then
    -- Already that size (a repeated request): nothing changes.
    return public.money_action_result(r, true, null);
  end if;
  if p_guests is null or p_guests < 1 then
    raise exception 'A booking is for 1 guest at least. To cancel it, use Cancel booking.' using errcode = 'P0001';
  end if;
  if p_guests > r.num_guests then
    raise exception 'To bring more guests, book the extra seats separately or contact the host.' using errcode = 'P0001';
  end if;

  v_before := r.num_guests;
  v_cents := public.party_reduction_refund_cents(r, p_guests);
  r := public.set_party_size(r, p_guests);

  select count(*) into v_changes from public.booking_events be where be.reservation_id = r.id and be.kind = 'party_reduced';
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'party_reduced', jsonb_build_object('by', 'guest', 'from', v_before, 'to', p_guests, 'refund_cents', v_cents));
  if v_cents > 0 then
    -- One refund per change (the key counts the changes): the email goes out once the processor answered.
    v_refund := public.open_refund(r, v_cents, 'gp' || md5(r.id::text || ':party:' || v_changes), 'Fewer guests (' || v_before || ' to ' || p_guests || ')',
                                   'guest', true, 'party_reduced');
  else
    perform public.enqueue_money_email(r.id, 'party_reduced', 0, 'none');
  end if;
  return public.money_action_result(r, false, v_refund.id);
end;
$$;

comment on function public.guest_reduce_party(text, integer) is
  'The guest comes with fewer people: seats return, the missing guests'' share is refunded per the frozen policy, the guest is emailed. Idempotent by the party size asked for.';

-- The most guests a booking could have now: its event's party limit, and what its ticket type
-- or slot and the event have left, its own seats counted as free (never fewer than it has).
create or replace function public.party_room(r public.reservations) returns integer
language sql stable security definer set search_path = '' as $$
  select greatest(r.num_guests, least(
    public.event_party_limit(e.kind, e.max_party_size),
    coalesce((select public.capacity_pool_left(t.pool_id, r.id) from public.ticket_types t where t.id = r.ticket_type_id), 2147483647),
    coalesce((select public.capacity_pool_left(s.pool_id, r.id) from public.rsvp_slots s where s.id = r.rsvp_slot_id), 2147483647),
    coalesce((select public.capacity_pool_left(p.id, r.id) from public.capacity_pools p where p.event_id = r.event_id and p.event_wide), 2147483647)))
  from public.events e where e.id = r.event_id;
$$;

-- What one more guest of a booking pays: a place's share of the booking's charge (booking_charge_share), so
-- that adding a guest and taking them off again inside the full-refund window comes to nothing.
-- A booking that took no money and gave none away (a free dinner) adds guests for nothing. Null
-- when guests cannot be added online: the booking was complimentary or paid in cash at the door.
create or replace function public.added_guest_price(r public.reservations)
returns table (total_cents integer, service_charge_cents integer, tax_cents integer)
language sql stable security definer set search_path = '' as $$
  select case when c.provider in ('square', 'test') then c.amount_cents end,
         case when c.provider in ('square', 'test') then c.service_charge_cents end,
         case when c.provider in ('square', 'test') then c.tax_cents end
  from public.booking_charge_share(r, 1, 0) c
  union all
  select 0, 0, 0
  where r.amount_cents = 0
    and not exists (select 1 from public.payment_ledger l where l.reservation_id = r.id and l.kind in ('charge', 'comp'))
  limit 1;
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

-- Extras after booking: add-ons a guest takes later, from the manage link (guest_add_addons)
-- or from their own seat's link (seat_add_addons, 078_seats.sql), until the kitchen is told
-- (addons_until: the kitchen report's time on the dinner's day, 09:00 in the event's timezone
-- unless the host changed it). They are paid in a charge of their own (purpose 'addons', the
-- lines it pays for on the ledger row), taken at once under the booking's locks so limits
-- hold, and given back if the card is declined (settle_extra_charge).

-- Until when a booking can take add-ons.
create or replace function public.addons_until(r public.reservations) returns timestamptz
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select (e.date + coalesce((select kr.send_at from public.kitchen_reports kr where kr.event_id = e.id), '09:00'::time))
                 at time zone e.event_timezone
          from public.events e where e.id = r.event_id);
end;
$$;

-- An add-on a booking could still take (addon_offers): its price, how many the booking has, and
-- how many more it may have.
create type public.addon_offer as (
  id uuid,
  name text,
  description text,
  per text,
  price_cents integer,
  taken integer,
  most integer
);

-- The add-ons a booking could still take now: each active one of its event with its price and
-- how many more this booking may have (per guest: up to its guests; per booking: up to 10; within
-- what a limited one has left). Empty once addons_until has passed or the booking is not confirmed.
create or replace function public.addon_offers(r public.reservations) returns public.addon_offer[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg((a.id, a.name, a.description, a.per, a.price_cents, coalesce(ra.quantity, 0), m.most)::public.addon_offer
                            order by a.sort, a.created_at, a.id), '{}')
  from public.event_addons a
  left join public.reservation_addons ra on ra.reservation_id = r.id and ra.addon_id = a.id
  cross join lateral (
    select least(case when a.per = 'guest' then r.num_guests else 10 end - coalesce(ra.quantity, 0),
                 coalesce(a.quantity_limit - public.event_addon_sold(a.id), 2147483647)) as most
  ) m
  where a.event_id = r.event_id and a.is_active and m.most > 0
    and r.status = 'confirmed' and now() < public.addons_until(r);
$$;

-- Extras for a booking, validated and priced: p_addons [{ id, quantity }] on top of what it has
-- (per guest: up to its guests in all; per booking: up to 10; within what a limited one has
-- left; active add-ons of its event only). Answers { lines: [{ id, name, quantity,
-- unit_price_cents }], subtotal_cents, service_charge_cents, tax_cents, amount_cents }. Exact
-- under the booking's locks (open_addons_charge), advisory for a quote (quote_extras).
create or replace function public.extras_priced(r public.reservations, p_addons jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_item record;
  v_addon public.event_addons;
  v_taken integer;
  v_left integer;
  v_lines jsonb := '[]'::jsonb;
  v_subtotal integer := 0;
  v_price jsonb;
begin
  if p_addons is null or jsonb_typeof(p_addons) <> 'array' or jsonb_array_length(p_addons) = 0 or jsonb_array_length(p_addons) > 50 then
    raise exception 'Choose the extras to add.' using errcode = 'P0001';
  end if;
  for v_item in
    select lower(btrim(coalesce(x ->> 'id', ''))) as id,
           case when jsonb_typeof(x -> 'quantity') = 'number' and (x ->> 'quantity') ~ '^[0-9]{1,4}$' then (x ->> 'quantity')::integer end as quantity
    from jsonb_array_elements(p_addons) x
  loop
    select * into v_addon from public.event_addons a
    where v_item.id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' and a.id = v_item.id::uuid and a.event_id = r.event_id;
    if v_addon.id is null then
      raise exception 'Add-on not found. Please select a valid add-on.' using errcode = 'SH404';
    end if;
    if v_item.quantity is null or v_item.quantity < 1 then
      raise exception 'The quantity of % must be a whole number of 1 or more.', v_addon.name using errcode = 'P0001';
    end if;
    if v_lines @> jsonb_build_array(jsonb_build_object('id', v_addon.id)) then
      raise exception 'Choose % once.', v_addon.name using errcode = 'P0001';
    end if;
    if not v_addon.is_active then
      raise exception '% is no longer available.', v_addon.name using errcode = 'SH409';
    end if;
    select coalesce(max(ra.quantity), 0) into v_taken from public.reservation_addons ra where ra.reservation_id = r.id and ra.addon_id = v_addon.id;
    if v_addon.per = 'guest' and v_taken + v_item.quantity > r.num_guests then
      raise exception 'At most % % for % %: one per guest.', r.num_guests, v_addon.name, r.num_guests,
        case when r.num_guests = 1 then 'guest' else 'guests' end using errcode = 'P0001';
    end if;
    if v_addon.per = 'booking' and v_taken + v_item.quantity > 10 then
      raise exception 'At most 10 % per booking.', v_addon.name using errcode = 'P0001';
    end if;
    if v_addon.quantity_limit is not null then
      v_left := greatest(v_addon.quantity_limit - public.event_addon_sold(v_addon.id), 0);
      if v_left < v_item.quantity then
        raise exception '%', case when v_left = 0 then format('%s is sold out.', v_addon.name) else format('Only %s %s left.', v_left, v_addon.name) end
          using errcode = 'SH409';
      end if;
    end if;
    v_lines := v_lines || jsonb_build_array(jsonb_build_object('id', v_addon.id, 'name', v_addon.name, 'quantity', v_item.quantity,
                                                               'unit_price_cents', v_addon.price_cents));
    v_subtotal := v_subtotal + v_item.quantity * v_addon.price_cents;
  end loop;
  -- Extras carry the event's percent service charge and tax; a per-guest service charge was paid with the seats.
  v_price := public.price_lines(v_subtotal, 0, 0, public.charge_terms(r.event_id));
  return jsonb_build_object('lines', v_lines) || (v_price - 'price_display');
end;
$$;

-- What extras would cost a booking now, for its manage page or a seat's page (the token of
-- either link: anyone holding it may ask). Nothing is taken.
create or replace function public.quote_extras(p_token text, p_addons jsonb)
returns table (subtotal_cents integer, service_charge_cents integer, tax_cents integer, amount_cents integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.reservations := public.reservation_by_token(p_token);
  v_price jsonb;
begin
  if r.id is null then
    r := (public.seat_link(p_token)).booking;
  end if;
  if r.id is null then
    raise exception 'This link is not valid.' using errcode = 'SH404';
  end if;
  v_price := public.extras_priced(r, p_addons);
  return query select (v_price ->> 'subtotal_cents')::integer, (v_price ->> 'service_charge_cents')::integer,
                      (v_price ->> 'tax_cents')::integer, (v_price ->> 'amount_cents')::integer;
end;
$$;

grant execute on function public.quote_extras(text, jsonb) to anon, authenticated;

-- Takes add-ons for a booking after it was made (the caller holds its locks): p_addons
-- [{ id, quantity }] on top of what it has; p_email the payer's (the receipt's) address. Free
-- ones are taken at once; otherwise the charge is opened ('charging', purpose 'addons', the
-- lines on its row) for the caller to charge and settle. Answers as guest_add_guests.
create or replace function public.open_addons_charge(
  r public.reservations,
  p_addons jsonb,
  p_key text,
  p_expected_cents integer,
  p_payment_provider text,
  p_email text,
  p_actor text
)
returns setof public.extra_charge
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_lines jsonb;
  v_price jsonb;
  v_row public.payment_ledger;
begin
  if now() >= public.addons_until(r) then
    raise exception 'Extras can no longer be added: the kitchen has been told. Please contact the host.' using errcode = 'SH409';
  end if;
  v_price := public.extras_priced(r, p_addons);
  v_lines := v_price -> 'lines';
  if p_expected_cents is not null and p_expected_cents <> (v_price ->> 'amount_cents')::integer then
    raise exception 'These extras cost %, not %. Please check the price and try again.',
      public.booking_money((v_price ->> 'amount_cents')::integer), public.booking_money(p_expected_cents) using errcode = 'SH409';
  end if;
  if (v_price ->> 'amount_cents')::integer > 0 and p_payment_provider is null then
    raise exception 'Card details are required to pay % for the extras.', public.booking_money((v_price ->> 'amount_cents')::integer)
      using errcode = 'P0001';
  end if;

  insert into public.reservation_addons as ra (reservation_id, addon_id, quantity, unit_price_cents)
  select r.id, (l ->> 'id')::uuid, (l ->> 'quantity')::integer, (l ->> 'unit_price_cents')::integer from jsonb_array_elements(v_lines) l
  on conflict on constraint reservation_addons_pkey do update set quantity = ra.quantity + excluded.quantity;
  if (v_price ->> 'amount_cents')::integer = 0 then
    perform public.record_addons_added(r, v_lines, 0, p_email);
    return next public.extra_charge_of(null, r, false, p_email);
    return;
  end if;
  insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                     provider, idempotency_key, reason, actor, purpose, addons)
  values (r.id, r.org_id, 'charge', 'charging', (v_price ->> 'amount_cents')::integer, (v_price ->> 'service_charge_cents')::integer,
          (v_price ->> 'tax_cents')::integer, p_payment_provider, p_key,
          'Extras: ' || public.addon_lines_text(v_lines),
          p_actor, 'addons', jsonb_build_object('lines', v_lines, 'email', p_email))
  returning * into v_row;
  return next public.extra_charge_of(v_row, r, false, p_email);
end;
$$;

-- The same attempt again (its key): its extras' charge as it stands. Null when the key is new.
create or replace function public.addons_charge_replay(r public.reservations, p_key text)
returns setof public.extra_charge
language sql stable security definer set search_path = '' as $$
  select (public.extra_charge_of(l, r, true, l.addons ->> 'email')).*
  from public.payment_ledger l
  where l.kind = 'charge' and l.idempotency_key = p_key and l.reservation_id = r.id and l.purpose = 'addons';
$$;

-- Extras taken (free, or their charge approved): the booking's history and the payer's receipt.
create or replace function public.record_addons_added(r public.reservations, p_lines jsonb, p_cents integer, p_email text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_what text := public.addon_lines_text(p_lines);
  v_title text := (select e.title from public.events e where e.id = r.event_id);
begin
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'addons_added', jsonb_build_object('lines', p_lines, 'charged_cents', p_cents, 'email', p_email));
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  values (r.org_id, r.id, 'addons_added', p_email, 'Extras added: ' || v_title,
    concat_ws(E'\n', 'Hello,', '', 'These extras are added to the booking ' || r.booking_code || ' for ' || v_title || ': ' || v_what || '.',
      case when p_cents > 0 then E'\nWe charged ' || public.booking_money(p_cents) || ' to your card for them.' end,
      '', public.org_display_name(r.org_id)));
end;
$$;

-- Extras from the manage link, paid by the booker (the first half; settle_extra_charge is the
-- second). p_addons: [{ id, quantity }] to add. The same key again answers the same charge.
create or replace function public.guest_add_addons(p_token text, p_addons jsonb, p_key text, p_expected_cents integer, p_payment_provider text)
returns setof public.extra_charge
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  perform public.assert_idempotency_key(p_key);
  r := public.lock_reservation_by_token(p_token);
  if exists (select 1 from public.addons_charge_replay(r, p_key)) then
    return query select * from public.addons_charge_replay(r, p_key);
    return;
  end if;
  r := public.booking_to_change(p_token);
  return query select * from public.open_addons_charge(r, p_addons, p_key, p_expected_cents, p_payment_provider, r.email, 'guest');
end;
$$;

comment on function public.guest_add_addons(text, jsonb, text, integer, text) is
  'The booker adds extras from the manage link until the kitchen is told: taken at once, their charge opened (settle_extra_charge finishes it). Idempotent by the attempt''s key.';

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

-- The booking's history and the guest's email once added guests are settled (p_cents: charged).
create or replace function public.record_party_increase(r public.reservations, p_before integer, p_cents integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'party_increased', jsonb_build_object('by', 'guest', 'from', p_before, 'to', r.num_guests, 'charged_cents', p_cents));
  perform public.enqueue_money_email(r.id, 'party_increased', p_cents, 'none');
end;
$$;

-- The second half of adding guests, extras, or of a guest paying their seat (072_split_payments.sql):
-- the processor's answer to that charge (from the function that charged, or from the reconciler
-- or a webhook after a crash). Once settled, asking again changes nothing.
--   approved  the charge completes. Added guests keep their seats (the guest is emailed); a
--             seat is paid (its guest is emailed a receipt); extras are kept (their payer is
--             emailed). A booking cancelled in the
--             meantime, or a seat released at the cutoff meanwhile, has nothing for this money:
--             the charge is refunded whole.
--   declined  the charge fails. Added guests give their seats back; extras go back; a seat stays due.
-- Answers money_action_result (its refunds to send).
create or replace function public.settle_extra_charge(p_ledger_id bigint, p_outcome text, p_payment_id text, p_message text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_row public.payment_ledger;
  v_refund public.payment_ledger;
  v_seat record;
begin
  if p_outcome not in ('approved', 'declined') then
    raise exception 'Unknown outcome %', p_outcome using errcode = 'P0001';
  end if;
  r := public.lock_reservation((select l.reservation_id from public.payment_ledger l
                                where l.id = p_ledger_id and l.kind = 'charge' and l.purpose <> 'booking'));
  select * into v_row from public.payment_ledger l where l.id = p_ledger_id and l.kind = 'charge' and l.purpose <> 'booking' for update;
  if v_row.id is null then
    raise exception 'Charge not found' using errcode = 'SH404';
  end if;
  if v_row.status <> 'charging' then
    return public.money_action_result(r, true, null);
  end if;
  -- The seat a seat's charge pays for (none for added guests: no row, all fields null).
  select * into v_seat from public.reservation_seats s where s.reservation_id = r.id and s.seat_no = v_row.seat_no;
  if p_outcome = 'approved' then
    update public.payment_ledger l set status = 'completed', provider_payment_id = coalesce(p_payment_id, l.provider_payment_id)
    where l.id = v_row.id;
    if r.status = 'confirmed' and v_row.purpose = 'more_guests' then
      perform public.record_party_increase(r, r.num_guests - v_row.guests, v_row.amount_cents);
    elsif r.status = 'confirmed' and v_row.purpose = 'seat' and v_seat.id is not null then
      perform public.record_seat_paid(r, v_seat.seat_no, v_row.amount_cents);
    elsif r.status = 'confirmed' and v_row.purpose = 'addons' then
      perform public.record_addons_added(r, v_row.addons -> 'lines', v_row.amount_cents, v_row.addons ->> 'email');
    else
      v_refund := public.open_refund(r, v_row.amount_cents, 'mg' || md5(v_row.id::text || ':void'),
                                     case when r.status = 'confirmed' then 'The seat was released before its payment completed'
                                          else 'The booking was cancelled while this payment was being made' end,
                                     'system', true, 'refund');
    end if;
    return public.money_action_result(r, false, v_refund.id);
  end if;
  update public.payment_ledger l set status = 'failed', message = left(p_message, 500) where l.id = v_row.id;
  if r.status = 'confirmed' and v_row.purpose = 'more_guests' then
    r := public.set_party_size(r, greatest(r.num_guests - v_row.guests, 1));
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'party_increase_declined', jsonb_build_object('guests', v_row.guests, 'message', p_message));
  elsif v_row.purpose = 'seat' then
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'seat_payment_declined', jsonb_build_object('seat_no', v_row.seat_no, 'message', p_message));
  elsif v_row.purpose = 'addons' then
    -- The extras go back: their quantities come off what the booking had.
    delete from public.reservation_addons ra
    using jsonb_array_elements(v_row.addons -> 'lines') l
    where ra.reservation_id = r.id and ra.addon_id = (l ->> 'id')::uuid and ra.quantity <= (l ->> 'quantity')::integer;
    update public.reservation_addons ra set quantity = ra.quantity - (l ->> 'quantity')::integer
    from jsonb_array_elements(v_row.addons -> 'lines') l
    where ra.reservation_id = r.id and ra.addon_id = (l ->> 'id')::uuid;
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'addons_declined', jsonb_build_object('lines', v_row.addons -> 'lines', 'message', p_message));
  end if;
  return public.money_action_result(r, false, null);
end;
$$;

-- Moving the booking to another date of its series (move_target says which may take it). The
-- booking keeps its money, frozen policy, code, seats and manage link; what depended on the old
-- date starts again (its reminder); the guest and the guests who claimed a seat are emailed.
-- Both events are locked in id order (a move the other way, or a booking of either date, waits
-- instead of deadlocking), then the booking. Moving to the date it is already on changes nothing.
-- Answers { moved, from, to } (event ids).
create or replace function public.guest_move_booking(p_token text, p_event_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_from uuid;
  m record;
  e_from public.events;
  e_to public.events;
  v_org text;
  v_subject text;
  v_opening text;
  v_from_when text;
  v_to_when text;
begin
  select x.event_id into v_from from public.reservations x where x.id = (public.reservation_by_token(p_token)).id;
  if v_from is null then
    raise exception 'This booking link is not valid.' using errcode = 'SH404';
  end if;
  perform 1 from public.events e where e.id in (v_from, p_event_id) order by e.id for update;
  r := public.booking_to_change(p_token);
  if r.event_id = p_event_id then
    return jsonb_build_object('moved', false, 'from', r.event_id, 'to', r.event_id);
  end if;
  if r.event_id <> v_from then
    -- Moved by another request while this one waited: its locks are not this date's.
    raise exception 'This booking has just changed. Please reload the page and try again.' using errcode = 'SH409';
  end if;
  if r.checked_in_guests > 0 then
    raise exception 'Your party has already checked in, so the booking can no longer move to another date. Please contact the host.'
      using errcode = 'SH409';
  end if;
  if exists (select 1 from public.reservation_splits sp where sp.reservation_id = r.id) then
    -- Each seat's money is its guest's, paid for this date.
    raise exception 'Each guest of this booking pays their own seat, so it cannot move to another date online. Please contact the host.'
      using errcode = 'SH409';
  end if;
  select * into m from public.move_target(r, p_event_id);
  if m.refusal is not null then
    raise exception '%', m.refusal using errcode = case when m.event_id is null then 'SH404' else 'SH409' end;
  end if;

  select * into e_from from public.events x where x.id = r.event_id;
  select * into e_to from public.events x where x.id = p_event_id;
  v_from_when := to_char(e_from.date, 'FMDay, FMMonth FMDD, YYYY') || ' at '
    || to_char(coalesce((select s.slot_time from public.rsvp_slots s where s.id = r.rsvp_slot_id), e_from.event_time), 'FMHH12:MI AM');
  v_to_when := to_char(e_to.date, 'FMDay, FMMonth FMDD, YYYY') || ' at ' || to_char(m.starts_at at time zone e_to.event_timezone, 'FMHH12:MI AM');

  -- The money stays: the move is a decision about it like a new party size (set_party_size).
  perform set_config('supperhost.money_decision', r.id::text, true);
  update public.reservations x
     set event_id = e_to.id, ticket_type_id = m.ticket_type_id, rsvp_slot_id = m.rsvp_slot_id, time_slot = m.time_slot,
         reminder_sent_at = null
   where x.id = r.id
  returning * into r;
  perform set_config('supperhost.money_decision', '', true);

  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'moved', jsonb_build_object('by', 'guest',
    'from', jsonb_build_object('event_id', e_from.id, 'date', e_from.date),
    'to', jsonb_build_object('event_id', e_to.id, 'date', e_to.date)));

  -- The guest: the new date with its calendar entry (the same entry, moved) and the same link.
  v_org := public.org_display_name(r.org_id);
  v_subject := 'Your reservation at ' || v_org || ' has moved to ' || to_char(e_to.date, 'FMMonth FMDD') || ': ' || e_to.title;
  v_opening := 'Your reservation for ' || e_to.title || ' (' || public.guest_count(r.num_guests) || ') has moved from ' || v_from_when || ' to ' || v_to_when
    || '. Your booking code, your payment and your cancellation policy stay the same.';
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id, 'booking_moved', r.email, v_subject,
    concat_ws(E'\n', 'Hi ' || r.name || ',', '', v_opening, '', 'Booking code: ' || r.booking_code,
              'Your booking: {{site_url}}/booking/' || public.manage_token_of(r.id), '', v_org),
    public.email_data(r.id, 'booking_moved', jsonb_build_object('notice', jsonb_build_object(
      'subject', v_subject, 'opening', v_opening, 'money_line', null, 'paid_line', null, 'refund_cents', 0, 'refund_status', 'none'))));
  -- The guests who claimed a seat: the new date, and their seat's link (it keeps working).
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  select r.org_id, r.id, 'seat_moved', s.guest_email, 'New date: ' || e_to.title || ', ' || to_char(e_to.date, 'FMMonth FMDD'),
    concat_ws(E'\n', 'Hi ' || s.guest_name || ',', '',
      r.name || ' has moved their booking for ' || e_to.title || ', and your seat with it, from ' || v_from_when || ' to ' || v_to_when || '.',
      '', 'Your seat, to change your name or what you cannot eat: {{site_url}}/seat/' || public.link_token_of('seat', s.id), '', v_org)
  from public.reservation_seats s
  where s.reservation_id = r.id and s.seat_no > 1 and s.claimed_at is not null and lower(s.guest_email) <> lower(r.email);
  return jsonb_build_object('moved', true, 'from', e_from.id, 'to', e_to.id);
end;
$$;

comment on function public.guest_move_booking(text, uuid) is
  'The guest moves the booking to another date of its series at the same price: money, policy, code, seats and link stay; the old date''s seats go to its waitlist; the guest is emailed. Idempotent by the date asked for.';

-- Handing the booking to someone else: their name and email (the previous guest's phone and
-- dietary notes are theirs and are cleared), a new manage link, and the old one stops working.
-- Answers the booking's new holder. Asking again with the old link finds nothing: that link
-- stopped working when the booking changed hands.
create or replace function public.guest_hand_over_booking(p_token text, p_name text, p_email text)
returns table (reservation_id uuid, name text, email text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  v_name text;
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_from_name text;
  v_from_email text;
  v_org text;
  v_event public.events;
  v_body text;
  v_subject text;
  v_opening text;
begin
  r := public.booking_to_change(p_token);
  v_name := public.required_text(p_name, 100, 'Enter the name of the person you are giving the booking to.',
    'The name is too long (100 characters at most).');
  if char_length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter a valid email address for the person you are giving the booking to.' using errcode = 'P0001';
  end if;
  if lower(r.email) = v_email then
    raise exception 'This booking is already in the name of %. Enter the email of the person you are giving it to.', r.email
      using errcode = 'P0001';
  end if;

  v_from_name := r.name;
  v_from_email := r.email;
  v_org := public.org_display_name(r.org_id);
  select * into v_event from public.events e where e.id = r.event_id;

  update public.reservations x
     set name = v_name, email = v_email, phone = null, dietary_restrictions = null,
         manage_token_version = x.manage_token_version + 1
   where x.id = r.id
  returning * into r;
  update public.reservations x set manage_token_hash = public.manage_token_hash(public.manage_token_of(r.id)) where x.id = r.id;

  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'handed_over', jsonb_build_object(
    'from', jsonb_build_object('name', v_from_name, 'email', v_from_email),
    'to', jsonb_build_object('name', v_name, 'email', v_email)));

  -- The new guest: the confirmation, with the new link, calendar and address as any guest gets it.
  perform public.enqueue_booking_confirmation(r.id);
  -- The previous guest: what happened, with no link (theirs no longer works, and the new one is
  -- not theirs: the booking in the template data carries no manage path).
  v_subject := 'You gave your reservation at ' || v_org || ' to ' || v_name || ': ' || v_event.title;
  v_opening := 'Your reservation for ' || v_event.title || ' (' || public.guest_count(r.num_guests) || ') now belongs to ' || v_name
    || '. We have emailed them the booking and its own link; the link you had no longer works.';
  v_body := concat_ws(E'\n', 'Hi ' || v_from_name || ',', '', v_opening, '', 'Booking code: ' || r.booking_code, '', v_org);
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id, 'booking_handed_over', v_from_email, v_subject, v_body,
          jsonb_set(public.email_data(r.id, 'booking_handed_over', jsonb_build_object(
            'guest', jsonb_build_object('name', v_from_name, 'email', v_from_email),
            'notice', jsonb_build_object('subject', v_subject, 'opening', v_opening, 'money_line', null, 'paid_line', null,
                                         'refund_cents', 0, 'refund_status', 'none'))),
            '{booking,manage_path}', '""'));

  return query select r.id, r.name, r.email;
end;
$$;

comment on function public.guest_hand_over_booking(text, text, text) is
  'The guest gives the booking to someone else: new name and email, a new manage link emailed to them, the old link stops working, the previous guest is told.';
