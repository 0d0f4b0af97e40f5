-- =============================================================================
-- The outbox claim reads a batch, not the backlog (issue 13)
--
-- claim_outbox_batch (20261123005000_email_delivery.sql) picked its messages with
--   where status = 'pending' or (status = 'sending' and claimed_at < now() - 10 min)
--   order by created_at, id limit n
-- An OR of two statuses cannot be read in order from the (status, created_at)
-- index, so PostgreSQL fetched EVERY pending message (a bitmap scan), sorted them
-- all and kept n: each claim cost in proportion to the backlog. Measured here with
-- 10,055 messages pending: 15.5 ms per claim of 10; in the drop benchmark's email
-- step (1,000 confirmations sent in runs of 10, about 9,000 waiting) the delivery
-- of one email cost 2.04 ms of PostgreSQL CPU (docs/BENCHMARKS.md).
--
-- Now each status is read on its own, in index order, stopping after n rows (an
-- ordered index scan also marks dead entries, so later claims skip them): the
-- oldest n pending and the oldest n abandoned claims, of which the oldest n
-- overall are taken. Same messages, same order, same locking (skip locked): a
-- batch costs the same whatever waits behind it. With 10,055 pending: 1.3 ms.
-- A claim of given messages (p_ids) reads them by id.
--
-- The pending messages get an index of their own, in claim order (only pending
-- rows are in it, so it stays small; a message leaves it when claimed), and the
-- function turns bitmap scans off for itself: with statistics from before a burst
-- of bookings ("no message is pending"), PostgreSQL would otherwise still pick the
-- read-everything-and-sort plan for the hundreds that are. Checked with EXPLAIN on
-- a table never analyzed (estimate: 4 rows) and on an analyzed one: the ordered
-- index read with its limit both times.
--
-- Rows of the two reads that are not taken stay locked until the claim commits
-- (at most n abandoned claims, which are rare): another sender skips them for
-- those milliseconds and takes them in its next batch.
-- =============================================================================

create index if not exists email_outbox_pending_idx
  on public.email_outbox (created_at, id)
  where status = 'pending';

create or replace function public.claim_outbox_batch(p_limit integer default 20, p_ids uuid[] default null)
returns setof public.email_outbox
language plpgsql
volatile
security definer
set search_path = ''
set enable_bitmapscan = off
as $$
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
