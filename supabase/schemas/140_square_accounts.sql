-- Square per organization: each organization is paid into its own Square account.
--
-- An organization connects its Square account with Square's OAuth code flow
-- (functions square-oauth-start and square-oauth-callback), then picks one of the
-- account's locations. Its charges, refunds, lookups and reconciliation use that
-- account's access token and location. Only an organization the platform runs
-- (organizations.platform_payments, set by the super admin) is charged with the platform's own
-- account (the SQUARE_ACCESS_TOKEN secret); any other without a connected account takes no card
-- payments, and cannot be published while an active event would charge cards. Each charge
-- records the account that took it (payment_ledger.square_merchant_id, square_location_id): its
-- refunds, lookups and reconciliation go to that account, never to one connected since. The
-- platform may take a fee per organization (Square app_fee_money), recorded on the ledger
-- (payment_ledger.app_fee_cents); its rate (org_platform_fees) is read by owners only.
--
--   can_manage_payments(org, user)      who may connect, choose and disconnect
--                                       (045_taxes_and_service_charges.sql)
--   square_accounts                     the connection; its tokens are AES-GCM ciphertexts
--                                       (key: the SQUARE_TOKEN_KEY function secret) that
--                                       only the service role reads
--   square_oauth_states                 one authorization attempt: the state's SHA-256,
--                                       bound to the organization and the user, single use,
--                                       10 minutes
--   org_platform_fees                   the platform fee (basis points), set by the super admin
--   super_admin_set_platform_payments   whether an organization is one the platform runs (paid
--                                       into the platform's account)
--   staff_square_account / staff_square_locations / staff_choose_square_location
--                                       what the admin's Payments screen reads and does
--   square_account_for(...)             the account a new charge uses, or the one that took
--                                       a recorded charge (its refunds, lookups) (service role)
--   org_card_payments(org)              an active event that charges cards, and whether the
--                                       organization can take card payments
--   apply_merchant_square_webhook(...)  a webhook applied only when its merchant took the charge

-- An organization's own Square account.
create table public.square_accounts (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  merchant_id text not null check (char_length(merchant_id) between 1 and 200),
  -- 'v1.<iv>.<ciphertext>' (base64url), AES-256-GCM: never the token itself.
  access_token_ciphertext text not null check (char_length(access_token_ciphertext) <= 4000),
  refresh_token_ciphertext text not null check (char_length(refresh_token_ciphertext) <= 4000),
  access_token_expires_at timestamptz not null,
  -- The permissions the seller granted (those asked for at the start).
  scopes text[] not null default '{}',
  -- The account's locations as ListLocations answered: [{ id, name, currency, status }].
  locations jsonb not null default '[]'::jsonb check (jsonb_typeof(locations) = 'array'),
  -- The location the organization's guests pay at; none chosen yet: no card payments.
  location_id text check (char_length(location_id) <= 200),
  connected_by uuid references auth.users (id) on delete set null,
  connected_at timestamptz not null default now(),
  refreshed_at timestamptz,
  -- The last failed token refresh (cleared by a good one).
  refresh_error text check (char_length(refresh_error) <= 500),
  updated_at timestamptz not null default now(),
  -- One Square account pays one organization: its webhooks name it by merchant_id.
  constraint square_accounts_merchant_key unique (merchant_id)
);

comment on table public.square_accounts is
  'An organization''s own Square account (OAuth). Tokens are encrypted; only the service role reads this table.';

create trigger square_accounts_updated_at
before update on public.square_accounts
for each row execute function public.set_updated_at();

alter table public.square_accounts enable row level security;

-- One authorization attempt of the OAuth code flow.
create table public.square_oauth_states (
  -- SHA-256 (hex) of the state sent to Square: the state itself is never stored.
  state_hash text primary key check (state_hash ~ '^[0-9a-f]{64}$'),
  org_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  scopes text[] not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.square_oauth_states is
  'Square OAuth states: single use, short-lived, bound to an organization and the user who started.';

create index square_oauth_states_org_idx on public.square_oauth_states (org_id, created_at);

alter table public.square_oauth_states enable row level security;

-- The platform's fee on an organization's card payments.
create table public.org_platform_fees (
  org_id uuid primary key references public.organizations (id) on delete cascade,
  -- Basis points of each charge (250 = 2.5 %); Square allows at most 90 %.
  fee_bps integer not null check (fee_bps between 0 and 9000),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);

comment on table public.org_platform_fees is
  'The platform fee per organization (basis points), sent as Square app_fee_money; set by the super admin only.';

alter table public.org_platform_fees enable row level security;

grant select on public.org_platform_fees to authenticated;

create policy "Owners read their organization's platform fee"
on public.org_platform_fees
for select
to authenticated
using ((select public.can_manage_payments(org_id)));

-- A charge's fee and account are those of the request sent to Square (stored by note_charge,
-- before it is sent): its location, and the organization's own account at that location
-- (Square location ids are unique across sellers), else none: the platform's account.
create or replace function public.payment_ledger_charge_app_fee() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.kind = 'charge' and new.processor_request is not null then
    new.app_fee_cents := (new.processor_request -> 'app_fee_money' ->> 'amount')::integer;
    if new.provider = 'square' and new.square_location_id is null then
      new.square_location_id := new.processor_request ->> 'location_id';
      new.square_merchant_id := (select a.merchant_id from public.square_accounts a
                                 where a.org_id = new.org_id and a.location_id = new.square_location_id);
    end if;
  end if;
  return new;
end;
$$;

create trigger payment_ledger_charge_app_fee
before insert or update of processor_request on public.payment_ledger
for each row execute function public.payment_ledger_charge_app_fee();

-- The super admin sets an organization's platform fee (basis points; 0 removes it).
create or replace function public.super_admin_set_platform_fee(p_org_id uuid, p_fee_bps integer)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.assert_super_admin('Only the SupperHost team can set platform fees');
  if p_fee_bps is null or p_fee_bps < 0 or p_fee_bps > 9000 then
    raise exception 'The platform fee must be between 0%% and 90%%' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.organizations o where o.id = p_org_id) then
    raise exception 'This organization does not exist' using errcode = 'SH404';
  end if;
  insert into public.org_platform_fees (org_id, fee_bps, updated_by)
  values (p_org_id, p_fee_bps, (select auth.uid()))
  on conflict (org_id) do update set fee_bps = excluded.fee_bps, updated_by = excluded.updated_by, updated_at = now();
  return p_fee_bps;
