-- =============================================================================
-- Organization branding
--
-- One row per organization: what its public page at /{slug} looks like.
-- Public read; members of the organization create and edit it (the admin panel
-- upserts on org_id). Every stored link must be http(s) (public.is_http_url).
-- =============================================================================

-- True when every element is a non-null http(s) URL.
create or replace function public.all_http_urls(urls text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select not exists (
    select 1 from unnest(urls) as u(url)
    where u.url is null or not public.is_http_url(u.url)
  );
$$;

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
  updated_at timestamptz not null default now()
);

comment on column public.org_branding.gallery_images is 'Up to 9 image URLs; the first is the hero, the rest the gallery.';

-- The admin form sends empty values as null: fall back to the defaults instead
-- of failing the save.
create or replace function public.fill_org_branding_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.primary_color := coalesce(new.primary_color, '#3b82f6');
  new.secondary_color := coalesce(new.secondary_color, '#e5e7eb');
  new.gallery_images := coalesce(new.gallery_images, '{}');
  new.reservation_mode := coalesce(new.reservation_mode, 'reservations');
  return new;
end;
$$;

revoke execute on function public.fill_org_branding_defaults() from public, anon, authenticated;

create trigger org_branding_10_fill_defaults
  before insert or update on public.org_branding
  for each row execute function public.fill_org_branding_defaults();

create trigger org_branding_20_set_updated_at
  before update on public.org_branding
  for each row execute function public.set_updated_at();

-- -----------------------------------------------------------------------------
-- Row-level security and grants
-- -----------------------------------------------------------------------------

alter table public.org_branding enable row level security;

revoke all on public.org_branding from anon, authenticated;
grant all on public.org_branding to service_role;
grant select on public.org_branding to anon;
grant select, insert, update on public.org_branding to authenticated;

create policy "Branding is visible to everyone"
  on public.org_branding for select
  to anon, authenticated
  using (true);

create policy "Members can create branding for their organizations"
  on public.org_branding for insert
  to authenticated
  with check (public.is_org_member(org_id));

create policy "Members can edit branding of their organizations"
  on public.org_branding for update
  to authenticated
  using (public.is_org_member(org_id))
  with check (public.is_org_member(org_id));
