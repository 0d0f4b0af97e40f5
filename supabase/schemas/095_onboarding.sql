-- =============================================================================
-- Onboarding: a host creates its organization, gets it ready and publishes it;
-- the super admin creates organizations for hosts, suspends and reactivates them.
--
--   check_org_slug(slug)                  whether a slug is free, with the reason if not
--                                         (format, reserved by the app, taken)
--   create_organization(name, slug, tz)   the signed-in caller creates an organization and
--                                         becomes its owner; it starts unpublished; at most
--                                         3 per account in 24 hours
--   owner_set_org_contact_email(org, e)   the address the SupperHost team writes to (owners)
--   staff_org_setup(org)                  the admin's checklist: branding, payments (needed:
--                                         an active event charges cards; done: they can be
--                                         taken), an active event, the state (members)
--   owner_publish_organization(org)       unpublished -> published, with at least one active
--                                         event, and a way to take card payments when an active
--                                         event charges cards (org_card_payments) (owners)
--   super_admin_list_organizations()      every organization with its state, owners, contact,
--                                         and whether the platform's account takes its payments
--   super_admin_create_organization(name, slug, tz, owner email)
--                                         an unpublished organization and an invitation of its
--                                         owner (staff_invite_member, role owner)
--   super_admin_set_org_state(org, s)     'suspended' or back ('published' if it ever was,
--                                         else 'unpublished'); nothing is deleted
--
-- Who created an organization and its contact address are kept out of the public
-- organizations table, in private.organization_signups.
--
-- Errors: P0001 invalid request, 42501 not signed in, SH403 not allowed,
-- SH404 not found, SH409 not in a state that allows it, SH429 too many.
-- =============================================================================

create schema if not exists private;

