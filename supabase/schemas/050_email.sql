-- =============================================================================
-- Email: templates, the outbox every message goes through, and what each email says.
--
-- email_templates: per-organization templates, read-only in the admin panel.
-- email_outbox:    every outgoing message is recorded here before it is sent
--                  (booking confirmations, guest emails); a send failure stays
--                  visible in status/error. Only the service role touches it;
--                  the local mailbox reads it straight from the database.
--
-- Email delivery: a provider sends the outbox (supabase/functions/_shared/outbox.ts)
--
-- A sender claims a batch of messages atomically, sends each through the
-- provider and records the outcome:
--
--   pending --claim_outbox_batch--> sending --finish_outbox_send--> sent
--                                           \-> pending (failed, retried later)
--                                           \-> failed  (5th failed attempt: visible, kept)
--
-- claim_outbox_batch(p_limit, p_ids)
--     Takes up to p_limit messages, oldest first: pending ones, and ones whose
--     claim is older than 10 minutes (a sender that died mid-batch). Rows another
--     transaction is claiming are skipped (for update skip locked), so two senders
--     never get the same message. Each claim counts an attempt and gets a fresh
--     claim_token. p_ids limits the batch to those messages.
-- finish_outbox_send(p_id, p_claim_token, p_outcome, p_error)
--     'sent'      -> sent, sent_at, error cleared
--     'failed'    -> error recorded; back to pending for a retry, or failed for
--                    good once 5 attempts were made
--     'released'  -> back to pending without counting the attempt (not sent: the
--                    provider rate-limited the batch, or the run ran out of time)
--     Only the holder of the current claim can finish it: returns the new status,
--     or null when the claim was lost (expired and taken by another sender).
--
-- The delivery code (supabase/functions/_shared/outbox.ts) is the only writer
-- of a message's status; the local mailbox (stack/mailbox.ts) is a provider
-- like any other.
--
-- Both functions: security definer, empty search_path, service_role only.
--
-- Guest emails: branded HTML with calendar files, the private address,
-- reminders, and templates staff edit
--
-- SQL decides WHAT is sent and to whom, in the transaction that causes it
-- (a confirmation, a cancellation, a reminder): it records the message in
-- email_outbox with template_data, the facts the email shows (email_data()).
-- The sender (supabase/functions/_shared/outbox.ts) renders it — the
-- organization's active template for the kind inside the branded layout
-- (supabase/functions/_shared/email/) — stores subject, body_text, body_html
-- and attachments on the row, then sends it. body_text written by SQL is a
-- plain fallback for messages without template_data.
--
--   event_private_details   the private address of an event and when guests
--                           get it ('confirmation' or 'reminder'); members
--                           only: never in a public view, page or function
--   email_templates         editable by members; placeholders are checked
--                           against email_placeholders() on save
--   enqueue_due_reminders() one reminder per confirmed reservation, exactly
--                           once (reservations.reminder_sent_at), for the
--                           stack's timer / pg_cron
--   org_email_settings      an organization's optional emails (the thank-you)
--   enqueue_due_thank_yous() the thank-you the morning after the dinner, once
--                           per booking, for the stack's timer / pg_cron
-- =============================================================================

-- email_templates
create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  template_type text not null check (template_type ~ '^[a-z][a-z0-9_]{0,39}$'),
  subject text not null check (char_length(subject) between 1 and 200),
  body text check (char_length(body) <= 20000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint email_templates_type_check
    check (template_type in ('booking_confirmation', 'reminder', 'cancellation', 'waitlist_offer', 'guest_message', 'thank_you'))
);

comment on column public.email_templates.template_type is 'e.g. booking_confirmation, reminder, follow_up.';

create index email_templates_org_id_created_at_idx on public.email_templates (org_id, created_at desc);

-- One template of each type per organization is the one used.
create unique index email_templates_one_active_per_type on public.email_templates (org_id, template_type) where is_active;

alter table public.email_templates enable row level security;

grant select, insert, update, delete on public.email_templates to authenticated;

-- Stamps updated_at.
create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function public.set_updated_at();

create policy "Members manage the email templates of their organizations"
  on public.email_templates for all
  to authenticated
  using (public.is_org_member(org_id));

