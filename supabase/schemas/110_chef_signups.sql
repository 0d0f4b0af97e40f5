-- =============================================================================
-- Pop-up chef inquiries from /pop-up-chef, and the super admin's inbox of them.
--
-- Anyone may send one; nobody but super admins (and the service role) reads
-- them back. Visitors may only fill the form's columns. Sending one queues an
-- acknowledgement email to the chef in the same transaction (at most 3 per
-- address in 24 hours: the form cannot be used to flood someone's mailbox).
--
-- An inquiry is new, replied or archived:
--
--   new --reply--> replied --archive--> archived --unarchive--> replied
--     \--archive--> archived --unarchive--> new       (never replied)
--   a reply to an archived inquiry makes it replied again
--
-- The super admin works the inbox through the functions below (each refuses
-- anyone else with SH403); row-level security gives the same answer to a
-- direct read or write: only the super admin sees inquiries and replies, and
-- may change only an inquiry's status (a status that contradicts its
-- timestamps is refused by the table's checks).
--
--   super_admin_list_chef_inquiries(p_status)   the inbox, newest first
--   super_admin_chef_inquiry_replies(p_id)      the replies sent, oldest first
--   super_admin_reply_chef_inquiry(p_id, p_subject, p_message)
--       stores the reply, queues its email to the chef in email_outbox and
--       marks the inquiry replied, in one transaction
--   super_admin_archive_chef_inquiry(p_id) / super_admin_unarchive_chef_inquiry(p_id)
-- =============================================================================

-- An inquiry from a would-be pop-up chef.
create table public.chef_signups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  concept text not null check (char_length(btrim(concept)) between 5 and 5000),
  next_event_dates text check (char_length(next_event_dates) <= 1000),
  source_domain text check (char_length(source_domain) <= 255),
  created_at timestamptz not null default now(),
  status text not null default 'new',
  replied_at timestamptz,
  archived_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint chef_signups_status_check check (status in ('new', 'replied', 'archived')),
  -- The status and its timestamps never disagree.
  constraint chef_signups_status_stamps_check check (
    (status = 'archived') = (archived_at is not null)
    and (status <> 'replied' or replied_at is not null)
    and (status <> 'new' or replied_at is null))
);

comment on column public.chef_signups.status is 'new | replied | archived (the super admin''s inbox).';

comment on column public.chef_signups.replied_at is 'When the last reply was sent; null until the first one.';

comment on column public.chef_signups.archived_at is 'When the inquiry was archived; null unless its status is archived.';

create index chef_signups_created_at_idx on public.chef_signups (created_at desc);

-- The acknowledgement throttle counts an address's recent inquiries.
create index chef_signups_email_created_at_idx on public.chef_signups (lower(email), created_at desc);

alter table public.chef_signups enable row level security;

grant select on public.chef_signups to authenticated;
grant insert (name, email, concept, next_event_dates, source_domain) on public.chef_signups to anon, authenticated;
grant update (status) on public.chef_signups to authenticated;

-- An inquiry arrives new (the columns granted above are all a sender writes).
create policy "Anyone can send a chef inquiry"
  on public.chef_signups for insert
  to anon, authenticated
  with check (status = 'new');

create policy "Super admins can read chef inquiries"
  on public.chef_signups for select
  to authenticated
  using ((select public.is_super_admin()));

-- What the super admin may change is what the column grant above allows (the status).
create policy "Super admins can file chef inquiries"
  on public.chef_signups for update
  to authenticated
  using ((select public.is_super_admin()));

-- Stamps a status change: archived_at follows the status; unarchiving returns
-- to replied or new (whichever the inquiry was), never to a status it has not
-- earned. updated_at on every change.
create or replace function public.stamp_chef_signup_status() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'archived' and old.status <> 'archived' then
    new.archived_at := now();
  elsif new.status <> 'archived' then
    new.archived_at := null;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

-- Stamps archived_at and updated_at (stamp_chef_signup_status).
create trigger chef_signups_stamp_status
  before update on public.chef_signups
  for each row execute function public.stamp_chef_signup_status();

-- The platform's own branding in a chef email (template_data.org): these
-- emails come from SupperHost, not from an organization.
create or replace function public.chef_email_org() returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('name', 'SupperHost', 'slug', '', 'logo_url', null, 'primary_color', null, 'secondary_color', null);
$$;

