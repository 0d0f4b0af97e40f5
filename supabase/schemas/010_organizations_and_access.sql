-- =============================================================================
-- Organizations, their staff, the super admin and their branding: who may see and change what.
--
-- Who may see and change what. Every other domain builds its row-level
-- security on the two predicates defined here:
--   public.is_super_admin()        the caller holds the super_admin role
--   public.is_org_member(org_id)   the caller belongs to the organization
--                                  (always true for a super admin)
--   public.is_org_owner(org_id)    the caller (or a given user) is one of its owners (always true
--                                  for a super admin): owners manage the team,
--                                  payments and publishing; staff run events,
--                                  reservations and the door
-- Both are security definer with an empty search_path, so policies can call
-- them without recursing into the RLS of user_roles / user_memberships.
--
-- Organization branding
--
-- One row per organization: what its public page at /{slug} looks like.
-- Public read; members of the organization create and edit it (the admin panel
-- upserts on org_id). Every stored link must be http(s) (public.is_http_url).
-- =============================================================================

-- Organization slugs share the URL space with the app's fixed routes.
create or replace function public.is_reserved_org_slug(slug text) returns boolean
language sql immutable strict parallel safe set search_path = '' as $$
  select lower(slug) = any (array[
    'admin', 'auth', 'api', 'reservation-details', 'pop-up-chef',
    'magnolia-supper-club', 'eat-at-home', 'embed', 'assets', 'static',
    'rest', 'storage', 'functions', 'mailbox', 'health',
    'index.html', 'favicon.ico', 'robots.txt', 'booking', 'sitemap.xml', 'waitlist', 'pay'
  ]);
$$;

grant execute on function public.is_reserved_org_slug(text) to anon, authenticated;

-- organizations
create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  slug text not null unique
    constraint organizations_slug_format
      check (char_length(slug) between 2 and 60 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    constraint organizations_slug_not_reserved
      check (not public.is_reserved_org_slug(slug)),
  created_at timestamptz not null default now(),
  -- unpublished: its page says "coming soon" and nothing can be booked (create_organization
  -- starts here); published: public and bookable; suspended: by the super admin, its pages say
  -- it is closed and nothing can be booked, staff still read everything. A row written directly
  -- (the super admin, the service role, the seed) is published.
  state text not null default 'published'
    constraint organizations_state check (state in ('unpublished', 'published', 'suspended')),
  -- When it was first published (a row written directly is published at once): reactivating a
  -- suspended organization returns it to published only if it had been.
  published_at timestamptz default now(),
  timezone text not null default 'America/New_York'
    constraint organizations_timezone
      check (timezone in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles')),
  -- Card payments through the platform's own Square account (SQUARE_ACCESS_TOKEN, or the local
  -- test processor): only for organizations the platform itself runs (the seeded venues, a
  -- single-business deployment), set by the super admin. Every other organization takes cards
  -- through its own connected account (140_square_accounts.sql), or not at all.
  platform_payments boolean not null default false,
  constraint organizations_published_at check (state <> 'published' or published_at is not null)
);

comment on table public.organizations is 'A host (supper club, dinner series, restaurant) with its own public page at /{slug}.';

comment on column public.organizations.platform_payments is
  'Its guests pay into the platform''s own Square account (an organization the platform runs; set by the super admin). Otherwise only its own connected account takes card payments.';

comment on column public.organizations.state is
  'unpublished (new: "coming soon", not listed, not bookable) | published | suspended (closed by the super admin, nothing bookable, nothing deleted).';

alter table public.organizations enable row level security;

grant select on public.organizations to anon;
grant select, insert, update, delete on public.organizations to authenticated;

-- user_roles
create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('super_admin')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

comment on table public.user_roles is 'Platform-wide roles. Only granted by grant_super_admin_by_email() or the service role.';

alter table public.user_roles enable row level security;

grant select on public.user_roles to authenticated;