-- email_outbox
create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  org_id uuid references public.organizations (id) on delete set null,
  reservation_id uuid references public.reservations (id) on delete set null,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  to_email text not null check (char_length(to_email) <= 320 and to_email ~ '^[^@\s]+@[^@\s]+$'),
  subject text not null,
  body_text text not null,
  body_html text,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  error text,
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  claimed_at timestamptz,
  claim_token uuid,
  template_data jsonb,
  attachments jsonb not null default '[]'::jsonb check (jsonb_typeof(attachments) = 'array'),
  rendered_at timestamptz
);

comment on column public.email_outbox.kind is 'booking_confirmation, guest_email, ...';

comment on column public.email_outbox.claimed_at is
  'When a sender (supabase/functions/_shared/outbox.ts) last claimed the message.';

comment on column public.email_outbox.claim_token is
  'The current claim (status sending); only its holder may record the outcome.';

comment on column public.email_outbox.template_data is
  'The facts a templated email shows (public.email_data); rendered by the sender into subject, body_text, body_html and attachments.';

comment on column public.email_outbox.attachments is
  'Attachments as sent: a JSON list of { filename, content_type, content_base64 } (e.g. the booking''s .ics).';

create index email_outbox_org_id_idx on public.email_outbox (org_id);

create index email_outbox_reservation_id_idx on public.email_outbox (reservation_id);

