-- =============================================================================
-- Booking: quote, hold, confirm and fail, in one transaction each, shared by every booking flavour.
--
--   quote_booking(...)          price a booking (nothing reserved)
--   hold_booking(...)           price it again and hold the seats, in one
--                               transaction, keyed by an idempotency key
--   confirm_booking(id, ...)    the charge went through: held -> confirmed,
--                               confirmation email queued in email_outbox
--   fail_booking(id, reason)    the charge failed: held -> failed, seats back
--   release_expired_holds()     expire stale holds (seats back); for a cron
--   record_booking_event(...)   audit trail of charges, refunds and answers
--
-- Capacity itself is moved by the reservation triggers
-- (040_reservations_and_capacity.sql): a row holds seats while it is 'held' or 'confirmed', with
-- conditional updates under the event row lock. These functions decide the
-- price, validate the request, reserve promo uses, and translate refusals
-- into the messages guests see.
--
-- Lock order, the same in every function here and in the triggers, so
-- concurrent bookings queue instead of deadlocking:
--   idempotency key (advisory) -> event row -> reservation rows
--   -> promo code (advisory) -> ticket type / slot rows -> promo code row
--
-- Errors (message is what the guest sees):
--   P0001  invalid request: guests, slot missing, promo code refused,
--          amount changed, payment token rules            -> HTTP 400
--   SH404  event / ticket type / time slot / reservation not found -> 404
--   SH409  not enough capacity, event not bookable, idempotency key reused
--          for a different booking (also raised by the triggers) -> 409
--   SH410  promo code no longer redeemable at confirmation (triggers) -> 409
--
-- Every function is security definer with an empty search_path and may be
-- executed by service_role only: the edge functions call them with the
-- service-role client after validating their input.
-- =============================================================================

