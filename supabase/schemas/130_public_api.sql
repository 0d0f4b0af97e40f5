-- =============================================================================
-- The public read API: what public pages read, in as few round trips as possible:
--   view events_with_availability   active events with ticket types, active
--                                   RSVP slots and computed availability
--   get_public_org_page(slug, event) organization + branding + upcoming events
--                                   in one call (no row for an unknown slug)
-- The view runs with its reader's rights (security_invoker: row-level security decides what a
-- visitor sees of events, ticket types and slots, and Supabase's advisor security_definer_view
-- has nothing to say); the counts come from event_availability, which may read the
-- reservations no visitor may. It shows only active events and public columns, and it is
-- read-only for every API role.
-- Availability counts abandoned holds (status 'held', hold_expires_at past) as
-- free, as every capacity pool does: their seats are shown before anything releases
-- them (release_expired_holds(), or the event's next booking).
-- =============================================================================

-- What a visitor reads of a ticket type, an RSVP slot and an organization: composite types, so
-- the view's lists and the page's answer are typed all the way to the browser
-- (src/lib/database.types.ts) instead of arriving as json.
create type public.public_ticket_type as (
  id uuid,
  name text,
  price integer,
  quantity integer
);

comment on type public.public_ticket_type is 'A ticket type on a public page: its price in cents and the tickets left now (quantity).';

create type public.public_rsvp_slot as (
  id uuid,
  slot_time text,
  slot_label text,
  max_capacity integer,
  current_rsvps integer,
  is_active boolean,
  available_spots integer
);

comment on type public.public_rsvp_slot is 'An active RSVP slot on a public page: its time (HH:MM, the event''s timezone), its pool''s size (max_capacity), seats taken and spots left now.';

create type public.public_organization as (
  id uuid,
  name text,
  slug text,
  state text
);

comment on type public.public_organization is 'An organization on its public page; state unpublished reads "coming soon", suspended reads closed.';

-- Active events with their ticket types, active RSVP slots and the seats left, every number
-- from event_availability (040_reservations_and_capacity.sql): what a booking can take now.
create view public.events_with_availability
with (security_invoker = true)
as
select
  e.id,
  e.org_id,
  e.title,
  e.date,
  e.event_time,
  e.event_timezone,
  av.max_guests,
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
  coalesce(av.tickets, '{}') as ticket_types,
  coalesce(av.slots, '{}') as rsvp_slots,
  coalesce(av.left_for_event, 0) as available_seats,
  totals.total_available,
  totals.total_available <= 0 as is_fully_booked,
  e.kind,
  e.seat_price_cents,
  public.event_party_limit(e.kind, e.max_party_size) as party_limit,
  public.booking_closes_at(e) as booking_closes_at,
  e.unlisted
from public.events e
-- One call of event_availability per event (a security definer function is never inlined):
-- the event's seats left, its ticket types and its active slots, each with what is left.
cross join lateral (
  select
    max(a.available) filter (where a.option_kind = 'event') as left_for_event,
    max(a.size) filter (where a.option_kind = 'event') as max_guests,
    array_agg(row(t.id, t.name, t.price, a.available)::public.public_ticket_type order by t.created_at, t.id)
      filter (where t.id is not null) as tickets,
    count(t.id) as ticket_count,
    sum(a.own_available) filter (where t.id is not null) as tickets_left,
    array_agg(
      row(
        s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, a.size,
        greatest(a.size - a.own_available, 0), s.is_active, a.available
      )::public.public_rsvp_slot
      order by s.slot_time, s.created_at, s.id
    ) filter (where s.is_active) as slots,
    count(s.id) filter (where s.is_active) as slot_count,
    sum(a.own_available) filter (where s.is_active) as slots_left
  from public.event_availability(e.id) a
  left join public.ticket_types t on a.option_kind = 'ticket_type' and t.id = a.option_id
  left join public.rsvp_slots s on a.option_kind = 'rsvp_slot' and s.id = a.option_id
) av
cross join lateral (
  -- What the event's kind sells, within its cap.
  select greatest(least(
    case
      when e.kind = 'tickets' and av.ticket_count > 0 then av.tickets_left
      when e.kind <> 'tickets' and av.slot_count > 0 then av.slots_left
      else av.left_for_event
    end,
    coalesce(av.left_for_event, 2147483647)), 0)::integer as total_available
) totals
where e.is_active;

comment on view public.events_with_availability is 'Active events with ticket types, active RSVP slots and availability. Public, read-only.';

revoke all on public.events_with_availability from anon, authenticated, service_role;
grant select on public.events_with_availability to anon;
grant select on public.events_with_availability to authenticated;
grant select on public.events_with_availability to service_role;

-- One call for the page at /{slug} (or at an alias path of an organization's page): one row,
-- or none for an unknown slug. events lists the upcoming events of a published organization,
-- soonest first, each a row of events_with_availability: its listed events, and the unlisted one
-- whose id p_event names (the page opened with its booking link, ?event=<id>; text, so that a
-- mangled link lists nothing more instead of failing the page).
create or replace function public.get_public_org_page(p_slug text, p_event text default null)
returns table (
  organization public.public_organization,
  layout text,
  branding public.org_branding,
  events public.events_with_availability[]
)
language sql stable security definer set search_path = '' as $$
  select
    row(o.id, o.name, o.slug, o.state)::public.public_organization,
    alias.layout,
    b,
    coalesce((
      select array_agg(v order by v.date, v.event_time, v.id)
      from public.events_with_availability v
      where v.org_id = o.id
        and public.is_upcoming_event(v.date, v.event_time, v.event_timezone)
        and (not v.unlisted or v.id::text = lower(btrim(p_event)))
        and o.state = 'published'
    ), '{}')
  from public.organizations o
  left join public.org_page_aliases alias on alias.path = lower(btrim(p_slug))
  left join public.org_branding b on b.org_id = o.id
  where o.id = coalesce(alias.org_id, (select x.id from public.organizations x where x.slug = lower(btrim(p_slug))));
$$;

comment on function public.get_public_org_page(text, text) is
  'The page at /{slug}: organization, layout, branding and upcoming events (one row, none for an unknown slug); an unlisted event only when p_event names it (its booking link). An alias path (org_page_aliases) answers for its organization, with its layout.';

grant execute on function public.get_public_org_page(text, text) to anon, authenticated;

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
language sql stable security definer set search_path = '' as $$
  select
    o.slug,
    public.org_display_name(o.id),
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
    where e.org_id = o.id and e.is_active and not e.unlisted and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)
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
        where e.org_id = o.id and e.is_active and not e.unlisted and p.cents > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as ticket_cents,
      (select min(e.deposit_amount) from public.events e
        where e.org_id = o.id and e.is_active and not e.unlisted and e.kind = 'rsvp' and e.deposit_amount > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as deposit_cents
  ) price on true
  where o.state = 'published'
  order by 2, o.slug;
$$;

comment on function public.list_public_hosts() is
  'Every organization for the home page: name, picture, next date and "from" price (a ticket or seat price, else the deposit). Public.';

grant execute on function public.list_public_hosts() to anon, authenticated;
