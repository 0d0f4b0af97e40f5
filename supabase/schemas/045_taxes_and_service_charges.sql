-- =============================================================================
-- Taxes and service charges: an organization's defaults, an event's override, and the one
-- computation of a booking's lines.
--
--   can_manage_payments(org) who may change money settings (owners, the super admin);
--                            members read them
--   org_charge_settings      the organization's defaults (one row; none means no tax, no
--                            service charge, itemized)
--   event_charge_settings    an event's own terms (one row replaces the defaults whole)
--   charge_terms(event)      the terms that apply to an event
--   price_lines(...)         subtotal, discount -> service charge, tax, amount
--   booking_lines(r)         a booked reservation's lines as its guest reads them
--
-- The rule, in integer cents, one rounding per line, half up (x.5 cents -> x+1):
--   net             = subtotal - discount
--   service charge  = 0 when net is 0 (a free booking stays free); else
--                     percent:   round_half_up(net * service_charge_bps / 10000)
--                     per guest: service_charge_cents * guests
--   tax             = round_half_up((net + service charge if taxable) * tax_rate_bps / 10000)
--   amount          = net + service charge + tax
-- Rates are basis points: 825 = 8.25 %, 2000 = 20 %. The booking SQL (060_booking.sql) prices
-- every quote and hold with it and stores the lines on the reservation; refunds return them in
-- proportion (refund_lines, 070_money.sql).
-- =============================================================================

-- Who may manage an organization's money: its Square account (connect, choose a location,
-- disconnect, 140_square_accounts.sql), its taxes and service charges, its platform fee.
-- The organization's owners and the super admin (staff run events, not money): is_org_owner,
-- under the name the admin, the edge functions and the policies ask it by.
create or replace function public.can_manage_payments(p_org_id uuid, p_user_id uuid default null)
returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_org_owner(p_org_id, p_user_id);
$$;

grant execute on function public.can_manage_payments(uuid, uuid) to authenticated;

-- An organization's defaults.
create table public.org_charge_settings (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  tax_rate_bps integer not null default 0 check (tax_rate_bps between 0 and 5000),
  service_charge_type text not null default 'none' check (service_charge_type in ('none', 'percent', 'per_guest')),
  service_charge_bps integer not null default 0 check (service_charge_bps between 0 and 10000),
  service_charge_cents integer not null default 0 check (service_charge_cents between 0 and 100000),
  service_charge_taxable boolean not null default false,
  price_display text not null default 'itemized' check (price_display in ('itemized', 'all_in')),
  updated_at timestamptz not null default now()
);

comment on table public.org_charge_settings is
  'An organization''s sales tax (basis points), service charge (percent in basis points of the discounted subtotal, or cents per guest; taxable or not) and how prices are shown (itemized or all-in). Events may override it whole (event_charge_settings).';

alter table public.org_charge_settings enable row level security;

grant select, insert, update, delete on public.org_charge_settings to authenticated;

-- Stamps updated_at.
create trigger org_charge_settings_set_updated_at
  before update on public.org_charge_settings
  for each row execute function public.set_updated_at();

create policy "Members can see the charges of their organizations"
  on public.org_charge_settings for select
  to authenticated
  using (public.is_org_member(org_id));

create policy "Owners set the charges of their organizations"
  on public.org_charge_settings for insert
  to authenticated
  with check ((select public.can_manage_payments(org_id)));

create policy "Owners change the charges of their organizations"
  on public.org_charge_settings for update
  to authenticated
  using ((select public.can_manage_payments(org_id)));

create policy "Owners remove the charges of their organizations"
  on public.org_charge_settings for delete
  to authenticated
  using ((select public.can_manage_payments(org_id)));

-- An event's own terms: when the row exists, it replaces the organization's defaults whole.
create table public.event_charge_settings (
  event_id uuid primary key references public.events (id) on delete cascade,
  tax_rate_bps integer not null default 0 check (tax_rate_bps between 0 and 5000),
  service_charge_type text not null default 'none' check (service_charge_type in ('none', 'percent', 'per_guest')),
  service_charge_bps integer not null default 0 check (service_charge_bps between 0 and 10000),
  service_charge_cents integer not null default 0 check (service_charge_cents between 0 and 100000),
  service_charge_taxable boolean not null default false,
  price_display text not null default 'itemized' check (price_display in ('itemized', 'all_in')),
  updated_at timestamptz not null default now()
);

comment on table public.event_charge_settings is
  'An event''s own tax, service charge and price display; without a row the organization''s defaults apply (charge_terms).';

alter table public.event_charge_settings enable row level security;

grant select, insert, update, delete on public.event_charge_settings to authenticated;