-- Audit trail: what happened to a booking's money, and the answer given
create table public.booking_events (
  id bigint generated always as identity primary key,
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

comment on table public.booking_events is
  'Append-only log of a reservation''s money path: held, charge results, confirmed, failed, refunds, and the final answer (kind ''outcome'') replayed to retries of the same idempotency key.';

create index booking_events_reservation_id_idx on public.booking_events (reservation_id, id);

alter table public.booking_events enable row level security;

-- Helpers (not callable through the API)
create or replace function public.booking_money(cents integer) returns text
language sql immutable set search_path = '' as $$
  select '$' || to_char(coalesce(cents, 0) / 100.0, 'FM999,999,990.00');
$$;

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

-- A reservation as the edge functions need it.
create or replace function public.booking_summary(p_reservation public.reservations, p_existing boolean)
returns jsonb
language sql stable security definer set search_path = '' as $$
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
    'subtotal_cents', p_reservation.amount_cents + p_reservation.discount_cents
      - p_reservation.service_charge_cents - p_reservation.tax_cents,
    'discount_cents', p_reservation.discount_cents,
    'service_charge_cents', p_reservation.service_charge_cents,
    'tax_cents', p_reservation.tax_cents,
    'total_cents', p_reservation.amount_cents,
    'amount_cents', p_reservation.amount_cents,
    'price_display', public.charge_terms(p_reservation.event_id) ->> 'price_display',
    'promo_code_id', p_reservation.promo_code_id,
    'idempotency_key', p_reservation.idempotency_key,
    'hold_expires_at', p_reservation.hold_expires_at,
    'hold_expired', public.is_abandoned_hold(p_reservation.status, p_reservation.hold_expires_at),
    'payment_provider', p_reservation.payment_provider,
    'payment_id', p_reservation.payment_id,
    'booking_code', p_reservation.booking_code,
    'addons', public.reservation_addons_of(p_reservation.id),
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
$$;

-- quote_booking
--
-- Prices a booking of the event as its kind says (020_events.sql): a ticket type's price
-- (p_ticket_type: id or name), the event's deposit per guest (an RSVP slot), or its price per
-- seat (a seating), times the guests, less the promo code. A slot is chosen by
-- p_rsvp_slot_id or by its label (or id) in p_time_slot.
-- p_org_slug limits the event to one organization (a venue's own payment function).
create or replace function public.quote_booking(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_org_slug text default null,
  p_addons jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  return public.booking_evaluate(
    p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, p_promo_code, p_org_slug, false, p_addons);
end;
$$;

-- A client's idempotency key as Square takes one (1 to 45 characters), for every call that
-- charges: refused with P0001 otherwise.
create or replace function public.assert_idempotency_key(p_key text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_key is null or char_length(p_key) not between 1 and 45 then
    raise exception 'The idempotency key must be 1 to 45 characters' using errcode = 'P0001';
  end if;
end;
$$;

-- The advisory lock of one checkout's idempotency key: requests with one key run one at a time
-- (hold_booking, and run_booking_calls for a batch of holds).
create or replace function public.booking_key_lock(p_key text) returns bigint
language sql immutable parallel safe set search_path = '' as $$
  select hashtextextended('supperhost.booking:' || p_key, 0);
$$;

-- Prices the booking again and holds its seats, keyed by the idempotency key: a sold-out answer
-- comes from a cheap read without the lock (booking_may_be_refused), the evaluation and the seats
-- under the event row lock.
create or replace function public.hold_booking(
  p_idempotency_key text,
  p_event_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_org_slug text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_expected_total_cents integer default null,
  p_has_payment_token boolean default null,
  p_payment_source text default null,
  p_payment_provider text default null,
  p_addons jsonb default '[]'::jsonb,
  p_pay_own_seat boolean default false
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_existing public.reservations;
  v_quote jsonb;
  v_total integer;
  v_row public.reservations;
  v_detail_text text;
  v_detail jsonb;
  v_available integer;
  v_message text;
begin
  perform public.assert_idempotency_key(p_idempotency_key);

  -- Requests with one key run one at a time; a retry finds the first booking.
  perform pg_advisory_xact_lock(public.booking_key_lock(p_idempotency_key));
  select * into v_existing from public.reservations r where r.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.event_id <> p_event_id
       or v_existing.num_guests <> p_guests
       or lower(v_existing.email) <> lower(btrim(coalesce(p_email, '')))
       or public.booking_addons_differ(v_existing.id, p_addons) then
      raise exception 'This checkout was already used for a different booking. Please refresh the page and try again.'
        using errcode = 'SH409';
    end if;
    -- A hold made for the guest (a waitlist offer) is paid with the first card token sent
    -- for it: 'charging' goes on record before the processor is called, as for any hold.
    if v_existing.status = 'held' and v_existing.amount_cents > 0 and p_payment_source is not null
       and not exists (select 1 from public.payment_ledger l where l.reservation_id = v_existing.id and l.kind = 'charge') then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                         guests, provider, idempotency_key, actor)
      values (v_existing.id, v_existing.org_id, 'charge', 'charging', v_existing.amount_cents, v_existing.service_charge_cents,
              v_existing.tax_cents, v_existing.num_guests, p_payment_provider, p_idempotency_key, 'guest');
      insert into public.booking_events (reservation_id, kind, detail)
      values (v_existing.id, 'held', jsonb_build_object('payment_source', p_payment_source, 'claimed', true));
    end if;
    return public.booking_summary(v_existing, true);
  end if;

  -- Sold out is answered from committed state, before queueing for the event
  -- lock: a refusal in a rush does not wait behind every hold in flight. The
  -- unlocked evaluation counts stale holds as free, so it only refuses what the
  -- locked one below would refuse too (without the promo code: that is checked,
  -- once, under the lock).
  -- The unlocked evaluation runs only when a cheap read says the booking might be refused.
  if public.booking_may_be_refused(p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id) then
    perform public.booking_evaluate(
      p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, null, p_org_slug, false, p_addons);
  end if;

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_ticket_type, p_rsvp_slot_id, p_time_slot, p_promo_code, p_org_slug, true, p_addons);
  if p_pay_own_seat then
    -- Each guest pays their own seat: the booker's booking is priced as one seat.
    v_quote := public.split_seat_quote(v_quote);
  end if;
  v_total := (v_quote ->> 'total_cents')::integer;

  if p_expected_total_cents is not null and p_expected_total_cents <> v_total then
    raise exception 'The amount has changed. Please review your order and try again.'
      using errcode = 'P0001',
            detail = jsonb_build_object('expected_cents', p_expected_total_cents, 'total_cents', v_total)::text;
  end if;
  if p_has_payment_token is true and v_total = 0 then
    raise exception 'This booking is free: no card payment is needed. Please submit it without card details.'
      using errcode = 'P0001';
  end if;
  if p_has_payment_token is false and v_total > 0 then
    raise exception 'Card details are required to pay % for this booking.', public.booking_money(v_total)
      using errcode = 'P0001';
  end if;

  begin
    insert into public.reservations (
      org_id, event_id, ticket_type_id, rsvp_slot_id, promo_code_id,
      name, email, phone, num_guests, time_slot, dietary_restrictions, special_requests,
      status, amount_cents, discount_cents, service_charge_cents, tax_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent, unit_price_cents
    ) values (
      (v_quote ->> 'org_id')::uuid,
      p_event_id,
      (v_quote ->> 'ticket_type_id')::uuid,
      (v_quote ->> 'rsvp_slot_id')::uuid,
      (v_quote -> 'promo' ->> 'id')::uuid,
      btrim(p_name),
      btrim(p_email),
      nullif(btrim(coalesce(p_phone, '')), ''),
      p_guests,
      v_quote ->> 'time_slot',
      nullif(btrim(coalesce(p_dietary_restrictions, '')), ''),
      nullif(btrim(coalesce(p_special_requests, '')), ''),
      'held',
      v_total,
      (v_quote ->> 'discount_cents')::integer,
      (v_quote ->> 'service_charge_cents')::integer,
      (v_quote ->> 'tax_cents')::integer,
      p_idempotency_key,
      now() + interval '15 minutes',
      (select e.refund_window_hours from public.events e where e.id = p_event_id),
      coalesce((select e.late_refund_percent from public.events e where e.id = p_event_id), 0),
      (v_quote ->> 'unit_price_cents')::integer
    )
    returning * into v_row;
  exception when sqlstate 'SH409' then
    -- The triggers refused (e.g. an admin lowered a capacity since the check
    -- above): say it the way the booking pages do.
    get stacked diagnostics v_message = message_text, v_detail_text = pg_exception_detail;
    begin
      v_detail := nullif(v_detail_text, '')::jsonb;
      v_available := greatest(coalesce((v_detail ->> 'available')::integer, 0), 0);
    exception when others then
      v_detail := null;
      v_available := 0;
    end;
    if v_detail ->> 'kind' = 'ticket_type' then
      v_message := format('Only %s %s available for %s.', v_available, case when v_available = 1 then 'ticket' else 'tickets' end,
        v_quote ->> 'ticket_type_name');
    elsif v_detail ->> 'kind' = 'rsvp_slot' and v_quote ->> 'event_kind' = 'seatings' then
      v_message := format('Not enough tickets for %s at %s (%s left). Please select another date or reduce tickets.',
        to_char((v_quote ->> 'event_date')::date, 'FMDay, FMMonth FMDD, YYYY'), v_quote ->> 'time_slot', v_available);
    elsif v_detail ->> 'kind' = 'rsvp_slot' then
      v_message := format('Only %s %s left in the %s time slot. Please select another time or fewer guests.',
        v_available, case when v_available = 1 then 'spot' else 'spots' end, v_quote ->> 'time_slot');
    elsif v_detail ->> 'kind' = 'event' then
      v_message := format('Only %s %s left for this event.', v_available, case when v_available = 1 then 'seat' else 'seats' end);
    end if;
    raise exception '%', v_message using errcode = 'SH409';
  end;

  insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
  select v_row.id, (x ->> 'id')::uuid, (x ->> 'quantity')::integer, (x ->> 'unit_price_cents')::integer
  from jsonb_array_elements(v_quote -> 'addons') x;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_total,
    'subtotal_cents', (v_quote ->> 'subtotal_cents')::integer,
    'discount_cents', (v_quote ->> 'discount_cents')::integer,
    'service_charge_cents', (v_quote ->> 'service_charge_cents')::integer,
    'tax_cents', (v_quote ->> 'tax_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'addons', v_quote -> 'addons',
    'kind', v_quote ->> 'event_kind',
    'promo', v_quote -> 'promo',
    'payment_source', p_payment_source,
    'pay_own_seat', coalesce(p_pay_own_seat, false)));
  if p_pay_own_seat then
    perform public.open_party_split(v_row, v_quote);
  end if;

  -- 'charging' is on record before the processor is called: if the caller dies
  -- between the charge and the confirmation, reconcile-payments finds it.
  if v_total > 0 and p_has_payment_token is not false and p_payment_source is not null then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                       guests, provider, idempotency_key, actor)
    values (v_row.id, v_row.org_id, 'charge', 'charging', v_total, v_row.service_charge_cents, v_row.tax_cents,
            case when p_pay_own_seat then 1 else p_guests end, p_payment_provider, p_idempotency_key, 'guest');
  end if;

  return public.booking_summary(v_row, false);
end;
$$;

-- confirm_booking
--
-- The charge went through (or the booking is free: provider 'comp').
-- true: the reservation is confirmed (again: a repeated call with the same
-- payment is a no-op) and its confirmation email is queued.
-- false: it cannot be confirmed — its hold expired and the seats (or the promo
-- use) are gone, or it failed / was cancelled, or it is already confirmed with
-- a different payment. The caller must refund this payment.
-- A hold past its expiry is treated as expired; if its seats are still free it
-- takes them again and is confirmed.
create or replace function public.confirm_booking(
  p_reservation_id uuid,
  p_payment_provider text,
  p_payment_id text default null
)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
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
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents,
                                         guests, provider, provider_payment_id, idempotency_key, actor)
      values (r.id, r.org_id, 'charge', 'completed', r.amount_cents, r.service_charge_cents, r.tax_cents,
              r.num_guests, p_payment_provider, p_payment_id, r.idempotency_key, 'guest')
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

  -- A live hold keeps its seats; an expired one takes them (and its promo use) again.
  begin
    if r.status <> 'held' and r.promo_code_id is not null then
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
    if r.status = 'held' then
      -- A live hold keeps its promo code even if staff switched the code off
      -- while the guest was paying (the trigger honours it). Only a code whose
      -- max_uses was lowered to its confirmed uses or below since the hold is
      -- refused here: the caller refunds, and the seats go back now, not at expiry.
      update public.reservations x set status = 'failed' where x.id = r.id;
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'promo code no longer redeemable'));
    else
      insert into public.booking_events (reservation_id, kind, detail)
      values (r.id, 'confirm_refused', jsonb_build_object('reason', 'hold expired and its seats are gone', 'error', sqlerrm));
    end if;
    return false;
  end;

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
  perform public.enqueue_booking_notice(r.id, 'booked');
  return true;
