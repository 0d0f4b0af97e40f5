-- =============================================================================
-- Pop-up chef inquiries from /pop-up-chef.
--
-- Anyone may send one; nobody but super admins (and the service role) reads
-- them back. Visitors may only fill the form's columns.
-- =============================================================================

-- An inquiry from a would-be pop-up chef.
create table public.chef_signups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  concept text not null check (char_length(btrim(concept)) between 5 and 5000),
  next_event_dates text check (char_length(next_event_dates) <= 1000),
  source_domain text check (char_length(source_domain) <= 255),
  created_at timestamptz not null default now()
);

create index chef_signups_created_at_idx on public.chef_signups (created_at desc);

alter table public.chef_signups enable row level security;

revoke all on public.chef_signups from anon, authenticated;
grant select on public.chef_signups to authenticated;
grant all on public.chef_signups to service_role;
grant insert (name, email, concept, next_event_dates, source_domain) on public.chef_signups to anon, authenticated;

create policy "Anyone can send a chef inquiry"
  on public.chef_signups for insert
  to anon, authenticated
  with check (true);

create policy "Super admins can read chef inquiries"
  on public.chef_signups for select
  to authenticated
  using ((select public.is_super_admin()));
