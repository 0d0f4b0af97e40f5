-- =============================================================================
-- The waitlist of a supper-club seating
--
-- A supper club sells each seating at a fixed price per seat, at most a cap of
-- tickets per seating (magnolia-process-payment passes both, with the club's
-- organization slug, to hold_booking as 'fixed' pricing). A party waiting for
-- a sold-out seating is checked, and later offered its seats, the same way:
--   * waitlist_entries.seat_price_cents / seat_cap: the price and the cap the
--     entry's seats sell at (null for ticket types and RSVP slots, which the
--     event prices);
--   * join_waitlist takes the club's slug, price and cap from its caller (the
--     join-waitlist function's own constants) and keeps them on the entry when
--     the slot is a seating of that organization;
--   * offer_to_waitlist_entry prices such an entry 'fixed' at its price, within
--     its cap, instead of as an RSVP deposit (which such an event refuses).
--
-- Both functions are the waitlist's latest (quiet-hours expiry, the leave link) with these changes.
-- =============================================================================

alter table public.waitlist_entries
  add column seat_price_cents integer check (seat_price_cents >= 0),
  add column seat_cap integer check (seat_cap > 0),
  add constraint waitlist_entries_seat_priced_slot check (seat_price_cents is null or rsvp_slot_id is not null);

comment on column public.waitlist_entries.seat_price_cents is
  'Price per seat (cents) of a seating sold at a fixed price (the supper club); null when the event prices the target.';
comment on column public.waitlist_entries.seat_cap is
  'Most tickets the seating sells (the supper club''s cap per seating); null when the slot''s own capacity applies.';

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
  -- A seat sold at a fixed price (the supper club's kind) is priced and capped as its sale was.
  v_pricing text := case when w.ticket_type_id is not null then 'ticket'
                         when w.seat_price_cents is not null then 'fixed'
                         else 'deposit' end;
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
      w.event_id, w.party_size, v_pricing,
      w.ticket_type_id::text, w.rsvp_slot_id, null, null, w.seat_price_cents, 10, null, w.seat_cap, false);
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
    'pricing', v_pricing, 'waitlist_entry', w.id));
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

-- Three more arguments: one function replaces the old one (no overloads to choose between).
drop function public.join_waitlist(uuid, uuid, uuid, text, text, integer);

create or replace function public.join_waitlist(
  p_event_id uuid,
  p_ticket_type_id uuid,
  p_rsvp_slot_id uuid,
  p_name text,
  p_email text,
  p_party_size integer,
  p_seat_org_slug text default null,
  p_seat_price_cents integer default null,
  p_seat_cap integer default null
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
  v_seat boolean;
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
  -- A seating of the organization that sells seats at a fixed price (the caller's own constants,
  -- as its payment function passes them) is waited for, and later offered, at that price.
  v_seat := p_rsvp_slot_id is not null and p_seat_price_cents is not null
    and exists (select 1 from public.organizations o where o.id = e.org_id and o.slug = lower(btrim(coalesce(p_seat_org_slug, ''))));

  select * into w from public.waitlist_entries x
  where coalesce(x.ticket_type_id, x.rsvp_slot_id) = coalesce(p_ticket_type_id, p_rsvp_slot_id)
    and lower(x.email) = lower(btrim(p_email)) and x.status in ('waiting', 'offered');
  if w.id is null then
    -- Only a list that is really full: a party that fits books instead.
    begin
      perform public.booking_evaluate(
        e.id, p_party_size, case when p_ticket_type_id is not null then 'ticket' when v_seat then 'fixed' else 'deposit' end,
        p_ticket_type_id::text, p_rsvp_slot_id, null, null, case when v_seat then p_seat_price_cents end, 10, null,
        case when v_seat then p_seat_cap end, false);
    exception when sqlstate 'SH409' then
      v_bookable := false;
    end;
    if v_bookable then
      raise exception 'There are seats for your party: you can book them now.' using errcode = 'SH409', detail = '{"kind":"seats_available"}';
    end if;
    insert into public.waitlist_entries (org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, party_size, seat_price_cents, seat_cap)
    values (e.org_id, e.id, p_ticket_type_id, p_rsvp_slot_id, btrim(p_name), btrim(p_email), p_party_size,
            case when v_seat then p_seat_price_cents end, case when v_seat then p_seat_cap end)
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

revoke execute on function
  public.offer_to_waitlist_entry(public.waitlist_entries),
  public.join_waitlist(uuid, uuid, uuid, text, text, integer, text, integer, integer)
from public, anon, authenticated;
grant execute on function public.join_waitlist(uuid, uuid, uuid, text, text, integer, text, integer, integer) to service_role;
