-- =============================================================================
-- Each pays their own seat, where an event allows it. The booker chooses it at checkout: they
-- pay their own seat, and the party's other seats are held for it until a cutoff (the host's
-- hours after booking, 48 by default, never past the dinner's start). Each guest pays their
-- seat from its link (/seat/{token}) once they have claimed it. At the cutoff the seats nobody
-- paid for are released (the waitlist is offered them, through the waitlist trigger) and the
-- booker and the host are emailed what happened.
--
--   event_split_payments        the events that allow it, with their cutoff
--   reservation_splits          the bookings paid seat by seat: pay-by time and a seat's price
--   split_offer(event, unit)    what a quote says about it (booking_evaluate: 'split')
--   split_seat_quote(quote)     a quote made the booker's own seat (hold_booking, p_pay_own_seat)
--   lock_seat_link(token)       what a guest does from their seat's link starts here (its booking locked)
--   seat_payment_start(token…)  a guest pays their seat: the seat's charge is opened
--                               ('charging', purpose 'seat'); settle_extra_charge
--                               (075_guest_changes.sql) finishes it, or the reconciler after a crash
--   seat_payment(r, seat no)    'paid' | 'due' for a seat of a split booking, null otherwise
--   record_seat_paid(r, seat…)  a seat paid: the booking's history and the guest's receipt
--   guest_cancel_seat(token)    a guest gives up their own seat: refunded from that seat's charge only
--   release_unpaid_seats()      the cutoff (the local timer; a cron job in production)
--
-- Each seat is priced on its own (price_lines for one guest at the booked unit price, with the
-- event's service charge and tax), and every seat of the party pays the same: the seats add up
-- to the party's price up to one rounding per seat. Promo codes are not combined with it (a
-- discount has no fair share per seat). Money stays per seat: each seat's charge is its own
-- ledger row (payment_ledger.seat_no), refunded to the card that paid it (open_refund).
-- =============================================================================

create table public.event_split_payments (
  event_id uuid primary key references public.events (id) on delete cascade,
  cutoff_hours integer not null default 48 check (cutoff_hours between 1 and 336),
  updated_at timestamptz not null default now()
);

comment on table public.event_split_payments is
  'Events whose guests may each pay their own seat; cutoff_hours: how long after booking the party''s unpaid seats are held (never past the start).';

alter table public.event_split_payments enable row level security;

grant select, insert, update, delete on public.event_split_payments to authenticated;

-- Stamps updated_at.
create trigger event_split_payments_set_updated_at
  before update on public.event_split_payments
  for each row execute function public.set_updated_at();

create policy "Members manage split payments of their organizations' events"
  on public.event_split_payments for all
  to authenticated
  using (public.can_manage_event(event_id))
  with check (public.can_manage_event(event_id));

