-- =============================================================================
-- The home page's "Tables you can book": every organization a visitor can see
-- (the same rows as the public organizations read), each with a picture, its
-- next date and where it sells a "from" price, in one call.
--
--   picture_url           the first gallery image (the page's hero), else the logo
--   next_event_*          the next active event that has not started, on its own
--                         wall clock (is_upcoming_event); null when none
--   from_price_cents      the lowest ticket price of its upcoming events, else the
--                         lowest per-guest deposit of its upcoming RSVP events
--                         (price_is_deposit); null when nothing is priced
-- =============================================================================

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
