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

-- Active events with their ticket types, active RSVP slots and the seats left, every number
-- from event_availability (040_reservations_and_capacity.sql): what a booking can take now.
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
  coalesce(seats.left_for_event, 0) as available_seats,
  totals.total_available,
  totals.total_available <= 0 as is_fully_booked,
  e.kind,
  e.seat_price_cents,
  public.event_party_limit(e.kind, e.max_party_size) as party_limit
from public.events e
cross join lateral (
  select a.available as left_for_event
  from public.event_availability(e.id) a
  where a.option_kind = 'event'
) seats
left join lateral (
  select
    jsonb_agg(
      jsonb_build_object('id', t.id, 'name', t.name, 'price', t.price, 'quantity', a.available)
      order by t.created_at, t.id
    ) as list,
    count(*) as how_many,
    sum(a.own_available) as remaining
  from public.ticket_types t
  join public.event_availability(e.id) a on a.option_kind = 'ticket_type' and a.option_id = t.id
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
        'current_rsvps', greatest(s.max_capacity - a.own_available, 0),
        'is_active', s.is_active,
        'available_spots', a.available
      )
      order by s.slot_time, s.created_at, s.id
    ) as list,
    count(*) as how_many,
    sum(a.own_available) as remaining
  from public.rsvp_slots s
  join public.event_availability(e.id) a on a.option_kind = 'rsvp_slot' and a.option_id = s.id
  where s.event_id = e.id and s.is_active
) slots on true
cross join lateral (
  -- What the event's kind sells, within its cap.
  select greatest(least(
    case
      when e.kind = 'tickets' and tickets.how_many > 0 then tickets.remaining
      when e.kind <> 'tickets' and slots.how_many > 0 then slots.remaining
      else seats.left_for_event
    end,
    coalesce(seats.left_for_event, 2147483647)), 0)::integer as total_available
) totals
where e.is_active;

comment on view public.events_with_availability is 'Active events with ticket types, active RSVP slots and availability. Public, read-only.';

revoke all on public.events_with_availability from anon, authenticated, service_role;
grant select on public.events_with_availability to anon;
grant select on public.events_with_availability to authenticated;
grant select on public.events_with_availability to service_role;

-- One call for the page at /{slug} (or at an alias path of an organization's page)
create or replace function public.get_public_org_page(p_slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization', jsonb_build_object('id', o.id, 'name', o.name, 'slug', o.slug, 'state', o.state),
    'layout', alias.layout,
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
        and o.state = 'published'
    ), '[]'::jsonb)
  )
  from public.organizations o
  left join public.org_page_aliases alias on alias.path = lower(btrim(p_slug))
  where o.id = coalesce(alias.org_id, (select x.id from public.organizations x where x.slug = lower(btrim(p_slug))));
$$;

comment on function public.get_public_org_page(text) is
  'The page at /{slug}: organization, branding and upcoming events, or null. An alias path (org_page_aliases) answers for its organization, with its layout.';

revoke execute on function public.get_public_org_page(text) from public;
grant execute on function public.get_public_org_page(text) to anon, authenticated, service_role;

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
      (select min(p.cents) from public.events e
        cross join lateral (
          select t.price as cents from public.ticket_types t where t.event_id = e.id and e.kind = 'tickets'
          union all
          select e.seat_price_cents where e.kind = 'seatings'
        ) p
        where e.org_id = o.id and e.is_active and p.cents > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as ticket_cents,
      (select min(e.deposit_amount) from public.events e
        where e.org_id = o.id and e.is_active and e.kind = 'rsvp' and e.deposit_amount > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as deposit_cents
  ) price on true
  where o.state = 'published'
  order by 2, o.slug;
$$;

comment on function public.list_public_hosts() is
  'Every organization for the home page: name, picture, next date and "from" price (a ticket or seat price, else the deposit). Public.';

revoke execute on function public.list_public_hosts() from public;
grant execute on function public.list_public_hosts() to anon, authenticated, service_role;
