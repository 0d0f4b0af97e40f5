-- =============================================================================
-- The public read API: what public pages read, in as few round trips as possible.
--
-- What public pages read, in as few round trips as possible:
--   view events_with_availability   active events with ticket types, active
--                                   RSVP slots and computed availability
--   get_public_org_page(slug)       organization + branding + upcoming events
--                                   in one call (null for an unknown slug)
-- The view runs with its owner's rights (it counts reservations, which no
-- visitor may read), so it exposes only active events and public columns,
-- and it is read-only for every API role.
-- Availability counts abandoned holds (status 'held', hold_expires_at past) as
-- free, as max_guests does: their seats are shown before anything releases
-- them (release_expired_holds(), or the event's next booking).
-- =============================================================================

-- Active events with their ticket types, active RSVP slots and the seats left (abandoned holds count as free).
create view public.events_with_availability
with (security_invoker = false)
as
select
  e.id,
  e.org_id,
  e.title,
  e.date,
  e.event_time,
  e.event_timezone,
  e.max_guests,
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
  coalesce(tickets.list, '[]'::jsonb) as ticket_types,
  coalesce(slots.list, '[]'::jsonb) as rsvp_slots,
  seats.available_seats,
  totals.total_available,
  totals.total_available <= 0 as is_fully_booked
from public.events e
left join lateral (
  select
    jsonb_agg(
      jsonb_build_object('id', t.id, 'name', t.name, 'price', t.price, 'quantity', t.quantity + stale.guests)
      order by t.created_at, t.id
    ) as list,
    count(*) as how_many,
    sum(t.quantity + stale.guests) as remaining
  from public.ticket_types t
  -- Guests of abandoned holds (held, past hold_expires_at) still sit in the counter until
  -- release_expired_holds() or the event's next booking expires them: they are free seats.
  cross join lateral (
    select coalesce(sum(r.num_guests), 0)::integer as guests
    from public.reservations r
    where r.event_id = e.id
      and r.ticket_type_id = t.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at)
  ) stale
  where t.event_id = e.id
) tickets on true
left join lateral (
  select
    jsonb_agg(
      jsonb_build_object(
        'id', s.id,
        'slot_time', to_char(s.slot_time, 'HH24:MI'),
        'slot_label', s.slot_label,
        'max_capacity', s.max_capacity,
        'current_rsvps', taken.guests,
        'is_active', s.is_active,
        'available_spots', greatest(s.max_capacity - taken.guests, 0)
      )
      order by s.slot_time, s.created_at, s.id
    ) as list,
    count(*) as how_many,
    sum(greatest(s.max_capacity - taken.guests, 0)) as remaining
  from public.rsvp_slots s
  -- As for ticket types: abandoned holds do not count as taken.
  cross join lateral (
    select greatest(s.current_rsvps - coalesce(sum(r.num_guests), 0), 0)::integer as guests
    from public.reservations r
    where r.event_id = e.id
      and r.rsvp_slot_id = s.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at)
  ) taken
  where s.event_id = e.id and s.is_active
) slots on true
cross join lateral (
  select greatest(
    coalesce(e.max_guests, 0) - coalesce((
      select sum(r.num_guests)
      from public.reservations r
      where r.event_id = e.id
        and public.holds_seats(r.status, r.hold_expires_at)
    ), 0),
    0
  )::integer as available_seats
) seats
cross join lateral (
  select (case
    when tickets.how_many > 0 then tickets.remaining
    when slots.how_many > 0 then slots.remaining
    else seats.available_seats
  end)::integer as total_available
) totals
where e.is_active;

comment on view public.events_with_availability is 'Active events with ticket types, active RSVP slots and availability. Public, read-only.';

revoke all on public.events_with_availability from anon, authenticated, service_role;
grant select on public.events_with_availability to anon;
grant select on public.events_with_availability to authenticated;
grant select on public.events_with_availability to service_role;

-- One call for the page at /{slug}
create or replace function public.get_public_org_page(p_slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization', jsonb_build_object('id', o.id, 'name', o.name, 'slug', o.slug),
    'branding', (
      select jsonb_build_object(
        'org_id', b.org_id,
        'brand_name', b.brand_name,
        'primary_color', b.primary_color,
        'secondary_color', b.secondary_color,
        'logo_url', b.logo_url,
        'menu_content', b.menu_content,
        'menu_file_url', b.menu_file_url,
        'instagram_url', b.instagram_url,
        'website_url', b.website_url,
        'gallery_images', to_jsonb(b.gallery_images),
        'reservation_mode', b.reservation_mode,
        'bookings_description', b.bookings_description,
        'empty_state_title', b.empty_state_title,
        'empty_state_message', b.empty_state_message,
        'empty_state_cta_text', b.empty_state_cta_text,
        'empty_state_image_url', b.empty_state_image_url
      )
      from public.org_branding b
      where b.org_id = o.id
    ),
    'events', coalesce((
      select jsonb_agg(to_jsonb(v) order by v.date, v.event_time, v.id)
      from public.events_with_availability v
      where v.org_id = o.id
        and public.is_upcoming_event(v.date, v.event_time, v.event_timezone)
    ), '[]'::jsonb)
  )
  from public.organizations o
  where o.slug = lower(btrim(p_slug));
$$;

revoke execute on function public.get_public_org_page(text) from public;
grant execute on function public.get_public_org_page(text) to anon, authenticated, service_role;

-- The supper club's seatings per date with the tickets left in each.
create or replace function public.get_supper_club_availability(p_org_slug text, p_slot_cap integer default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
$$;

comment on function public.get_supper_club_availability(text, integer) is
  'The supper club''s upcoming dates with the seats left per seating (at most p_slot_cap per seating), as magnolia-availability answers them.';

revoke execute on function public.get_supper_club_availability(text, integer) from public, anon, authenticated;
grant execute on function public.get_supper_club_availability(text, integer) to service_role;

-- Every published host for the home page: its next date, its lowest price, a picture.
create or replace function public.list_public_hosts()
returns table (
  slug text,
  name text,
  picture_url text,
  next_event_date date,
  next_event_time text,
  next_event_timezone text,
  from_price_cents integer,
  price_is_deposit boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    o.slug,
    coalesce(nullif(btrim(b.brand_name), ''), o.name),
    coalesce(b.gallery_images[1], b.logo_url),
    nxt.date,
    to_char(nxt.event_time, 'HH24:MI'),
    nxt.event_timezone,
    coalesce(price.ticket_cents, price.deposit_cents),
    price.ticket_cents is null and price.deposit_cents is not null
  from public.organizations o
  left join public.org_branding b on b.org_id = o.id
  left join lateral (
    select e.date, e.event_time, e.event_timezone
    from public.events e
    where e.org_id = o.id and e.is_active and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)
    order by e.date, e.event_time, e.id
    limit 1
  ) nxt on true
  left join lateral (
    select
      (select min(t.price) from public.ticket_types t join public.events e on e.id = t.event_id
        where e.org_id = o.id and e.is_active and t.price > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as ticket_cents,
      (select min(e.deposit_amount) from public.events e
        where e.org_id = o.id and e.is_active and e.rsvp_mode and e.deposit_amount > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as deposit_cents
  ) price on true
  order by 2, o.slug;
$$;

comment on function public.list_public_hosts() is
  'Every organization for the home page: name, picture, next date and "from" price (see 20261203200100_public_hosts.sql). Public.';

revoke execute on function public.list_public_hosts() from public;
grant execute on function public.list_public_hosts() to anon, authenticated, service_role;