end;
$$;

-- fail_booking
--
-- The charge failed: a held reservation becomes 'failed' and its seats and
-- promo use return at once. p_outcome, the answer the guest is given
-- ({ status, error, code }), is recorded in the same transaction, so a retry
-- of the checkout (a double submit racing this one) replays that answer, never
-- a bare "ended". Returns false (and changes nothing else) for a reservation
-- that is no longer held.
create or replace function public.fail_booking(p_reservation_id uuid, p_reason text default null, p_outcome jsonb default null)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
begin
  r := public.lock_reservation(p_reservation_id);
  -- A declined charge moved no money, whatever became of the hold meanwhile.
  update public.payment_ledger l set status = 'failed', message = left(p_reason, 500)
  where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'charging';
  if p_outcome is not null and r.status in ('held', 'failed')
     and not exists (select 1 from public.booking_events be where be.reservation_id = r.id and be.kind = 'outcome') then
    insert into public.booking_events (reservation_id, kind, detail) values (r.id, 'outcome', p_outcome);
  end if;
  if r.status <> 'held' then
    return false;
  end if;
  update public.reservations x set status = 'failed' where x.id = r.id;
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'failed', jsonb_build_object('reason', p_reason));
  return true;
end;
$$;

-- record_booking_event
create or replace function public.record_booking_event(p_reservation_id uuid, p_kind text, p_detail jsonb default '{}'::jsonb)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.booking_events (reservation_id, kind, detail)
  values (p_reservation_id, p_kind, coalesce(p_detail, '{}'::jsonb));
