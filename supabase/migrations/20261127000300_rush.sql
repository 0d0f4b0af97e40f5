-- =============================================================================
-- A fair, quick rush (issue 13)
--
-- When a dinner drops, hundreds of guests ask for a few dozen seats within
-- seconds. Seats are taken at the hold, under the event's row lock
-- (booking_evaluate ... for update), so holds are granted one at a time in the
-- order PostgreSQL queues them for that lock, and a hold is never taken over by
-- a later guest: the seats it took are its own until it is confirmed, fails or
-- expires (confirm_booking only re-takes seats of a hold that lapsed). Nobody is
-- refused while seats are free: refusals come from the capacity count made
-- under the lock, and transient failures (deadlock, lock timeout, lost
-- connection) are retried by the functions with the same idempotency key
-- (supabase/functions/_shared/rpc.ts).
--
-- What changes here: hold_booking answers "sold out" from committed state
-- before it queues for the event lock, so refusals in a rush are answered in
-- milliseconds instead of waiting behind every hold in flight.
-- =============================================================================

create or replace function public.hold_booking(
  p_idempotency_key text,
  p_event_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_pricing text default 'ticket',
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_unit_price_cents integer default null,
  p_max_guests integer default 10,
  p_org_slug text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_expected_total_cents integer default null,
  p_has_payment_token boolean default null,
  p_payment_source text default null,
  p_slot_cap integer default null,
  p_payment_provider text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 45 then
    raise exception 'The idempotency key must be 1 to 45 characters' using errcode = 'P0001';
  end if;

  -- Requests with one key run one at a time; a retry finds the first booking.
  perform pg_advisory_xact_lock(hashtextextended('supperhost.booking:' || p_idempotency_key, 0));
  select * into v_existing from public.reservations r where r.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.event_id <> p_event_id
       or v_existing.num_guests <> p_guests
       or lower(v_existing.email) <> lower(btrim(coalesce(p_email, ''))) then
      raise exception 'This checkout was already used for a different booking. Please refresh the page and try again.'
        using errcode = 'SH409';
    end if;
    -- A hold made for the guest (a waitlist offer) is paid with the first card token sent
    -- for it: 'charging' goes on record before the processor is called, as for any hold.
    if v_existing.status = 'held' and v_existing.amount_cents > 0 and p_payment_source is not null
       and not exists (select 1 from public.payment_ledger l where l.reservation_id = v_existing.id and l.kind = 'charge') then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
      values (v_existing.id, v_existing.org_id, 'charge', 'charging', v_existing.amount_cents, v_existing.num_guests,
              p_payment_provider, p_idempotency_key, 'guest');
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
  perform public.booking_evaluate(
    p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
    null, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, false);

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
    p_promo_code, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, true);
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
      status, amount_cents, discount_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent
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
      p_idempotency_key,
      now() + interval '15 minutes',
      (select e.refund_window_hours from public.events e where e.id = p_event_id),
      coalesce((select e.late_refund_percent from public.events e where e.id = p_event_id), 0)
    )
    returning * into v_row;
  exception when sqlstate 'SH409' then
    -- The triggers refused (e.g. an admin changed a quantity since the check
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
      v_message := format('Only %s tickets available for %s.', v_available, v_quote ->> 'ticket_type_name');
    elsif v_detail ->> 'kind' = 'rsvp_slot' and p_pricing = 'fixed' then
      v_message := format('Not enough tickets for %s at %s (%s left). Please select another date or reduce tickets.',
        to_char((v_quote ->> 'event_date')::date, 'FMDay, FMMonth FMDD, YYYY'), v_quote ->> 'time_slot', v_available);
    elsif v_detail ->> 'kind' = 'rsvp_slot' then
      v_message := format('Only %s spots left in the %s time slot. Please select another time or fewer guests.', v_available, v_quote ->> 'time_slot');
    elsif v_detail ->> 'kind' = 'event' then
      v_message := format('Only %s %s left for this event.', v_available, case when v_available = 1 then 'seat' else 'seats' end);
    end if;
    raise exception '%', v_message using errcode = 'SH409';
  end;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_total,
    'subtotal_cents', (v_quote ->> 'subtotal_cents')::integer,
    'discount_cents', (v_quote ->> 'discount_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'pricing', p_pricing,
    'promo', v_quote -> 'promo',
    'payment_source', p_payment_source));

  -- 'charging' is on record before the processor is called: if the caller dies
  -- between the charge and the confirmation, reconcile-payments finds it.
  if v_total > 0 and p_has_payment_token is not false and p_payment_source is not null then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
    values (v_row.id, v_row.org_id, 'charge', 'charging', v_total, p_guests, p_payment_provider, p_idempotency_key, 'guest');
  end if;

  return public.booking_summary(v_row, false);
end;
$$;

