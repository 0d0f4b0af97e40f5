-- =============================================================================
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
-- =============================================================================

-- -----------------------------------------------------------------------------
-- The outbox keeps what was rendered
-- -----------------------------------------------------------------------------

alter table public.email_outbox
  add column template_data jsonb,
  add column attachments jsonb not null default '[]'::jsonb check (jsonb_typeof(attachments) = 'array'),
  add column rendered_at timestamptz;

comment on column public.email_outbox.template_data is
  'The facts a templated email shows (public.email_data); rendered by the sender into subject, body_text, body_html and attachments.';
comment on column public.email_outbox.attachments is
  'Attachments as sent: a JSON list of { filename, content_type, content_base64 } (e.g. the booking''s .ics).';

-- The sender stores the rendered message on its claimed row, before sending it.
create or replace function public.store_rendered_email(
  p_id uuid,
  p_claim_token uuid,
  p_subject text,
  p_body_text text,
  p_body_html text,
  p_attachments jsonb
)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with stored as (
    update public.email_outbox o
    set subject = p_subject, body_text = p_body_text, body_html = p_body_html,
        attachments = coalesce(p_attachments, '[]'::jsonb), rendered_at = now()
    where o.id = p_id and o.claim_token = p_claim_token and o.status = 'sending'
    returning 1)
  select exists (select 1 from stored);
$$;

-- -----------------------------------------------------------------------------
-- The private address
-- -----------------------------------------------------------------------------

create table public.event_private_details (
  event_id uuid primary key,
  org_id uuid not null,
  private_address text check (char_length(private_address) <= 500),
  address_delivery text not null default 'confirmation' check (address_delivery in ('confirmation', 'reminder')),
  updated_at timestamptz not null default now(),
  constraint event_private_details_event_of_org
    foreign key (event_id, org_id) references public.events (id, org_id) on delete cascade
);

comment on table public.event_private_details is
  'An event''s private address (e.g. a home) and whether confirmed guests get it with the confirmation or with the reminder. Members only.';

create trigger event_private_details_set_updated_at
  before update on public.event_private_details
  for each row execute function public.set_updated_at();

alter table public.event_private_details enable row level security;
revoke all on public.event_private_details from anon, authenticated;
grant all on public.event_private_details to service_role;
grant select, insert, update, delete on public.event_private_details to authenticated;

create policy "Members can see private details of their events"
  on public.event_private_details for select to authenticated using (public.is_org_member(org_id));
create policy "Members can add private details to their events"
  on public.event_private_details for insert to authenticated with check (public.is_org_member(org_id));
create policy "Members can edit private details of their events"
  on public.event_private_details for update to authenticated using (public.is_org_member(org_id)) with check (public.is_org_member(org_id));
create policy "Members can delete private details of their events"
  on public.event_private_details for delete to authenticated using (public.is_org_member(org_id));

-- -----------------------------------------------------------------------------
-- Templates staff edit
-- -----------------------------------------------------------------------------

-- Every placeholder a template may use (the renderer fills each one; see
-- supabase/functions/_shared/email/templates.ts, which must list the same).
create or replace function public.email_placeholders()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    'guest_name', 'event_title', 'event_date', 'event_time', 'guests', 'booking_code', 'manage_link',
    'address', 'org_name', 'ticket_type', 'total', 'refund_policy', 'refund_amount', 'claim_link', 'offer_expires'
  ];
$$;

grant execute on function public.email_placeholders() to anon, authenticated, service_role;