-- One thank-you per booking and address (its booker, its seats' guests), however many runs of
-- enqueue_due_thank_yous meet it.
create unique index email_outbox_one_thank_you on public.email_outbox (reservation_id, lower(to_email)) where kind = 'booking_thank_you';

create index email_outbox_status_created_at_idx on public.email_outbox (status, created_at);

create index if not exists email_outbox_pending_idx
  on public.email_outbox (created_at, id)
  where status = 'pending';

alter table public.email_outbox enable row level security;

-- The confirmation email, queued in the outbox in the confirming transaction.
create or replace function public.enqueue_booking_confirmation(p_reservation_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  e public.events;
  v_org text;
  v_ticket text;
  v_slot public.rsvp_slots;
  v_time text;
  v_zone text;
  v_promo text;
  v_is_deposit boolean;
  v_itemized boolean;
  v_body text;
  v_id uuid;
begin
  select * into r from public.reservations x where x.id = p_reservation_id;
  select * into e from public.events x where x.id = r.event_id;
  v_org := public.org_display_name(r.org_id);
  select t.name into v_ticket from public.ticket_types t where t.id = r.ticket_type_id;
  select * into v_slot from public.rsvp_slots s where s.id = r.rsvp_slot_id;
  select p.code into v_promo from public.promo_codes p where p.id = r.promo_code_id;

  v_zone := case e.event_timezone
    when 'America/New_York' then 'Eastern Time'
    when 'America/Chicago' then 'Central Time'
    when 'America/Denver' then 'Mountain Time'
    when 'America/Los_Angeles' then 'Pacific Time'
    else e.event_timezone
  end;
  -- Times are wall-clock times of the event's own timezone.
  v_time := to_char(coalesce(v_slot.slot_time, e.event_time), 'FMHH12:MI AM') || ' ' || v_zone;
  v_is_deposit := r.ticket_type_id is null and e.rsvp_mode;
  v_itemized := public.charge_terms(e.id) ->> 'price_display' <> 'all_in';

  v_body := concat_ws(E'\n',
    'Hi ' || r.name || ',',
    '',
    'Your reservation at ' || v_org || ' is confirmed.',
    '',
    'Event: ' || e.title,
    'Date: ' || to_char(e.date, 'FMDay, FMMonth FMDD, YYYY'),
    'Time: ' || v_time,
    case when coalesce(e.location_name, e.location_address) is not null
      then 'Location: ' || concat_ws(', ', e.location_name, e.location_address) end,
    'Guests: ' || r.num_guests,
    case when v_ticket is not null then 'Ticket: ' || v_ticket end,
    case when r.time_slot is not null then 'Time slot: ' || r.time_slot end,
    'Add-ons: ' || public.reservation_addons_text(r.id),
    case when r.discount_cents > 0 or (v_itemized and r.service_charge_cents + r.tax_cents > 0)
      then 'Subtotal: ' || public.booking_money(r.amount_cents + r.discount_cents - r.service_charge_cents - r.tax_cents) end,
    case when r.discount_cents > 0 then 'Discount' || coalesce(' (' || v_promo || ')', '') || ': -' || public.booking_money(r.discount_cents) end,
    case when v_itemized and r.service_charge_cents > 0 then 'Service charge: ' || public.booking_money(r.service_charge_cents) end,
    case when v_itemized and r.tax_cents > 0 then 'Tax: ' || public.booking_money(r.tax_cents) end,
    case
      when r.amount_cents = 0 then 'Total: Free'
      when v_is_deposit then 'Deposit paid: ' || public.booking_money(r.amount_cents)
      else 'Total paid: ' || public.booking_money(r.amount_cents)
    end || case when not v_itemized and r.service_charge_cents + r.tax_cents > 0
      then ' (includes tax and service charge)' else '' end,
    case when nullif(btrim(r.dietary_restrictions), '') is not null then 'Dietary restrictions: ' || r.dietary_restrictions end,
    case when nullif(btrim(r.special_requests), '') is not null then 'Special requests: ' || r.special_requests end,
    'Cancellation policy: ' || public.refund_policy_text(r.refund_window_hours, r.late_refund_percent),
    'Booking code: ' || r.booking_code,
    '',
    'View or cancel your booking: {{site_url}}/booking/' || public.manage_token_of(r.id),
    case when r.num_guests > 1 then 'Send your guests this link: each claims a seat and tells the kitchen what they cannot eat: {{site_url}}/seat/'
      || public.link_token_of('party', r.id) end,
    '',
    'We look forward to seeing you!',
    v_org
  );

  -- body_text is the plain fallback; the sender renders the branded email from
  -- template_data (public.email_data).
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  values (r.org_id, r.id, 'booking_confirmation', r.email,
          'Your reservation at ' || v_org || ' is confirmed: ' || e.title, v_body,
          public.email_data(r.id, 'booking_confirmation'))
  returning id into v_id;
  return v_id;
end;
$$;

-- Tells the team a booking was made or that its guest cancelled it: one plain email to each
-- member who has booking emails on (user_memberships.booking_emails), but not to the member who
-- did it (a booking staff enter). p_what: 'booked' (confirm_booking) or 'cancelled'
-- (guest_cancel_booking, after its refund is recorded). Answers how many were queued.
create or replace function public.enqueue_booking_notice(p_reservation_id uuid, p_what text) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reservations;
  e public.events;
  v_slot public.rsvp_slots;
  v_option text;
  v_when text;
  v_subject text;
  v_body text;
  v_refund integer;
  v_count integer;
begin
  if p_what not in ('booked', 'cancelled') then
    raise exception 'A booking notice is about a booking made or cancelled, not %', p_what using errcode = '22023';
  end if;
  select * into r from public.reservations x where x.id = p_reservation_id;
  -- Most bookings stop here: nobody on the team asked for these emails.
  if not exists (select 1 from public.user_memberships m
                 where m.org_id = r.org_id and m.booking_emails and not m.booking_emails_daily and m.user_id is distinct from auth.uid()) then
    return 0;
  end if;
  select * into e from public.events x where x.id = r.event_id;
  select * into v_slot from public.rsvp_slots s where s.id = r.rsvp_slot_id;
  v_option := coalesce('Ticket: ' || (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
                       'Time slot: ' || coalesce(v_slot.slot_label, r.time_slot));
  v_when := to_char(e.date, 'FMDay, FMMonth FMDD') || ' at ' || to_char(coalesce(v_slot.slot_time, e.event_time), 'FMHH12:MI AM');
  v_subject := case p_what when 'booked' then 'New booking: ' else 'Cancelled by the guest: ' end
    || r.name || ', ' || public.guest_count(r.num_guests) || ' · ' || e.title || ', ' || to_char(e.date, 'FMMonth FMDD');
  select coalesce(sum(l.amount_cents), 0)::integer into v_refund
  from public.payment_ledger l
  where l.reservation_id = r.id and l.kind = 'refund' and l.status in ('pending', 'completed');
  v_body := concat_ws(E'\n',
    case p_what
      when 'booked' then r.name || ' booked ' || e.title || ' (' || v_when || ').'
      else r.name || ' cancelled their booking of ' || e.title || ' (' || v_when || ').' end,
    '',
    'Guests: ' || r.num_guests,
    v_option,
    case when exists (select 1 from public.reservation_addons ra where ra.reservation_id = r.id)
      then 'Add-ons: ' || public.reservation_addons_text(r.id) end,
    case when r.amount_cents = 0 then 'Paid: nothing (free)' else 'Paid: ' || public.booking_money(r.amount_cents) end,
    case when p_what = 'cancelled' and r.amount_cents > 0 then 'Refunded by the cancellation policy: ' || public.booking_money(v_refund) end,
    'Booking code: ' || r.booking_code,
    'Email: ' || r.email,
    case when r.phone is not null then 'Phone: ' || r.phone end,
    case when nullif(btrim(r.dietary_restrictions), '') is not null then 'Dietary restrictions: ' || r.dietary_restrictions end,
    case when nullif(btrim(r.special_requests), '') is not null then 'Special requests: ' || r.special_requests end,
    '',
    'Booked now: ' || (select public.guest_count(coalesce(sum(x.num_guests), 0)::integer) || ' in '
                        || count(*) || case when count(*) = 1 then ' booking' else ' bookings' end
                       from public.reservations x where x.event_id = e.id and x.status = 'confirmed') || '.',
    'The dinner in the admin panel: {{site_url}}/admin/events/' || e.id,
    '',
    'You get these emails because booking emails are on for you at ' || public.org_display_name(r.org_id)
      || '. Turn them off in the admin panel: Settings, Team.'
  );
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text)
  select r.org_id, r.id, 'booking_notice', u.email, v_subject, v_body
  from public.user_memberships m
  join auth.users u on u.id = m.user_id
  where m.org_id = r.org_id and m.booking_emails and not m.booking_emails_daily and m.user_id is distinct from auth.uid()
    and u.email is not null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Claims up to p_limit pending messages (or the given ids) for one sender: their ids are read
-- first, then one update claims them (status sending, a claim token), so concurrent senders never
-- take the same message.
create or replace function public.claim_outbox_batch(p_limit integer default 20, p_ids uuid[] default null)
returns setof public.email_outbox
language plpgsql volatile security definer set search_path = '' set enable_bitmapscan = off as $$
declare
  v_ids uuid[];
begin
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception 'p_limit must be between 1 and 500' using errcode = 'P0001';
  end if;

  -- A sender that died during its 5th attempt: give up rather than try a 6th time.
  update public.email_outbox o
     set status = 'failed',
         claim_token = null,
         error = coalesce(o.error || E'\n', '') || 'Delivery was not confirmed: the sender stopped during the last attempt.'
   where o.status = 'sending'
     and o.claimed_at < now() - interval '10 minutes'
     and o.attempts >= 5
     and (p_ids is null or o.id = any (p_ids));

  -- Which messages: locked here (skip locked), claimed below.
  if p_ids is null then
    with due as (
      select o.id, o.created_at
        from public.email_outbox o
       where o.status = 'pending'
       order by o.created_at, o.id
       limit p_limit
       for update skip locked
    ), abandoned as (
      select o.id, o.created_at
        from public.email_outbox o
       where o.status = 'sending'
         and o.claimed_at < now() - interval '10 minutes'
       order by o.created_at, o.id
       limit p_limit
       for update skip locked
    )
    select array_agg(x.id) into v_ids
      from (select y.id from (select * from due union all select * from abandoned) y
             order by y.created_at, y.id
             limit p_limit) x;
  else
    select array_agg(x.id) into v_ids
      from (select o.id
              from public.email_outbox o
             where o.id = any (p_ids)
               and (o.status = 'pending' or (o.status = 'sending' and o.claimed_at < now() - interval '10 minutes'))
             order by o.created_at, o.id
             limit p_limit
             for update skip locked) x;
  end if;

  return query
  update public.email_outbox o
     set status = 'sending',
         attempts = o.attempts + 1,
         claimed_at = now(),
         claim_token = gen_random_uuid()
   where o.id = any (v_ids)
  returning o.*;
end;
$$;

-- Records the outcomes of many claimed sends in one call.
create or replace function public.finish_outbox_sends(p_results jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_statuses jsonb;
begin
  if p_results is null or jsonb_typeof(p_results) <> 'array' then
    raise exception 'p_results must be a JSON array of outcomes' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_results) r
    where jsonb_typeof(r) <> 'object'
       or coalesce(r ->> 'outcome', '') not in ('sent', 'failed', 'released', 'rejected')
  ) then
    raise exception 'p_outcome must be sent, failed, released or rejected' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_results) r
    where r ->> 'outcome' in ('failed', 'rejected') and nullif(btrim(coalesce(r ->> 'error', '')), '') is null
  ) then
    raise exception 'a failed or rejected send needs its error' using errcode = 'P0001';
  end if;

  with results as (
    select x.ord,
           (x.r ->> 'id')::uuid as id,
           (x.r ->> 'claim_token')::uuid as claim_token,
           x.r ->> 'outcome' as outcome,
           x.r ->> 'error' as error,
           case when jsonb_typeof(x.r -> 'rendered') = 'object' then x.r -> 'rendered' end as rendered
      from jsonb_array_elements(p_results) with ordinality as x(r, ord)
  ),
  finished as (
    update public.email_outbox o
       set status = case
             when res.outcome = 'sent' then 'sent'
             when res.outcome = 'rejected' then 'failed'
             when res.outcome = 'released' or o.attempts < 5 then 'pending'
             else 'failed'
           end,
           sent_at = case when res.outcome = 'sent' then now() else o.sent_at end,
           error = case
             when res.outcome = 'sent' then null
             when res.error is not null then left(res.error, 2000)
             else o.error
           end,
           attempts = case when res.outcome = 'released' then greatest(o.attempts - 1, 0) else o.attempts end,
           claim_token = null,
           subject = coalesce(res.rendered ->> 'subject', o.subject),
           body_text = coalesce(res.rendered ->> 'body_text', o.body_text),
           body_html = case when res.rendered is null then o.body_html else res.rendered ->> 'body_html' end,
           attachments = case
             when res.rendered is null then o.attachments
             when jsonb_typeof(res.rendered -> 'attachments') = 'array' then res.rendered -> 'attachments'
             else '[]'::jsonb
           end,
           rendered_at = case when res.rendered is null then o.rendered_at else now() end
      from results res
     where o.id = res.id
       and o.status = 'sending'
       and o.claim_token = res.claim_token
    returning o.id, o.status
  )
  select coalesce(jsonb_agg(to_jsonb(f.status) order by res.ord), '[]'::jsonb)
    into v_statuses
    from results res
    left join finished f on f.id = res.id;

  return v_statuses;