end;
$$;

grant execute on function public.super_admin_set_platform_fee(uuid, integer) to authenticated;

-- The super admin says whether the platform runs an organization: its guests then pay into the
-- platform's own Square account when it has none of its own (organizations.platform_payments).
create or replace function public.super_admin_set_platform_payments(p_org_id uuid, p_platform_payments boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.assert_super_admin('Only the SupperHost team can say which organizations it runs');
  if p_platform_payments is null then
    raise exception 'Say whether the platform''s account takes this organization''s payments' using errcode = 'P0001';
  end if;
  update public.organizations o set platform_payments = p_platform_payments where o.id = p_org_id;
  if not found then
    raise exception 'This organization does not exist' using errcode = 'SH404';
  end if;
  return p_platform_payments;
end;
$$;

grant execute on function public.super_admin_set_platform_payments(uuid, boolean) to authenticated;

-- Starts an authorization (square-oauth-start, as the caller): records the state's hash
-- bound to the organization and the caller. At most 20 attempts per organization an hour.
create or replace function public.begin_square_oauth(p_org_id uuid, p_state_hash text, p_scopes text[])
returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_expires timestamptz := now() + interval '10 minutes';
begin
  perform public.assert_owner(p_org_id, 'Only the organization''s owners can connect its Square account');
  if (select count(*) from public.square_oauth_states s where s.org_id = p_org_id and s.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'Too many attempts to connect Square in the last hour: try again later' using errcode = 'SH429';
  end if;
  delete from public.square_oauth_states s where s.expires_at < now() - interval '1 day';
  insert into public.square_oauth_states (state_hash, org_id, user_id, scopes, expires_at)
  values (p_state_hash, p_org_id, (select auth.uid()), p_scopes, v_expires);
  return v_expires;
end;
$$;

grant execute on function public.begin_square_oauth(uuid, text, text[]) to authenticated;

-- Uses up a state (square-oauth-callback): answers its organization, user and scopes, or
-- refuses one that is unknown (tampered), used (replayed) or expired, or whose user may
-- no longer manage the organization's payments.
create or replace function public.consume_square_oauth_state(p_state_hash text)
returns table (org_id uuid, user_id uuid, scopes text[])
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_state public.square_oauth_states;
begin
  update public.square_oauth_states s set used_at = now()
  where s.state_hash = p_state_hash and s.used_at is null
  returning * into v_state;
  if v_state.state_hash is null then
    raise exception 'This Square connection link is not valid or was already used. Start again from Payments.' using errcode = 'SH403';
  end if;
  if v_state.expires_at < now() then
    raise exception 'This Square connection link expired. Start again from Payments.' using errcode = 'SH403';
  end if;
  if not public.can_manage_payments(v_state.org_id, v_state.user_id) then
    raise exception 'Only the organization''s owners can connect its Square account' using errcode = 'SH403';
  end if;
  return query select v_state.org_id, v_state.user_id, v_state.scopes;
end;
$$;

-- Stores a connection (square-oauth-callback): a new account replaces the organization's
-- earlier one and its chosen location; an account already paying another organization is refused.
create or replace function public.save_square_account(
  p_org_id uuid,
  p_user_id uuid,
  p_merchant_id text,
  p_access_token_ciphertext text,
  p_refresh_token_ciphertext text,
  p_expires_at timestamptz,
  p_scopes text[],
  p_locations jsonb
)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if exists (select 1 from public.square_accounts a where a.merchant_id = p_merchant_id and a.org_id <> p_org_id) then
    raise exception 'This Square account already takes the payments of another organization on SupperHost.' using errcode = 'SH409';
  end if;
  insert into public.square_accounts as a (
    org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext, access_token_expires_at, scopes, locations, location_id, connected_by
  )
  values (p_org_id, p_merchant_id, p_access_token_ciphertext, p_refresh_token_ciphertext, p_expires_at, p_scopes, p_locations, null, p_user_id)
  on conflict (org_id) do update set
    merchant_id = excluded.merchant_id,
    access_token_ciphertext = excluded.access_token_ciphertext,
    refresh_token_ciphertext = excluded.refresh_token_ciphertext,
    access_token_expires_at = excluded.access_token_expires_at,
    scopes = excluded.scopes,
    locations = excluded.locations,
    -- The same account keeps its location if it still has it.
    location_id = case
      when a.merchant_id = excluded.merchant_id
        and exists (select 1 from jsonb_array_elements(excluded.locations) l where l ->> 'id' = a.location_id)
      then a.location_id end,
    connected_by = excluded.connected_by,
    connected_at = now(),
    refreshed_at = null,
    refresh_error = null;
end;
$$;

-- What the admin's Payments screen shows (members read it; never a token). platform_payments:
-- without an account of its own, the organization's guests pay into the platform's.
create or replace function public.staff_square_account(p_org_id uuid)
returns table (
  connected boolean,
  platform_payments boolean,
  merchant_id text,
  location_id text,
  location_name text,
  connected_at timestamptz,
  access_token_expires_at timestamptz,
  refresh_error text,
  platform_fee_bps integer,
  fee_permission boolean,
  can_manage boolean
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_member(p_org_id, 'You can only see the payments of your own organization');
  return query
  select a.org_id is not null,
         o.platform_payments,
         a.merchant_id,
         a.location_id,
         (select l ->> 'name' from jsonb_array_elements(a.locations) l where l ->> 'id' = a.location_id limit 1),
         a.connected_at,
         a.access_token_expires_at,
         a.refresh_error,
         -- The platform fee is the owners' business.
         case when public.can_manage_payments(p_org_id) then coalesce(f.fee_bps, 0) end,
         coalesce('PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS' = any (a.scopes), false),
         public.can_manage_payments(p_org_id)
  from public.organizations o
  left join public.square_accounts a on a.org_id = o.id
  left join public.org_platform_fees f on f.org_id = o.id
  where o.id = p_org_id;
end;
$$;

grant execute on function public.staff_square_account(uuid) to authenticated;

-- The connected account's locations, as ListLocations answered at the connection.
create or replace function public.staff_square_locations(p_org_id uuid)
returns table (id text, name text, currency text, status text, chosen boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_member(p_org_id, 'You can only see the payments of your own organization');
  return query
  select l ->> 'id', l ->> 'name', l ->> 'currency', l ->> 'status', coalesce((l ->> 'id') = a.location_id, false)
  from public.square_accounts a, jsonb_array_elements(a.locations) l
  where a.org_id = p_org_id
  order by l ->> 'name', l ->> 'id';
end;
$$;

grant execute on function public.staff_square_locations(uuid) to authenticated;

-- The owner picks the location guests pay at: an active location of the connected
-- account that takes US dollars (SupperHost prices are USD).
create or replace function public.staff_choose_square_location(p_org_id uuid, p_location_id text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_account public.square_accounts;
  v_location jsonb;
begin
  perform public.assert_owner(p_org_id, 'Only the organization''s owners can change its payments');
  select * into v_account from public.square_accounts a where a.org_id = p_org_id for update;
  if v_account.org_id is null then
    raise exception 'Connect Square first' using errcode = 'SH409';
  end if;
  select l into v_location from jsonb_array_elements(v_account.locations) l where l ->> 'id' = p_location_id;
  if v_location is null then
    raise exception 'This location is not one of the connected Square account''s' using errcode = 'SH404';
  end if;
  if coalesce(v_location ->> 'currency', '') <> 'USD' then
    raise exception 'The location % takes payments in %. SupperHost charges in US dollars: choose a location whose currency is USD.',
      v_location ->> 'name', coalesce(v_location ->> 'currency', 'an unknown currency') using errcode = 'P0001';
  end if;
  if coalesce(v_location ->> 'status', 'ACTIVE') <> 'ACTIVE' then
    raise exception 'The location % is not active in Square.', v_location ->> 'name' using errcode = 'P0001';
  end if;
  update public.square_accounts a set location_id = p_location_id where a.org_id = p_org_id;
  return p_location_id;
end;
$$;

grant execute on function public.staff_choose_square_location(uuid, text) to authenticated;

-- The Square account a payment of an organization uses (service role): the organization of
-- the event, the reservation or the ledger row given. account:
--   'own'       its own account (the token; the location a new charge is made at);
--   'platform'  the platform's account (SQUARE_ACCESS_TOKEN);
--   'none'      neither: no card payments (not connected, not platform_payments);
--   'gone'      the account that took the charge is no longer stored (disconnected, or
--               replaced by another): nothing can be sent for it until it is connected again.
-- With a ledger row (a charge, or a refund: the charge it refunds), the account is the one
-- that took that charge (payment_ledger.square_merchant_id), whatever is connected now; a charge
-- recorded before accounts were recorded uses the current one. With a refund, also the charge's
-- amount and fee (a refund gives the fee back in proportion).
create or replace function public.square_account_for(
  p_org_id uuid default null,
  p_event_id uuid default null,
  p_reservation_id uuid default null,
  p_ledger_id bigint default null
)
returns table (
  org_id uuid,
  account text,
  merchant_id text,
  access_token_ciphertext text,
  refresh_token_ciphertext text,
  access_token_expires_at timestamptz,
  location_id text,
  fee_bps integer,
  fee_permission boolean,
  charge_merchant_id text,
  charge_amount_cents integer,
  charge_app_fee_cents integer,
  refund_app_fee_cents integer
)
language sql stable security definer set search_path = '' as $$
  with target as (
    select coalesce(
             p_org_id,
             (select e.org_id from public.events e where e.id = p_event_id),
             (select r.org_id from public.reservations r where r.id = p_reservation_id),
             (select l.org_id from public.payment_ledger l where l.id = p_ledger_id)
           ) as org_id
  ),
  entry as (
    select l.* from public.payment_ledger l where l.id = p_ledger_id
  ),
  refund as (
    select l.* from entry l where l.kind = 'refund'
  ),
  charge as (
    select c.amount_cents, c.app_fee_cents, c.square_location_id, c.square_merchant_id
    from entry e
    join public.payment_ledger c
      on c.reservation_id = e.reservation_id and c.kind = 'charge'
     and (c.id = e.id or (e.kind = 'refund' and c.provider_payment_id = e.provider_payment_id))
    order by c.id
    limit 1
  ),
  chosen as (
    select t.org_id, a.merchant_id, a.access_token_ciphertext, a.refresh_token_ciphertext, a.access_token_expires_at,
           a.location_id, a.scopes, f.fee_bps as platform_fee_bps, c.square_location_id as took_location, c.square_merchant_id as took_merchant,
           case
             -- A charge that records its account: that one, or none if it is no longer stored.
             when c.square_location_id is not null and c.square_merchant_id is null then 'platform'
             when c.square_location_id is not null then case when a.merchant_id = c.square_merchant_id then 'own' else 'gone' end
             when a.org_id is not null then 'own'
             when o.platform_payments then 'platform'
             else 'none'
           end as account
    from target t
    join public.organizations o on o.id = t.org_id
    left join charge c on true
    left join public.square_accounts a on a.org_id = t.org_id
    left join public.org_platform_fees f on f.org_id = t.org_id
  )
  select x.org_id,
         x.account,
         case when x.account = 'own' then x.merchant_id end,
         case when x.account = 'own' then x.access_token_ciphertext end,
         case when x.account = 'own' then x.refresh_token_ciphertext end,
         case when x.account = 'own' then x.access_token_expires_at end,
         case when x.account = 'own' then coalesce(x.took_location, x.location_id) end,
         coalesce(x.platform_fee_bps, 0),
         coalesce(x.account = 'own' and 'PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS' = any (x.scopes), false),
         x.took_merchant,
         (select c.amount_cents from charge c),
         (select c.app_fee_cents from charge c),
         (select r.app_fee_cents from refund r)
  from chosen x;
$$;

-- An organization's card payments (service role, and the onboarding functions): the title of
-- an active event that would charge cards (tickets or seatings with a price above 0, an RSVP
-- with a deposit above 0; null if none), and whether the organization can take them (its own
-- account with a location chosen, or platform_payments).
create or replace function public.org_card_payments(p_org_id uuid)
returns table (card_event text, ready boolean)
language sql stable security definer set search_path = '' as $$
  select (select e.title from public.events e
          where e.org_id = o.id and e.is_active
            and case e.kind
                  when 'rsvp' then coalesce(e.deposit_amount, 0) > 0
                  when 'seatings' then coalesce(e.seat_price_cents, 0) > 0
                  else exists (select 1 from public.ticket_types t where t.event_id = e.id and t.price > 0)
                end
          order by e.date, e.title
          limit 1),
         o.platform_payments
           or exists (select 1 from public.square_accounts a where a.org_id = o.id and a.location_id is not null)
  from public.organizations o
  where o.id = p_org_id;
$$;

-- A refund's share of the fee, stored before it is sent: the first one stays, so a retry
-- sends the same RefundPayment. Answers the share to send.
create or replace function public.note_refund_app_fee(p_ledger_id bigint, p_app_fee_cents integer)
returns integer
language sql volatile security definer set search_path = '' as $$
  update public.payment_ledger l
  set app_fee_cents = coalesce(l.app_fee_cents, p_app_fee_cents)
  where l.id = p_ledger_id and l.kind = 'refund'
  returning l.app_fee_cents;
$$;

-- Connected accounts whose access token expires within p_within (the reconciler renews them);
-- only one organization's with p_org_id.
create or replace function public.square_accounts_to_refresh(p_within interval, p_org_id uuid default null)
returns table (org_id uuid, refresh_token_ciphertext text, access_token_expires_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select a.org_id, a.refresh_token_ciphertext, a.access_token_expires_at
  from public.square_accounts a
  where a.access_token_expires_at < now() + p_within and (p_org_id is null or a.org_id = p_org_id)
  order by a.access_token_expires_at
  limit 100;
$$;

-- Records a token refresh: the new access token (and refresh token, when Square gave one),
-- or the error (the old token stays until it expires).
create or replace function public.record_square_token_refresh(
  p_org_id uuid,
  p_access_token_ciphertext text,
  p_refresh_token_ciphertext text,
  p_expires_at timestamptz,
  p_error text
)
returns void
language sql volatile security definer set search_path = '' as $$
  update public.square_accounts a
  set access_token_ciphertext = coalesce(p_access_token_ciphertext, a.access_token_ciphertext),
      refresh_token_ciphertext = coalesce(p_refresh_token_ciphertext, a.refresh_token_ciphertext),
      access_token_expires_at = coalesce(p_expires_at, a.access_token_expires_at),
      refreshed_at = case when p_error is null then now() else a.refreshed_at end,
      refresh_error = left(p_error, 500)
  where a.org_id = p_org_id;
$$;

-- Forgets an organization's account (square-disconnect, after RevokeToken): answers whether one was connected.
create or replace function public.delete_square_account(p_org_id uuid) returns boolean
language sql volatile security definer set search_path = '' as $$
  with gone as (delete from public.square_accounts a where a.org_id = p_org_id returning 1)
  select exists (select 1 from gone);
$$;

-- A Square webhook, applied only when it comes from the account that took the payment it
-- names (for a refund, its charge): the merchant recorded on the charge (payment_ledger.
-- square_merchant_id; none: the platform's, i.e. a merchant no connected organization has).
-- A charge that records no account: the account of its organization now. Otherwise it is
-- recorded as not applied (foreign) and changes nothing.
create or replace function public.apply_merchant_square_webhook(p_merchant_id text, p_event_id text, p_event_type text, p_object jsonb)
returns table (duplicate boolean, applied boolean, foreign_account boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_merchant_org uuid;
  v_target_org uuid;
  v_charge public.payment_ledger;
  v_foreign boolean := false;
  v_result jsonb;
begin
  select a.org_id into v_merchant_org from public.square_accounts a where a.merchant_id = p_merchant_id;
  if p_event_type = 'refund.updated' then
    select c.* into v_charge from public.payment_ledger l
    join public.payment_ledger c on c.reservation_id = l.reservation_id and c.kind = 'charge' and c.provider_payment_id = l.provider_payment_id
    where l.kind = 'refund' and l.provider = 'square' and l.provider_refund_id = p_object -> 'refund' ->> 'id' limit 1;
    if v_charge.id is null then
      select l.org_id into v_target_org from public.payment_ledger l
      where l.kind = 'refund' and l.provider = 'square' and l.provider_refund_id = p_object -> 'refund' ->> 'id' limit 1;
    end if;
  elsif p_event_type = 'payment.updated' then
    select l.* into v_charge from public.payment_ledger l
    where l.kind = 'charge' and l.provider = 'square' and l.provider_payment_id = p_object -> 'payment' ->> 'id' limit 1;
    if v_charge.id is null and (p_object -> 'payment' ->> 'reference_id') ~ '^[0-9a-f-]{36}$' then
      select l.* into v_charge from public.payment_ledger l
      where l.kind = 'charge' and l.status = 'charging' and l.reservation_id = (p_object -> 'payment' ->> 'reference_id')::uuid limit 1;
      if v_charge.id is null then
        select r.org_id into v_target_org from public.reservations r where r.id = (p_object -> 'payment' ->> 'reference_id')::uuid;
      end if;
    end if;
  end if;
  v_target_org := coalesce(v_charge.org_id, v_target_org);
  if v_charge.square_location_id is not null then
    v_foreign := case when v_charge.square_merchant_id is null then v_merchant_org is not null
                      else p_merchant_id is distinct from v_charge.square_merchant_id end;
  elsif v_target_org is not null then
    v_foreign := (v_merchant_org is not null and v_target_org <> v_merchant_org)
              or (v_merchant_org is null and exists (select 1 from public.square_accounts a where a.org_id = v_target_org));
  end if;
  if v_foreign then
    return query select false, false, true;
    return;
  end if;
  v_result := public.apply_square_webhook(p_event_id, p_event_type, p_object);
  return query select (v_result ->> 'duplicate')::boolean, (v_result ->> 'applied')::boolean, false;
end;
$$;
