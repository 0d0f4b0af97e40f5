-- The team invitation, branded (as 20261129000100_branded_notices.sql did for the guests'
-- notices before a booking): staff_invite_member, as in 20261126000200_team.sql but for the
-- outbox row's template_data (kind 'team_invitation': the organization's name, colors and
-- logo, the invited address, who invited, the join path and the link's end), which the sender
-- renders (supabase/functions/_shared/email/render.tsx) in the organization's layout with an
-- "Accept the invitation" button. body_text stays the plain fallback.

create or replace function public.staff_invite_member(p_org_id uuid, p_email text)
returns jsonb
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

  return jsonb_build_object('invitation_id', v_invitation.id, 'token', v_token, 'expires_at', v_invitation.expires_at);
end;
$$;
