-- =============================================================================
-- Email: templates and outbox
--
-- email_templates: per-organization templates, read-only in the admin panel.
-- email_outbox:    every outgoing message is recorded here before it is sent
--                  (booking confirmations, guest emails); a send failure stays
--                  visible in status/error. Only the service role touches it;
--                  the local mailbox reads it straight from the database.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- email_templates
-- -----------------------------------------------------------------------------

create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  template_type text not null check (template_type ~ '^[a-z][a-z0-9_]{0,39}$'),
  subject text not null check (char_length(subject) between 1 and 200),
  body text check (char_length(body) <= 20000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on column public.email_templates.template_type is 'e.g. booking_confirmation, reminder, follow_up.';

create index email_templates_org_id_created_at_idx on public.email_templates (org_id, created_at desc);

create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function public.set_updated_at();

alter table public.email_templates enable row level security;

revoke all on public.email_templates from anon, authenticated;
grant all on public.email_templates to service_role;
grant select on public.email_templates to authenticated;

create policy "Members can see email templates of their organizations"
  on public.email_templates for select
  to authenticated
  using (public.is_org_member(org_id));

-- -----------------------------------------------------------------------------
-- email_outbox
-- -----------------------------------------------------------------------------

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  org_id uuid references public.organizations (id) on delete set null,
  reservation_id uuid references public.reservations (id) on delete set null,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  to_email text not null check (char_length(to_email) <= 320 and to_email ~ '^[^@\s]+@[^@\s]+$'),
  subject text not null,
  body_text text not null,
  body_html text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  error text,
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

comment on column public.email_outbox.kind is 'booking_confirmation, guest_email, ...';

create index email_outbox_org_id_idx on public.email_outbox (org_id);
create index email_outbox_reservation_id_idx on public.email_outbox (reservation_id);
create index email_outbox_status_created_at_idx on public.email_outbox (status, created_at);

alter table public.email_outbox enable row level security;

revoke all on public.email_outbox from anon, authenticated;
grant all on public.email_outbox to service_role;
-- No policies: only the service role (which bypasses RLS) reads or writes it.
