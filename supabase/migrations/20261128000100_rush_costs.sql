-- =============================================================================
-- What a booking costs in a rush (issue 13)
--
-- Measured with pg_stat_statements over a saturated rush (docs/BENCHMARKS.md):
-- after the hold and the confirmation, the next biggest share of the database's
-- work per booking was its confirmation email's delivery: one claim per batch,
-- then two writes per message (store the rendered message, then record the
-- outcome), each its own call and its own row version.
--
-- finish_outbox_sends records the outcome of a whole delivery run in one call,
-- each message's rendered form (subject, text, HTML, attachments) written with
-- its outcome: one row version per message, one call per run. The rules of
-- each outcome are the ones finish_outbox_send had (20261123005000_email_delivery.sql);
-- finish_outbox_send stays, for one message, as a call of this one.
--
-- The rendered message is now stored with the outcome instead of before the
-- send. A sender that dies between the two leaves the message 'sending'; after
-- the 10-minute claim it is claimed again, rendered again from the same facts
-- (template_data) and sent with the same Idempotency-Key, which the provider
-- answers with its first result for 24 hours: not delivered twice.
-- =============================================================================

create or replace function public.finish_outbox_sends(p_results jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
language sql
volatile
security definer
set search_path = ''
as $$
  select public.finish_outbox_sends(jsonb_build_array(jsonb_build_object(
    'id', p_id, 'claim_token', p_claim_token, 'outcome', p_outcome, 'error', p_error))) ->> 0;
$$;

-- The rendered message is stored with its outcome now (above).
drop function public.store_rendered_email(uuid, uuid, text, text, text, jsonb);

revoke execute on function public.finish_outbox_sends(jsonb) from public, anon, authenticated;
grant execute on function public.finish_outbox_sends(jsonb) to service_role;
revoke execute on function public.finish_outbox_send(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.finish_outbox_send(uuid, uuid, text, text) to service_role;

-- -----------------------------------------------------------------------------
-- The sold-out answer before the event lock, for less
-- -----------------------------------------------------------------------------
-- hold_booking answered "sold out" from committed state by evaluating every
-- booking twice: unlocked (to refuse without queueing for the event lock),
-- then under the lock. Most holds in a rush are not refused, so the unlocked
-- evaluation now runs only when one cheap read says the booking might be: the
-- ticket type (by id) or the time slot has fewer places than asked for, or the
-- event has a limit of its own, or the read cannot tell (a ticket type named
-- rather than given by id, a slot by label, an unknown event). The refusal and
-- its words still come from booking_evaluate; the locked evaluation still
-- decides every hold.

create or replace function public.booking_may_be_refused(
  p_event_id uuid,
  p_guests integer,
  p_pricing text,
  p_ticket_type text,
  p_rsvp_slot_id uuid,
  p_slot_cap integer
)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case
      when e.max_guests is not null then true
      when p_pricing = 'ticket' then not exists (
        select 1 from public.ticket_types t
        where t.event_id = e.id
          and t.id::text = lower(btrim(coalesce(p_ticket_type, '')))
          and t.quantity >= p_guests)
      when p_rsvp_slot_id is not null then not exists (
        select 1 from public.rsvp_slots s
        where s.id = p_rsvp_slot_id
          and s.event_id = e.id
          and s.is_active
          and least(s.max_capacity, coalesce(p_slot_cap, s.max_capacity)) - s.current_rsvps >= p_guests)
      else true
    end
    from public.events e
    where e.id = p_event_id), true);
$$;

revoke execute on function public.booking_may_be_refused(uuid, integer, text, text, uuid, integer) from public, anon, authenticated;

