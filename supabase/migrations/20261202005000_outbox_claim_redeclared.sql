-- claim_outbox_batch as 20261201000200_outbox_claim_by_index.sql now declares it: that file was
-- edited after it had landed (the claim reads its ids first, then one update claims them), so a
-- database that ran the earlier text keeps the earlier body, which `db push` never replaces.
-- Declaring it again brings every database to the same function; the behaviour is the same.
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