$$;

-- A booking entered by staff (comp, cash or a payment link) through the same booking path.
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
returns table (
  reservation_id uuid,
  status text,
  booking_code text,
  amount_cents integer,
  mode text,
  hold_expires_at timestamptz,
  payment_path text,
  money_badge text,
  paid_cents integer,
  comp_cents integer
)
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_key text;
  v_hold jsonb;
  r public.reservations;
  v_subtotal integer;
  v_cash integer;
  v_expires timestamptz;
  v_confirmed boolean := true;
  v_org text;
begin
  e := public.member_event(p_event_id, 'You can only add bookings to events of your own organization');
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
    p_ticket_type => p_ticket_type_id::text,
    p_rsvp_slot_id => p_rsvp_slot_id,
    p_dietary_restrictions => p_dietary_restrictions,
    p_special_requests => p_special_requests);
  select * into r from public.reservations x where x.id = (v_hold ->> 'reservation_id')::uuid;

  if not coalesce((v_hold ->> 'existing')::boolean, false) then
    v_subtotal := r.amount_cents + r.discount_cents - r.service_charge_cents - r.tax_cents;
    if not coalesce(p_send_confirmation, true) then
      perform set_config('supperhost.skip_confirmation_email', r.id::text, true);
    end if;
    if p_mode = 'comp' or v_subtotal = 0 or (p_mode = 'cash' and p_cash_cents = 0) then
      update public.reservations x
      set amount_cents = 0, discount_cents = v_subtotal, service_charge_cents = 0, tax_cents = 0
      where x.id = r.id;
      v_confirmed := public.confirm_booking(r.id, 'comp', null);
    elsif p_mode = 'cash' then
      v_cash := coalesce(p_cash_cents, r.amount_cents);
      -- Cash of the priced amount keeps its lines; any other sum is taken as one all-in amount.
      update public.reservations x
      set amount_cents = v_cash,
          discount_cents = case when v_cash = r.amount_cents then r.discount_cents else greatest(v_subtotal - v_cash, 0) end,
          service_charge_cents = case when v_cash = r.amount_cents then r.service_charge_cents else 0 end,
          tax_cents = case when v_cash = r.amount_cents then r.tax_cents else 0 end
      where x.id = r.id;
      v_confirmed := public.confirm_booking(r.id, 'cash', 'cash-' || r.id::text);
    else
      v_expires := least(now() + interval '24 hours',
        public.reservation_starts_at(r) - interval '30 minutes');
      if v_expires <= now() + interval '15 minutes' then
        v_expires := now() + interval '15 minutes';
      end if;
      update public.reservations x set hold_expires_at = v_expires where x.id = r.id;
      v_org := public.org_display_name(r.org_id);
      insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
      values (r.org_id, r.id, 'payment_link', r.email,
        'Complete your booking at ' || v_org || ': ' || e.title,
        concat_ws(E'\n',
          'Hi ' || r.name || ',',
          '',
          'Your seats for ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY') || ' (' || public.guest_count(r.num_guests) || ') are held for you until '
            || to_char(v_expires at time zone e.event_timezone, 'FMDay FMHH12:MI AM') || '.',
          'Pay ' || public.booking_money(r.amount_cents) || ' to confirm them: {{site_url}}/pay/' || public.manage_token_of(r.id),
          '',
          v_org),
        public.email_data(r.id, 'payment_link', jsonb_build_object('offer', jsonb_build_object(
          'claim_path', '/pay/' || public.manage_token_of(r.id), 'expires_at', v_expires, 'guests', r.num_guests))));
    end if;
    perform set_config('supperhost.skip_confirmation_email', '', true);
    if not v_confirmed then
      raise exception 'The booking could not be confirmed. Please try again.' using errcode = 'SH409';
    end if;
    insert into public.booking_events (reservation_id, kind, detail)
    values (r.id, 'staff_booking', jsonb_build_object('mode', p_mode, 'by', (select auth.uid()), 'cash_cents', v_cash));
    select * into r from public.reservations x where x.id = r.id;
  end if;

  return query
  select r.id, r.status, r.booking_code, r.amount_cents, p_mode,
    case when r.status = 'held' then r.hold_expires_at end,
    case when r.status = 'held' then '/pay/' || public.manage_token_of(r.id) end,
    m.money ->> 'badge', (m.money ->> 'paid_cents')::integer, (m.money ->> 'comp_cents')::integer
  from (select public.money_of(r.id) as money) m;
