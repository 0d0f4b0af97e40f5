-- =============================================================================
-- Owners and staff: every member of an organization is an 'owner' or 'staff'.
--
-- Owners manage the team (invite with a role, change roles, remove; never the
-- last owner), payments and publishing; staff run events, reservations and the
-- door. public.is_org_owner(org_id) is the predicate; the team functions check
-- it, and only owners see the open invitations. Existing members become owners
-- (the column's default fills their rows).
-- =============================================================================

alter table public.user_memberships
  add column role text not null default 'owner'
    constraint user_memberships_role check (role in ('owner', 'staff'));

comment on table public.user_memberships is
  'The team of an organization: an owner manages the team, payments and publishing; staff run events, reservations and the door.';

alter table public.team_invitations
  add column role text not null default 'staff'
    constraint team_invitations_role check (role in ('owner', 'staff'));

-- Signatures and answers that change: the old ones go first.
drop function public.staff_invite_member(uuid, text);
drop function public.admin_orgs();
drop function public.staff_list_team(uuid);
drop function public.staff_list_team_invitations(uuid);

-- Is the caller one of the organization's owners (always true for the super admin)?
create or replace function public.is_org_owner(org_id uuid)
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
          and m.org_id = is_org_owner.org_id
          and m.role = 'owner'
      );
$$;

revoke execute on function public.is_org_owner(uuid) from public, anon;
grant execute on function public.is_org_owner(uuid) to authenticated, service_role;