-- hold_booking as in 20261127000300_rush.sql, with the unlocked evaluation behind the cheap read.
create or replace function public.hold_booking(
  p_idempotency_key text,
  p_event_id uuid,
  p_guests integer,
  p_name text,
  p_email text,
  p_phone text default null,
  p_pricing text default 'ticket',
  p_ticket_type text default null,
  p_rsvp_slot_id uuid default null,
  p_time_slot text default null,
  p_promo_code text default null,
  p_unit_price_cents integer default null,
  p_max_guests integer default 10,
  p_org_slug text default null,
  p_dietary_restrictions text default null,
  p_special_requests text default null,
  p_expected_total_cents integer default null,
  p_has_payment_token boolean default null,
  p_payment_source text default null,
  p_slot_cap integer default null,
  p_payment_provider text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_existing public.reservations;
  v_quote jsonb;
  v_total integer;
  v_row public.reservations;
  v_detail_text text;
  v_detail jsonb;
  v_available integer;
  v_message text;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 45 then
    raise exception 'The idempotency key must be 1 to 45 characters' using errcode = 'P0001';
  end if;

  -- Requests with one key run one at a time; a retry finds the first booking.
  perform pg_advisory_xact_lock(hashtextextended('supperhost.booking:' || p_idempotency_key, 0));
  select * into v_existing from public.reservations r where r.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.event_id <> p_event_id
       or v_existing.num_guests <> p_guests
       or lower(v_existing.email) <> lower(btrim(coalesce(p_email, ''))) then
      raise exception 'This checkout was already used for a different booking. Please refresh the page and try again.'
        using errcode = 'SH409';
    end if;
    -- A hold made for the guest (a waitlist offer) is paid with the first card token sent
    -- for it: 'charging' goes on record before the processor is called, as for any hold.
    if v_existing.status = 'held' and v_existing.amount_cents > 0 and p_payment_source is not null
       and not exists (select 1 from public.payment_ledger l where l.reservation_id = v_existing.id and l.kind = 'charge') then
      insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
      values (v_existing.id, v_existing.org_id, 'charge', 'charging', v_existing.amount_cents, v_existing.num_guests,
              p_payment_provider, p_idempotency_key, 'guest');
      insert into public.booking_events (reservation_id, kind, detail)
      values (v_existing.id, 'held', jsonb_build_object('payment_source', p_payment_source, 'claimed', true));
    end if;
    return public.booking_summary(v_existing, true);
  end if;

  -- Sold out is answered from committed state, before queueing for the event
  -- lock: a refusal in a rush does not wait behind every hold in flight. The
  -- unlocked evaluation counts stale holds as free, so it only refuses what the
  -- locked one below would refuse too (without the promo code: that is checked,
  -- once, under the lock).
  -- The unlocked evaluation runs only when a cheap read says the booking might be refused.
  if public.booking_may_be_refused(p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_slot_cap) then
    perform public.booking_evaluate(
      p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
      null, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, false);
  end if;

  v_quote := public.booking_evaluate(
    p_event_id, p_guests, p_pricing, p_ticket_type, p_rsvp_slot_id, p_time_slot,
    p_promo_code, p_unit_price_cents, p_max_guests, p_org_slug, p_slot_cap, true);
  v_total := (v_quote ->> 'total_cents')::integer;

  if p_expected_total_cents is not null and p_expected_total_cents <> v_total then
    raise exception 'The amount has changed. Please review your order and try again.'
      using errcode = 'P0001',
            detail = jsonb_build_object('expected_cents', p_expected_total_cents, 'total_cents', v_total)::text;
  end if;
  if p_has_payment_token is true and v_total = 0 then
    raise exception 'This booking is free: no card payment is needed. Please submit it without card details.'
      using errcode = 'P0001';
  end if;
  if p_has_payment_token is false and v_total > 0 then
    raise exception 'Card details are required to pay % for this booking.', public.booking_money(v_total)
      using errcode = 'P0001';
  end if;

  begin
    insert into public.reservations (
      org_id, event_id, ticket_type_id, rsvp_slot_id, promo_code_id,
      name, email, phone, num_guests, time_slot, dietary_restrictions, special_requests,
      status, amount_cents, discount_cents, idempotency_key, hold_expires_at,
      refund_window_hours, late_refund_percent
    ) values (
      (v_quote ->> 'org_id')::uuid,
      p_event_id,
      (v_quote ->> 'ticket_type_id')::uuid,
      (v_quote ->> 'rsvp_slot_id')::uuid,
      (v_quote -> 'promo' ->> 'id')::uuid,
      btrim(p_name),
      btrim(p_email),
      nullif(btrim(coalesce(p_phone, '')), ''),
      p_guests,
      v_quote ->> 'time_slot',
      nullif(btrim(coalesce(p_dietary_restrictions, '')), ''),
      nullif(btrim(coalesce(p_special_requests, '')), ''),
      'held',
      v_total,
      (v_quote ->> 'discount_cents')::integer,
      p_idempotency_key,
      now() + interval '15 minutes',
      (select e.refund_window_hours from public.events e where e.id = p_event_id),
      coalesce((select e.late_refund_percent from public.events e where e.id = p_event_id), 0)
    )
    returning * into v_row;
  exception when sqlstate 'SH409' then
    -- The triggers refused (e.g. an admin changed a quantity since the check
    -- above): say it the way the booking pages do.
    get stacked diagnostics v_message = message_text, v_detail_text = pg_exception_detail;
    begin
      v_detail := nullif(v_detail_text, '')::jsonb;
      v_available := greatest(coalesce((v_detail ->> 'available')::integer, 0), 0);
    exception when others then
      v_detail := null;
      v_available := 0;
    end;
    if v_detail ->> 'kind' = 'ticket_type' then
      v_message := format('Only %s tickets available for %s.', v_available, v_quote ->> 'ticket_type_name');
    elsif v_detail ->> 'kind' = 'rsvp_slot' and p_pricing = 'fixed' then
      v_message := format('Not enough tickets for %s at %s (%s left). Please select another date or reduce tickets.',
        to_char((v_quote ->> 'event_date')::date, 'FMDay, FMMonth FMDD, YYYY'), v_quote ->> 'time_slot', v_available);
    elsif v_detail ->> 'kind' = 'rsvp_slot' then
      v_message := format('Only %s spots left in the %s time slot. Please select another time or fewer guests.', v_available, v_quote ->> 'time_slot');
    elsif v_detail ->> 'kind' = 'event' then
      v_message := format('Only %s %s left for this event.', v_available, case when v_available = 1 then 'seat' else 'seats' end);
    end if;
    raise exception '%', v_message using errcode = 'SH409';
  end;

  insert into public.booking_events (reservation_id, kind, detail)
  values (v_row.id, 'held', jsonb_build_object(
    'total_cents', v_total,
    'subtotal_cents', (v_quote ->> 'subtotal_cents')::integer,
    'discount_cents', (v_quote ->> 'discount_cents')::integer,
    'unit_price_cents', (v_quote ->> 'unit_price_cents')::integer,
    'pricing', p_pricing,
    'promo', v_quote -> 'promo',
    'payment_source', p_payment_source));

  -- 'charging' is on record before the processor is called: if the caller dies
  -- between the charge and the confirmation, reconcile-payments finds it.
  if v_total > 0 and p_has_payment_token is not false and p_payment_source is not null then
    insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor)
    values (v_row.id, v_row.org_id, 'charge', 'charging', v_total, p_guests, p_payment_provider, p_idempotency_key, 'guest');
  end if;

  return public.booking_summary(v_row, false);
end;
$$;