-- Queues the acknowledgement of a new inquiry (kind 'chef_inquiry_received',
-- rendered by supabase/functions/_shared/email/render.tsx). It does not repeat
-- the concept: the form is open to anyone, and an email to an address nobody
-- has confirmed carries no text a visitor chose beyond their name.
create or replace function public.enqueue_chef_signup_ack() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_name text := regexp_replace(btrim(new.name), '[[:cntrl:]]+', ' ', 'g');
begin
  if (select count(*) from public.chef_signups s
      where lower(s.email) = lower(new.email)
        and s.created_at > now() - interval '24 hours'
        and s.id <> new.id) >= 3 then
    return null;
  end if;
  insert into public.email_outbox (kind, to_email, subject, body_text, template_data)
  values (
    'chef_inquiry_received',
    new.email,
    'We received your pop-up inquiry',
    concat_ws(E'\n',
      'Hi ' || v_name || ',',
      '',
      'Thanks for your interest! We’ll review your submission shortly.',
      'We typically respond within a few days.',
      '',
      'SupperHost'),
    jsonb_build_object(
      'kind', 'chef_inquiry_received',
      'org', public.chef_email_org(),
      'guest', jsonb_build_object('name', v_name, 'email', new.email),
      'inquiry', jsonb_build_object('id', new.id, 'created_at', new.created_at)));
  return null;
end;
$$;

-- The acknowledgement, in the inserting transaction (enqueue_chef_signup_ack).
create trigger chef_signups_enqueue_ack
  after insert on public.chef_signups
  for each row execute function public.enqueue_chef_signup_ack();

-- A reply the super admin sent to a chef, with its email in the outbox.
create table public.chef_signup_replies (
  id uuid primary key default gen_random_uuid(),
  signup_id uuid not null references public.chef_signups (id) on delete cascade,
  sent_by uuid references auth.users (id) on delete set null,
  sent_by_email text,
  subject text not null check (char_length(btrim(subject)) between 1 and 200 and subject !~ '[[:cntrl:]]'),
  body text not null check (char_length(btrim(body)) between 1 and 10000),
  outbox_id uuid references public.email_outbox (id) on delete set null,
  created_at timestamptz not null default now()
);

create index chef_signup_replies_signup_id_idx on public.chef_signup_replies (signup_id, created_at);

create index chef_signup_replies_sent_by_idx on public.chef_signup_replies (sent_by);

create index chef_signup_replies_outbox_id_idx on public.chef_signup_replies (outbox_id);

alter table public.chef_signup_replies enable row level security;

grant select on public.chef_signup_replies to authenticated;

create policy "Super admins can read replies to chef inquiries"
  on public.chef_signup_replies for select
  to authenticated
  using ((select public.is_super_admin()));