-- Who created each organization, when, and the address the SupperHost team writes to.
create table private.organization_signups (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  contact_email text
    check (char_length(contact_email) <= 320 and contact_email = lower(contact_email)
           and contact_email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$')
);

create index organization_signups_created_by_idx on private.organization_signups (created_by, created_at desc);

revoke all on private.organization_signups from public, anon, authenticated;

-- Why a slug cannot be used (null when it can), in the words the form shows.
create or replace function public.org_slug_problem(p_slug text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when p_slug is null or char_length(p_slug) < 2 then 'A web address needs at least 2 characters'
    when char_length(p_slug) > 60 then 'A web address has at most 60 characters'
    when p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then 'Use lowercase letters, digits and single dashes, not at the start or end'
    when public.is_reserved_org_slug(p_slug) then 'This web address is reserved by SupperHost'
    when exists (select 1 from public.organizations o where o.slug = p_slug)
      or exists (select 1 from public.org_page_aliases a where a.path = p_slug)
      then 'This web address is taken'
  end;
$$;

-- The create form's live check (signed-in accounts).
create or replace function public.check_org_slug(p_slug text)
returns table (slug text, available boolean, message text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_slug text := lower(btrim(coalesce(p_slug, '')));
  v_problem text;
begin
  if auth.uid() is null then
    raise exception 'Sign in to create an organization' using errcode = '42501';
  end if;
  v_problem := public.org_slug_problem(v_slug);
  return query select v_slug, v_problem is null, v_problem;
end;
$$;

grant execute on function public.check_org_slug(text) to authenticated;

-- The one way an organization is made through the API: checks, the limit, the row, the signup.
create or replace function public.new_organization(p_name text, p_slug text, p_timezone text, p_created_by uuid)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_slug text := lower(btrim(coalesce(p_slug, '')));
  v_problem text;
  v_org_id uuid;
begin
  if char_length(v_name) < 1 or char_length(v_name) > 120 then
    raise exception 'The name needs 1 to 120 characters' using errcode = 'P0001';
  end if;
  if p_timezone is null or p_timezone not in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles') then
    raise exception 'Choose a time zone' using errcode = 'P0001';
  end if;
  -- Two creations of one slug at once: the second waits, then sees it taken.
  perform pg_advisory_xact_lock(hashtext('organization slug ' || v_slug));
  v_problem := public.org_slug_problem(v_slug);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = case when v_problem like 'This web address is%' then 'SH409' else 'P0001' end;
  end if;

  insert into public.organizations (name, slug, timezone, state, published_at)
  values (v_name, v_slug, p_timezone, 'unpublished', null)
  returning id into v_org_id;
  insert into private.organization_signups (org_id, created_by) values (v_org_id, p_created_by);
  return v_org_id;
end;
$$;

-- A signed-in account creates an organization and becomes its owner. It starts unpublished.
create or replace function public.create_organization(p_name text, p_slug text, p_timezone text) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_org_id uuid;
begin
  if v_user is null or coalesce(auth.role(), '') <> 'authenticated' then
    raise exception 'Sign in to create an organization' using errcode = '42501';
  end if;
  -- One account's creations run one at a time, so the limit below holds under concurrency.
  perform pg_advisory_xact_lock(hashtext('organization creations ' || v_user::text));
  if (select count(*) from private.organization_signups s
      where s.created_by = v_user and s.created_at > now() - interval '24 hours') >= 3 then
    raise exception 'You created 3 organizations in the last 24 hours: try again tomorrow' using errcode = 'SH429';
  end if;

  v_org_id := public.new_organization(p_name, p_slug, p_timezone, v_user);
  update private.organization_signups s
     set contact_email = (select lower(u.email) from auth.users u where u.id = v_user)
   where s.org_id = v_org_id;
  insert into public.user_memberships (user_id, org_id, role, booking_emails) values (v_user, v_org_id, 'owner', true);
  return v_org_id;
end;
$$;

grant execute on function public.create_organization(text, text, text) to authenticated;

-- The address the SupperHost team writes to about the organization (owners).
create or replace function public.owner_set_org_contact_email(p_org_id uuid, p_email text)
returns table (org_id uuid, contact_email text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
begin
  perform public.assert_owner(p_org_id, 'Only an owner can change the organization''s contact email');
  if char_length(v_email) > 320 or v_email !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then
    raise exception 'Enter a valid email address' using errcode = 'P0001';
  end if;
  insert into private.organization_signups (org_id, contact_email) values (p_org_id, v_email)
  on conflict on constraint organization_signups_pkey do update set contact_email = excluded.contact_email;
  return query select p_org_id, v_email;
end;
$$;

grant execute on function public.owner_set_org_contact_email(uuid, text) to authenticated;

-- The admin's checklist: what is done, and whether the organization can be published.
-- payments_needed: an active event charges cards (card_event names it); payments_ready: the
-- organization can take them (its own Square account with a location, or the platform's).
create or replace function public.staff_org_setup(p_org_id uuid) returns table (
state text, has_branding boolean, active_events integer, payments_needed boolean, payments_ready boolean, card_event text, can_publish boolean ) language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select o.state,
         exists (select 1 from public.org_branding b where b.org_id = o.id),
         (select count(*)::integer from public.events e where e.org_id = o.id and e.is_active),
         p.card_event is not null,
         p.ready,
         p.card_event,
         o.state = 'unpublished' and exists (select 1 from public.events e where e.org_id = o.id and e.is_active)
           and (p.card_event is null or p.ready)
  from public.organizations o
  cross join public.org_card_payments(o.id) p
  where o.id = p_org_id;
end;
$$;

grant execute on function public.staff_org_setup(uuid) to authenticated;

-- An owner publishes: the page opens and events can be booked. Needs an active event, and
-- a connected Square account when an active event takes card payments.
create or replace function public.owner_publish_organization(p_org_id uuid)
returns table (org_id uuid, state text, published_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_org public.organizations;
  v_card_event text;
begin
  perform public.assert_owner(p_org_id, 'Only an owner can publish the organization');
  select o.* into v_org from public.organizations o where o.id = p_org_id for no key update;
  if v_org.id is null then
    raise exception 'Organization not found' using errcode = 'SH404';
  end if;
  if v_org.state = 'suspended' then
    raise exception '% is suspended: the SupperHost team can reopen it', v_org.name using errcode = 'SH409';
  end if;
  if v_org.state = 'unpublished' then
    if not exists (select 1 from public.events e where e.org_id = p_org_id and e.is_active) then
      raise exception 'Create an active event before publishing' using errcode = 'SH409';
    end if;
    -- Guests' card payments go into the organization's own account: none, no card events.
    select p.card_event into v_card_event from public.org_card_payments(p_org_id) p where not p.ready;
    if v_card_event is not null then
      raise exception 'Connect Square before publishing: % takes card payments', v_card_event using errcode = 'SH409';
    end if;
    update public.organizations o
       set state = 'published', published_at = coalesce(o.published_at, now())
     where o.id = p_org_id
    returning * into v_org;
  end if;
  return query select v_org.id, v_org.state, v_org.published_at;
end;
$$;

grant execute on function public.owner_publish_organization(uuid) to authenticated;

-- The super admin's Organizations screen: every organization, newest first.
create or replace function public.super_admin_list_organizations()
returns table (
  id uuid, name text, slug text, state text, created_at timestamptz,
  owner_emails text, members integer, active_events integer, contact_email text,
  platform_payments boolean
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_super_admin('Only the SupperHost team can list every organization');
  return query
  select o.id, o.name, o.slug, o.state, o.created_at,
         (select string_agg(u.email::text, ', ' order by u.email)
            from public.user_memberships m join auth.users u on u.id = m.user_id
           where m.org_id = o.id and m.role = 'owner'),
         (select count(*)::integer from public.user_memberships m where m.org_id = o.id),
         (select count(*)::integer from public.events e where e.org_id = o.id and e.is_active),
         s.contact_email,
         o.platform_payments
  from public.organizations o
  left join private.organization_signups s on s.org_id = o.id
  order by o.created_at desc, o.id;
end;
$$;

grant execute on function public.super_admin_list_organizations() to authenticated;

-- The super admin creates an unpublished organization and invites its owner by email.
create or replace function public.super_admin_create_organization(p_name text, p_slug text, p_timezone text, p_owner_email text)
returns table (org_id uuid, invitation_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_org_id uuid;
  v_invitation_id uuid;
begin
  perform public.assert_super_admin('Only the SupperHost team can create organizations for others');
  v_org_id := public.new_organization(p_name, p_slug, p_timezone, auth.uid());
  -- The invitation checks the address (and emails the link); the owner-to-be is the contact.
  select i.invitation_id into v_invitation_id from public.staff_invite_member(v_org_id, p_owner_email, 'owner') i;
  update private.organization_signups s set contact_email = lower(btrim(p_owner_email)) where s.org_id = v_org_id;
  return query select v_org_id, v_invitation_id;
end;
$$;

grant execute on function public.super_admin_create_organization(text, text, text, text) to authenticated;

-- Suspends an organization or reactivates it; nothing is deleted.
create or replace function public.super_admin_set_org_state(p_org_id uuid, p_state text)
returns table (org_id uuid, state text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_org public.organizations;
begin
  perform public.assert_super_admin('Only the SupperHost team can suspend or reactivate an organization');
  if p_state is null or p_state not in ('suspended', 'active') then
    raise exception 'An organization is suspended or active' using errcode = 'P0001';
  end if;
  select o.* into v_org from public.organizations o where o.id = p_org_id for no key update;
  if v_org.id is null then
    raise exception 'Organization not found' using errcode = 'SH404';
  end if;
  update public.organizations o
     set state = case
       when p_state = 'suspended' then 'suspended'
       when o.state <> 'suspended' then o.state
       when o.published_at is not null then 'published'
       else 'unpublished' end
   where o.id = p_org_id
  returning * into v_org;
  return query select v_org.id, v_org.state;
end;
$$;

grant execute on function public.super_admin_set_org_state(uuid, text) to authenticated;