-- The first placeholder of a text that is not one of email_placeholders(), or null.
create or replace function public.unknown_email_placeholder(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select m[1]
  from regexp_matches(coalesce(p_text, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') as m
  where not (m[1] = any (public.email_placeholders()))
  limit 1;
$$;

create or replace function public.check_email_template()
returns trigger
language plpgsql
set search_path = ''
as $$
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

create trigger email_templates_check_placeholders
  before insert or update on public.email_templates
  for each row execute function public.check_email_template();

alter table public.email_templates
  add constraint email_templates_type_check
    check (template_type in ('booking_confirmation', 'reminder', 'cancellation', 'waitlist_offer', 'guest_message'));

-- One template of each type per organization is the one used.
create unique index email_templates_one_active_per_type on public.email_templates (org_id, template_type) where is_active;

grant insert, update, delete on public.email_templates to authenticated;

create policy "Members can add email templates to their organizations"
  on public.email_templates for insert to authenticated with check (public.is_org_member(org_id));
create policy "Members can edit email templates of their organizations"
  on public.email_templates for update to authenticated using (public.is_org_member(org_id)) with check (public.is_org_member(org_id));
create policy "Members can delete email templates of their organizations"
  on public.email_templates for delete to authenticated using (public.is_org_member(org_id));

-- -----------------------------------------------------------------------------
-- What an email about a reservation shows
-- -----------------------------------------------------------------------------

-- p_kind: booking_confirmation | booking_reminder | booking_cancellation |
-- booking_refund | booking_refunded | guest_message (p_extra adds to it, e.g.
-- the refund sentence or the staff message). The private address is in it
-- only for the reservation's own guest and only when the event sends it with
-- this kind (the reminder always; the confirmation when address_delivery is
-- 'confirmation' or the event sends no reminders).
create or replace function public.email_data(p_reservation_id uuid, p_kind text, p_extra jsonb default '{}'::jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
        end
      order by t.created_at desc limit 1),
    'org', jsonb_build_object(
      'name', coalesce(nullif(btrim(b.brand_name), ''), o.name),
      'slug', o.slug,
      'logo_url', b.logo_url,
      'primary_color', b.primary_color,
      'secondary_color', b.secondary_color),
    'guest', jsonb_build_object('name', r.name, 'email', r.email),
    'booking', jsonb_build_object(
      'reservation_id', r.id,
      'code', r.booking_code,
      'guests', r.num_guests,
      'ticket_type', (select t.name from public.ticket_types t where t.id = r.ticket_type_id),
      'time_slot', r.time_slot,
      'manage_path', '/booking/' || public.manage_token_of(r.id),
      'status', r.status),
    'event', jsonb_build_object(
      'title', e.title,
      'date', to_char(e.date, 'YYYY-MM-DD'),
      'time', to_char(coalesce(s.slot_time, e.event_time), 'HH24:MI'),
      'timezone', e.event_timezone,
      'starts_at', public.reservation_starts_at(r),
      'location_name', e.location_name,
      'location_address', e.location_address,
      'address', case
        when p_kind = 'booking_reminder'
          or (p_kind = 'booking_confirmation' and (coalesce(d.address_delivery, 'confirmation') = 'confirmation' or e.reminder_hours = 0))
        then nullif(btrim(d.private_address), '') end,
      'address_later', p_kind = 'booking_confirmation' and nullif(btrim(d.private_address), '') is not null
        and d.address_delivery = 'reminder' and e.reminder_hours > 0,
      'reminder_hours', e.reminder_hours),
    'money', jsonb_build_object(
      'subtotal_cents', r.amount_cents + r.discount_cents,
      'discount_cents', r.discount_cents,
      'total_cents', r.amount_cents,
      'is_deposit', r.ticket_type_id is null and e.rsvp_mode,
      'promo_code', (select p.code from public.promo_codes p where p.id = r.promo_code_id),
      'policy', public.refund_policy_text(r.refund_window_hours, r.late_refund_percent))
  ) || coalesce(p_extra, '{}'::jsonb)
  from public.reservations r
  join public.events e on e.id = r.event_id
  join public.organizations o on o.id = r.org_id
  left join public.org_branding b on b.org_id = r.org_id
  left join public.rsvp_slots s on s.id = r.rsvp_slot_id
  left join public.event_private_details d on d.event_id = r.event_id
  where r.id = p_reservation_id;
$$;

-- A staff message to a reservation's guest, in the branded layout.
create or replace function public.enqueue_guest_message(p_reservation_id uuid, p_subject text, p_message text)
returns uuid
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, template_data)
  select r.org_id, r.id, 'guest_email', r.email, p_subject, p_message,
         public.email_data(r.id, 'guest_message', jsonb_build_object('message', jsonb_build_object('subject', p_subject, 'body', p_message)))
  from public.reservations r where r.id = p_reservation_id
  returning id;
$$;

-- -----------------------------------------------------------------------------
-- Reminders
-- -----------------------------------------------------------------------------

-- Queues the reminder of every confirmed reservation whose dinner starts within
-- its event's reminder_hours (0: none), once: reminder_sent_at is set in the
-- same statement, and rows another run is taking are skipped, so two runs at
-- the same moment never send one twice. Cancelled reservations get none.
create or replace function public.enqueue_due_reminders()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- -----------------------------------------------------------------------------
-- Grants
-- -----------------------------------------------------------------------------

grant execute on function public.unknown_email_placeholder(text) to authenticated, service_role;

revoke execute on function
  public.store_rendered_email(uuid, uuid, text, text, text, jsonb),
  public.check_email_template(),
  public.email_data(uuid, text, jsonb),
  public.enqueue_guest_message(uuid, text, text),
  public.enqueue_due_reminders()
from public, anon, authenticated;

grant execute on function
  public.store_rendered_email(uuid, uuid, text, text, text, jsonb),
  public.email_data(uuid, text, jsonb),
  public.enqueue_guest_message(uuid, text, text),
  public.enqueue_due_reminders()
to service_role;

-- -----------------------------------------------------------------------------
-- Saving an event's guest-email settings with the event (the admin's dialogs)
-- -----------------------------------------------------------------------------

