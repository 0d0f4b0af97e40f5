-- =============================================================================
-- Team: invitations to an organization by email, and removing members.
--
-- Team: an organization's members, email invitations, removing a member
--
-- The team of an organization is its user_memberships rows, each an 'owner' or
-- 'staff'. Owners (and the super admin) invite people by email with a role; the
-- invited person signs up or signs in with that address through the emailed link
-- and becomes a member with that role.
--
--   staff_list_team(org)               members (id, email, role, joined at); any member
--   staff_list_team_invitations(org)   open invitations, newest first; owners
--   staff_invite_member(org, email, role)
--                                      a new invitation (role 'staff' unless given);
--                                      its link is emailed (email_outbox, kind
--                                      'team_invitation'); an open invitation to the
--                                      same address is replaced (revoked); returns its
--                                      id and token; owners
--   staff_revoke_invitation(id)        the link stops working; owners
--   staff_set_member_role(org, user, role)
--                                      owners; never demotes the last owner
--   staff_remove_member(org, user)     owners, or a member leaving; never the last owner
--   team_invitation_preview(token)     what the join page shows before sign-in:
--                                      the invited address, the organization and
--                                      whether the link still works (anyone with
--                                      the link: the token is the key)
--   accept_team_invitation(token)      the signed-in account whose confirmed email
--                                      is the invited one joins the organization
--
-- The token is 32 random bytes (base64url); only its SHA-256 is stored, the
-- token itself exists only in the emailed link. An invitation is open until it
-- is accepted or revoked, and works for 7 days (expires_at).
--
-- Only owners of the organization or the super admin may invite, revoke, change
-- roles and remove others; any member may list the members and leave (SH403
-- otherwise, the same answer to a stranger whether the organization or invitation
-- exists or not). Every owner change of one team takes the organization's row lock
-- first, so two of them can never leave it without an owner. user_memberships
-- keeps its own policies (members read their own rows; the super admin writes):
-- these functions are the only way a member changes the team.
--
-- Errors: P0001 invalid request, SH403 not a member, SH404 not found,
-- SH409 not in a state that allows it, SH410 the link no longer works,
-- SH429 too many invitations.
-- =============================================================================

-- An invitation to join an organization's team, by email; only its token's hash is stored.
create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  email text not null
    check (char_length(email) <= 320 and email = lower(email) and email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$'),
  token_hash bytea not null unique,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  role text not null default 'staff' constraint team_invitations_role check (role in ('owner', 'staff')),
  constraint team_invitations_accepted_or_revoked check (accepted_at is null or revoked_at is null),
  constraint team_invitations_accepted_by check (accepted_by is null or accepted_at is not null)
);

comment on table public.team_invitations is
  'Invitations to join an organization''s staff. The token is only in the emailed link (/admin/join/{token}); token_hash is its SHA-256.';

-- One open invitation per address and organization (a new one replaces it).
create unique index team_invitations_one_open_idx
  on public.team_invitations (org_id, email)
  where accepted_at is null and revoked_at is null;

create index team_invitations_org_id_created_at_idx on public.team_invitations (org_id, created_at desc);

alter table public.team_invitations enable row level security;

grant select on public.team_invitations to authenticated;

create policy "Owners can see invitations of their organizations"
  on public.team_invitations for select
  to authenticated
  using ((select public.is_org_owner(org_id)));

-- No insert/update/delete policies: writes go through the functions below.
--
-- Helpers
create or replace function public.team_token_hash(p_token text) returns bytea
language sql immutable set search_path = '' as $$ select extensions.digest(convert_to(coalesce(p_token, ''), 'UTF8'), 'sha256') $$;