-- user_memberships
create table public.user_memberships (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  org_id uuid not null references public.organizations (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Rows are written by the team functions (with the invitation's role), by create_organization
  -- (owner) and by the super admin; a row written without a role keeps the full rights a
  -- membership always had.
  role text not null default 'owner' constraint user_memberships_role check (role in ('owner', 'staff')),
  -- Whether this member is emailed each new booking and each guest's cancellation (each member
  -- sets their own: staff_set_booking_emails). On for whoever creates the organization.
  booking_emails boolean not null default false,
  unique (user_id, org_id),
  -- With booking emails on: one summary each morning (enqueue_booking_digests) instead of an
  -- email per booking.
  booking_emails_daily boolean not null default false
);

comment on table public.user_memberships is
  'The team of an organization: an owner manages the team, payments and publishing; staff run events, reservations and the door.';

create index user_memberships_org_id_idx on public.user_memberships (org_id);

alter table public.user_memberships enable row level security;

grant select, insert, delete on public.user_memberships to authenticated;

-- app_settings
create table public.app_settings (
  key text primary key,
  value text not null
);

comment on table public.app_settings is 'Platform configuration read by security definer functions; no API role can read it.';

alter table public.app_settings enable row level security;

-- No super-admin address is configured here: public.set_super_admin_email() sets it
-- (the demo's in supabase/seed.sql; in production once, after the account is
-- registered and confirmed: README.md, "Deploy to Supabase").
--
-- Access predicates
create or replace function public.is_super_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.user_roles r
    where r.user_id = (select auth.uid())
      and r.role = 'super_admin'
  );
$$;

grant execute on function public.is_super_admin() to authenticated;