end;
$$;

comment on function public.finish_outbox_sends(jsonb) is
  'Records a delivery run''s outcomes, in one call: a JSON array of { id, claim_token, outcome (sent | failed | released | rejected), error, rendered: { subject, body_text, body_html, attachments } | null }. Answers the new status of each, in order (null where the claim had expired). Service role only.';

-- One message: the same rules, through the call above.
create or replace function public.finish_outbox_send(
  p_id uuid,
  p_claim_token uuid,
  p_outcome text,
  p_error text default null
)
returns text
language sql volatile security definer set search_path = '' as $$
  select public.finish_outbox_sends(jsonb_build_array(jsonb_build_object(
    'id', p_id, 'claim_token', p_claim_token, 'outcome', p_outcome, 'error', p_error))) ->> 0;
$$;

-- Templates staff edit
--
-- Every placeholder a template may use (the renderer fills each one; see
-- supabase/functions/_shared/email/templates.ts, which must list the same).
create or replace function public.email_placeholders() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array[
    'guest_name', 'event_title', 'event_date', 'event_time', 'guests', 'party_size', 'booking_code', 'manage_link',
    'address', 'org_name', 'ticket_type', 'total', 'refund_policy', 'refund_amount', 'claim_link', 'offer_expires'
  ];
$$;

