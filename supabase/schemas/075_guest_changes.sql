-- =============================================================================
-- What a guest changes from their manage link (/booking/{token}), each in one call of
-- manage-booking, within the booking's frozen policy:
--   guest_reduce_party(token, guests)            fewer guests: the seats go back (the waitlist is
--                                                 offered them), the guests who no longer come
--                                                 are refunded per the policy, and the guest is
--                                                 emailed the new party size and the money
--   guest_hand_over_booking(token, name, email)  the booking becomes someone else's: their name
--                                                 and email, a new manage link emailed to them;
--                                                 the old link stops working, and the previous
--                                                 guest is told so
-- Both start from booking_to_change (the event row locked, then the reservation: the booking
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
  return r;
end;
$$;

revoke execute on function public.booking_to_change(text) from public, anon, authenticated;

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
  perform set_config('supperhost.money_decision', r.id::text, true);
  update public.reservations x set num_guests = p_guests where x.id = r.id returning * into r;
  perform set_config('supperhost.money_decision', '', true);

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

revoke execute on function public.guest_reduce_party(text, integer) from public, anon, authenticated;

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
  v_opening := 'Your reservation for ' || v_event.title || ' (' || r.num_guests
    || case when r.num_guests = 1 then ' guest' else ' guests' end || ') now belongs to ' || v_name
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

revoke execute on function public.guest_hand_over_booking(text, text, text) from public, anon, authenticated;