-- Stamps updated_at.
create trigger event_charge_settings_set_updated_at
  before update on public.event_charge_settings
  for each row execute function public.set_updated_at();

create policy "Members can see the charges of their organizations' events"
  on public.event_charge_settings for select
  to authenticated
  using (exists (select 1 from public.events e where e.id = event_charge_settings.event_id and public.is_org_member(e.org_id)));

create policy "Owners set the charges of their organizations' events"
  on public.event_charge_settings for insert
  to authenticated
  with check (exists (select 1 from public.events e where e.id = event_charge_settings.event_id and public.can_manage_payments(e.org_id)));

create policy "Owners change the charges of their organizations' events"
  on public.event_charge_settings for update
  to authenticated
  using (exists (select 1 from public.events e where e.id = event_charge_settings.event_id and public.can_manage_payments(e.org_id)));

create policy "Owners remove the charges of their organizations' events"
  on public.event_charge_settings for delete
  to authenticated
  using (exists (select 1 from public.events e where e.id = event_charge_settings.event_id and public.can_manage_payments(e.org_id)));

-- The terms that apply to an event: its own row, else its organization's, else none.
create or replace function public.charge_terms(p_event_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select to_jsonb(t) - 'rank'
  from (
    select 1 as rank, c.tax_rate_bps, c.service_charge_type, c.service_charge_bps, c.service_charge_cents,
           c.service_charge_taxable, c.price_display
    from public.event_charge_settings c where c.event_id = p_event_id
    union all
    select 2, c.tax_rate_bps, c.service_charge_type, c.service_charge_bps, c.service_charge_cents,
           c.service_charge_taxable, c.price_display
    from public.events e join public.org_charge_settings c on c.org_id = e.org_id where e.id = p_event_id
    union all
    select 3, 0, 'none', 0, 0, false, 'itemized'
  ) t
  order by t.rank
  limit 1;
$$;

-- A booking's service charge, tax and amount from its subtotal, discount and guests under the
-- terms (charge_terms): the rule in the header of this file, in integer cents, half up per line.
create or replace function public.price_lines(p_subtotal_cents integer, p_discount_cents integer, p_guests integer, p_terms jsonb)
returns jsonb
language sql immutable set search_path = '' as $$
  with n as (
    select greatest(p_subtotal_cents - p_discount_cents, 0)::bigint as net
  ), s as (
    select n.net,
      case
        when n.net = 0 then 0::bigint
        when p_terms ->> 'service_charge_type' = 'percent'
          then (n.net * coalesce((p_terms ->> 'service_charge_bps')::bigint, 0) + 5000) / 10000
        when p_terms ->> 'service_charge_type' = 'per_guest'
          then coalesce((p_terms ->> 'service_charge_cents')::bigint, 0) * p_guests
        else 0::bigint
      end as service
    from n
  ), t as (
    select s.net, s.service,
      ((s.net + case when coalesce((p_terms ->> 'service_charge_taxable')::boolean, false) then s.service else 0 end)
        * coalesce((p_terms ->> 'tax_rate_bps')::bigint, 0) + 5000) / 10000 as tax
    from s
  )
  select jsonb_build_object(
    'subtotal_cents', p_subtotal_cents,
    'discount_cents', p_discount_cents,
    'service_charge_cents', t.service::integer,
    'tax_cents', t.tax::integer,
    'amount_cents', (t.net + t.service + t.tax)::integer,
    'price_display', coalesce(p_terms ->> 'price_display', 'itemized'),
    'tax_rate_bps', coalesce((p_terms ->> 'tax_rate_bps')::integer, 0),
    'service_charge_type', coalesce(p_terms ->> 'service_charge_type', 'none'),
    'service_charge_bps', coalesce((p_terms ->> 'service_charge_bps')::integer, 0),
    'service_charge_per_guest_cents', coalesce((p_terms ->> 'service_charge_cents')::integer, 0),
    'service_charge_taxable', coalesce((p_terms ->> 'service_charge_taxable')::boolean, false))
  from t;
$$;

-- A booking's total and its lines as the guest reads them (its emails, the manage page, the
-- claim page): the price before the discount, the discount, service charge and tax as stored on
-- the reservation, and how the event shows prices.
create or replace function public.booking_lines(r public.reservations) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'subtotal_cents', r.amount_cents + r.discount_cents - r.service_charge_cents - r.tax_cents,
    'discount_cents', r.discount_cents,
    'service_charge_cents', r.service_charge_cents,
    'tax_cents', r.tax_cents,
    'price_display', public.charge_terms(r.event_id) ->> 'price_display',
    'total_cents', r.amount_cents);
$$;