-- The inbox: every inquiry (or those of one status), newest first, with its replies counted.
create or replace function public.super_admin_list_chef_inquiries(p_status text default null)
returns table (
  id uuid,
  name text,
  email text,
  concept text,
  next_event_dates text,
  source_domain text,
  status text,
  created_at timestamptz,
  replied_at timestamptz,
  archived_at timestamptz,
  reply_count integer
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_super_admin('Only the SupperHost team can read pop-up chef inquiries');
  if p_status is not null and p_status not in ('new', 'replied', 'archived') then
    raise exception 'The status must be new, replied or archived' using errcode = 'P0001';
  end if;
  return query
  select s.id, s.name, s.email, s.concept, s.next_event_dates, s.source_domain, s.status,
         s.created_at, s.replied_at, s.archived_at,
         (select count(*)::integer from public.chef_signup_replies r where r.signup_id = s.id)
    from public.chef_signups s
   where p_status is null or s.status = p_status
   order by s.created_at desc, s.id;
end;
$$;

grant execute on function public.super_admin_list_chef_inquiries(text) to authenticated;

-- The replies sent to one inquiry, oldest first, with where their email is
-- (email_outbox.status: pending, sending, sent or failed).
create or replace function public.super_admin_chef_inquiry_replies(p_id uuid)
returns table (
  id uuid,
  subject text,
  body text,
  sent_by_email text,
  created_at timestamptz,
  delivery_status text,
  delivered_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_super_admin('Only the SupperHost team can read pop-up chef inquiries');
  return query
  select r.id, r.subject, r.body, r.sent_by_email, r.created_at, o.status, o.sent_at
    from public.chef_signup_replies r
    left join public.email_outbox o on o.id = r.outbox_id
   where r.signup_id = p_id
   order by r.created_at, r.id;
end;
$$;

grant execute on function public.super_admin_chef_inquiry_replies(uuid) to authenticated;

-- Replies to a chef: stores the reply, queues its email (kind 'chef_inquiry_reply')
-- and marks the inquiry replied, all or nothing. The same reply sent twice within
-- 5 minutes (a double click, a retried request) is refused, not emailed twice.
create or replace function public.super_admin_reply_chef_inquiry(p_id uuid, p_subject text, p_message text)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subject text := btrim(coalesce(p_subject, ''), E' \t\r\n');
  v_message text := btrim(coalesce(p_message, ''), E' \t\r\n');
  v_signup public.chef_signups;
  v_name text;
  v_sender text;
  v_outbox uuid;
  v_reply uuid;
begin
  perform public.assert_super_admin('Only the SupperHost team can read pop-up chef inquiries');
  if char_length(v_subject) < 1 or char_length(v_subject) > 200 then
    raise exception 'Subject must be 1 to 200 characters' using errcode = 'P0001';
  end if;
  if v_subject ~ '[[:cntrl:]]' then
    raise exception 'The subject must be one line' using errcode = 'P0001';
  end if;
  if char_length(v_message) < 1 or char_length(v_message) > 10000 then
    raise exception 'Message must be 1 to 10000 characters' using errcode = 'P0001';
  end if;

  select s.* into v_signup from public.chef_signups s where s.id = p_id for update;
  if not found then
    raise exception 'This inquiry does not exist' using errcode = 'SH404';
  end if;
  if exists (
    select 1 from public.chef_signup_replies r
     where r.signup_id = p_id and r.subject = v_subject and r.body = v_message
       and r.created_at > now() - interval '5 minutes'
  ) then
    raise exception 'This reply was already sent' using errcode = 'SH409';
  end if;

  v_name := regexp_replace(btrim(v_signup.name), '[[:cntrl:]]+', ' ', 'g');
  select u.email into v_sender from auth.users u where u.id = auth.uid();

  insert into public.email_outbox (kind, to_email, subject, body_text, template_data)
  values (
    'chef_inquiry_reply',
    v_signup.email,
    v_subject,
    v_message,
    jsonb_build_object(
      'kind', 'chef_inquiry_reply',
      'org', public.chef_email_org(),
      'guest', jsonb_build_object('name', v_name, 'email', v_signup.email),
      'inquiry', jsonb_build_object('id', v_signup.id, 'created_at', v_signup.created_at),
      'message', jsonb_build_object('subject', v_subject, 'body', v_message)))
  returning id into v_outbox;

  insert into public.chef_signup_replies (signup_id, sent_by, sent_by_email, subject, body, outbox_id)
  values (p_id, auth.uid(), v_sender, v_subject, v_message, v_outbox)
  returning id into v_reply;

  update public.chef_signups s set status = 'replied', replied_at = now() where s.id = p_id;
  return v_reply;
end;
$$;

grant execute on function public.super_admin_reply_chef_inquiry(uuid, text, text) to authenticated;

-- Files an inquiry: into the archive (out of the inbox, kept with its replies), or back out of it
-- (replied when it had a reply, else new). Answers its status.
create or replace function public.file_chef_inquiry(p_id uuid, p_archived boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_status text;
begin
  perform public.assert_super_admin('Only the SupperHost team can read pop-up chef inquiries');
  update public.chef_signups s
     set status = case when p_archived then 'archived' when s.replied_at is null then 'new' else 'replied' end
   where s.id = p_id and (s.status = 'archived') <> p_archived;
  select s.status into v_status from public.chef_signups s where s.id = p_id;
  if v_status is null then
    raise exception 'This inquiry does not exist' using errcode = 'SH404';
  end if;
  return v_status;
end;
$$;

-- Archives an inquiry (file_chef_inquiry).
create or replace function public.super_admin_archive_chef_inquiry(p_id uuid) returns text
language sql volatile security definer set search_path = '' as $$
  select public.file_chef_inquiry(p_id, true);
$$;

grant execute on function public.super_admin_archive_chef_inquiry(uuid) to authenticated;

-- Brings an archived inquiry back (file_chef_inquiry).
create or replace function public.super_admin_unarchive_chef_inquiry(p_id uuid) returns text
language sql volatile security definer set search_path = '' as $$
  select public.file_chef_inquiry(p_id, false);
$$;

grant execute on function public.super_admin_unarchive_chef_inquiry(uuid) to authenticated;
