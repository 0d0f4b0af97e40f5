-- Typed answers: the admin panel's functions return tables instead of json, so the generated
-- types describe them. A function's return type cannot be replaced: each is dropped and created
-- again with its grants (from supabase/schemas).

drop function if exists public.accept_team_invitation(p_token text);
drop function if exists public.admin_list_guests(p_org_id uuid, p_search text, p_limit integer, p_offset integer);
drop function if exists public.admin_list_reservations(p_org_id uuid, p_search text, p_include_cancelled boolean, p_rsvp_only boolean, p_limit integer, p_offset integer);
drop function if exists public.admin_orgs();
drop function if exists public.admin_rsvp_overview(p_org_id uuid);
drop function if exists public.door_list_totals(p_event_id uuid);
drop function if exists public.staff_check_in(p_reservation_id uuid, p_checked_in_guests integer);
drop function if exists public.staff_door_list(p_event_id uuid);
drop function if exists public.staff_invite_member(p_org_id uuid, p_email text);
drop function if exists public.staff_list_team(p_org_id uuid);
drop function if exists public.staff_offer_waitlist(p_entry_id uuid);
drop function if exists public.staff_remove_member(p_org_id uuid, p_user_id uuid);
drop function if exists public.staff_revoke_invitation(p_invitation_id uuid);
drop function if exists public.staff_set_guests(p_reservation_id uuid, p_guests integer, p_complimentary boolean, p_reason text);
drop function if exists public.team_invitation_preview(p_token text);

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

  insert into public.user_memberships (user_id, org_id)
  values (v_user.id, v_org.id)
  on conflict (user_id, org_id) do nothing;
  update public.team_invitations i
     set accepted_at = now(), accepted_by = v_user.id
   where i.id = v_invitation.id;

  return query select v_org.id, v_org.name;
end;
$$;

revoke execute on function public.accept_team_invitation(text) from public, anon;
grant execute on function public.accept_team_invitation(text) to authenticated, service_role;