grant execute on function public.email_placeholders() to anon, authenticated;

-- The first placeholder of a text that is not one of email_placeholders(), or null.
create or replace function public.unknown_email_placeholder(p_text text) returns text
language sql immutable set search_path = '' as $$
  select m[1]
  from regexp_matches(coalesce(p_text, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') as m
  where not (m[1] = any (public.email_placeholders()))
  limit 1;
$$;

grant execute on function public.unknown_email_placeholder(text) to anon, authenticated;

-- A template uses only the placeholders its type knows.
create or replace function public.check_email_template() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_unknown text := coalesce(public.unknown_email_placeholder(new.subject), public.unknown_email_placeholder(new.body));
begin
  if v_unknown is not null then
    raise exception 'Unknown placeholder {{%}}. Use one of: %', v_unknown,
      (select string_agg('{{' || p || '}}', ', ') from unnest(public.email_placeholders()) p)
      using errcode = '22023';
  end if;
  if new.subject ~ '[\r\n]' then
    raise exception 'The subject must be one line' using errcode = '22023';
  end if;
  return new;
end;
$$;

-- Refuses unknown placeholders (check_email_template).
create trigger email_templates_check_placeholders
  before insert or update on public.email_templates
  for each row execute function public.check_email_template();

-- The dinner as an email shows it (email_data, waitlist_email_data), at the slot's time when there
-- is one.
create or replace function public.email_event_facts(e public.events, p_slot_time time) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'title', e.title,
    'date', to_char(e.date, 'YYYY-MM-DD'),
    'time', to_char(coalesce(p_slot_time, e.event_time), 'HH24:MI'),
    'timezone', e.event_timezone,
    'starts_at', (e.date + coalesce(p_slot_time, e.event_time)) at time zone e.event_timezone,
    'location_name', e.location_name,
    'location_address', e.location_address,
    'reminder_hours', e.reminder_hours);
$$;

-- What an email about a reservation shows
--
-- p_kind: booking_confirmation | booking_reminder | booking_cancellation |
-- booking_refund | booking_refunded | booking_moved | guest_message (p_extra adds to it, e.g.
-- the refund sentence or the staff message). The private address is in it
-- only for the reservation's own guest and only when the event sends it with
-- this kind (the reminder always; the confirmation, and the notice of a move to
-- another date, when address_delivery is 'confirmation' or the event sends no reminders).
create or replace function public.email_data(p_reservation_id uuid, p_kind text, p_extra jsonb default '{}'::jsonb)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'kind', p_kind,
    'template', (
      select jsonb_build_object('subject', t.subject, 'body', t.body)
      from public.email_templates t
      where t.org_id = r.org_id and t.is_active
        and t.template_type = case p_kind
          when 'booking_confirmation' then 'booking_confirmation'
          when 'booking_reminder' then 'reminder'
          when 'booking_cancellation' then 'cancellation'
          when 'guest_message' then 'guest_message'
          when 'waitlist_offer' then 'waitlist_offer'
          when 'booking_thank_you' then 'thank_you'
        end
      order by t.created_at desc limit 1),
    'org', public.org_email_branding(r.org_id),
    'guest', jsonb_build_object('name', r.name, 'email', r.email),
    'booking', jsonb_build_object(
      'reservation_id', r.id,
      'code', r.booking_code,
      'guests', r.num_guests,
      'ticket_type', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
      'time_slot', r.time_slot,
      -- What the booking takes beside its seats ("2 × Wine pairing, 1 × Corkage"), or null.
      'addons', public.reservation_addons_text(r.id),
      'manage_path', '/booking/' || public.manage_token_of(r.id),
      -- A party's link for the booker to share: each guest claims a seat with their needs.
      'party_path', case when r.num_guests > 1 then '/seat/' || public.link_token_of('party', r.id) end,
      'status', r.status),
    'event', public.email_event_facts(e, s.slot_time) || jsonb_build_object(
      'address', case
        when p_kind = 'booking_reminder'
          or (p_kind in ('booking_confirmation', 'booking_moved') and (coalesce(d.address_delivery, 'confirmation') = 'confirmation' or e.reminder_hours = 0))
        then nullif(btrim(d.private_address), '') end,
      'address_later', p_kind in ('booking_confirmation', 'booking_moved') and nullif(btrim(d.private_address), '') is not null
        and d.address_delivery = 'reminder' and e.reminder_hours > 0),
    'money', public.booking_lines(r) || jsonb_build_object(
      'is_deposit', r.ticket_type_id is null and e.rsvp_mode,
      'promo_code', (select p.code from public.promo_codes p where p.id = r.promo_code_id),
      'policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent))
  ) || coalesce(p_extra, '{}'::jsonb)
  from public.reservations r
  join public.events e on e.id = r.event_id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.event_private_details d on d.event_id = r.event_id
  where r.id = p_reservation_id;
$$;

-- A staff message to a reservation's guest, in the branded layout.
create or replace function public.enqueue_guest_message(p_reservation_id uuid, p_subject text, p_message text)
returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  select r.org_id, r.id, 'guest_email', r.email, p_subject, p_message,
         public.email_data(r.id, 'guest_message', jsonb_build_object('message', jsonb_build_object('subject', p_subject, 'body', p_message)))
  from public.reservations r where r.id = p_reservation_id
  returning id;
$$;

-- Messages to everyone booked at a dinner
--
-- Staff write once to every confirmed booking of an event (parking, the door code, a change of
-- menu): its booker, and each guest who claimed a seat of it with an email of their own; each gets
-- their own branded email (enqueue_guest_message, enqueue_seat_guest_message). A row here records
-- what was said, by whom and to how many people; the emails are in the outbox.
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
  'Messages staff sent to every confirmed booking of an event at once (staff_email_event_guests): subject, body, sender and how many people it went to (bookers and seat guests).';

create index event_guest_messages_org_id_idx on public.event_guest_messages (org_id);

alter table public.event_guest_messages enable row level security;

grant select on public.event_guest_messages to authenticated;

create policy "Members can see the messages sent to their events' guests"
  on public.event_guest_messages for select to authenticated using (public.is_org_member(org_id));

-- Sends one message to every confirmed booking of an event, each in its guest's own branded
-- email (enqueue_guest_message), and to each guest who claimed one of their seats with another
-- email (enqueue_seat_guest_message; one email per address), all or nothing. p_request_key
-- makes it idempotent: the same key again answers the first send (already_sent) and queues
-- nothing. Members of the event's organization only; an event without confirmed bookings is
-- refused (nobody to write to).
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
  v_seat record;
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
  for v_seat in
    select distinct on (lower(s.guest_email)) s.id
    from public.reservation_seats s
    join public.reservations x on x.id = s.reservation_id
    where x.event_id = e.id and x.status = 'confirmed' and s.claimed_at is not null and s.guest_email is not null
      and not exists (select 1 from public.reservations b
                      where b.event_id = e.id and b.status = 'confirmed' and lower(b.email) = lower(s.guest_email))
    order by lower(s.guest_email), s.claimed_at, s.id
  loop
    perform public.enqueue_seat_guest_message(v_seat.id, v_subject, v_message);
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

-- Reminders
--
-- Queues the reminder of every confirmed reservation whose dinner starts within
-- its event's reminder_hours (0: none), once: reminder_sent_at is set in the
-- same statement, and rows another run is taking are skipped, so two runs at
-- the same moment never send one twice. Cancelled reservations get none.
create or replace function public.enqueue_due_reminders() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_count integer := 0;
  v_id uuid;
begin
  for v_id in
    with due as (
      select r.id
      from public.reservations r
      join public.events e on e.id = r.event_id
      where r.status = 'confirmed'
        and r.reminder_sent_at is null
        and e.reminder_hours > 0
        -- A cheap window first (dates), then the exact one (start in the event's timezone).
        and e.date between current_date - 1 and current_date + 15
        and public.reservation_starts_at(r) > now()
        and public.reservation_starts_at(r) <= now() + make_interval(hours => e.reminder_hours)
      for update of r skip locked
    )
    update public.reservations x
    set reminder_sent_at = now()
    from due
    where x.id = due.id and x.reminder_sent_at is null and x.status = 'confirmed'
    returning x.id
  loop
    insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
    select r.org_id, r.id, 'booking_reminder', r.email, 'Reminder: ' || e.title,
           'Hi ' || r.name || E',\n\nA reminder of your reservation for ' || e.title || '.',
           public.email_data(r.id, 'booking_reminder')
    from public.reservations r join public.events e on e.id = r.event_id
    where r.id = v_id;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

-- Thank-you emails
--
-- An organization that turns them on (staff_set_thank_you_emails) thanks each confirmed booking's
-- guest the morning after the dinner, at 10:00 on the dinner's own clock, in its "Thank you
-- (after the dinner)" template (or the default). Without a row here they are off.
create table public.org_email_settings (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  thank_you_emails boolean not null default false,
  updated_at timestamptz not null default now(),
  -- Where guests may review the organization: the thank-you's "Leave us a review" button.
  review_url text check (review_url ~* '^https?://[^[:space:]]+$' and char_length(review_url) <= 500)
);

comment on table public.org_email_settings is
  'The emails an organization chose to send beyond the booking''s own: thank_you_emails, the thank-you the morning after each dinner (enqueue_due_thank_yous), with its review_url (http(s) only).';

alter table public.org_email_settings enable row level security;

grant select on public.org_email_settings to authenticated;

create policy "Members see their organizations' email settings"
  on public.org_email_settings for select to authenticated using (public.is_org_member(org_id));

-- Turns the thank-you emails on or off (any member, as email templates are theirs to edit).
-- Answers the new value.
create or replace function public.staff_set_thank_you_emails(p_org_id uuid, p_on boolean) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_org_member(p_org_id) then
    raise exception 'You can only change the emails of your own organization' using errcode = 'SH403';
  end if;
  insert into public.org_email_settings as s (org_id, thank_you_emails)
  values (p_org_id, coalesce(p_on, false))
  on conflict (org_id) do update set thank_you_emails = excluded.thank_you_emails, updated_at = now();
  return coalesce(p_on, false);
end;
$$;

grant execute on function public.staff_set_thank_you_emails(uuid, boolean) to authenticated;

-- Sets the review link the thank-you email offers (any member), trimmed; null or blank removes it.
-- Only a web address (http or https) is kept. Answers what is stored.
create or replace function public.staff_set_review_link(p_org_id uuid, p_url text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_url text := nullif(btrim(coalesce(p_url, '')), '');
begin
  if not public.is_org_member(p_org_id) then
    raise exception 'You can only change the emails of your own organization' using errcode = 'SH403';
  end if;
  if v_url is not null and char_length(v_url) > 500 then
    raise exception 'The review link must be at most 500 characters' using errcode = 'P0001';
  end if;
  if v_url is not null and v_url !~* '^https?://[^[:space:]/?#]+\.[^[:space:]]*$' then
    raise exception 'The review link must be a web address starting with https:// or http://' using errcode = 'P0001';
  end if;
  insert into public.org_email_settings as s (org_id, review_url)
  values (p_org_id, v_url)
  on conflict (org_id) do update set review_url = excluded.review_url, updated_at = now();
  return v_url;
end;
$$;

grant execute on function public.staff_set_review_link(uuid, text) to authenticated;

-- Queues the thank-you of every confirmed booking whose dinner was yesterday or earlier and whose
-- morning-after (10:00, the event's timezone) has come, for organizations that turned them on: to
-- its booker, and to each guest who claimed one of its seats with another email (once per address
-- and dinner; their own seat's email data, seat_email_data). Once per booking and address (the
-- outbox's unique index email_outbox_one_thank_you: two runs at the same moment queue one),
-- within two days of that morning (turning them on does not thank old dinners). A party the door
-- list marked as not arrived, where the door list was used, gets none.
-- p_at: the moment to queue for (now; a test may name another).
create or replace function public.enqueue_due_thank_yous(p_at timestamptz default now()) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_count integer;
begin
  with due as (
    select r.id, r.org_id, r.event_id, r.name, r.email, e.title,
           case when o.review_url is not null then jsonb_build_object('review', jsonb_build_object('url', o.review_url))
                else '{}'::jsonb end as extra
    from public.org_email_settings o
    join public.events e on e.org_id = o.org_id
    cross join lateral (select ((e.date + 1) + time '10:00') at time zone e.event_timezone as due_at) d
    join public.reservations r on r.event_id = e.id
    where o.thank_you_emails
      -- A cheap window first (dates), then the exact one (the morning after, on the event's clock).
      and e.date between p_at::date - 4 and p_at::date
      and p_at >= d.due_at
      and p_at < d.due_at + interval '2 days'
      and r.status = 'confirmed'
      and not (r.checked_in_guests = 0
               and exists (select 1 from public.reservations x where x.event_id = e.id and x.checked_in_guests > 0))
  )
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  select b.org_id, b.id, 'booking_thank_you', b.email, 'Thank you for joining us at ' || b.title,
         'Hi ' || b.name || E',\n\nThank you for coming to ' || b.title || '.',
         public.email_data(b.id, 'booking_thank_you', b.extra)
  from due b
  union all
  (select distinct on (g.event_id, lower(s.guest_email))
          g.org_id, g.id, 'booking_thank_you', s.guest_email, 'Thank you for joining us at ' || g.title,
          'Hi ' || s.guest_name || E',\n\nThank you for coming to ' || g.title || '.',
          public.seat_email_data(s, 'booking_thank_you', g.extra)
   from due g
   join public.reservation_seats s on s.reservation_id = g.id
   where s.claimed_at is not null and s.guest_email is not null
     and not exists (select 1 from due x where x.event_id = g.event_id and lower(x.email) = lower(s.guest_email))
   order by g.event_id, lower(s.guest_email), s.claimed_at, s.id)
  on conflict (reservation_id, lower(to_email)) where kind = 'booking_thank_you' do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
