-- =============================================================================
-- Promo codes
--
-- A code belongs to one organization and is unique there regardless of case.
-- times_redeemed only moves when a reservation using the code is confirmed
-- (reservation triggers), and never past max_uses.
-- Members read their codes, add codes and switch `active`; nothing else.
-- =============================================================================

create table public.promo_codes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  code text not null check (char_length(btrim(code)) between 1 and 40 and code !~ '\s'),
  discount_type text not null check (discount_type in ('percent', 'fixed')),
  discount_amount integer not null check (discount_amount >= 0),
  times_redeemed integer not null default 0 check (times_redeemed >= 0),
  max_uses integer check (max_uses >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint promo_codes_percent_at_most_100
    check (discount_type <> 'percent' or discount_amount <= 100),
  constraint promo_codes_redeemed_within_max_uses
    check (max_uses is null or times_redeemed <= max_uses),
  unique (id, org_id)
);

comment on column public.promo_codes.discount_amount is 'A percentage (0..100) for percent codes, cents for fixed codes.';
comment on column public.promo_codes.max_uses is 'Null means unlimited.';

create unique index promo_codes_org_id_code_key on public.promo_codes (org_id, lower(code));

-- -----------------------------------------------------------------------------
-- Row-level security and grants
-- -----------------------------------------------------------------------------

alter table public.promo_codes enable row level security;

revoke all on public.promo_codes from anon, authenticated;
grant all on public.promo_codes to service_role;
grant select on public.promo_codes to authenticated;
grant insert (org_id, code, discount_type, discount_amount, max_uses, active) on public.promo_codes to authenticated;
grant update (active) on public.promo_codes to authenticated;

create policy "Members can see promo codes of their organizations"
  on public.promo_codes for select
  to authenticated
  using (public.is_org_member(org_id));

create policy "Members can create promo codes for their organizations"
  on public.promo_codes for insert
  to authenticated
  with check (public.is_org_member(org_id));

create policy "Members can switch promo codes of their organizations on and off"
  on public.promo_codes for update
  to authenticated
  using (public.is_org_member(org_id))
  with check (public.is_org_member(org_id));
