-- The active add-ons of an event for its booking pages (get_event_addons), with what is left of a limited one.

create or replace function public.get_event_addons(p_event_id uuid)
returns table (id uuid, name text, description text, price_cents integer, per text, available integer)
language sql stable security definer set search_path = '' as $$
  select a.id, a.name, a.description, a.price_cents, a.per,
    case when a.quantity_limit is not null then greatest(a.quantity_limit - public.event_addon_sold(a.id), 0) end
  from public.event_addons a
  join public.events e on e.id = a.event_id
  where a.event_id = p_event_id and a.is_active and e.is_active
  order by a.sort, a.created_at, a.id;
$$;

revoke execute on function public.get_event_addons(uuid) from public;