end;
$$;

grant execute on function public.staff_create_booking(uuid, uuid, uuid, integer, text, text, text, text, text, text, integer, boolean, text) to authenticated;

-- Whether a booking might be refused, from one cheap read before the event lock
--
-- hold_booking refuses "sold out" from committed state without queueing for the event lock:
-- it evaluates the booking unlocked only when this read says it might be refused (the ticket
-- type, given by id, or the time slot has fewer places left in its pool than asked for; the
-- event has a cap of its own; or the read cannot tell: a ticket type named rather than given by id, a slot by
-- label, an unknown event). Most holds in a rush are not refused, so most skip that
-- evaluation. The refusal and its words come from booking_evaluate; the locked evaluation
-- decides every hold.
create or replace function public.booking_may_be_refused(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text,
  p_rsvp_slot_id uuid
)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select case
      when exists (select 1 from public.capacity_pools p where p.event_id = e.id and p.event_wide) then true
      when e.kind = 'tickets' then not exists (
        select 1 from public.ticket_types t
        where t.event_id = e.id
          and t.id::text = lower(btrim(coalesce(p_ticket_type, '')))
          and public.capacity_pool_left(t.pool_id) >= p_guests)
      when p_rsvp_slot_id is not null then not exists (
        select 1 from public.rsvp_slots s
        where s.id = p_rsvp_slot_id
          and s.event_id = e.id
          and s.is_active
          and public.capacity_pool_left(s.pool_id) >= p_guests)
      else true
    end
    from public.events e
    where e.id = p_event_id), true);