create table public.reservation_splits (
  reservation_id uuid primary key references public.reservations (id) on delete cascade,
  pay_by timestamptz not null,
  -- What one seat costs, frozen at booking (the booker paid the same for theirs).
  seat_cents integer not null check (seat_cents > 0),
  seat_service_charge_cents integer not null default 0 check (seat_service_charge_cents >= 0),
  seat_tax_cents integer not null default 0 check (seat_tax_cents >= 0),
  -- When the cutoff was applied (unpaid seats released); null until then.
  released_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.reservation_splits is
  'Bookings whose guests each pay their own seat: until pay_by the party''s unpaid seats are held, then released.';

create index reservation_splits_due_idx on public.reservation_splits (pay_by) where released_at is null;

alter table public.reservation_splits enable row level security;

grant select on public.reservation_splits to authenticated;

create policy "Members see the split payments of their organizations' bookings"
  on public.reservation_splits for select
  to authenticated
  using (exists (select 1 from public.reservations r where r.id = reservation_splits.reservation_id and public.is_org_member(r.org_id)));

-- What a quote says about paying seat by seat: null when the event does not allow it; else its
-- cutoff and one seat's lines at the unit price p_unit.
create or replace function public.split_offer(p_event_id uuid, p_unit integer) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('cutoff_hours', sp.cutoff_hours, 'seat', public.price_lines(p_unit, 0, 1, public.charge_terms(p_event_id)))
  from public.event_split_payments sp
  where sp.event_id = p_event_id and p_unit > 0;
$$;

-- A quote (booking_evaluate) made the booker's own seat: its lines become one seat's, and it is
-- marked pay_own_seat. Refused when the event does not allow it, for a party of one, with a
-- promo code or with add-ons.
create or replace function public.split_seat_quote(p_quote jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_seat jsonb := p_quote #> '{split,seat}';
begin
  if v_seat is null or jsonb_typeof(v_seat) <> 'object' then
    raise exception 'Guests cannot pay their own seats for this event. Please pay for the whole party.' using errcode = 'SH409';
  end if;
  if (p_quote ->> 'guests')::integer < 2 then
    raise exception 'Everyone paying their own seat needs a party of 2 guests at least.' using errcode = 'P0001';
  end if;
  if jsonb_typeof(p_quote -> 'promo') = 'object' then
    raise exception 'A promo code cannot be combined with everyone paying their own seat.' using errcode = 'P0001',
      detail = '{"kind":"promo"}';
  end if;
  -- A seat is priced alike for every guest: extras chosen for the party have no share per seat.
  if jsonb_array_length(coalesce(p_quote -> 'addons', '[]'::jsonb)) > 0 then
    raise exception 'Add-ons cannot be combined with everyone paying their own seat. Please pay for the whole party to add them.'
      using errcode = 'P0001';
  end if;
  return p_quote || jsonb_build_object(
    'subtotal_cents', v_seat -> 'subtotal_cents',
    'discount_cents', 0,
    'service_charge_cents', v_seat -> 'service_charge_cents',
    'tax_cents', v_seat -> 'tax_cents',
    'amount_cents', v_seat -> 'amount_cents',
    'total_cents', v_seat -> 'amount_cents',
    'pay_own_seat', true);
end;
$$;

-- The split of a booking just held with pay_own_seat (hold_booking): its pay-by time and seat price.
create or replace function public.open_party_split(r public.reservations, p_quote jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.reservation_splits (reservation_id, pay_by, seat_cents, seat_service_charge_cents, seat_tax_cents)
  select r.id,
         least(now() + make_interval(hours => (p_quote #>> '{split,cutoff_hours}')::integer), public.reservation_starts_at(r)),
         (p_quote ->> 'total_cents')::integer, (p_quote ->> 'service_charge_cents')::integer, (p_quote ->> 'tax_cents')::integer;
$$;

-- A seat of a split booking: 'paid' (the booker's seat, or a completed charge for it) or 'due';
-- null for a booking paid as a whole.
create or replace function public.seat_payment(p_reservation_id uuid, p_seat_no integer) returns text
language sql stable security definer set search_path = '' as $$
  select case when p_seat_no = 1 then 'paid'
              when exists (select 1 from public.payment_ledger l
                           where l.reservation_id = p_reservation_id and l.kind = 'charge' and l.purpose = 'seat'
                             and l.seat_no = p_seat_no and l.status = 'completed') then 'paid'
              else 'due' end
  from public.reservation_splits sp
  where sp.reservation_id = p_reservation_id;
$$;

-- What a guest does from their own seat's link starts here: the booking the link opens, locked
-- (the event row, then the reservation: the booking lock order), and the seat's id (null for a
-- party link); SH404 for a link that opens no booking.
create or replace function public.lock_seat_link(p_token text, out booking public.reservations, out seat_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
begin
  select * into l from public.seat_link(p_token);
  if (l.booking).id is null then
    raise exception 'This seat link is not valid.' using errcode = 'SH404';
  end if;
  booking := public.lock_reservation((l.booking).id);
  seat_id := (l.seat).id;
end;
$$;

-- A guest pays their seat (the first half; settle_extra_charge is the second). p_token: the
-- seat's own link; p_key: the attempt's key (the processor's idempotency key too);
-- p_expected_cents: the price the guest was shown; p_payment_provider: the processor. The seat
-- must be claimed (the receipt goes to its guest), still held (before the cutoff) and unpaid,
-- with no payment of it in flight. The same key again answers the same charge as it stands.
create or replace function public.seat_payment_start(p_token text, p_key text, p_expected_cents integer, p_payment_provider text)
returns setof public.extra_charge
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
  r public.reservations;
  v_seat record;
  v_split public.reservation_splits;
  v_row public.payment_ledger;
begin
  perform public.assert_idempotency_key(p_key);
  select * into l from public.lock_seat_link(p_token);
  r := l.booking;
  select * into v_seat from public.reservation_seats s where s.id = l.seat_id for update;
  select * into v_row from public.payment_ledger x where x.kind = 'charge' and x.idempotency_key = p_key;
  if found then
    if v_row.reservation_id <> r.id or v_row.purpose <> 'seat' or v_row.seat_no is distinct from v_seat.seat_no then
      raise exception 'Invalid idempotency key' using errcode = 'P0001';
    end if;
    return next public.extra_charge_of(v_row, r, true, v_seat.guest_email);
    return;
  end if;
  if v_seat.id is null then
    raise exception 'Open your own seat''s link to pay for it (claiming a seat from the party link gives you one).' using errcode = 'SH409';
  end if;
  select * into v_split from public.reservation_splits sp where sp.reservation_id = r.id;
  if v_split.reservation_id is null then
    raise exception 'This booking was paid for as a whole: there is nothing to pay for your seat.' using errcode = 'SH409';
  end if;
  if r.status <> 'confirmed' then
    raise exception 'This booking has been cancelled, so its seats can no longer be paid for.' using errcode = 'SH409';
  end if;
  if v_seat.seat_no = 1 then
    raise exception 'This seat was paid for when the booking was made.' using errcode = 'SH409';
  end if;
  if v_split.released_at is not null or now() >= v_split.pay_by then
    raise exception 'The time to pay for this seat has passed, so it is no longer held.' using errcode = 'SH409';
  end if;
  if v_seat.claimed_at is null then
    raise exception 'Add your name and email to your seat first.' using errcode = 'P0001';
  end if;
  if public.seat_payment(r.id, v_seat.seat_no) = 'paid' then
    raise exception 'This seat is already paid for.' using errcode = 'SH409';
  end if;
  if exists (select 1 from public.payment_ledger x where x.reservation_id = r.id and x.kind = 'charge' and x.purpose = 'seat'
               and x.seat_no = v_seat.seat_no and x.status = 'charging') then
    raise exception 'A payment for this seat is still being processed. Please wait a minute and reload the page.' using errcode = 'SH409';
  end if;
  if p_expected_cents is not null and p_expected_cents <> v_split.seat_cents then
    raise exception 'Your seat costs %, not %. Please check the price and try again.',
      public.booking_money(v_split.seat_cents), public.booking_money(p_expected_cents) using errcode = 'SH409';
  end if;
  if p_payment_provider is null then
    raise exception 'Card details are required to pay % for your seat.', public.booking_money(v_split.seat_cents) using errcode = 'P0001';
  end if;
  insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, service_charge_cents, tax_cents,
                                     provider, idempotency_key, reason, actor, purpose, seat_no)
  values (r.id, r.org_id, 'charge', 'charging', v_split.seat_cents, 1, v_split.seat_service_charge_cents, v_split.seat_tax_cents,
          p_payment_provider, p_key, 'Seat ' || v_seat.seat_no || ' (' || v_seat.guest_name || ')', 'guest', 'seat', v_seat.seat_no)
  returning * into v_row;
  return next public.extra_charge_of(v_row, r, false, v_seat.guest_email);
end;
$$;

comment on function public.seat_payment_start(text, text, integer, text) is
  'A guest pays their own seat of a split booking: the seat''s charge is opened (settle_extra_charge finishes it). Idempotent by the attempt''s key.';

-- A seat paid (settle_extra_charge): the booking's history, and a receipt for its guest.
create or replace function public.record_seat_paid(r public.reservations, p_seat_no integer, p_cents integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_seat record;
begin
  select s.id, s.seat_no, s.guest_name, s.guest_email into v_seat
  from public.reservation_seats s where s.reservation_id = r.id and s.seat_no = p_seat_no;
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'seat_paid', jsonb_build_object('seat_no', v_seat.seat_no, 'guest', v_seat.guest_name, 'charged_cents', p_cents));
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  select r.org_id, r.id, 'seat_paid', v_seat.guest_email, 'Your seat at ' || e.title || ' is paid',
    concat_ws(E'\n', 'Hi ' || v_seat.guest_name || ',', '',
      'We charged ' || public.booking_money(p_cents) || ' to your card for your seat at ' || e.title || ' on '
        || to_char(e.date, 'FMDay, FMMonth FMDD') || ' at ' || to_char(coalesce(sl.slot_time, e.event_time), 'FMHH12:MI AM') || '.',
      '', 'Booking code: ' || r.booking_code,
      'Your seat: {{site_url}}/seat/' || public.link_token_of('seat', v_seat.id), '', public.org_display_name(r.org_id))
  from public.events e left join public.rsvp_slots sl on sl.id = r.rsvp_slot_id
  where e.id = r.event_id;
end;
$$;

-- A guest gives up their own seat of a split booking, from its link: the seat goes back (the
-- waitlist is offered it) and what they paid for it is refunded to their card under the
-- booking's frozen policy, from that seat's own charge only; nobody else's payment is touched.
-- The guest and the booker are emailed. The booker's own seat is given up by cancelling the
-- booking. Answers money_action_result (its refund to send); asking again finds no seat.
create or replace function public.guest_cancel_seat(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
  r public.reservations;
  v_seat record;
  v_charge public.payment_ledger;
  v_cents integer := 0;
  v_refund public.payment_ledger;
  v_title text;
begin
  select * into l from public.lock_seat_link(p_token);
  r := l.booking;
  select * into v_seat from public.reservation_seats s where s.id = l.seat_id for update;
  if v_seat.id is null then
    raise exception 'This seat link is not valid.' using errcode = 'SH404';
  end if;
  if not exists (select 1 from public.reservation_splits sp where sp.reservation_id = r.id) then
    raise exception 'Ask % to change the booking: they booked your seat.', r.name using errcode = 'SH409';
  end if;
  if v_seat.seat_no = 1 then
    raise exception 'Your seat is the booking''s own: cancel the booking from its page instead.' using errcode = 'SH409';
  end if;
  if r.status <> 'confirmed' then
    raise exception 'This booking has been cancelled, so its seats can no longer be changed.' using errcode = 'SH409';
  end if;
  if now() >= public.reservation_starts_at(r) then
    raise exception 'This dinner has already started, so its seats can no longer be changed.' using errcode = 'SH409';
  end if;
  if exists (select 1 from public.payment_ledger x where x.reservation_id = r.id and x.kind = 'charge' and x.status = 'charging'
               and x.seat_no = v_seat.seat_no) then
    raise exception 'A payment for this seat is still being processed. Please wait a minute and reload the page.' using errcode = 'SH409';
  end if;

  select * into v_charge from public.payment_ledger x
  where x.reservation_id = r.id and x.kind = 'charge' and x.purpose = 'seat' and x.seat_no = v_seat.seat_no and x.status = 'completed';
  if v_charge.id is not null then
    v_cents := public.policy_share_cents(r, v_charge.amount_cents - coalesce((
      select sum(x.amount_cents) from public.payment_ledger x
      where x.reservation_id = r.id and x.kind = 'refund' and x.status in ('pending', 'completed')
        and x.provider_payment_id is not distinct from v_charge.provider_payment_id), 0)::integer);
  end if;
  delete from public.reservation_seats s where s.id = v_seat.id;
  r := public.set_party_size(r, r.num_guests - 1);
  if v_cents > 0 then
    v_refund := public.open_refund(r, v_cents, 'cs' || md5(v_charge.id::text || ':seat-cancel'), 'Seat ' || v_seat.seat_no || ' given up',
                                   'guest:seat', false, null, v_charge.id);
  end if;
  insert into public.booking_events (reservation_id, kind, detail)
  values (r.id, 'seat_cancelled', jsonb_build_object('seat_no', v_seat.seat_no, 'guest', v_seat.guest_name, 'refund_cents', v_cents));

  select e.title into v_title from public.events e where e.id = r.event_id;
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  select r.org_id, r.id, 'seat_cancelled', v_seat.guest_email, 'You gave up your seat: ' || v_title,
    concat_ws(E'\n', 'Hi ' || v_seat.guest_name || ',', '',
      'You gave up your seat at ' || v_title || ' in ' || r.name || '''s booking.',
      case when v_cents > 0 then E'\nWe are refunding ' || public.booking_money(v_cents) || ' to the card you paid with.'
           when v_charge.id is not null then E'\nWhat you paid for your seat is not refunded ('
             || public.refund_policy_text(r.refund_window_hours, r.late_refund_percent) || ').' end,
      '', public.org_display_name(r.org_id))
  where v_seat.claimed_at is not null
  union all
  select r.org_id, r.id, 'seat_cancelled', r.email, coalesce(v_seat.guest_name, 'A guest') || ' gave up their seat: ' || v_title,
    concat_ws(E'\n', 'Hi ' || r.name || ',', '',
      coalesce(v_seat.guest_name, 'The guest of seat ' || v_seat.seat_no) || ' gave up their seat at ' || v_title
        || '. Your booking is now for ' || r.num_guests || case when r.num_guests = 1 then ' guest.' else ' guests.' end,
      '', 'Your booking: {{site_url}}/booking/' || public.manage_token_of(r.id), '', public.org_display_name(r.org_id));
  return public.money_action_result(r, false, v_refund.id);
end;
$$;

comment on function public.guest_cancel_seat(text) is
  'A guest of a split booking gives up their own seat: it goes back, and their payment for it is refunded per the frozen policy from that seat''s charge only.';

-- The cutoff: every split booking whose pay-by time has passed gives up its unpaid seats (the
-- waitlist trigger offers them), and its booker and its organization's members are emailed
-- what happened. A booking with a seat payment still in flight waits for the next run. Each
-- booking is settled once (released_at). Answers how many bookings were settled.
create or replace function public.release_unpaid_seats() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid;
  r public.reservations;
  v_split public.reservation_splits;
  v_released text[];
  v_count integer;
  v_settled integer := 0;
  v_title text;
  v_lines text;
begin
  for v_id in
    select sp.reservation_id from public.reservation_splits sp
    where sp.released_at is null and sp.pay_by <= now()
    order by sp.pay_by
  loop
    r := public.lock_reservation(v_id);
    select * into v_split from public.reservation_splits sp where sp.reservation_id = v_id for update;
    continue when v_split.released_at is not null;
    continue when exists (select 1 from public.payment_ledger l where l.reservation_id = v_id and l.kind = 'charge' and l.status = 'charging');
    if r.status = 'confirmed' then
      with gone as (
        delete from public.reservation_seats s
        where s.reservation_id = v_id and public.seat_payment(v_id, s.seat_no) = 'due'
        returning s.seat_no, s.guest_name, s.guest_email, s.claimed_at
      ), told as (
        insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
        select r.org_id, r.id, 'seat_released', g.guest_email, 'Your seat at ' || e.title || ' was released',
          concat_ws(E'\n', 'Hi ' || g.guest_name || ',', '',
            'Your seat at ' || e.title || ' on ' || to_char(e.date, 'FMDay, FMMonth FMDD') || ' was not paid for in time, so it is no longer held.',
            '', 'To come all the same, book a seat of your own: {{site_url}}/' || o.slug, '', public.org_display_name(o.id))
        from gone g
        join public.events e on e.id = r.event_id
        join public.organizations o on o.id = r.org_id
        where g.claimed_at is not null
        returning 1
      )
      select array_agg('Seat ' || g.seat_no || ': ' || coalesce(g.guest_name, 'not claimed') order by g.seat_no), count(*)
      into v_released, v_count
      from gone g;
      if v_count > 0 then
        r := public.set_party_size(r, r.num_guests - v_count);
        insert into public.booking_events (reservation_id, kind, detail)
        values (r.id, 'seats_released', jsonb_build_object('seats', v_count, 'guests', r.num_guests));
        select e.title into v_title from public.events e where e.id = r.event_id;
        v_lines := concat_ws(E'\n',
          'The time to pay for the seats of ' || r.name || '''s booking for ' || v_title || ' (' || r.booking_code || ') has passed.',
          v_count || case when v_count = 1 then ' seat was' else ' seats were' end || ' not paid for and ' || case when v_count = 1 then 'is' else 'are' end
            || ' released:', array_to_string(v_released, E'\n'),
          '', 'The booking is now for ' || r.num_guests || case when r.num_guests = 1 then ' guest.' else ' guests.' end);
        insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
        select r.org_id, r.id, 'seats_released', r.email, 'Unpaid seats released: ' || v_title,
          concat_ws(E'\n', 'Hi ' || r.name || ',', '', v_lines, '', 'Your booking: {{site_url}}/booking/' || public.manage_token_of(r.id))
        union all
        select r.org_id, r.id, 'seats_released', u.email, 'Unpaid seats released: ' || v_title || ' (' || r.booking_code || ')', v_lines
        from public.user_memberships m
        join auth.users u on u.id = m.user_id
        where m.org_id = r.org_id and u.email is not null;
      end if;
    end if;
    update public.reservation_splits sp set released_at = now() where sp.reservation_id = v_id;
    v_settled := v_settled + 1;
  end loop;
  return v_settled;
end;
$$;