-- The organizations the caller may manage (the panel's switcher), with the caller's role in each
--
-- A super admin: every organization (as an owner); anyone else: their memberships. Ordered
-- as people read names (ICU root collation when the server has ICU, as
-- Supabase's does; otherwise case-insensitively), whatever the database's own
-- collation.
create or replace function public.admin_orgs()
returns table (id uuid, name text, slug text, role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_super boolean := public.is_super_admin();
  v_icu boolean := exists (select 1 from pg_catalog.pg_collation where collname = 'und-x-icu');
begin
  if auth.uid() is null then
    raise exception 'Sign in to manage organizations' using errcode = '42501';
  end if;
  if v_icu then
    return query execute $q$
      select o.id, o.name, o.slug, case when $1 then 'owner' else m.role end
      from public.organizations o
      left join public.user_memberships m on m.org_id = o.id and m.user_id = $2
      where $1 or m.id is not null
      order by o.name collate "und-x-icu", o.id
    $q$ using v_super, auth.uid();
  else
    return query
    select o.id, o.name, o.slug, case when v_super then 'owner' else m.role end
    from public.organizations o
    left join public.user_memberships m on m.org_id = o.id and m.user_id = auth.uid()
    where v_super or m.id is not null
    order by lower(o.name), o.name desc, o.id;
  end if;
end;
$$;

revoke execute on function public.admin_orgs() from public, anon;
grant execute on function public.admin_orgs() to authenticated, service_role;

-- Members and the super admin only; the same answer whether the organization exists or not.
create or replace function public.assert_team_member(p_org_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null
     or p_org_id is null
     or not public.is_org_member(p_org_id)
     or not exists (select 1 from public.organizations o where o.id = p_org_id) then
    raise exception 'You can only manage the team of your own organization' using errcode = 'SH403';
  end if;
end;
$$;

revoke execute on function public.assert_team_member(uuid) from public, anon, authenticated;
grant execute on function public.assert_team_member(uuid) to service_role;

-- Owners and the super admin only: a member who is staff is told why.
create or replace function public.assert_team_manager(p_org_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_team_member(p_org_id);
  if not public.is_org_owner(p_org_id) then
    raise exception 'Only an owner can manage the team' using errcode = 'SH403';
  end if;
end;
$$;

revoke execute on function public.assert_team_manager(uuid) from public, anon, authenticated;
grant execute on function public.assert_team_manager(uuid) to service_role;

-- staff_list_team: the members with their roles, earliest first (any member)
create or replace function public.staff_list_team(p_org_id uuid)
returns table (user_id uuid, email text, joined_at timestamptz, is_you boolean, role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_team_member(p_org_id);
  return query
  select m.user_id, u.email::text, m.created_at, m.user_id = auth.uid(), m.role
  from public.user_memberships m
  join auth.users u on u.id = m.user_id
  where m.org_id = p_org_id
  order by m.created_at, m.user_id;
end;
$$;

revoke execute on function public.staff_list_team(uuid) from public, anon;
grant execute on function public.staff_list_team(uuid) to authenticated, service_role;

-- staff_list_team_invitations: the open invitations (neither accepted nor revoked), newest first
create or replace function public.staff_list_team_invitations(p_org_id uuid)
returns table (id uuid, email text, created_at timestamptz, expires_at timestamptz, expired boolean, invited_by_email text, role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_team_manager(p_org_id);
  return query
  select i.id, i.email, i.created_at, i.expires_at, i.expires_at <= now(), u.email::text, i.role
  from public.team_invitations i
  left join auth.users u on u.id = i.invited_by
  where i.org_id = p_org_id and i.accepted_at is null and i.revoked_at is null
  order by i.created_at desc, i.id;
end;
$$;

revoke execute on function public.staff_list_team_invitations(uuid) from public, anon;
grant execute on function public.staff_list_team_invitations(uuid) to authenticated, service_role;

-- Invites an address to the team with a role ('staff' unless given). The invitation email is branded: the outbox row's template_data (kind 'team_invitation': the organization's name, colors and
-- logo, the invited address, who invited, the join path and the link's end), which the sender
-- renders (supabase/functions/_shared/email/render.tsx) in the organization's layout with an
-- "Accept the invitation" button. body_text stays the plain fallback.
create or replace function public.staff_invite_member(p_org_id uuid, p_email text, p_role text default 'staff')
returns table (invitation_id uuid, token text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_org public.organizations;
  v_inviter text;
  v_token text;
  v_invitation public.team_invitations;
begin
  perform public.assert_team_manager(p_org_id);
  if char_length(v_email) > 320 or v_email !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then
    raise exception 'Enter a valid email address' using errcode = 'P0001';
  end if;
  if p_role is null or p_role not in ('owner', 'staff') then
    raise exception 'A member is an owner or staff' using errcode = 'P0001';
  end if;

  -- The organization's row lock orders invitations and removals of one team.
  select o.* into v_org from public.organizations o where o.id = p_org_id for no key update;

  if exists (
    select 1 from public.user_memberships m join auth.users u on u.id = m.user_id
    where m.org_id = p_org_id and lower(u.email) = v_email
  ) then
    raise exception '% is already a member of %', v_email, v_org.name using errcode = 'SH409';
  end if;

  -- At most 20 invitations per organization per hour (each one sends an email).
  if (select count(*) from public.team_invitations i
      where i.org_id = p_org_id and i.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'Too many invitations in the last hour: try again later' using errcode = 'SH429';
  end if;

  -- A new invitation replaces the open one to the same address (its link stops working).
  update public.team_invitations i
     set revoked_at = now()
   where i.org_id = p_org_id and i.email = v_email and i.accepted_at is null and i.revoked_at is null;

  v_token := translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
  insert into public.team_invitations (org_id, email, token_hash, invited_by, role)
  values (p_org_id, v_email, public.team_token_hash(v_token), auth.uid(), p_role)
  returning * into v_invitation;

  select u.email into v_inviter from auth.users u where u.id = auth.uid();

  insert into public.email_outbox (org_id, kind, to_email, subject, body_text, template_data)
  values (
    p_org_id,
    'team_invitation',
    v_email,
    -- No line break or control character ever reaches a header.
    'You are invited to join ' || regexp_replace(btrim(v_org.name), '[[:cntrl:]]+', ' ', 'g') || ' on SupperHost',
    concat_ws(E'\n',
      'Hello,',
      '',
      coalesce(v_inviter, 'A member of ' || v_org.name) || ' invited you to join ' || v_org.name
        || ' on SupperHost as '
        || case p_role when 'owner' then 'an owner, to run its events, reservations, team, payments and booking page.'
                       else 'staff, to run its events, reservations and door.' end,
      '',
      'Accept the invitation:',
      '{{site_url}}/admin/join/' || v_token,
      '',
      'Sign in or create an account with this email address (' || v_email || ') to join.',
      'The link works for 7 days, until ' || to_char(v_invitation.expires_at at time zone 'UTC', 'FMMonth FMDD, YYYY HH24:MI') || ' UTC.',
      '',
      'If you did not expect this invitation, you can ignore this email.'),
    -- The branded form (render.tsx, kind 'team_invitation'): the organization's colors and logo.
    (select jsonb_build_object(
       'kind', 'team_invitation',
       'org', jsonb_build_object(
         'name', coalesce(nullif(btrim(b.brand_name), ''), o.name),
         'slug', o.slug,
         'logo_url', b.logo_url,
         'primary_color', b.primary_color,
         'secondary_color', b.secondary_color),
       'guest', jsonb_build_object('name', '', 'email', v_email),
       'invitation', jsonb_build_object(
         'inviter', v_inviter,
         'join_path', '/admin/join/' || v_token,
         'expires_at', v_invitation.expires_at,
         'role', p_role))
     from public.organizations o
     left join public.org_branding b on b.org_id = o.id
     where o.id = p_org_id));

  return query select v_invitation.id, v_token, v_invitation.expires_at;
end;
$$;

revoke execute on function public.staff_invite_member(uuid, text, text) from public, anon;
grant execute on function public.staff_invite_member(uuid, text, text) to authenticated, service_role;

-- staff_set_member_role: an owner makes a member an owner or staff; never demotes the last owner
create or replace function public.staff_set_member_role(p_org_id uuid, p_user_id uuid, p_role text)
returns table (org_id uuid, user_id uuid, role text, owners integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_current text;
  v_owners integer;
begin
  perform public.assert_team_manager(p_org_id);
  if p_role is null or p_role not in ('owner', 'staff') then
    raise exception 'A member is an owner or staff' using errcode = 'P0001';
  end if;
  -- Owner changes of one team run one at a time, so two of them can never demote the last two owners.
  perform 1 from public.organizations o where o.id = p_org_id for no key update;

  select m.role into v_current from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  if v_current is null then
    raise exception 'This person is not a member of this organization' using errcode = 'SH404';
  end if;
  select count(*) into v_owners from public.user_memberships m where m.org_id = p_org_id and m.role = 'owner';
  if v_current = 'owner' and p_role = 'staff' and v_owners <= 1 then
    raise exception 'An organization needs at least one owner' using errcode = 'SH409';
  end if;

  update public.user_memberships m set role = p_role where m.org_id = p_org_id and m.user_id = p_user_id;
  return query select p_org_id, p_user_id, p_role,
    v_owners + case when v_current = p_role then 0 when p_role = 'owner' then 1 else -1 end;
end;
$$;

revoke execute on function public.staff_set_member_role(uuid, uuid, text) from public, anon;
grant execute on function public.staff_set_member_role(uuid, uuid, text) to authenticated, service_role;

-- staff_remove_member: an owner removes a member, or a member leaves; never the last owner
create or replace function public.staff_remove_member(p_org_id uuid, p_user_id uuid)
returns table (org_id uuid, user_id uuid, members integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_members integer;
  v_role text;
begin
  if p_user_id is distinct from auth.uid() then
    perform public.assert_team_manager(p_org_id);
  else
    perform public.assert_team_member(p_org_id);
  end if;
  -- Removals of one team run one at a time, so two of them can never remove the last two owners.
  perform 1 from public.organizations o where o.id = p_org_id for no key update;

  select m.role into v_role from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  if v_role is null then
    raise exception 'This person is not a member of this organization' using errcode = 'SH404';
  end if;
  if v_role = 'owner'
     and (select count(*) from public.user_memberships m where m.org_id = p_org_id and m.role = 'owner') <= 1 then
    raise exception 'An organization needs at least one owner' using errcode = 'SH409';
  end if;
  select count(*) into v_members from public.user_memberships m where m.org_id = p_org_id;

  delete from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  return query select p_org_id, p_user_id, v_members - 1;
end;
$$;

revoke execute on function public.staff_remove_member(uuid, uuid) from public, anon;
grant execute on function public.staff_remove_member(uuid, uuid) to authenticated, service_role;

-- accept_team_invitation
create or replace function public.accept_team_invitation(p_token text)
returns table (org_id uuid, org_name text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
-- (use_column: the insert's conflict target names columns, not the output columns of the same names)
declare
  v_invitation public.team_invitations;
  v_user auth.users;
  v_org public.organizations;
begin
  if auth.uid() is null then
    raise exception 'Sign in to accept this invitation' using errcode = '42501';
  end if;
  select i.* into v_invitation from public.team_invitations i
  where i.token_hash = public.team_token_hash(p_token)
  for update;
  if v_invitation.id is null or p_token is null or char_length(p_token) > 200 then
    raise exception 'This invitation link is not valid' using errcode = 'SH404';
  end if;
  select o.* into v_org from public.organizations o where o.id = v_invitation.org_id;

  if v_invitation.accepted_at is not null then
    if v_invitation.accepted_by = auth.uid()
       and exists (select 1 from public.user_memberships m where m.org_id = v_org.id and m.user_id = auth.uid()) then
      return query select v_org.id, v_org.name;
      return;
    end if;
    raise exception 'This invitation was already used' using errcode = 'SH410';
  end if;
  if v_invitation.revoked_at is not null then
    raise exception 'This invitation was revoked or replaced by a newer one' using errcode = 'SH410';
  end if;
  if v_invitation.expires_at <= now() then
    raise exception 'This invitation has expired. Ask for a new one.' using errcode = 'SH410';
  end if;

  select u.* into v_user from auth.users u where u.id = auth.uid();
  if v_user.id is null or lower(btrim(coalesce(v_user.email, ''))) <> v_invitation.email then
    raise exception 'This invitation is for another email address' using errcode = 'SH403';
  end if;
  if v_user.email_confirmed_at is null then
    raise exception 'Confirm your email address first, then open the invitation link again' using errcode = 'SH403';
  end if;

  -- A member already on the team keeps their role: the role changes only through staff_set_member_role.
  insert into public.user_memberships (user_id, org_id, role)
  values (v_user.id, v_org.id, v_invitation.role)
  on conflict (user_id, org_id) do nothing;
  update public.team_invitations i
     set accepted_at = now(), accepted_by = v_user.id
   where i.id = v_invitation.id;

  return query select v_org.id, v_org.name;
end;
$$;

revoke execute on function public.accept_team_invitation(text) from public, anon;
grant execute on function public.accept_team_invitation(text) to authenticated, service_role;

drop policy "Members can see invitations of their organizations" on public.team_invitations;

create policy "Owners can see invitations of their organizations"
  on public.team_invitations for select
  to authenticated
  using ((select public.is_org_owner(org_id)));
