-- Messages staff send to everyone booked at a dinner (staff_email_event_guests), and their record.

-- Messages to everyone booked at a dinner
--
-- Staff write once to every confirmed booking of an event (its booker: parking, the door code, a
-- change of menu); each guest gets their own branded email, as enqueue_guest_message writes it.
-- A row here records what was said, by whom and to how many; the emails are in the outbox.
create table public.event_guest_messages (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null,
  org_id uuid not null,
  subject text not null check (char_length(subject) between 1 and 200 and subject !~ '[[:cntrl:]]'),
  body text not null check (char_length(body) between 1 and 10000),
  sent_by uuid references auth.users (id) on delete set null,
  -- The sending request's key: the same request again (a double click, a retry) sends nothing more.
  request_key text not null check (char_length(request_key) between 8 and 100),
  recipients integer not null check (recipients >= 0),
  created_at timestamptz not null default now(),
  constraint event_guest_messages_event_of_org foreign key (event_id, org_id) references public.events (id, org_id) on delete cascade,
  constraint event_guest_messages_request_once unique (event_id, request_key)
);

comment on table public.event_guest_messages is
  'Messages staff sent to every confirmed booking of an event at once (staff_email_event_guests): subject, body, sender and how many bookings it went to.';

create index event_guest_messages_org_id_idx on public.event_guest_messages (org_id);

alter table public.event_guest_messages enable row level security;

grant select on public.event_guest_messages to authenticated;

create policy "Members can see the messages sent to their events' guests"
  on public.event_guest_messages for select to authenticated using (public.is_org_member(org_id));

-- Sends one message to every confirmed booking of an event, each in its guest's own branded
-- email (enqueue_guest_message), all or nothing. p_request_key makes it idempotent: the same key
-- again answers the first send (already_sent) and queues nothing. Members of the event's
-- organization only; an event without confirmed bookings is refused (nobody to write to).
create or replace function public.staff_email_event_guests(p_event_id uuid, p_subject text, p_message text, p_request_key text)
returns table (message_id uuid, recipients integer, already_sent boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  v_subject text;
  v_message text;
  v_row public.event_guest_messages;
  v_count integer := 0;
  r record;
begin
  e := public.member_event(p_event_id, 'You can only email the guests of your own organization''s events');
  if coalesce(char_length(p_request_key), 0) not between 8 and 100 then
    raise exception 'A request key of 8 to 100 characters is required' using errcode = 'P0001';
  end if;
  select * into v_row from public.event_guest_messages m where m.event_id = e.id and m.request_key = p_request_key;
  if v_row.id is not null then
    return query select v_row.id, v_row.recipients, true;
    return;
  end if;
  v_subject := public.required_text(p_subject, 200, 'Subject is required', 'Subject is too long');
  if v_subject ~ '[[:cntrl:]]' then
    raise exception 'The subject must be one line' using errcode = 'P0001';
  end if;
  v_message := public.required_text(p_message, 10000, 'Message is required', 'Message is too long');
  -- Under the event's lock, so a booking confirmed meanwhile is either written to or not counted.
  perform 1 from public.events x where x.id = e.id for update;
  for r in
    select x.id from public.reservations x
    where x.event_id = e.id and x.status = 'confirmed'
    order by x.confirmed_at, x.id
  loop
    perform public.enqueue_guest_message(r.id, v_subject, v_message);
    v_count := v_count + 1;
  end loop;
  if v_count = 0 then
    raise exception 'Nobody is booked at this dinner yet, so there is nobody to write to.' using errcode = 'SH409';
  end if;
  insert into public.event_guest_messages (event_id, org_id, subject, body, sent_by, request_key, recipients)
  values (e.id, e.org_id, v_subject, v_message, auth.uid(), p_request_key, v_count)
  returning * into v_row;
  return query select v_row.id, v_row.recipients, false;
end;
$$;

grant execute on function public.staff_email_event_guests(uuid, text, text, text) to authenticated;

-- The messages sent to an event's guests, newest first, with who sent them (members of the
-- event's organization only: member_event refuses anyone else, once, before the scan).
create or replace function public.staff_event_guest_messages(p_event_id uuid)
returns table (id uuid, subject text, body text, recipients integer, sent_by_email text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select m.id, m.subject, m.body, m.recipients, u.email::text, m.created_at
  from public.event_guest_messages m
  left join auth.users u on u.id = m.sent_by
  where m.event_id = (select (public.member_event(p_event_id, 'You can only see events of your own organization')).id)
  order by m.created_at desc, m.id;
$$;

grant execute on function public.staff_event_guest_messages(uuid) to authenticated;
