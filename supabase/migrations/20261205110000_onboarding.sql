-- =============================================================================
-- Onboarding: organizations are unpublished, published or suspended.
--
-- A host creates its organization (create_organization: the caller becomes its
-- owner; it starts unpublished), gets it ready and publishes it; the super admin
-- creates organizations and invites their owners, suspends and reactivates them.
-- An organization that is not published is not in the home page list, its page
-- shows no events, and booking_evaluate refuses its events. Existing
-- organizations are published (the columns' defaults fill their rows).
-- =============================================================================

alter table public.organizations
  add column state text not null default 'published'
    constraint organizations_state check (state in ('unpublished', 'published', 'suspended')),
  add column published_at timestamptz default now(),
  add column timezone text not null default 'America/New_York'
    constraint organizations_timezone
      check (timezone in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles')),
  add constraint organizations_published_at check (state <> 'published' or published_at is not null);

comment on column public.organizations.state is
  'unpublished (new: "coming soon", not listed, not bookable) | published | suspended (closed by the super admin, nothing bookable, nothing deleted).';

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

-- The panel's list gains the state.
drop function public.admin_orgs();

-- Why a slug cannot be used (null when it can), in the words the form shows.
create or replace function public.org_slug_problem(p_slug text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
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

revoke execute on function public.org_slug_problem(text) from public, anon, authenticated;
grant execute on function public.org_slug_problem(text) to service_role;

-- The create form's live check (signed-in accounts).
create or replace function public.check_org_slug(p_slug text)
returns table (slug text, available boolean, message text)
language plpgsql
stable
security definer
set search_path = ''
as $$
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

revoke execute on function public.check_org_slug(text) from public, anon;
grant execute on function public.check_org_slug(text) to authenticated, service_role;

-- The one way an organization is made through the API: checks, the limit, the row, the signup.
create or replace function public.new_organization(p_name text, p_slug text, p_timezone text, p_created_by uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

revoke execute on function public.new_organization(text, text, text, uuid) from public, anon, authenticated;
grant execute on function public.new_organization(text, text, text, uuid) to service_role;

-- A signed-in account creates an organization and becomes its owner. It starts unpublished.
create or replace function public.create_organization(p_name text, p_slug text, p_timezone text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  insert into public.user_memberships (user_id, org_id, role) values (v_user, v_org_id, 'owner');
  return v_org_id;
end;
$$;

revoke execute on function public.create_organization(text, text, text) from public, anon;
grant execute on function public.create_organization(text, text, text) to authenticated, service_role;

-- The address the SupperHost team writes to about the organization (owners).
create or replace function public.owner_set_org_contact_email(p_org_id uuid, p_email text)
returns table (org_id uuid, contact_email text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
begin
  if auth.uid() is null or p_org_id is null or not public.is_org_owner(p_org_id) then
    raise exception 'Only an owner can change the organization''s contact email' using errcode = 'SH403';
  end if;
  if char_length(v_email) > 320 or v_email !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then
    raise exception 'Enter a valid email address' using errcode = 'P0001';
  end if;
  insert into private.organization_signups (org_id, contact_email) values (p_org_id, v_email)
  on conflict on constraint organization_signups_pkey do update set contact_email = excluded.contact_email;
  return query select p_org_id, v_email;
end;
$$;

revoke execute on function public.owner_set_org_contact_email(uuid, text) from public, anon;
grant execute on function public.owner_set_org_contact_email(uuid, text) to authenticated, service_role;

-- The admin's checklist: what is done, and whether the organization can be published.
create or replace function public.staff_org_setup(p_org_id uuid)
returns table (state text, has_branding boolean, active_events integer, can_publish boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_org_member(p_org_id);
  return query
  select o.state,
         exists (select 1 from public.org_branding b where b.org_id = o.id),
         (select count(*)::integer from public.events e where e.org_id = o.id and e.is_active),
         o.state = 'unpublished' and exists (select 1 from public.events e where e.org_id = o.id and e.is_active)
  from public.organizations o
  where o.id = p_org_id;
end;
$$;

revoke execute on function public.staff_org_setup(uuid) from public, anon;
grant execute on function public.staff_org_setup(uuid) to authenticated, service_role;

-- An owner publishes: the page opens and events can be booked. Needs an active event.
create or replace function public.owner_publish_organization(p_org_id uuid)
returns table (org_id uuid, state text, published_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_org public.organizations;
begin
  if auth.uid() is null or p_org_id is null or not public.is_org_owner(p_org_id) then
    raise exception 'Only an owner can publish the organization' using errcode = 'SH403';
  end if;
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
    update public.organizations o
       set state = 'published', published_at = coalesce(o.published_at, now())
     where o.id = p_org_id
    returning * into v_org;
  end if;
  return query select v_org.id, v_org.state, v_org.published_at;
end;
$$;

revoke execute on function public.owner_publish_organization(uuid) from public, anon;
grant execute on function public.owner_publish_organization(uuid) to authenticated, service_role;

-- The super admin's Organizations screen: every organization, newest first.
create or replace function public.super_admin_list_organizations()
returns table (
  id uuid, name text, slug text, state text, created_at timestamptz,
  owner_emails text, members integer, active_events integer, contact_email text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_super_admin() then
    raise exception 'Only the SupperHost team can list every organization' using errcode = 'SH403';
  end if;
  return query
  select o.id, o.name, o.slug, o.state, o.created_at,
         (select string_agg(u.email::text, ', ' order by u.email)
            from public.user_memberships m join auth.users u on u.id = m.user_id
           where m.org_id = o.id and m.role = 'owner'),
         (select count(*)::integer from public.user_memberships m where m.org_id = o.id),
         (select count(*)::integer from public.events e where e.org_id = o.id and e.is_active),
         s.contact_email
  from public.organizations o
  left join private.organization_signups s on s.org_id = o.id
  order by o.created_at desc, o.id;
end;
$$;

revoke execute on function public.super_admin_list_organizations() from public, anon;
grant execute on function public.super_admin_list_organizations() to authenticated, service_role;

-- The super admin creates an unpublished organization and invites its owner by email.
create or replace function public.super_admin_create_organization(p_name text, p_slug text, p_timezone text, p_owner_email text)
returns table (org_id uuid, invitation_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_org_id uuid;
  v_invitation_id uuid;
begin
  if not public.is_super_admin() then
    raise exception 'Only the SupperHost team can create organizations for others' using errcode = 'SH403';
  end if;
  v_org_id := public.new_organization(p_name, p_slug, p_timezone, auth.uid());
  -- The invitation checks the address (and emails the link); the owner-to-be is the contact.
  select i.invitation_id into v_invitation_id from public.staff_invite_member(v_org_id, p_owner_email, 'owner') i;
  update private.organization_signups s set contact_email = lower(btrim(p_owner_email)) where s.org_id = v_org_id;
  return query select v_org_id, v_invitation_id;
end;
$$;

revoke execute on function public.super_admin_create_organization(text, text, text, text) from public, anon;
grant execute on function public.super_admin_create_organization(text, text, text, text) to authenticated, service_role;

-- Suspends an organization or reactivates it; nothing is deleted.
create or replace function public.super_admin_set_org_state(p_org_id uuid, p_state text)
returns table (org_id uuid, state text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_org public.organizations;
begin
  if not public.is_super_admin() then
    raise exception 'Only the SupperHost team can suspend or reactivate an organization' using errcode = 'SH403';
  end if;
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

revoke execute on function public.super_admin_set_org_state(uuid, text) from public, anon;
grant execute on function public.super_admin_set_org_state(uuid, text) to authenticated, service_role;

-- The organizations the caller may manage (the panel's switcher), with the caller's role in each and their state
--
-- A super admin: every organization (as an owner); anyone else: their memberships. Ordered
-- as people read names (ICU root collation when the server has ICU, as
-- Supabase's does; otherwise case-insensitively), whatever the database's own
-- collation.
create or replace function public.admin_orgs()
returns table (id uuid, name text, slug text, role text, state text)
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

revoke execute on function public.admin_orgs() from public, anon;
grant execute on function public.admin_orgs() to authenticated, service_role;

-- Prices a booking and checks that it can be made, without taking anything.
-- With p_lock (hold_booking) it first takes the event row lock, expires the
-- event's stale holds and takes the promo code's advisory lock, so the
-- capacity and promo checks it makes stay true until the transaction ends.
-- What is sold, at what price and for how many guests is the event's own data
-- (events.kind and its prices and limits: 020_events.sql); p_org_slug only
-- restricts the event to one organization (a venue's own payment function).
create or replace function public.booking_evaluate(
  p_event_id uuid,
  p_guests integer,
  p_ticket_type text,
  p_rsvp_slot_id uuid,
  p_time_slot text,
  p_promo_code text,
  p_org_slug text,
  p_lock boolean
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event public.events;
  v_org public.organizations;
  v_ticket public.ticket_types;
  v_slot public.rsvp_slots;
  v_promo public.promo_codes;
  v_limit integer;
  v_unit integer;
  v_subtotal integer;
  v_discount integer := 0;
  v_left integer;
  v_event_left integer;
  v_code text := nullif(btrim(coalesce(p_promo_code, '')), '');
  v_slot_key text := nullif(btrim(coalesce(p_time_slot, '')), '');
  v_ticket_key text := nullif(btrim(coalesce(p_ticket_type, '')), '');
begin
  -- The event, locked for the rest of the transaction when holding.
  if p_lock then
    select * into v_event from public.events e where e.id = p_event_id for update;
  else
    select * into v_event from public.events e where e.id = p_event_id;
  end if;
  select * into v_org from public.organizations o where o.id = v_event.org_id;
  if v_event.id is null or not v_event.is_active
     or (p_org_slug is not null and v_org.slug is distinct from lower(btrim(p_org_slug))) then
    raise exception 'Event not found. Please select a valid event.' using errcode = 'SH404';
  end if;
  if v_org.state <> 'published' then
    raise exception '% is not taking bookings right now.', v_org.name using errcode = 'SH409';
  end if;

  -- The party, within the event's own limit, in the words of its kind.
  v_limit := public.event_party_limit(v_event.kind, v_event.max_party_size);
  if p_guests is null or p_guests < 1 then
    raise exception '%', case v_event.kind
        when 'seatings' then 'Minimum 1 ticket per order.'
        when 'rsvp' then 'At least 1 guest required'
        else 'At least 1 guest is required.' end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
  end if;
  if p_guests > v_limit then
    raise exception '%', case v_event.kind
        when 'seatings' then format('Maximum %s tickets per order.', v_limit)
        when 'rsvp' then format('Maximum %s guests', v_limit)
        else format('Parties larger than %s: please email the host with your preferred date and party size.', v_limit) end
      using errcode = 'P0001', detail = '{"kind":"guests"}';
  end if;
  if not public.is_upcoming_event(v_event.date, v_event.event_time, v_event.event_timezone) then
    raise exception 'This event has already started. Please select an upcoming event.' using errcode = 'SH409';
  end if;

  if p_lock then
    -- Stale holds of this event give their seats back (through the trigger)
    -- before anything is counted.
    update public.reservations r
    set status = 'expired'
    where r.event_id = v_event.id
      and public.is_abandoned_hold(r.status, r.hold_expires_at);
  end if;

  -- What is being booked, and its unit price: the event's kind decides.
  if v_event.kind = 'tickets' then
    if v_ticket_key is not null then
      select * into v_ticket
      from public.ticket_types t
      where t.event_id = v_event.id
        and (t.id::text = lower(v_ticket_key) or lower(t.name) = lower(v_ticket_key))
      order by (t.id::text = lower(v_ticket_key)) desc, t.created_at
      limit 1;
    elsif p_rsvp_slot_id is not null then
      raise exception 'This event does not take RSVPs.' using errcode = 'SH409';
    else
      raise exception 'Please fill in all required fields.' using errcode = 'P0001', detail = '{"kind":"missing_fields"}';
    end if;
    if v_ticket.id is null then
      raise exception 'Ticket type not found. Please select a valid ticket type.' using errcode = 'SH404';
    end if;
    v_unit := v_ticket.price;
  else
    if p_rsvp_slot_id is not null then
      select * into v_slot from public.rsvp_slots s where s.id = p_rsvp_slot_id and s.event_id = v_event.id;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    elsif v_slot_key is not null then
      select * into v_slot
      from public.rsvp_slots s
      where s.event_id = v_event.id
        and (lower(s.slot_label) = lower(v_slot_key) or s.id::text = lower(v_slot_key))
      order by s.is_active desc, s.slot_time
      limit 1;
      if v_slot.id is null then
        raise exception 'Time slot not found. Please select a valid time slot.' using errcode = 'SH404';
      end if;
    else
      raise exception 'Please select a time slot' using errcode = 'P0001', detail = '{"kind":"time_slot"}';
    end if;
    if not v_slot.is_active then
      raise exception 'The % time slot is not available. Please select another time.', v_slot.slot_label
        using errcode = 'SH409';
    end if;
    if v_event.kind = 'rsvp' then
      if not v_event.rsvp_open then
        raise exception 'RSVPs are closed for this event.' using errcode = 'SH409';
      end if;
      v_unit := coalesce(v_event.deposit_amount, 500);
    else
      v_unit := v_event.seat_price_cents;
    end if;
  end if;

  -- Capacity as event_availability counts it: exact under the hold's locks (stale holds were
  -- just expired), advisory for a quote, which counts stale holds as free (the next hold
  -- releases them). The option's own limit speaks first, then the event's cap.
  select max(a.own_available) filter (where a.option_kind <> 'event' and a.option_id = coalesce(v_ticket.id, v_slot.id)),
         max(a.available) filter (where a.option_kind = 'event')
  into v_left, v_event_left
  from public.event_availability(v_event.id) a;
  if v_left < p_guests then
    if v_ticket.id is not null then
      raise exception 'Only % % available for %.', v_left, case when v_left = 1 then 'ticket' else 'tickets' end, v_ticket.name
        using errcode = 'SH409',
              detail = jsonb_build_object('kind', 'ticket_type', 'available', v_left)::text;
    elsif v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % at % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_slot.slot_label, v_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    elsif v_left = 0 then
      raise exception 'The % time slot is full. Please select another time.', v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', 0)::text;
    else
      raise exception 'Only % % left in the % time slot. Please select another time or fewer guests.',
        v_left, case when v_left = 1 then 'spot' else 'spots' end, v_slot.slot_label
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'rsvp_slot', 'available', v_left)::text;
    end if;
  end if;
  if v_event_left < p_guests then
    if v_event.kind = 'seatings' then
      raise exception 'Not enough tickets for % (% left). Please select another date or reduce tickets.',
        to_char(v_event.date, 'FMDay, FMMonth FMDD, YYYY'), v_event_left
        using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
    end if;
    raise exception 'Only % % left for this event.', v_event_left, case when v_event_left = 1 then 'seat' else 'seats' end
      using errcode = 'SH409', detail = jsonb_build_object('kind', 'event', 'available', v_event_left)::text;
  end if;

  v_subtotal := v_unit * p_guests;

  -- Promo code: the event's organization, any case.
  if v_code is not null then
    perform public.assert_promo_attempts_allowed(v_event.id);
    select * into v_promo
    from public.promo_codes p
    where p.org_id = v_event.org_id and lower(p.code) = lower(v_code);
    -- Unknown, inactive, used-up codes and codes outside their dates or events (promo_applies)
    -- are refused alike: no hint for guessing.
    if v_promo.id is null or not v_promo.active or not public.promo_applies(v_promo, v_event.id) then
      raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
    end if;
    if v_promo.max_uses is not null then
      if p_lock then
        -- Holds of one code queue here; a use is reserved by the hold itself
        -- (counted below) and redeemed when its booking is confirmed.
        perform pg_advisory_xact_lock(hashtextextended('supperhost.promo:' || v_promo.id::text, 0));
        select * into v_promo from public.promo_codes p where p.id = v_promo.id;
      end if;
      if public.promo_uses_taken(v_promo.id) >= v_promo.max_uses then
        raise exception 'Invalid promo code' using errcode = 'P0001', detail = '{"kind":"promo"}';
      end if;
    end if;
    if v_promo.discount_type = 'percent' then
      v_discount := round(v_subtotal * v_promo.discount_amount / 100.0)::integer;
    else
      v_discount := v_promo.discount_amount;
    end if;
    v_discount := least(greatest(v_discount, 0), v_subtotal);
  end if;

  return jsonb_build_object(
    'event_id', v_event.id,
    'org_id', v_event.org_id,
    'org_name', v_org.name,
    'event_title', v_event.title,
    'event_date', v_event.date,
    'event_kind', v_event.kind,
    'ticket_type_id', v_ticket.id,
    'ticket_type_name', v_ticket.name,
    'rsvp_slot_id', v_slot.id,
    'time_slot', coalesce(v_slot.slot_label, v_slot_key),
    'guests', p_guests,
    'unit_price_cents', v_unit,
    'subtotal_cents', v_subtotal,
    'discount_cents', v_discount,
    'total_cents', v_subtotal - v_discount,
    'promo', case when v_promo.id is null then null else jsonb_build_object(
      'id', v_promo.id,
      'code', v_promo.code,
      'discount_type', v_promo.discount_type,
      'discount_amount', v_promo.discount_amount) end
  );
end;
$$;

revoke execute on function public.booking_evaluate(uuid, integer, text, uuid, text, text, text, boolean) from public, anon, authenticated;
grant execute on function public.booking_evaluate(uuid, integer, text, uuid, text, text, text, boolean) to service_role;

-- One call for the page at /{slug} (or at an alias path of an organization's page)
create or replace function public.get_public_org_page(p_slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization', jsonb_build_object('id', o.id, 'name', o.name, 'slug', o.slug, 'state', o.state),
    'layout', alias.layout,
    'branding', (
      select jsonb_build_object(
        'org_id', b.org_id,
        'brand_name', b.brand_name,
        'primary_color', b.primary_color,
        'secondary_color', b.secondary_color,
        'logo_url', b.logo_url,
        'menu_content', b.menu_content,
        'menu_file_url', b.menu_file_url,
        'instagram_url', b.instagram_url,
        'website_url', b.website_url,
        'gallery_images', to_jsonb(b.gallery_images),
        'reservation_mode', b.reservation_mode,
        'bookings_description', b.bookings_description,
        'empty_state_title', b.empty_state_title,
        'empty_state_message', b.empty_state_message,
        'empty_state_cta_text', b.empty_state_cta_text,
        'empty_state_image_url', b.empty_state_image_url
      )
      from public.org_branding b
      where b.org_id = o.id
    ),
    'events', coalesce((
      select jsonb_agg(to_jsonb(v) order by v.date, v.event_time, v.id)
      from public.events_with_availability v
      where v.org_id = o.id
        and public.is_upcoming_event(v.date, v.event_time, v.event_timezone)
        and o.state = 'published'
    ), '[]'::jsonb)
  )
  from public.organizations o
  left join public.org_page_aliases alias on alias.path = lower(btrim(p_slug))
  where o.id = coalesce(alias.org_id, (select x.id from public.organizations x where x.slug = lower(btrim(p_slug))));
$$;



-- Every published host for the home page: its next date, its lowest price, a picture.
create or replace function public.list_public_hosts()
returns table (
  slug text,
  name text,
  picture_url text,
  next_event_date date,
  next_event_time text,
  next_event_timezone text,
  from_price_cents integer,
  price_is_deposit boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    o.slug,
    coalesce(nullif(btrim(b.brand_name), ''), o.name),
    coalesce(b.gallery_images[1], b.logo_url),
    nxt.date,
    to_char(nxt.event_time, 'HH24:MI'),
    nxt.event_timezone,
    coalesce(price.ticket_cents, price.deposit_cents),
    price.ticket_cents is null and price.deposit_cents is not null
  from public.organizations o
  left join public.org_branding b on b.org_id = o.id
  left join lateral (
    select e.date, e.event_time, e.event_timezone
    from public.events e
    where e.org_id = o.id and e.is_active and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)
    order by e.date, e.event_time, e.id
    limit 1
  ) nxt on true
  left join lateral (
    select
      (select min(p.cents) from public.events e
        cross join lateral (
          select t.price as cents from public.ticket_types t where t.event_id = e.id and e.kind = 'tickets'
          union all
          select e.seat_price_cents where e.kind = 'seatings'
        ) p
        where e.org_id = o.id and e.is_active and p.cents > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as ticket_cents,
      (select min(e.deposit_amount) from public.events e
        where e.org_id = o.id and e.is_active and e.kind = 'rsvp' and e.deposit_amount > 0
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)) as deposit_cents
  ) price on true
  where o.state = 'published'
  order by 2, o.slug;
$$;