-- Does the caller belong to the organization (always true for the super admin)?
create or replace function public.is_org_member(org_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_super_admin()
      or exists (
        select 1
        from public.user_memberships m
        where m.user_id = (select auth.uid())
          and m.org_id = is_org_member.org_id
      );
$$;

grant execute on function public.is_org_member(uuid) to authenticated;

-- Is the caller one of the organization's owners (always true for the super admin)?
-- p_user_id: the user to ask about instead of the caller; a signed-in caller may ask only about
-- themselves (the Square OAuth callback, without a session, asks about the user who started).
create or replace function public.is_org_owner(org_id uuid, p_user_id uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select (p_user_id is null or (select auth.uid()) is null or p_user_id = (select auth.uid()))
     and exists (
       select 1
       from public.user_roles r
       where r.user_id = coalesce(p_user_id, (select auth.uid()))
         and r.role = 'super_admin'
       union all
       select 1
       from public.user_memberships m
       where m.user_id = coalesce(p_user_id, (select auth.uid()))
         and m.org_id = is_org_owner.org_id
         and m.role = 'owner'
     );
$$;

grant execute on function public.is_org_owner(uuid, uuid) to authenticated;

-- The super-admin grant: one configured account, kept in step by the database
--
-- app_settings holds the configured account twice: its email (super_admin_email)
-- and the id of the account that had that email, confirmed, when it was configured
-- (super_admin_user_id). An account holds the super_admin role exactly while it
-- is that account AND its email is still the configured one AND confirmed. So:
--   * nobody who signs up with, or changes their email to, the configured address
--     gets anything (a different account id), whatever the confirmation settings;
--   * the owner loses the role the moment their email changes away from it;
--   * the address can only be configured once its account exists and is confirmed.
-- sync_super_admin() is the one place that decides; triggers on auth.users and
-- set_super_admin_email() call it, so the role exists before any sign-in asks.
-- Roles given by hand (service role inserts) are left alone until that account's
-- email changes.
create or replace function public.sync_super_admin(p_user_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_is boolean;
begin
  select exists (
    select 1
    from auth.users u
    where u.id = p_user_id
      and u.email_confirmed_at is not null
      and u.id::text = (select s.value from public.app_settings s where s.key = 'super_admin_user_id')
      and lower(btrim(u.email)) = lower(btrim((select s.value from public.app_settings s where s.key = 'super_admin_email')))
  ) into v_is;

  if v_is then
    insert into public.user_roles (user_id, role)
    values (p_user_id, 'super_admin')
    on conflict (user_id, role) do nothing;
  else
    delete from public.user_roles r
    where r.user_id = p_user_id and r.role = 'super_admin';
  end if;
  return v_is;
end;
$$;

-- An account's email or its confirmation changed: its role follows.
create or replace function public.sync_super_admin_on_user_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT'
     or new.email is distinct from old.email
     or new.email_confirmed_at is distinct from old.email_confirmed_at then
    perform public.sync_super_admin(new.id);
  end if;
  return null;
end;
$$;

-- The super-admin role follows the configured account's email and its confirmation.
create trigger sync_super_admin_on_user_change
  after insert or update of email, email_confirmed_at on auth.users
  for each row execute function public.sync_super_admin_on_user_change();

-- Configures the super-admin account by its email (service role or the database
-- owner only). The account must exist and be confirmed; the previous configured
-- account loses the role.
create or replace function public.set_super_admin_email(p_email text) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user_id uuid;
  v_previous uuid;
begin
  select u.id into v_user_id
  from auth.users u
  where lower(u.email) = lower(btrim(p_email))
    and u.email_confirmed_at is not null;
  if v_user_id is null then
    raise exception 'No confirmed account has the email %', coalesce(btrim(p_email), '(none)')
      using errcode = 'P0001',
            hint = 'Sign up with that email and confirm it first, then configure it.';
  end if;

  select nullif(s.value, '')::uuid into v_previous
  from public.app_settings s where s.key = 'super_admin_user_id';

  insert into public.app_settings (key, value)
  values ('super_admin_email', lower(btrim(p_email))), ('super_admin_user_id', v_user_id::text)
  on conflict (key) do update set value = excluded.value;

  if v_previous is not null and v_previous <> v_user_id then
    perform public.sync_super_admin(v_previous);
  end if;
  perform public.sync_super_admin(v_user_id);
  return v_user_id;
end;
$$;

-- The RPC the app calls after signing in or up (kept for the product's API): the
-- role is already in step (the triggers above), so this only re-checks the
-- caller's own account and answers whether the caller is the super admin. The
-- argument must be the caller's own email; nothing is ever granted to another.
create or replace function public.grant_super_admin_by_email(target_email text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller_id uuid := auth.uid();
begin
  if caller_id is null or coalesce(auth.role(), '') <> 'authenticated' or target_email is null then
    return false;
  end if;
  if not exists (
    select 1 from auth.users u
    where u.id = caller_id and lower(btrim(u.email)) = lower(btrim(target_email))
  ) then
    return false;
  end if;
  return public.sync_super_admin(caller_id);
end;
$$;

grant execute on function public.grant_super_admin_by_email(text) to anon, authenticated;

-- app_settings: no grant to anon or authenticated at all.
--
-- organizations: name and slug are what every public page shows.
create policy "Organizations are visible to everyone"
  on public.organizations for select
  to anon, authenticated
  using (true);

create policy "Super admins add organizations"
  on public.organizations for insert
  to authenticated
  with check ((select public.is_super_admin()));

create policy "Super admins edit organizations"
  on public.organizations for update
  to authenticated
  using ((select public.is_super_admin()));

create policy "Super admins delete organizations"
  on public.organizations for delete
  to authenticated
  using ((select public.is_super_admin()));

-- user_roles
create policy "Users can see their own roles, and super admins every role"
  on public.user_roles for select
  to authenticated
  using (user_id = (select auth.uid()) or (select public.is_super_admin()));

-- user_memberships
create policy "Users see their own memberships, super admins every one"
  on public.user_memberships for select
  to authenticated
  using (user_id = (select auth.uid()) or (select public.is_super_admin()));

create policy "Super admins add memberships"
  on public.user_memberships for insert
  to authenticated
  with check ((select public.is_super_admin()));

create policy "Super admins remove memberships"
  on public.user_memberships for delete
  to authenticated
  using ((select public.is_super_admin()));

-- Alias paths of organization pages: a path the product routes itself (a reserved slug, so
-- no organization can ever take it) shows an organization's page in a layout of its own.
-- The spec's /magnolia-supper-club and /eat-at-home are two rows (seed.sql), not code.
create table public.org_page_aliases (
  path text primary key check (path ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and public.is_reserved_org_slug(path)),
  org_id uuid not null references public.organizations (id) on delete cascade,
  layout text not null check (layout in ('supper_club', 'dinner_series')),
  created_at timestamptz not null default now()
);

comment on table public.org_page_aliases is
  'Alias paths of organization pages (e.g. /magnolia-supper-club) and the layout each shows. Public; the super admin edits them.';

create index org_page_aliases_org_id_idx on public.org_page_aliases (org_id);

alter table public.org_page_aliases enable row level security;

grant select on public.org_page_aliases to anon;
grant select, insert, update, delete on public.org_page_aliases to authenticated;

create policy "Page aliases are visible to everyone"
  on public.org_page_aliases for select to anon, authenticated using (true);

create policy "Super admins add page aliases"
  on public.org_page_aliases for insert to authenticated with check ((select public.is_super_admin()));

create policy "Super admins edit page aliases"
  on public.org_page_aliases for update to authenticated using ((select public.is_super_admin()));

create policy "Super admins delete page aliases"
  on public.org_page_aliases for delete to authenticated using ((select public.is_super_admin()));

-- What an organization's public page looks like: one row per organization.
create table public.org_branding (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null unique references public.organizations (id) on delete cascade,
  brand_name text check (char_length(brand_name) <= 120),
  primary_color text not null default '#3b82f6' check (primary_color ~ '^#[0-9a-fA-F]{6}$'),
  secondary_color text not null default '#e5e7eb' check (secondary_color ~ '^#[0-9a-fA-F]{6}$'),
  logo_url text check (public.is_http_url(logo_url)),
  menu_content text check (char_length(menu_content) <= 20000),
  menu_file_url text check (public.is_http_url(menu_file_url)),
  instagram_url text check (public.is_http_url(instagram_url)),
  website_url text check (public.is_http_url(website_url)),
  gallery_images text[] not null default '{}'
    constraint org_branding_gallery_at_most_9 check (cardinality(gallery_images) <= 9)
    constraint org_branding_gallery_http_urls check (public.all_http_urls(gallery_images)),
  reservation_mode text not null default 'reservations' check (reservation_mode in ('reservations', 'rsvp')),
  bookings_description text check (char_length(bookings_description) <= 5000),
  empty_state_title text check (char_length(empty_state_title) <= 200),
  empty_state_message text check (char_length(empty_state_message) <= 2000),
  empty_state_cta_text text check (char_length(empty_state_cta_text) <= 100),
  empty_state_image_url text check (public.is_http_url(empty_state_image_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  city text check (char_length(city) <= 120),
  address text check (char_length(address) <= 300),
  -- Whether the page invites requests for private dinners (/{slug}/private-dinner,
  -- 115_private_dinners.sql), and what the host offers, shown above the form.
  private_dinners boolean not null default false,
  private_dinner_note text check (char_length(private_dinner_note) <= 1000)
);

comment on column public.org_branding.gallery_images is 'Up to 9 image URLs; the first is the hero, the rest the gallery.';
comment on column public.org_branding.city is 'The city the venue''s pages name (''Atlanta'', ''Brooklyn, NY''); null when the page names none.';
comment on column public.org_branding.private_dinners is 'Whether the page takes private dinner requests (request_private_dinner).';
comment on column public.org_branding.address is 'Where the venue''s dinners happen, as its page shows it (''Old Fourth Ward, Atlanta, GA''); null when it is sent after booking.';

alter table public.org_branding enable row level security;

grant select on public.org_branding to anon;
grant select, insert, update on public.org_branding to authenticated;

-- The admin form sends empty values as null: fall back to the defaults instead
-- of failing the save.
create or replace function public.fill_org_branding_defaults() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.primary_color := coalesce(new.primary_color, '#3b82f6');
  new.secondary_color := coalesce(new.secondary_color, '#e5e7eb');
  new.gallery_images := coalesce(new.gallery_images, '{}');
  new.reservation_mode := coalesce(new.reservation_mode, 'reservations');
  return new;
end;
$$;

-- Empty form values fall back to the defaults (before the updated_at stamp: triggers run in name order).
create trigger org_branding_10_fill_defaults
  before insert or update on public.org_branding
  for each row execute function public.fill_org_branding_defaults();

-- Stamps updated_at.
create trigger org_branding_20_set_updated_at
  before update on public.org_branding
  for each row execute function public.set_updated_at();

create policy "Branding is visible to everyone"
  on public.org_branding for select
  to anon, authenticated
  using (true);

create policy "Members set the branding of their organizations"
  on public.org_branding for insert
  to authenticated
  with check (public.is_org_member(org_id));

create policy "Members change the branding of their organizations"
  on public.org_branding for update
  to authenticated
  using (public.is_org_member(org_id));

-- The name an organization goes by with its guests (emails, the manage and claim pages): its
-- brand name, else its name.
create or replace function public.org_display_name(p_org_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(nullif(btrim(b.brand_name), ''), o.name)
  from public.organizations o
  left join public.org_branding b on b.org_id = o.id
  where o.id = p_org_id;
$$;

-- The branded header of an organization's emails (template_data.org, rendered by
-- supabase/functions/_shared/email/render.tsx): its name, slug, logo and colors.
create or replace function public.org_email_branding(p_org_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'name', public.org_display_name(o.id),
    'slug', o.slug,
    'logo_url', b.logo_url,
    'primary_color', b.primary_color,
    'secondary_color', b.secondary_color)
  from public.organizations o
  left join public.org_branding b on b.org_id = o.id
  where o.id = p_org_id;
$$;

-- Membership check shared by the read functions
create or replace function public.assert_org_member(p_org_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_org_id is null or not public.is_org_member(p_org_id) then
    raise exception 'Not a member of this organization' using errcode = '42501';
  end if;
end;
$$;

grant execute on function public.assert_org_member(uuid) to authenticated;

-- The door of every staff action: the caller is a member of the organization (or the super
-- admin), else the action's own words with SH403. A null organization (what was asked about
-- does not exist) gets the same answer, so nothing leaks to outsiders.
create or replace function public.assert_member(p_org_id uuid, p_denied text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_org_id is null or not public.is_org_member(p_org_id) then
    raise exception using message = p_denied, errcode = 'SH403';
  end if;
end;
$$;

-- The same for what only owners (and the super admin) do: the team, payments, publishing.
create or replace function public.assert_owner(p_org_id uuid, p_denied text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_org_id is null or not public.is_org_owner(p_org_id) then
    raise exception using message = p_denied, errcode = 'SH403';
  end if;
end;
$$;

-- The same for what only the super admin does.
create or replace function public.assert_super_admin(p_denied text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_super_admin() then
    raise exception using message = p_denied, errcode = 'SH403';
  end if;
end;
$$;

-- The organizations the caller may manage (the panel's switcher), with the caller's role in each and their state
--
-- A super admin: every organization (as an owner); anyone else: their memberships. Ordered
-- as people read names (ICU root collation when the server has ICU, as
-- Supabase's does; otherwise case-insensitively), whatever the database's own
-- collation.
create or replace function public.admin_orgs()
returns table (id uuid, name text, slug text, role text, state text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_super boolean := public.is_super_admin();
  v_icu boolean := exists (select 1 from pg_catalog.pg_collation where collname = 'und-x-icu');
begin
  if auth.uid() is null then
    raise exception 'Sign in to manage organizations' using errcode = '42501';
  end if;
  if v_icu then
    return query execute $q$
      select o.id, o.name, o.slug, case when $1 then 'owner' else m.role end, o.state
      from public.organizations o
      left join public.user_memberships m on m.org_id = o.id and m.user_id = $2
      where $1 or m.id is not null
      order by o.name collate "und-x-icu", o.id
    $q$ using v_super, auth.uid();
  else
    return query
    select o.id, o.name, o.slug, case when v_super then 'owner' else m.role end, o.state
    from public.organizations o
    left join public.user_memberships m on m.org_id = o.id and m.user_id = auth.uid()
    where v_super or m.id is not null
    order by lower(o.name), o.name desc, o.id;
  end if;
end;
$$;

grant execute on function public.admin_orgs() to authenticated;