-- Updates an event and its private details in one transaction, as the caller
-- (row-level security decides): only the keys present in p_event change.
create or replace function public.admin_update_event(p_event_id uuid, p_event jsonb)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  e public.events;
begin
  update public.events x set
    title = case when p_event ? 'title' then btrim(p_event ->> 'title') else x.title end,
    date = case when p_event ? 'date' then (p_event ->> 'date')::date else x.date end,
    event_time = case when p_event ? 'event_time' then (p_event ->> 'event_time')::time else x.event_time end,
    event_timezone = case when p_event ? 'event_timezone' then p_event ->> 'event_timezone' else x.event_timezone end,
    location_name = case when p_event ? 'location_name' then nullif(btrim(p_event ->> 'location_name'), '') else x.location_name end,
    location_address = case when p_event ? 'location_address' then nullif(btrim(p_event ->> 'location_address'), '') else x.location_address end,
    max_guests = case when p_event ? 'max_guests' then (p_event ->> 'max_guests')::integer else x.max_guests end,
    event_details_disclosures = case when p_event ? 'event_details_disclosures' then nullif(btrim(p_event ->> 'event_details_disclosures'), '') else x.event_details_disclosures end,
    refund_window_hours = case when p_event ? 'refund_window_hours' then (p_event ->> 'refund_window_hours')::integer else x.refund_window_hours end,
    late_refund_percent = case when p_event ? 'late_refund_percent' then (p_event ->> 'late_refund_percent')::integer else x.late_refund_percent end,
    reminder_hours = case when p_event ? 'reminder_hours' then (p_event ->> 'reminder_hours')::integer else x.reminder_hours end
  where x.id = p_event_id
  returning * into e;
  if e.id is null then
    raise exception 'Event not found' using errcode = 'SH404';
  end if;
  if p_event ? 'private_address' or p_event ? 'address_delivery' then
    insert into public.event_private_details (event_id, org_id, private_address, address_delivery)
    values (e.id, e.org_id, nullif(btrim(p_event ->> 'private_address'), ''), coalesce(p_event ->> 'address_delivery', 'confirmation'))
    on conflict (event_id) do update
      set private_address = case when p_event ? 'private_address' then excluded.private_address else public.event_private_details.private_address end,
          address_delivery = case when p_event ? 'address_delivery' then excluded.address_delivery else public.event_private_details.address_delivery end;
  end if;
end;
$$;

revoke execute on function public.admin_update_event(uuid, jsonb) from public, anon;
grant execute on function public.admin_update_event(uuid, jsonb) to authenticated, service_role;
