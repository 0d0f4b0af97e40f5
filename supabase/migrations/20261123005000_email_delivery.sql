-- =============================================================================
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
-- =============================================================================

alter table public.email_outbox
  add column claimed_at timestamptz,
  add column claim_token uuid;

comment on column public.email_outbox.claimed_at is
  'When a sender (supabase/functions/_shared/outbox.ts) last claimed the message.';
comment on column public.email_outbox.claim_token is
  'The current claim (status sending); only its holder may record the outcome.';

alter table public.email_outbox drop constraint email_outbox_status_check;
alter table public.email_outbox
  add constraint email_outbox_status_check check (status in ('pending', 'sending', 'sent', 'failed'));

-- -----------------------------------------------------------------------------
-- claim_outbox_batch
-- -----------------------------------------------------------------------------

create or replace function public.claim_outbox_batch(p_limit integer default 20, p_ids uuid[] default null)
returns setof public.email_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

  return query
  with picked as (
    select o.id
      from public.email_outbox o
     where (o.status = 'pending' or (o.status = 'sending' and o.claimed_at < now() - interval '10 minutes'))
       and (p_ids is null or o.id = any (p_ids))
     order by o.created_at, o.id
     limit p_limit
     for update skip locked
  )
  update public.email_outbox o
     set status = 'sending',
         attempts = o.attempts + 1,
         claimed_at = now(),
         claim_token = gen_random_uuid()
    from picked
   where o.id = picked.id
  returning o.*;
end;
$$;

-- -----------------------------------------------------------------------------
-- finish_outbox_send
-- -----------------------------------------------------------------------------

-- Outcomes: 'sent'; 'failed' (back to pending for a retry, failed for good
-- after 5 attempts); 'released' (handed back unsent, no attempt counted);
-- 'rejected' (failed for good at once: the sender refuses a message whose
-- header fields hold a line break or another control character, which no
-- retry can fix).
create or replace function public.finish_outbox_send(
  p_id uuid,
  p_claim_token uuid,
  p_outcome text,
  p_error text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  if p_outcome is null or p_outcome not in ('sent', 'failed', 'released', 'rejected') then
    raise exception 'p_outcome must be sent, failed, released or rejected' using errcode = 'P0001';
  end if;
  if p_outcome in ('failed', 'rejected') and nullif(btrim(p_error), '') is null then
    raise exception 'a failed or rejected send needs its error' using errcode = 'P0001';
  end if;

  update public.email_outbox o
     set status = case
           when p_outcome = 'sent' then 'sent'
           when p_outcome = 'rejected' then 'failed'
           when p_outcome = 'released' or o.attempts < 5 then 'pending'
           else 'failed'
         end,
         sent_at = case when p_outcome = 'sent' then now() else o.sent_at end,
         error = case
           when p_outcome = 'sent' then null
           when p_error is not null then left(p_error, 2000)
           else o.error
         end,
         attempts = case when p_outcome = 'released' then greatest(o.attempts - 1, 0) else o.attempts end,
         claim_token = null
   where o.id = p_id
     and o.status = 'sending'
     and o.claim_token = p_claim_token
  returning o.status into v_status;

  return v_status;
end;
$$;

-- -----------------------------------------------------------------------------
-- Grants: the service role only
-- -----------------------------------------------------------------------------

revoke execute on function
  public.claim_outbox_batch(integer, uuid[]),
  public.finish_outbox_send(uuid, uuid, text, text)
from public, anon, authenticated;

grant execute on function
  public.claim_outbox_batch(integer, uuid[]),
  public.finish_outbox_send(uuid, uuid, text, text)
to service_role;
