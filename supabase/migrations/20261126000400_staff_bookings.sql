-- =============================================================================
-- Staff-entered bookings: a guest who called, or paid at the door
--
-- staff_create_booking goes through the same SQL booking path as a guest's
-- checkout (hold_booking prices it and takes the seats under the same rules;
-- confirm_booking confirms it and writes the ledger), in one of three modes:
--   comp          complimentary: nothing to pay, a comp of the full price on
--                 the ledger
--   cash          paid at the door: the amount staff record (default: the
--                 server's price) is a completed 'cash' charge on the ledger
--   payment_link  the seats are held for the guest (24 hours, never past the
--                 start) and an email brings a link (/pay/{token}) to the
--                 normal payment step for exactly that booking at the
--                 server's price; the hold lapses like any hold
-- The confirmation email is sent unless staff turn it off. A request key makes
-- a repeated submit answer the first booking.
-- =============================================================================

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
      insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
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
          coalesce(nullif(btrim(b.brand_name), ''), o.name))
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

revoke execute on function public.staff_create_booking(uuid, uuid, uuid, integer, text, text, text, text, text, text, integer, boolean, text)
  from public, anon, authenticated;
grant execute on function public.staff_create_booking(uuid, uuid, uuid, integer, text, text, text, text, text, text, integer, boolean, text)
  to authenticated, service_role;
