-- =============================================================================
-- Private dinner requests: a guest asks a host to cook for their own party.
--
-- A host who cooks private dinners (a birthday at home, a company dinner) turns
-- requests on in its branding (org_branding.private_dinners, with a note on what
-- it offers); its page then links to /{slug}/private-dinner, where a guest gives
-- a date, a party size and what they have in mind. Sending one
-- (request_private_dinner) stores it, emails every member of the team the
-- request, and acknowledges it to the guest, in one transaction. Members follow
-- it up in the admin panel: new → replied → archived.
--
-- The acknowledgement names only the host, the date and the party size: an
-- email to an address nobody has confirmed carries no text a visitor chose
-- beyond their name. At most 3 requests per address and host in 24 hours.
-- =============================================================================

create table public.private_dinner_requests (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 2 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (char_length(phone) <= 40),
  preferred_date date not null,
  guests integer not null check (guests between 1 and 500),
  message text not null check (char_length(btrim(message)) between 5 and 5000),
  status text not null default 'new' check (status in ('new', 'replied', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.private_dinner_requests is
  'Requests for a private dinner sent from an organization''s page (request_private_dinner); its members read them and file them (new, replied, archived).';

create index private_dinner_requests_org_id_created_at_idx on public.private_dinner_requests (org_id, created_at desc);

-- The throttle counts an address's recent requests to a host.
create index private_dinner_requests_email_idx on public.private_dinner_requests (org_id, lower(email), created_at desc);

alter table public.private_dinner_requests enable row level security;

grant select on public.private_dinner_requests to authenticated;

create policy "Members see their organizations' private dinner requests"
  on public.private_dinner_requests for select
  to authenticated
  using ((select public.is_org_member(org_id)));

-- Stamps updated_at.
create trigger private_dinner_requests_set_updated_at
  before update on public.private_dinner_requests
  for each row execute function public.set_updated_at();

-- A guest's request for a private dinner at the page p_slug (an organization's slug or an
-- alias path): checked field by field with the words the form shows, stored, emailed to each
-- member of the team and acknowledged to the guest. Answers the request's id. The page calls it
-- through the REST API: PT404 and PT429 are PostgREST's own HTTP 404 and 429, P0001 its 400.
create or replace function public.request_private_dinner(
  p_slug text,
  p_name text,
  p_email text,
  p_phone text,
  p_date date,
  p_guests integer,
  p_message text
)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_org public.organizations;
  v_today date;
  v_name text := regexp_replace(btrim(coalesce(p_name, '')), '[[:cntrl:]]+', ' ', 'g');
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_phone text := nullif(regexp_replace(btrim(coalesce(p_phone, '')), '[[:cntrl:]]+', ' ', 'g'), '');
  v_message text := btrim(coalesce(p_message, ''));
  v_host text;
  v_when text;
  v_id uuid;
begin
  select o.* into v_org
  from public.organizations o
  join public.org_branding b on b.org_id = o.id and b.private_dinners
  where o.state = 'published'
    and o.id = coalesce((select a.org_id from public.org_page_aliases a where a.path = lower(btrim(p_slug))),
                        (select x.id from public.organizations x where x.slug = lower(btrim(p_slug))));
  if v_org.id is null then
    raise exception 'This host does not take private dinner requests.' using errcode = 'PT404';
  end if;
  if char_length(v_name) not between 2 and 200 then
    raise exception 'Name must be between 2 and 200 characters' using errcode = 'P0001';
  end if;
  if char_length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  if char_length(v_phone) > 40 then
    raise exception 'Phone must be at most 40 characters' using errcode = 'P0001';
  end if;
  v_today := (now() at time zone v_org.timezone)::date;
  if p_date is null or p_date < v_today then
    raise exception 'Choose a date from today on' using errcode = 'P0001';
  end if;
  if p_date > v_today + 730 then
    raise exception 'Choose a date within the next two years' using errcode = 'P0001';
  end if;
  if p_guests is null or p_guests not between 1 and 500 then
    raise exception 'Guests must be between 1 and 500' using errcode = 'P0001';
  end if;
  if char_length(v_message) not between 5 and 5000 then
    raise exception 'Tell the host about your dinner in 5 to 5000 characters' using errcode = 'P0001';
  end if;
  if (select count(*) from public.private_dinner_requests r
      where r.org_id = v_org.id and lower(r.email) = v_email and r.created_at > now() - interval '24 hours') >= 3 then
    raise exception 'You have already sent this host 3 requests today. They will be in touch.' using errcode = 'PT429';
  end if;

  insert into public.private_dinner_requests (org_id, name, email, phone, preferred_date, guests, message)
  values (v_org.id, v_name, v_email, v_phone, p_date, p_guests, v_message)
  returning id into v_id;

  v_host := public.org_display_name(v_org.id);
  v_when := to_char(p_date, 'FMDay, FMMonth FMDD, YYYY');
  insert into public.email_outbox (org_id, kind, to_email, subject, body_text)
  select v_org.id, 'private_dinner_request', u.email,
         'Private dinner request: ' || v_name || ', ' || public.guest_count(p_guests) || ' · ' || to_char(p_date, 'FMMonth FMDD'),
         concat_ws(E'\n',
           v_name || ' asks ' || v_host || ' for a private dinner.',
           '',
           'Date: ' || v_when,
           'Guests: ' || p_guests,
           'Email: ' || v_email,
           case when v_phone is not null then 'Phone: ' || v_phone end,
           '',
           v_message,
           '',
           'Reply to ' || v_email || ', then mark it replied in the admin panel: {{site_url}}/admin')
  from public.user_memberships m
  join auth.users u on u.id = m.user_id
  where m.org_id = v_org.id and u.email is not null;

  insert into public.email_outbox (org_id, kind, to_email, subject, body_text)
  values (v_org.id, 'private_dinner_ack', v_email,
          'Your private dinner request to ' || v_host,
          concat_ws(E'\n',
            'Hi ' || v_name || ',',
            '',
            v_host || ' received your request for a private dinner for ' || public.guest_count(p_guests) || ' on ' || v_when
              || ' and will reply to this address.',
            '',
            'Nothing is booked or charged until you agree on the dinner with them.'));
  return v_id;
end;
$$;

grant execute on function public.request_private_dinner(text, text, text, text, date, integer, text) to anon, authenticated;

-- A member files a request: new, replied or archived. Answers the new status.
create or replace function public.staff_set_private_dinner_status(p_request_id uuid, p_status text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_org uuid;
begin
  select r.org_id into v_org from public.private_dinner_requests r where r.id = p_request_id;
  if v_org is null or not public.is_org_member(v_org) then
    raise exception 'Private dinner request not found' using errcode = 'SH404';
  end if;
  if p_status is null or p_status not in ('new', 'replied', 'archived') then
    raise exception 'A request is new, replied or archived' using errcode = 'P0001';
  end if;
  update public.private_dinner_requests r set status = p_status where r.id = p_request_id;
  return p_status;
end;
$$;

grant execute on function public.staff_set_private_dinner_status(uuid, text) to authenticated;
