-- =============================================================================
-- Organizations and access
--
-- Who may see and change what. Every later migration builds its row-level
-- security on the two predicates defined here:
--   public.is_super_admin()        the caller holds the super_admin role
--   public.is_org_member(org_id)   the caller belongs to the organization
--                                  (always true for a super admin)
-- Both are security definer with an empty search_path, so policies can call
-- them without recursing into the RLS of user_roles / user_memberships.
-- =============================================================================

create extension if not exists pg_trgm with schema extensions;

-- -----------------------------------------------------------------------------
-- Shared helpers
-- -----------------------------------------------------------------------------

-- Keeps updated_at honest on every table that has one.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Stored links (logos, menus, websites, social, images) must be plain http(s):
-- no javascript:, data: or relative URLs ever reach a public page.
create or replace function public.is_http_url(url text)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select char_length(url) <= 2048 and url ~* '^https?://[^\s/?#@]+([/?#][^\s]*)?$';
$$;

-- Organization slugs share the URL space with the app's fixed routes.
create or replace function public.is_reserved_org_slug(slug text)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select lower(slug) = any (array[
    'admin', 'auth', 'api', 'reservation-details', 'pop-up-chef',
    'magnolia-supper-club', 'eat-at-home', 'embed', 'assets', 'static',
    'rest', 'storage', 'functions', 'mailbox', 'health',
    'index.html', 'favicon.ico', 'robots.txt'
  ]);
$$;

-- -----------------------------------------------------------------------------
-- organizations
-- -----------------------------------------------------------------------------

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  slug text not null unique
    constraint organizations_slug_format
      check (char_length(slug) between 2 and 60 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    constraint organizations_slug_not_reserved
      check (not public.is_reserved_org_slug(slug)),
  created_at timestamptz not null default now()
);

comment on table public.organizations is 'A host (supper club, dinner series, restaurant) with its own public page at /{slug}.';

-- -----------------------------------------------------------------------------
-- user_roles
-- -----------------------------------------------------------------------------

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('super_admin')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

comment on table public.user_roles is 'Platform-wide roles. Only granted by grant_super_admin_by_email() or the service role.';

-- -----------------------------------------------------------------------------
-- user_memberships
-- -----------------------------------------------------------------------------

create table public.user_memberships (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  org_id uuid not null references public.organizations (id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (user_id, org_id)
);

create index user_memberships_org_id_idx on public.user_memberships (org_id);

comment on table public.user_memberships is 'Staff of an organization: every member may run its admin panel.';

-- -----------------------------------------------------------------------------
-- app_settings
-- -----------------------------------------------------------------------------

create table public.app_settings (
  key text primary key,
  value text not null
);

comment on table public.app_settings is 'Platform configuration read by security definer functions; no API role can read it.';

insert into public.app_settings (key, value)
values ('super_admin_email', 'admin@supperhost.test')
on conflict (key) do nothing;

-- -----------------------------------------------------------------------------
-- Access predicates
-- -----------------------------------------------------------------------------

create or replace function public.is_super_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles r
    where r.user_id = (select auth.uid())
      and r.role = 'super_admin'
  );
$$;

create or replace function public.is_org_member(org_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_super_admin()
      or exists (
        select 1
        from public.user_memberships m
        where m.user_id = (select auth.uid())
          and m.org_id = is_org_member.org_id
      );
$$;

revoke execute on function public.is_super_admin() from public, anon;
revoke execute on function public.is_org_member(uuid) from public, anon;
grant execute on function public.is_super_admin() to authenticated, service_role;
grant execute on function public.is_org_member(uuid) to authenticated, service_role;

-- The one configured address (app_settings.super_admin_email) becomes super
-- admin, and only for the caller's own, confirmed account: the email is read
-- from auth.users, never from the request.
create or replace function public.grant_super_admin_by_email(target_email text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller_id uuid := auth.uid();
  caller_email text;
  configured_email text;
begin
  if caller_id is null or coalesce(auth.role(), '') <> 'authenticated' or target_email is null then
    return false;
  end if;

  select u.email into caller_email
  from auth.users u
  where u.id = caller_id
    and u.email_confirmed_at is not null;

  select s.value into configured_email
  from public.app_settings s
  where s.key = 'super_admin_email';

  if caller_email is null
     or configured_email is null
     or lower(btrim(caller_email)) <> lower(btrim(target_email))
     or lower(btrim(target_email)) <> lower(btrim(configured_email)) then
    return false;
  end if;

  insert into public.user_roles (user_id, role)
  values (caller_id, 'super_admin')
  on conflict (user_id, role) do nothing;
  return true;
end;
$$;

revoke execute on function public.grant_super_admin_by_email(text) from public;
grant execute on function public.grant_super_admin_by_email(text) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------
-- Row-level security and grants
-- -----------------------------------------------------------------------------

alter table public.organizations enable row level security;
alter table public.user_roles enable row level security;
alter table public.user_memberships enable row level security;
alter table public.app_settings enable row level security;

revoke all on public.organizations, public.user_roles, public.user_memberships, public.app_settings
  from anon, authenticated;
grant all on public.organizations, public.user_roles, public.user_memberships, public.app_settings
  to service_role;

grant select on public.organizations to anon;
grant select, insert, update, delete on public.organizations to authenticated;
grant select on public.user_roles to authenticated;
grant select, insert, delete on public.user_memberships to authenticated;
-- app_settings: no grant to anon or authenticated at all.

-- organizations: name and slug are what every public page shows.
create policy "Organizations are visible to everyone"
  on public.organizations for select
  to anon, authenticated
  using (true);

create policy "Super admins can create organizations"
  on public.organizations for insert
  to authenticated
  with check ((select public.is_super_admin()));

create policy "Super admins can edit organizations"
  on public.organizations for update
  to authenticated
  using ((select public.is_super_admin()))
  with check ((select public.is_super_admin()));

create policy "Super admins can delete organizations"
  on public.organizations for delete
  to authenticated
  using ((select public.is_super_admin()));

-- user_roles
create policy "Users can see their own roles"
  on public.user_roles for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Super admins can see every role"
  on public.user_roles for select
  to authenticated
  using ((select public.is_super_admin()));

-- user_memberships
create policy "Users can see their own memberships"
  on public.user_memberships for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Super admins can see every membership"
  on public.user_memberships for select
  to authenticated
  using ((select public.is_super_admin()));

create policy "Super admins can add members"
  on public.user_memberships for insert
  to authenticated
  with check ((select public.is_super_admin()));

create policy "Super admins can remove members"
  on public.user_memberships for delete
  to authenticated
  using ((select public.is_super_admin()));
