-- The confirmation email (plain body and branded data) lists the booking's add-ons.

create or replace function public.enqueue_booking_confirmation(p_reservation_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  e public.events;
  v_org text;
  v_ticket text;
  v_slot public.rsvp_slots;
  v_time text;
  v_zone text;
  v_promo text;
  v_is_deposit boolean;
  v_itemized boolean;
  v_body text;
  v_id uuid;
begin
  select * into r from public.reservations x where x.id = p_reservation_id;
  select * into e from public.events x where x.id = r.event_id;
  v_org := public.org_display_name(r.org_id);
  select t.name into v_ticket from public.ticket_types t where t.id = r.ticket_type_id;
  select * into v_slot from public.rsvp_slots s where s.id = r.rsvp_slot_id;
  select p.code into v_promo from public.promo_codes p where p.id = r.promo_code_id;

  v_zone := case e.event_timezone
    when 'America/New_York' then 'Eastern Time'
    when 'America/Chicago' then 'Central Time'
    when 'America/Denver' then 'Mountain Time'
    when 'America/Los_Angeles' then 'Pacific Time'
    else e.event_timezone
  end;
  -- Times are wall-clock times of the event's own timezone.
  v_time := to_char(coalesce(v_slot.slot_time, e.event_time), 'FMHH12:MI AM') || ' ' || v_zone;
  v_is_deposit := r.ticket_type_id is null and e.rsvp_mode;
  v_itemized := public.charge_terms(e.id) ->> 'price_display' <> 'all_in';

  v_body := concat_ws(E'\n',
    'Hi ' || r.name || ',',
    '',
    'Your reservation at ' || v_org || ' is confirmed.',
    '',
    'Event: ' || e.title,
    'Date: ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY'),
    'Time: ' || v_time,
    case when coalesce(e.location_name, e.location_address) is not null
      then 'Location: ' || concat_ws(', ', e.location_name, e.location_address) end,
    'Guests: ' || r.num_guests,
    case when v_ticket is not null then 'Ticket: ' || v_ticket end,
    case when r.time_slot is not null then 'Time slot: ' || r.time_slot end,
    'Add-ons: ' || public.reservation_addons_text(r.id),
    case when r.discount_cents > 0 or (v_itemized and r.service_charge_cents + r.tax_cents > 0)
      then 'Subtotal: ' || public.booking_money(r.amount_cents + r.discount_cents - r.service_charge_cents - r.tax_cents) end,
    case when r.discount_cents > 0 then 'Discount' || coalesce(' (' || v_promo || ')', '') || ': -' || public.booking_money(r.discount_cents) end,
    case when v_itemized and r.service_charge_cents > 0 then 'Service charge: ' || public.booking_money(r.service_charge_cents) end,
    case when v_itemized and r.tax_cents > 0 then 'Tax: ' || public.booking_money(r.tax_cents) end,
    case
      when r.amount_cents = 0 then 'Total: Free'
      when v_is_deposit then 'Deposit paid: ' || public.booking_money(r.amount_cents)
      else 'Total paid: ' || public.booking_money(r.amount_cents)
    end || case when not v_itemized and r.service_charge_cents + r.tax_cents > 0
      then ' (includes tax and service charge)' else '' end,
    case when nullif(btrim(r.dietary_restrictions), '') is not null then 'Dietary restrictions: ' || r.dietary_restrictions end,
    case when nullif(btrim(r.special_requests), '') is not null then 'Special requests: ' || r.special_requests end,
    'Cancellation policy: ' || public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'Booking code: ' || r.booking_code,
    '',
    'View or cancel your booking: {{site_url}}/booking/' || public.manage_token_of(r.id),
    case when r.num_guests > 1 then 'Send your guests this link: each claims a seat and tells the kitchen what they cannot eat: {{site_url}}/seat/'
      || public.link_token_of('party', r.id) end,
    '',
    'We look forward to seeing you!',
    v_org
  );

  -- body_text is the plain fallback; the sender renders the branded email from
  -- template_data (public.email_data).
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id, 'booking_confirmation', r.email,
          'Your reservation at ' || v_org || ' is confirmed: ' || e.title, v_body,
          public.email_data(r.id, 'booking_confirmation'))
  returning id into v_id;
  return v_id;
end;
$$;

revoke execute on function public.enqueue_booking_confirmation(uuid) from public, anon, authenticated;

create or replace function public.email_data(p_reservation_id uuid, p_kind text, p_extra jsonb default '{}'::jsonb)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'kind', p_kind,
    'template', (
      select jsonb_build_object('subject', t.subject, 'body', t.body)
      from public.email_templates t
      where t.org_id = r.org_id and t.is_active
        and t.template_type = case p_kind
          when 'booking_confirmation' then 'booking_confirmation'
          when 'booking_reminder' then 'reminder'
          when 'booking_cancellation' then 'cancellation'
          when 'guest_message' then 'guest_message'
          when 'waitlist_offer' then 'waitlist_offer'
        end
      order by t.created_at desc limit 1),
    'org', public.org_email_branding(r.org_id),
    'guest', jsonb_build_object('name', r.name, 'email', r.email),
    'booking', jsonb_build_object(
      'reservation_id', r.id,
      'code', r.booking_code,
      'guests', r.num_guests,
      'ticket_type', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
      'time_slot', r.time_slot,
      -- What the booking takes beside its seats ("2 × Wine pairing, 1 × Corkage"), or null.
      'addons', public.reservation_addons_text(r.id),
      'manage_path', '/booking/' || public.manage_token_of(r.id),
      -- A party's link for the booker to share: each guest claims a seat with their needs.
      'party_path', case when r.num_guests > 1 then '/seat/' || public.link_token_of('party', r.id) end,
      'status', r.status),
    'event', public.email_event_facts(e, s.slot_time) || jsonb_build_object(
      'address', case
        when p_kind = 'booking_reminder'
          or (p_kind = 'booking_confirmation' and (coalesce(d.address_delivery, 'confirmation') = 'confirmation' or e.reminder_hours = 0))
        then nullif(btrim(d.private_address), '') end,
      'address_later', p_kind = 'booking_confirmation' and nullif(btrim(d.private_address), '') is not null
        and d.address_delivery = 'reminder' and e.reminder_hours > 0),
    'money', public.booking_lines(r) || jsonb_build_object(
      'is_deposit', r.ticket_type_id is null and e.rsvp_mode,
      'promo_code', (select p.code from public.promo_codes p where p.id = r.promo_code_id),
      'policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent))
  ) || coalesce(p_extra, '{}'::jsonb)
  from public.reservations r
  join public.events e on e.id = r.event_id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.event_private_details d on d.event_id = r.event_id
  where r.id = p_reservation_id;
$$;

revoke execute on function public.email_data(uuid, text, jsonb) from public, anon, authenticated;