$$;

-- Runs a batch of hold_booking / confirm_booking calls that arrived together, in one transaction,
-- each in its own savepoint, answering each call's result or error.
create or replace function public.run_booking_calls(p_function text, p_calls jsonb) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_call jsonb;
  v_sql text;
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_lock bigint;
begin
  -- Only the booking path's own calls: a batch is not a way to run anything else.
  if p_function is null or p_function not in ('hold_booking', 'confirm_booking') then
    raise exception 'run_booking_calls runs hold_booking or confirm_booking, not %', coalesce(p_function, 'null')
      using errcode = 'P0001';
  end if;
  -- At most 16 calls: each takes up to two subtransactions, and a transaction keeps 64 in
  -- shared memory before PostgreSQL spills them to disk (PGPROC_MAX_CACHED_SUBXIDS).
  if p_calls is null or jsonb_typeof(p_calls) <> 'array' or jsonb_array_length(p_calls) not between 1 and 16 then
    raise exception 'p_calls must be an array of 1 to 16 calls' using errcode = 'P0001';
  end if;
  -- A hold takes its key's lock, then the event row. A batch keeps the event row from its first
  -- hold on, so if it took each later key in turn, a lone request with one of them (a double
  -- submit) would hold that key and wait for the event while the batch waits for the key: a
  -- deadlock, broken only after deadlock_timeout (1 s). So a batch of holds takes all its keys
  -- first, in one order: key, then event, as for a lone hold.
  if p_function = 'hold_booking' then
    for v_lock in
      select distinct public.booking_key_lock(k.key)
      from jsonb_array_elements(p_calls) c
      cross join lateral (select c.value -> 'args' ->> 'p_idempotency_key' as key) k
      where jsonb_typeof(c.value -> 'args') = 'object' and char_length(k.key) between 1 and 45
      order by 1
    loop
      perform pg_advisory_xact_lock(v_lock);
    end loop;
  end if;

  for v_call in select c.value from jsonb_array_elements(p_calls) c loop
    begin
      if jsonb_typeof(v_call -> 'args') is distinct from 'object' then
        raise exception 'Each call needs its arguments as an object' using errcode = 'P0001';
      end if;
      perform set_config('request.headers', coalesce(v_call -> 'headers', '{}'::jsonb)::text, true);
      -- Named arguments as literals of unknown type: PostgreSQL types each as the
      -- function's parameter, as PostgREST's call would (a name that is not one is refused).
      select format('select to_jsonb(public.%I(%s))', p_function,
                    coalesce(string_agg(format('%I => %L', a.key, a.value), ', ' order by a.key), ''))
      into v_sql
      from jsonb_each_text(v_call -> 'args') a;
      execute v_sql into v_answer;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('data', v_answer));
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'message', v_message, 'details', nullif(v_detail, ''))));
    end;
  end loop;
  return v_answers;
