-- =============================================================================
-- Promo codes: the codes, their rules, their use count and the throttle on guessing.
--
-- A code belongs to one organization and is unique there regardless of case.
-- times_redeemed only moves when a reservation using the code is confirmed
-- (reservation triggers), and never past max_uses.
-- Members read their codes, add codes and switch `active`; nothing else.
-- =============================================================================

-- A discount code of one organization, unique there regardless of case.
create table public.promo_codes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  code text not null check (char_length(btrim(code)) between 1 and 40 and code !~ '\s'),
  discount_type text not null check (discount_type in ('percent', 'fixed')),
  discount_amount integer not null check (discount_amount >= 0),
  times_redeemed integer not null default 0 check (times_redeemed >= 0),
  max_uses integer check (max_uses >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  starts_at timestamptz,
  ends_at timestamptz,
  event_ids uuid[],
  constraint promo_codes_percent_at_most_100
    check (discount_type <> 'percent' or discount_amount <= 100),
  constraint promo_codes_redeemed_within_max_uses
    check (max_uses is null or times_redeemed <= max_uses),
  unique (id, org_id),
  constraint promo_codes_window_order check (starts_at is null or ends_at is null or starts_at < ends_at),
  constraint promo_codes_event_ids_not_empty check (event_ids is null or cardinality(event_ids) > 0)
);

comment on column public.promo_codes.discount_amount is 'A percentage (0..100) for percent codes, cents for fixed codes.';

comment on column public.promo_codes.max_uses is 'Null means unlimited.';

comment on column public.promo_codes.event_ids is 'When set, the code applies only to these events.';

create unique index promo_codes_org_id_code_key on public.promo_codes (org_id, lower(code));

alter table public.promo_codes enable row level security;

grant select on public.promo_codes to authenticated;
grant insert (org_id, code, discount_type, discount_amount, max_uses, active, starts_at, ends_at, event_ids) on public.promo_codes to authenticated;
grant update (code, discount_type, discount_amount, max_uses, active, starts_at, ends_at, event_ids) on public.promo_codes to authenticated;

-- What members may write is what the column grants above allow (no delete).
create policy "Members manage the promo codes of their organizations"
  on public.promo_codes for all
  to authenticated
  using (public.is_org_member(org_id));

-- Promo code guessing: throttled per client and per event
--
-- Every refused code answers the same 'Invalid promo code' (unknown, inactive
-- and used-up codes look alike). Refusals are counted per event, and per client
-- of that event: the edge functions record each one (record_promo_miss) and
-- pass the guest's address in the request header x-supperhost-client, which
-- PostgREST exposes as request.headers. Past the limits, a code is not even
-- looked at: SH429 with the seconds to wait in its detail (HTTP 429 with
-- Retry-After).
create table public.promo_code_misses (
  id bigint generated always as identity primary key,
  event_id uuid not null references public.events (id) on delete cascade,
  client_key text not null check (char_length(client_key) between 1 and 200),
  created_at timestamptz not null default now()
);

comment on table public.promo_code_misses is
  'Refused promo code attempts (a sliding window for throttling guesses); rows older than the window are deleted as new ones arrive.';

create index promo_code_misses_event_client_idx on public.promo_code_misses (event_id, client_key, created_at);

create index promo_code_misses_event_idx on public.promo_code_misses (event_id, created_at);

alter table public.promo_code_misses enable row level security;

-- The limits, in one place: misses within the window per client of an event,
-- and per event from all clients.
create or replace function public.promo_throttle_limits()
returns table (window_seconds integer, per_client integer, per_event integer)
language sql immutable parallel safe set search_path = '' as $$ select 900, 10, 200 $$;

-- The caller's client key: the guest's address as the edge function passed it.
create or replace function public.request_client_key() returns text
language sql stable set search_path = '' as $$
  select left(coalesce(
    nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> 'x-supperhost-client'), ''),
    'unknown'), 200);
$$;

-- Refuses (SH429) while the caller or the event is over its limit.
create or replace function public.assert_promo_attempts_allowed(p_event_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_limits record;
  v_client text := public.request_client_key();
  v_oldest timestamptz;
  v_wait integer;
begin
  select * into v_limits from public.promo_throttle_limits();
  select min(t.created_at) into v_oldest
  from (
    select m.created_at
    from public.promo_code_misses m
    where m.event_id = p_event_id and m.client_key = v_client
      and m.created_at > now() - make_interval(secs => v_limits.window_seconds)
    order by m.created_at desc
    limit v_limits.per_client
  ) t
  having count(*) >= v_limits.per_client;
  if v_oldest is null then
    select min(t.created_at) into v_oldest
    from (
      select m.created_at
      from public.promo_code_misses m
      where m.event_id = p_event_id
        and m.created_at > now() - make_interval(secs => v_limits.window_seconds)
      order by m.created_at desc
      limit v_limits.per_event
    ) t
    having count(*) >= v_limits.per_event;
  end if;
  if v_oldest is not null then
    v_wait := greatest(1, ceil(extract(epoch from (v_oldest + make_interval(secs => v_limits.window_seconds) - now())))::integer);
    raise exception 'Too many promo code attempts. Please try again in % minute%.',
        ceil(v_wait / 60.0)::integer, case when ceil(v_wait / 60.0) = 1 then '' else 's' end
      using errcode = 'SH429', detail = jsonb_build_object('kind', 'promo_throttle', 'retry_after', v_wait)::text;
  end if;
end;
$$;

-- Records one refused code for the caller (called by the edge functions).
create or replace function public.record_promo_miss(p_event_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.promo_code_misses m
  where m.event_id = p_event_id
    and m.created_at < now() - make_interval(secs => (select window_seconds from public.promo_throttle_limits()));
  insert into public.promo_code_misses (event_id, client_key)
  select e.id, public.request_client_key() from public.events e where e.id = p_event_id;
$$;

-- What members may change on a code (not what bookings count), and that its rules stay coherent.
create or replace function public.check_promo_code_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.max_uses is not null and new.max_uses < new.times_redeemed
     and (tg_op = 'INSERT' or new.max_uses is distinct from old.max_uses) then
    raise exception 'This code was already used % times: max uses cannot be lower than that', new.times_redeemed using errcode = '22023';
  end if;
  if new.event_ids is not null and exists (
    select 1 from unnest(new.event_ids) as wanted(event_id)
    where not exists (select 1 from public.events e where e.id = wanted.event_id and e.org_id = new.org_id)) then
    raise exception 'A promo code can only be limited to events of its own organization' using errcode = '22023';
  end if;
  return new;
end;
$$;

-- Checks each change of a promo code (check_promo_code_rules).
create trigger promo_codes_check_rules
  before insert or update on public.promo_codes
  for each row execute function public.check_promo_code_rules();

-- Whether a code may be used for an event now (booking_evaluate refuses it
-- like an unknown code otherwise).
create or replace function public.promo_applies(p public.promo_codes, p_event_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select (p.starts_at is null or now() >= p.starts_at)
     and (p.ends_at is null or now() < p.ends_at)
     and (p.event_ids is null or p_event_id = any (p.event_ids));
$$;

grant execute on function public.promo_applies(public.promo_codes, uuid) to anon, authenticated;