create or replace function public.admin_list_guests(
  p_org_id uuid,
  p_search text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  email text,
  name text,
  phone text,
  reservation_count integer,
  guest_count integer,
  last_reservation_at timestamptz,
  total_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := case when coalesce(btrim(p_search), '') = '' then null else public.admin_like_pattern(p_search) end;
  page_size integer := least(greatest(coalesce(p_limit, 50), 1), 5000);
  skip integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform public.assert_org_member(p_org_id);

  return query
  with guests as (
    select
      lower(r.email) as email,
      (array_agg(r.name order by r.created_at desc, r.id desc))[1] as name,
      (array_agg(r.phone order by r.created_at desc, r.id desc) filter (where coalesce(r.phone, '') <> ''))[1] as phone,
      count(*)::integer as reservation_count,
      coalesce(sum(r.num_guests), 0)::integer as guest_count,
      max(r.created_at) as last_reservation_at
    from public.reservations r
    where r.org_id = p_org_id and r.status = 'confirmed'
    group by lower(r.email)
  ),
  matching as (
    select g.*, (count(*) over ())::integer as total_count from guests g
    where pattern is null or g.name ilike pattern or g.email ilike pattern
  )
  select m.email, m.name, m.phone, m.reservation_count, m.guest_count, m.last_reservation_at, m.total_count
  from matching m
  order by m.last_reservation_at desc, m.email
  limit page_size offset skip;
end;
$$;

revoke execute on function public.admin_list_guests(uuid, text, integer, integer) from public, anon;
grant execute on function public.admin_list_guests(uuid, text, integer, integer) to authenticated, service_role;

create or replace function public.admin_list_reservations(
  p_org_id uuid,
  p_search text default null,
  p_include_cancelled boolean default true,
  p_rsvp_only boolean default false,
  p_limit integer default 25,
  p_offset integer default 0
)
returns table (
  id uuid,
  org_id uuid,
  event_id uuid,
  name text,
  email text,
  phone text,
  num_guests integer,
  time_slot text,
  dietary_restrictions text,
  special_requests text,
  rsvp_slot_id uuid,
  ticket_type_id uuid,
  status text,
  amount_cents integer,
  discount_cents integer,
  created_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  booking_code text,
  refund_policy text,
  policy_refund_cents integer,
  event_title text,
  event_date date,
  event_time text,
  event_timezone text,
  event_rsvp_mode boolean,
  slot_label text,
  slot_time text,
  ticket_type_name text,
  paid_cents integer,
  refunded_cents integer,
  pending_refund_cents integer,
  failed_refund_cents integer,
  net_cents integer,
  refundable_cents integer,
  comp_cents integer,
  money_badge text,
  total_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := case when coalesce(btrim(p_search), '') = '' then null else public.admin_like_pattern(p_search) end;
  page_size integer := least(greatest(coalesce(p_limit, 25), 1), 200);
  skip integer := greatest(coalesce(p_offset, 0), 0);
  total integer;
begin
  perform public.assert_org_member(p_org_id);

  select count(*) into total
  from public.reservations r
  where r.org_id = p_org_id
    and (r.status = 'confirmed' or (p_include_cancelled and r.status = 'cancelled'))
    and (not p_rsvp_only or r.rsvp_slot_id is not null)
    and (pattern is null or r.name ilike pattern or r.email ilike pattern or r.booking_code ilike pattern);

  return query
  select
    r.id, r.org_id, r.event_id, r.name, r.email, r.phone, r.num_guests, r.time_slot,
    r.dietary_restrictions, r.special_requests, r.rsvp_slot_id, r.ticket_type_id, r.status,
    r.amount_cents, r.discount_cents, r.created_at, r.cancelled_at, r.cancel_reason, r.booking_code,
    public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    case when r.status = 'confirmed' then public.policy_refund_cents(r) else 0 end,
    e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, e.rsvp_mode,
    s.slot_label, to_char(s.slot_time, 'HH24:MI'),
    t.name,
    m.paid_cents, m.refunded_cents, m.pending_refund_cents, m.failed_refund_cents,
    m.net_cents, m.refundable_cents, m.comp_cents, m.badge,
    total
  from (
    -- The page first, from the bare rows; the money and the policy only for its rows.
    select p.id
    from public.reservations p
    where p.org_id = p_org_id
      and (p.status = 'confirmed' or (p_include_cancelled and p.status = 'cancelled'))
      and (not p_rsvp_only or p.rsvp_slot_id is not null)
      and (pattern is null or p.name ilike pattern or p.email ilike pattern or p.booking_code ilike pattern)
    order by p.created_at desc, p.id desc
    limit page_size offset skip
  ) chosen
  join public.reservations r on r.id = chosen.id
  join public.events e on e.id = r.event_id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.ticket_types t on t.id = r.ticket_type_id
  cross join lateral jsonb_to_record(public.money_of(r.id)) as m(
    paid_cents integer, refunded_cents integer, pending_refund_cents integer, failed_refund_cents integer,
    net_cents integer, refundable_cents integer, comp_cents integer, badge text)
  order by r.created_at desc, r.id desc;
end;
$$;

revoke execute on function public.admin_list_reservations(uuid, text, boolean, boolean, integer, integer) from public, anon;
grant execute on function public.admin_list_reservations(uuid, text, boolean, boolean, integer, integer) to authenticated, service_role;

create or replace function public.admin_orgs()
returns table (id uuid, name text, slug text)
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
      select o.id, o.name, o.slug
      from public.organizations o
      where $1 or exists (select 1 from public.user_memberships m where m.org_id = o.id and m.user_id = $2)
      order by o.name collate "und-x-icu", o.id
    $q$ using v_super, auth.uid();
  else
    return query
    select o.id, o.name, o.slug
    from public.organizations o
    where v_super or exists (select 1 from public.user_memberships m where m.org_id = o.id and m.user_id = auth.uid())
    order by lower(o.name), o.name desc, o.id;
  end if;
end;
$$;

revoke execute on function public.admin_orgs() from public, anon;
grant execute on function public.admin_orgs() to authenticated, service_role;

create or replace function public.admin_rsvp_overview(p_org_id uuid)
returns table (
  event_id uuid,
  event_title text,
  event_date date,
  event_time text,
  event_timezone text,
  event_is_active boolean,
  slot_id uuid,
  slot_time text,
  slot_label text,
  slot_max_capacity integer,
  slot_current_rsvps integer,
  slot_is_active boolean,
  reservation_id uuid,
  reservation_name text,
  reservation_email text,
  reservation_phone text,
  reservation_num_guests integer,
  reservation_created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select
    e.id, e.title, e.date, to_char(e.event_time, 'HH24:MI'), e.event_timezone, e.is_active,
    s.id, to_char(s.slot_time, 'HH24:MI'), s.slot_label, s.max_capacity, s.current_rsvps, s.is_active,
    r.id, r.name, r.email, r.phone, r.num_guests, r.created_at
  from public.events e
  left join public.rsvp_slots s on s.event_id = e.id
  left join public.reservations r on r.rsvp_slot_id = s.id and r.status = 'confirmed'
  where e.org_id = p_org_id
    and (e.rsvp_mode or exists (select 1 from public.rsvp_slots x where x.event_id = e.id))
  order by e.date desc, to_char(e.event_time, 'HH24:MI'), e.id, s.slot_time, s.created_at, s.id, r.created_at, r.id;
end;
$$;

revoke execute on function public.admin_rsvp_overview(uuid) from public, anon;
grant execute on function public.admin_rsvp_overview(uuid) to authenticated, service_role;

create or replace function public.door_list_totals(p_event_id uuid)
returns table (expected_guests integer, arrived_guests integer, parties integer, parties_arrived integer)
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce(sum(r.num_guests), 0)::integer,
    coalesce(sum(r.checked_in_guests), 0)::integer,
    count(*)::integer,
    (count(*) filter (where r.checked_in_guests > 0))::integer
  from public.reservations r
  where r.event_id = p_event_id and r.status = 'confirmed';
$$;

revoke execute on function public.door_list_totals(uuid) from public, anon, authenticated;
grant execute on function public.door_list_totals(uuid) to service_role;

create or replace function public.staff_check_in(p_reservation_id uuid, p_checked_in_guests integer)
returns table (
  reservation_id uuid,
  event_id uuid,
  num_guests integer,
  checked_in_guests integer,
  checked_in_at timestamptz,
  expected_guests integer,
  arrived_guests integer,
  parties integer,
  parties_arrived integer
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations x where x.id = p_reservation_id for update;
  if r.id is null or not public.is_org_member(r.org_id) then
    raise exception 'You can only check in guests of your own organization' using errcode = 'SH403';
  end if;
  if r.status <> 'confirmed' then
    raise exception 'Only confirmed reservations can be checked in' using errcode = 'SH409';
  end if;
  if p_checked_in_guests is null or p_checked_in_guests < 0 or p_checked_in_guests > r.num_guests then
    raise exception 'Check in between 0 and % guest(s): this party has % guest(s)', r.num_guests, r.num_guests
      using errcode = 'P0001';
  end if;

  if p_checked_in_guests is distinct from r.checked_in_guests then
    update public.reservations x
    set checked_in_guests = p_checked_in_guests,
        checked_in_at = case when p_checked_in_guests = 0 then null else coalesce(x.checked_in_at, now()) end
    where x.id = r.id
    returning * into r;
  end if;

  return query
  select r.id, r.event_id, r.num_guests, r.checked_in_guests, r.checked_in_at,
         t.expected_guests, t.arrived_guests, t.parties, t.parties_arrived
  from public.door_list_totals(r.event_id) t;
end;
$$;

revoke execute on function public.staff_check_in(uuid, integer) from public, anon;
grant execute on function public.staff_check_in(uuid, integer) to authenticated, service_role;

create or replace function public.staff_door_list(p_event_id uuid)
returns table (
  event_id uuid,
  org_id uuid,
  org_name text,
  event_title text,
  event_date text,
  event_time text,
  event_timezone text,
  location_name text,
  rsvp_mode boolean,
  id uuid,
  booking_code text,
  name text,
  email text,
  phone text,
  num_guests integer,
  checked_in_guests integer,
  checked_in_at timestamptz,
  ticket_type_name text,
  slot_label text,
  slot_time text,
  time_slot text,
  seating text,
  dietary_restrictions text,
  special_requests text,
  staff_notes text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.events;
begin
  select * into e from public.events x where x.id = p_event_id;
  if e.id is null or not public.is_org_member(e.org_id) then
    raise exception 'You can only open the door list of your own organization''s events' using errcode = 'SH403';
  end if;

  return query
  select
    e.id, e.org_id, o.name, e.title, to_char(e.date, 'YYYY-MM-DD'), to_char(e.event_time, 'HH24:MI'),
    e.event_timezone, e.location_name, e.rsvp_mode,
    p.id, p.booking_code, p.name, p.email, p.phone, p.num_guests, p.checked_in_guests, p.checked_in_at,
    p.ticket_type_name, p.slot_label, p.slot_time, p.time_slot, p.seating,
    p.dietary_restrictions, p.special_requests, p.staff_notes
  from public.organizations o
  left join (
    select r.*,
           t.name as ticket_type_name,
           s.slot_label,
           to_char(s.slot_time, 'HH24:MI') as slot_time,
           -- The seating a party sits at: its time slot (the supper club's seatings, an RSVP slot).
           coalesce(s.slot_label, nullif(btrim(r.time_slot), '')) as seating,
           s.slot_time as seating_time
    from public.reservations r
    left join public.ticket_types t on t.id = r.ticket_type_id
    left join public.rsvp_slots s on s.id = r.rsvp_slot_id
    where r.event_id = e.id and r.status = 'confirmed'
  ) p on true
  where o.id = e.org_id
  order by p.seating_time nulls first, p.seating nulls first, lower(p.name), p.id;
end;
$$;

revoke execute on function public.staff_door_list(uuid) from public, anon;
grant execute on function public.staff_door_list(uuid) to authenticated, service_role;

create or replace function public.staff_invite_member(p_org_id uuid, p_email text)
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
  insert into public.team_invitations (org_id, email, token_hash, invited_by)
  values (p_org_id, v_email, public.team_token_hash(v_token), auth.uid())
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
        || ' on SupperHost, to run its events, reservations and booking page.',
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
         'expires_at', v_invitation.expires_at))
     from public.organizations o
     left join public.org_branding b on b.org_id = o.id
     where o.id = p_org_id));

  return query select v_invitation.id, v_token, v_invitation.expires_at;
end;
$$;

revoke execute on function public.staff_invite_member(uuid, text) from public, anon;
grant execute on function public.staff_invite_member(uuid, text) to authenticated, service_role;

create or replace function public.staff_list_team(p_org_id uuid)
returns table (user_id uuid, email text, joined_at timestamptz, is_you boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_team_manager(p_org_id);
  return query
  select m.user_id, u.email::text, m.created_at, m.user_id = auth.uid()
  from public.user_memberships m
  join auth.users u on u.id = m.user_id
  where m.org_id = p_org_id
  order by m.created_at, m.user_id;
end;
$$;

revoke execute on function public.staff_list_team(uuid) from public, anon;
grant execute on function public.staff_list_team(uuid) to authenticated, service_role;

create or replace function public.staff_list_team_invitations(p_org_id uuid)
returns table (id uuid, email text, created_at timestamptz, expires_at timestamptz, expired boolean, invited_by_email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_team_manager(p_org_id);
  return query
  select i.id, i.email, i.created_at, i.expires_at, i.expires_at <= now(), u.email::text
  from public.team_invitations i
  left join auth.users u on u.id = i.invited_by
  where i.org_id = p_org_id and i.accepted_at is null and i.revoked_at is null
  order by i.created_at desc, i.id;
end;
$$;

revoke execute on function public.staff_list_team_invitations(uuid) from public, anon;
grant execute on function public.staff_list_team_invitations(uuid) to authenticated, service_role;

create or replace function public.staff_offer_waitlist(p_entry_id uuid)
returns table (entry_id uuid, reservation_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  w public.waitlist_entries;
  v_offer uuid;
begin
  select * into w from public.waitlist_entries x where x.id = p_entry_id;
  if w.id is null or not public.is_org_member(w.org_id) then
    raise exception 'You can only manage waitlists of your own organization' using errcode = 'SH403';
  end if;
  perform 1 from public.events e where e.id = w.event_id for update;
  select * into w from public.waitlist_entries x where x.id = p_entry_id for update;
  if w.status <> 'waiting' then
    raise exception 'This party is not waiting any more (%)', w.status using errcode = 'SH409';
  end if;
  perform set_config('supperhost.filling_waitlist', 'on', true);
  v_offer := public.offer_to_waitlist_entry(w);
  perform set_config('supperhost.filling_waitlist', '', true);
  if v_offer is null then
    raise exception 'There are not enough free seats for a party of % right now', w.party_size using errcode = 'SH409';
  end if;
  return query select w.id, v_offer;
end;
$$;

revoke execute on function public.staff_offer_waitlist(uuid) from public, anon;
grant execute on function public.staff_offer_waitlist(uuid) to authenticated, service_role;

create or replace function public.staff_remove_member(p_org_id uuid, p_user_id uuid)
returns table (org_id uuid, user_id uuid, members integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_members integer;
begin
  perform public.assert_team_manager(p_org_id);
  -- Removals of one team run one at a time, so two of them can never remove the last two members.
  perform 1 from public.organizations o where o.id = p_org_id for no key update;

  if not exists (select 1 from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id) then
    raise exception 'This person is not a member of this organization' using errcode = 'SH404';
  end if;
  select count(*) into v_members from public.user_memberships m where m.org_id = p_org_id;
  if v_members <= 1 then
    raise exception 'An organization needs at least one member' using errcode = 'SH409';
  end if;

  delete from public.user_memberships m where m.org_id = p_org_id and m.user_id = p_user_id;
  return query select p_org_id, p_user_id, v_members - 1;
end;
$$;

revoke execute on function public.staff_remove_member(uuid, uuid) from public, anon;
grant execute on function public.staff_remove_member(uuid, uuid) to authenticated, service_role;

create or replace function public.staff_revoke_invitation(p_invitation_id uuid)
returns table (invitation_id uuid, revoked_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

revoke execute on function public.staff_revoke_invitation(uuid) from public, anon;
grant execute on function public.staff_revoke_invitation(uuid) to authenticated, service_role;

create or replace function public.staff_set_guests(
  p_reservation_id uuid,
  p_guests integer,
  p_complimentary boolean default false,
  p_reason text default null
)
returns table (reservation_id uuid, status text, num_guests integer, suggested_refund_cents integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  v_held integer;
  v_charge public.payment_ledger;
  v_unit integer;
  v_difference integer := 0;
begin
  select x.* into r from public.reservations x where x.id = p_reservation_id;
  if r.id is null or not public.is_org_member(r.org_id) then
    raise exception 'You can only edit reservations of your own organization' using errcode = 'SH403';
  end if;
  r := public.lock_reservation(p_reservation_id);
  if r.status <> 'confirmed' then
    raise exception 'Only a confirmed reservation can be changed' using errcode = 'SH409';
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 10 then
    raise exception 'Guests must be between 1 and 10' using errcode = 'P0001';
  end if;
  v_held := public.money_held_cents(r.id);
  select * into v_charge from public.payment_ledger l
  where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'completed' order by l.id limit 1;
  v_unit := case when v_charge.id is null then 0 else v_charge.amount_cents / greatest(coalesce(v_charge.guests, r.num_guests), 1) end;

  if p_guests > r.num_guests and v_held > 0 then
    if not coalesce(p_complimentary, false) then
      raise exception 'This booking was paid for % guest(s). Extra guests must be marked complimentary, or booked and paid for separately.', r.num_guests
        using errcode = 'SH423';
    end if;
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, reason, actor)
    values (r.id, r.org_id, 'comp', 'completed', v_unit * (p_guests - r.num_guests), p_guests - r.num_guests,
            coalesce(nullif(btrim(p_reason), ''), 'Complimentary guests'), 'staff:' || (select auth.uid())::text);
  elsif p_guests < r.num_guests and v_held > 0 then
    -- What the guests who no longer come paid, under the policy, within what is left.
    v_difference := least(v_held, v_unit * (r.num_guests - p_guests));
    if not (r.refund_window_hours is not null
            and now() <= public.reservation_starts_at(r) - make_interval(hours => r.refund_window_hours)) then
      v_difference := (v_difference * r.late_refund_percent) / 100;
    end if;
  end if;

  perform set_config('supperhost.money_decision', r.id::text, true);
  update public.reservations x set num_guests = p_guests where x.id = r.id returning * into r;
  perform set_config('supperhost.money_decision', '', true);
  return query select r.id, r.status, r.num_guests, v_difference;
end;
$$;

revoke execute on function public.staff_set_guests(uuid, integer, boolean, text) from public, anon;
grant execute on function public.staff_set_guests(uuid, integer, boolean, text) to authenticated, service_role;

create or replace function public.staff_ticket_sales(p_event_id uuid)
returns table (id uuid, name text, price integer, sold integer, held integer, remaining integer, capacity integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.events x where x.id = p_event_id and public.is_org_member(x.org_id)) then
    raise exception 'You can only see events of your own organization' using errcode = 'SH403';
  end if;
  return query
  select t.id, t.name, t.price, s.sold, s.held, t.quantity + s.stale, t.quantity + s.stale + s.sold + s.held
  from public.ticket_types t
  cross join lateral (
    select coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer as sold,
           coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer as held,
           coalesce(sum(r.num_guests) filter (where public.is_abandoned_hold(r.status, r.hold_expires_at)), 0)::integer as stale
    from public.reservations r where r.ticket_type_id = t.id) s
  where t.event_id = p_event_id
  order by t.created_at, t.id;
end;
$$;

revoke execute on function public.staff_ticket_sales(uuid) from public, anon;
grant execute on function public.staff_ticket_sales(uuid) to authenticated, service_role;

create or replace function public.team_invitation_preview(p_token text)
returns table (email text, org_name text, expires_at timestamptz, status text)
language plpgsql
stable
security definer
set search_path = ''
as $$
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

revoke execute on function public.team_invitation_preview(text) from public;
grant execute on function public.team_invitation_preview(text) to anon, authenticated, service_role;

-- The overview's ticket types are staff_ticket_sales' rows.
create or replace function public.staff_event_overview(p_event_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.events;
begin
  select * into e from public.events x where x.id = p_event_id;
  if e.id is null or not public.is_org_member(e.org_id) then
    raise exception 'You can only see events of your own organization' using errcode = 'SH403';
  end if;
  return jsonb_build_object(
    'event', jsonb_build_object('id', e.id, 'org_id', e.org_id, 'title', e.title, 'date', e.date, 'event_time', to_char(e.event_time, 'HH24:MI'),
                                'event_timezone', e.event_timezone, 'max_guests', e.max_guests, 'rsvp_mode', e.rsvp_mode),
    'ticket_types', coalesce((
      select jsonb_agg(to_jsonb(t) - 'n' order by t.n)
      from public.staff_ticket_sales(e.id) with ordinality as t(id, name, price, sold, held, remaining, capacity, n)), '[]'::jsonb),
    'slots', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', sl.id, 'label', sl.slot_label, 'time', to_char(sl.slot_time, 'HH24:MI'), 'is_active', sl.is_active,
        'capacity', sl.max_capacity, 'sold', s.sold, 'held', s.held) order by sl.slot_time, sl.id)
      from public.rsvp_slots sl
      cross join lateral (
        select coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::integer as sold,
               coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0)::integer as held
        from public.reservations r where r.rsvp_slot_id = sl.id) s
      where sl.event_id = e.id), '[]'::jsonb),
    'totals', (
      select jsonb_build_object(
        'parties', count(*) filter (where r.status = 'confirmed'),
        'guests', coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0),
        'held_guests', coalesce(sum(r.num_guests) filter (where public.is_live_hold(r.status, r.hold_expires_at)), 0),
        'cancelled', count(*) filter (where r.status = 'cancelled'),
        'discounts_cents', coalesce(sum(r.discount_cents) filter (where r.status = 'confirmed'), 0),
        -- Arrivals at the door (staff_check_in), of confirmed reservations only: a party
        -- cancelled after it was checked in is no longer expected, nor counted as arrived.
        'checked_in_guests', coalesce(sum(r.checked_in_guests) filter (where r.status = 'confirmed'), 0),
        'checked_in_parties', count(*) filter (where r.status = 'confirmed' and r.checked_in_guests > 0))
      from public.reservations r where r.event_id = e.id),
    'money', (
      select jsonb_build_object(
        'gross_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0),
        'refunded_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0),
        'pending_refund_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0),
        'comp_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'comp'), 0),
        'net_cents', coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)
                   - coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0))
      from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
      where r.event_id = e.id),
    'waitlist', (
      select jsonb_build_object('waiting', count(*) filter (where w.status = 'waiting'), 'offered', count(*) filter (where w.status = 'offered'))
      from public.waitlist_entries w where w.event_id = e.id),
    'bookings_by_day', coalesce((
      select jsonb_agg(jsonb_build_object('day', d.day, 'bookings', d.bookings, 'guests', d.guests) order by d.day)
      from (
        select (r.confirmed_at at time zone e.event_timezone)::date as day, count(*)::integer as bookings, sum(r.num_guests)::integer as guests
        from public.reservations r
        where r.event_id = e.id and r.confirmed_at is not null and r.status in ('confirmed', 'cancelled')
        group by 1) d), '[]'::jsonb));
end;
$$;

revoke execute on function public.staff_event_overview(uuid) from public, anon;
grant execute on function public.staff_event_overview(uuid) to authenticated, service_role;