end;
$$;

-- A booking's history for staff, oldest first, in words: when it was booked, cancelled or
-- refunded, and what the guest changed (fewer or more guests, another date, the booking handed to someone else). The
-- money path's internal steps (holds, charge attempts, replayed answers) are left out.
create or replace function public.staff_booking_history(p_reservation_id uuid)
returns table (at timestamptz, kind text, summary text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_member((select r.org_id from public.reservations r where r.id = p_reservation_id), 'You can only see reservations of your own organization');
  return query
  select be.created_at, be.kind,
    case be.kind
      when 'confirmed' then 'Booked and confirmed'
      when 'staff_booking' then 'Added by staff'
      when 'cancelled' then 'Cancelled by ' || case split_part(coalesce(be.detail ->> 'by', ''), ':', 1)
          when 'guest' then 'the guest' when 'system' then 'SupperHost' else 'staff' end
        || case when coalesce((be.detail ->> 'refund_cents')::integer, 0) > 0
             then ', refunding ' || public.booking_money((be.detail ->> 'refund_cents')::integer) else '' end
      when 'refund_requested' then 'Refund of ' || public.booking_money((be.detail ->> 'amount_cents')::integer)
        || coalesce(': ' || nullif(be.detail ->> 'reason', ''), '')
      when 'party_reduced' then 'The guest changed the party from ' || (be.detail ->> 'from') || ' to ' || public.guest_count((be.detail ->> 'to')::integer)
        || case when coalesce((be.detail ->> 'refund_cents')::integer, 0) > 0
             then ', refunding ' || public.booking_money((be.detail ->> 'refund_cents')::integer) else '' end
      when 'party_increased' then 'The guest changed the party from ' || (be.detail ->> 'from') || ' to ' || (be.detail ->> 'to') || ' guests'
        || case when coalesce((be.detail ->> 'charged_cents')::integer, 0) > 0
             then ', paying ' || public.booking_money((be.detail ->> 'charged_cents')::integer) else '' end
      when 'party_increase_declined' then 'Adding ' || public.guest_count((be.detail ->> 'guests')::integer) || ' failed: the payment was declined'
      when 'handed_over' then 'Handed over by ' || (be.detail #>> '{from,name}') || ' (' || (be.detail #>> '{from,email}') || ') to '
        || (be.detail #>> '{to,name}') || ' (' || (be.detail #>> '{to,email}') || ')'
      when 'moved' then 'The guest moved the booking from ' || to_char((be.detail #>> '{from,date}')::date, 'FMMonth FMDD, YYYY')
        || ' to ' || to_char((be.detail #>> '{to,date}')::date, 'FMMonth FMDD, YYYY')
    end
  from public.booking_events be
  where be.reservation_id = p_reservation_id
    and be.kind in ('confirmed', 'staff_booking', 'cancelled', 'refund_requested', 'party_reduced', 'party_increased',
                    'party_increase_declined', 'handed_over', 'moved')
  order by be.id;
end;
$$;

comment on function public.staff_booking_history(uuid) is
  'What happened to a booking, in words, for the staff of its organization: booked, cancelled, refunded, fewer or more guests, moved, handed over.';

grant execute on function public.staff_booking_history(uuid) to authenticated;