-- Members and the super admin only; the same answer whether the organization exists or not.
create or replace function public.assert_team_member(p_org_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_member((select o.id from public.organizations o where o.id = p_org_id),
    'You can only manage the team of your own organization');
end;
$$;

-- Owners and the super admin only: a member who is staff is told why.
create or replace function public.assert_team_manager(p_org_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_team_member(p_org_id);
  perform public.assert_owner(p_org_id, 'Only an owner can manage the team');
end;
$$;

-- staff_list_team: the members with their roles and whether each is emailed new bookings (and
-- whether as a morning summary), earliest first (any member)
create or replace function public.staff_list_team(p_org_id uuid)
returns table (user_id uuid, email text, joined_at timestamptz, is_you boolean, role text, booking_emails boolean, booking_emails_daily boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_team_member(p_org_id);
  return query
  select m.user_id, u.email::text, m.created_at, m.user_id = auth.uid(), m.role, m.booking_emails, m.booking_emails_daily
  from public.user_memberships m
  join auth.users u on u.id = m.user_id
  where m.org_id = p_org_id
  order by m.created_at, m.user_id;
end;
$$;

grant execute on function public.staff_list_team(uuid) to authenticated;

-- A member turns their own booking emails on or off (enqueue_booking_notice), and chooses one
-- email per booking or a morning summary (p_daily: enqueue_booking_digests; null keeps the
-- choice); answers whether they are on.
create or replace function public.staff_set_booking_emails(p_org_id uuid, p_on boolean, p_daily boolean default null)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_on boolean;
begin
  perform public.assert_team_member(p_org_id);
  if p_on is null then
    raise exception 'Say whether to send booking emails: true or false' using errcode = 'P0001';
  end if;
  update public.user_memberships m set booking_emails = p_on, booking_emails_daily = coalesce(p_daily, m.booking_emails_daily)
  where m.org_id = p_org_id and m.user_id = auth.uid()
  returning m.booking_emails into v_on;
  if v_on is null then
    raise exception 'Only members of the team have booking emails' using errcode = 'SH403';
  end if;
  return v_on;
end;
$$;

grant execute on function public.staff_set_booking_emails(uuid, boolean, boolean) to authenticated;

-- The morning summary of booking emails
--
-- A member with booking emails on as a daily summary (user_memberships.booking_emails_daily) gets
-- one email each morning at 08:00 on the organization's clock instead of one per booking: what
-- was booked and cancelled in the 24 hours before, and the dinners of the week ahead. A row here
-- per member and morning makes it once, even when two timer runs overlap.
create table public.booking_digests (
  org_id uuid not null,
  user_id uuid not null,
  -- The morning it was for, on the organization's calendar.
  day date not null,
  -- Null when nothing happened: no email is sent on a quiet day.
  email_id uuid references public.email_outbox (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (org_id, user_id, day),
  constraint booking_digests_member foreign key (org_id, user_id) references public.user_memberships (org_id, user_id) on delete cascade
);

comment on table public.booking_digests is
  'The morning summaries of booking emails, one per member and day (enqueue_booking_digests); not readable through the API.';

create index booking_digests_email_id_idx on public.booking_digests (email_id);

alter table public.booking_digests enable row level security;

-- A morning summary for an organization: how many bookings were confirmed and cancelled from
-- p_from to p_to, and its text: each of them with its dinner (on the dinner's own clock), party,
-- money and code, then the dinners of the seven days after p_to with what is booked. The text is
-- null when nothing was booked or cancelled.
create or replace function public.booking_digest(p_org_id uuid, p_from timestamptz, p_to timestamptz)
returns table (booked integer, cancelled integer, body text)
language sql stable security definer set search_path = '' as $$
  with happened as (
    select r.*, e.title, e.date as event_date, coalesce(s.slot_time, e.event_time) as at_time,
           r.status = 'cancelled' and r.cancelled_at >= p_from and r.cancelled_at < p_to as is_cancelled,
           (select coalesce(sum(l.amount_cents), 0)::integer from public.payment_ledger l
            where l.reservation_id = r.id and l.kind = 'refund' and l.status in ('pending', 'completed')) as refunded
    from public.reservations r
    join public.events e on e.id = r.event_id
    left join public.rsvp_slots s on s.id = r.rsvp_slot_id
    where r.org_id = p_org_id and r.confirmed_at is not null
      and ((r.confirmed_at >= p_from and r.confirmed_at < p_to) or (r.cancelled_at >= p_from and r.cancelled_at < p_to))
  ),
  line as (
    select h.is_cancelled, h.confirmed_at, h.cancelled_at,
           '- ' || h.title || ', ' || to_char(h.event_date, 'FMDy FMMon FMDD') || ' at ' || to_char(h.at_time, 'FMHH12:MI AM') || ': '
             || h.name || ', ' || public.guest_count(h.num_guests)
             || case when h.amount_cents = 0 then ', free' else ', ' || public.booking_money(h.amount_cents) end
             || case when h.is_cancelled
                  then ', cancelled by ' || case h.cancelled_by when 'guest' then 'the guest' when 'staff' then 'the team' else 'the system' end
                       || case when h.refunded > 0 then ', refunded ' || public.booking_money(h.refunded)
                               when h.amount_cents > 0 then ', no refund' else '' end
                  else '' end
             || ' (' || h.booking_code || ')' as text
    from happened h
  ),
  booked as (select count(*)::integer as n, string_agg(l.text, E'\n' order by l.confirmed_at) as lines from line l where not l.is_cancelled),
  cancelled as (select count(*)::integer as n, string_agg(l.text, E'\n' order by l.cancelled_at) as lines from line l where l.is_cancelled),
  ahead as (
    select string_agg('- ' || e.title || ', ' || to_char(e.date, 'FMDy FMMon FMDD') || ': '
                        || public.guest_count(coalesce(b.guests, 0)) || ' in ' || b.bookings
                        || case when b.bookings = 1 then ' booking' else ' bookings' end,
                      E'\n' order by e.date, e.event_time) as lines
    from public.events e
    cross join lateral (select sum(x.num_guests)::integer as guests, count(*)::integer as bookings
                        from public.reservations x where x.event_id = e.id and x.status = 'confirmed') b
    where e.org_id = p_org_id and e.is_active
      and (e.date + e.event_time) at time zone e.event_timezone >= p_to
      and (e.date + e.event_time) at time zone e.event_timezone < p_to + interval '7 days'
  )
  select booked.n, cancelled.n, case when booked.n + cancelled.n > 0 then concat_ws(E'\n',
    'Since yesterday morning at ' || public.org_display_name(p_org_id) || ':',
    '',
    'New bookings (' || booked.n || ')',
    coalesce(booked.lines, 'None.'),
    '',
    'Cancelled (' || cancelled.n || ')',
    coalesce(cancelled.lines, 'None.'),
    '',
    'The week ahead',
    coalesce(ahead.lines, 'No dinners in the next seven days.'),
    '',
    'Your bookings in the admin panel: {{site_url}}/admin',
    '',
    'You get this summary each morning because booking emails are on for you at ' || public.org_display_name(p_org_id)
      || ', as a daily summary. Change it in the admin panel: Settings, Team.') end
  from booked, cancelled, ahead;
$$;

-- Queues each due morning summary (see booking_digests): from 08:00 to noon on the
-- organization's clock (a timer that was down longer skips that morning rather than sending it
-- late), once per member and day, covering the 24 hours before that morning's 08:00. Answers
-- how many were queued.
create or replace function public.enqueue_booking_digests(p_at timestamptz default now()) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  m record;
  v_summary record;
  v_to timestamptz;
  v_id uuid;
  v_sent integer := 0;
begin
  for m in
    select x.org_id, x.user_id, u.email::text as email, o.timezone, (p_at at time zone o.timezone)::date as day
    from public.user_memberships x
    join public.organizations o on o.id = x.org_id
    join auth.users u on u.id = x.user_id
    where x.booking_emails and x.booking_emails_daily and u.email is not null
      and (p_at at time zone o.timezone)::time >= '08:00' and (p_at at time zone o.timezone)::time < '12:00'
      and not exists (select 1 from public.booking_digests g
                      where g.org_id = x.org_id and g.user_id = x.user_id and g.day = (p_at at time zone o.timezone)::date)
  loop
    insert into public.booking_digests (org_id, user_id, day) values (m.org_id, m.user_id, m.day) on conflict do nothing;
    continue when not found;
    v_to := (m.day + time '08:00') at time zone m.timezone;
    select * into v_summary from public.booking_digest(m.org_id, ((m.day - 1) + time '08:00') at time zone m.timezone, v_to);
    continue when v_summary.body is null;
    insert into public.email_outbox (org_id, kind, to_email, subject, body_text)
    values (m.org_id, 'booking_digest', m.email,
            'Bookings at ' || public.org_display_name(m.org_id) || ': ' || v_summary.booked || ' new'
              || case when v_summary.cancelled > 0 then ', ' || v_summary.cancelled || ' cancelled' else '' end
              || ' · ' || to_char(m.day, 'FMDay, FMMonth FMDD'),
            v_summary.body)
    returning id into v_id;
    update public.booking_digests g set email_id = v_id where g.org_id = m.org_id and g.user_id = m.user_id and g.day = m.day;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;

-- staff_list_team_invitations: the open invitations (neither accepted nor revoked), newest first
create or replace function public.staff_list_team_invitations(p_org_id uuid)
returns table (id uuid, email text, created_at timestamptz, expires_at timestamptz, expired boolean, invited_by_email text, role text)
language plpgsql stable security definer set search_path = '' as $$
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

grant execute on function public.staff_list_team_invitations(uuid) to authenticated;

-- Invites an address to the team with a role ('staff' unless given). The invitation email is branded: the outbox row's template_data (kind 'team_invitation': the organization's name, colors and
-- logo, the invited address, who invited, the join path and the link's end), which the sender
-- renders (supabase/functions/_shared/email/render.tsx) in the organization's layout with an
-- "Accept the invitation" button. body_text stays the plain fallback.
create or replace function public.staff_invite_member(p_org_id uuid, p_email text, p_role text default 'staff')
returns table (invitation_id uuid, token text, expires_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
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
    jsonb_build_object(
      'kind', 'team_invitation',
      'org', public.org_email_branding(p_org_id),
      'guest', jsonb_build_object('name', '', 'email', v_email),
      'invitation', jsonb_build_object(
        'inviter', v_inviter,
        'join_path', '/admin/join/' || v_token,
        'expires_at', v_invitation.expires_at,
        'role', p_role)));

  return query select v_invitation.id, v_token, v_invitation.expires_at;
end;
$$;

grant execute on function public.staff_invite_member(uuid, text, text) to authenticated;

-- staff_revoke_invitation
create or replace function public.staff_revoke_invitation(p_invitation_id uuid)
returns table (invitation_id uuid, revoked_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_invitation public.team_invitations;
begin
  select i.* into v_invitation from public.team_invitations i where i.id = p_invitation_id for update;
  perform public.assert_team_manager(v_invitation.org_id);
  if v_invitation.accepted_at is not null then
    raise exception 'This invitation was already accepted' using errcode = 'SH409';
  end if;
  if v_invitation.revoked_at is null then
    update public.team_invitations i set revoked_at = now() where i.id = v_invitation.id
    returning * into v_invitation;
  end if;
  return query select v_invitation.id, v_invitation.revoked_at;
end;
$$;

grant execute on function public.staff_revoke_invitation(uuid) to authenticated;

-- A change to one member (a new role, or leaving: p_new_role null), before it is made: changes
-- of one team run one at a time (the organization's row locked), so two of them can never take
-- away its last two owners. Answers the member's role now; SH404 for someone not on the team,
-- SH409 when the change would leave the organization without an owner.
create or replace function public.lock_team_member(p_org_id uuid, p_user_id uuid, p_new_role text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_role text;
begin
  perform 1 from public.organizations o where o.id = p_org_id for no key update;
  select m.role into v_role from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  if v_role is null then
    raise exception 'This person is not a member of this organization' using errcode = 'SH404';
  end if;
  if v_role = 'owner' and p_new_role is distinct from 'owner'
     and (select count(*) from public.user_memberships m where m.org_id = p_org_id and m.role = 'owner') <= 1 then
    raise exception 'An organization needs at least one owner' using errcode = 'SH409';
  end if;
  return v_role;
end;
$$;

-- staff_set_member_role: an owner makes a member an owner or staff; never demotes the last owner
create or replace function public.staff_set_member_role(p_org_id uuid, p_user_id uuid, p_role text)
returns table (org_id uuid, user_id uuid, role text, owners integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_current text;
  v_owners integer;
begin
  perform public.assert_team_manager(p_org_id);
  if p_role is null or p_role not in ('owner', 'staff') then
    raise exception 'A member is an owner or staff' using errcode = 'P0001';
  end if;
  v_current := public.lock_team_member(p_org_id, p_user_id, p_role);
  select count(*) into v_owners from public.user_memberships m where m.org_id = p_org_id and m.role = 'owner';

  update public.user_memberships m set role = p_role where m.org_id = p_org_id and m.user_id = p_user_id;
  return query select p_org_id, p_user_id, p_role,
    v_owners + case when v_current = p_role then 0 when p_role = 'owner' then 1 else -1 end;
end;
$$;

grant execute on function public.staff_set_member_role(uuid, uuid, text) to authenticated;

-- staff_remove_member: an owner removes a member, or a member leaves; never the last owner
create or replace function public.staff_remove_member(p_org_id uuid, p_user_id uuid)
returns table (org_id uuid, user_id uuid, members integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_members integer;
begin
  if p_user_id is distinct from auth.uid() then
    perform public.assert_team_manager(p_org_id);
  else
    perform public.assert_team_member(p_org_id);
  end if;
  perform public.lock_team_member(p_org_id, p_user_id, null);
  select count(*) into v_members from public.user_memberships m where m.org_id = p_org_id;

  delete from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  return query select p_org_id, p_user_id, v_members - 1;
end;
$$;

grant execute on function public.staff_remove_member(uuid, uuid) to authenticated;

-- team_invitation_preview
--
-- What the join page shows: the invited address, the organization and the link's
-- state ('pending', 'expired', 'revoked', 'accepted'). The token is the key.
create or replace function public.team_invitation_preview(p_token text)
returns table (email text, org_name text, expires_at timestamptz, status text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_invitation public.team_invitations;
  v_org_name text;
begin
  select i.* into v_invitation from public.team_invitations i
  where i.token_hash = public.team_token_hash(p_token);
  if v_invitation.id is null or p_token is null or char_length(p_token) > 200 then
    raise exception 'This invitation link is not valid' using errcode = 'SH404';
  end if;
  select o.name into v_org_name from public.organizations o where o.id = v_invitation.org_id;
  return query select
    v_invitation.email,
    v_org_name,
    v_invitation.expires_at,
    case
      when v_invitation.accepted_at is not null then 'accepted'
      when v_invitation.revoked_at is not null then 'revoked'
      when v_invitation.expires_at <= now() then 'expired'
      else 'pending'
    end;
end;
$$;

grant execute on function public.team_invitation_preview(text) to anon, authenticated;

-- accept_team_invitation
create or replace function public.accept_team_invitation(p_token text)
returns table (org_id uuid, org_name text)
language plpgsql volatile security definer set search_path = '' as $$
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

grant execute on function public.accept_team_invitation(text) to authenticated;
