-- =============================================================================
-- Shared helpers every domain uses: private-by-default privileges, extensions,
-- updated_at stamps, URL checks.
--
-- Private by default. Supabase's default privileges grant every new table, view
-- and function in public to anon, authenticated and service_role, and PostgreSQL
-- grants every function to public. The statements below withdraw that for what
-- the migration role (postgres, as `supabase db push` runs) creates, so a new
-- table or function is closed to the API until a grant beside it opens it:
--   no grant                                 the service role only (edge
--                                            functions, triggers, other functions)
--   grant execute ... to authenticated       signed-in users; a staff function
--                                            checks the caller's organization
--   grant execute ... to anon, authenticated anyone, with the publishable key
--   grant select ... to authenticated        a table, with row-level security
-- Objects created before these statements keep the grants they were given.
-- =============================================================================

alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;

-- Trigram indexes (gin_trgm_ops) for searching by name.
create extension if not exists pg_trgm with schema extensions;

-- Shared helpers
--
-- Keeps updated_at honest on every table that has one.
create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Stored links (logos, menus, websites, social, images) must be plain http(s):
-- no javascript:, data: or relative URLs ever reach a public page.
create or replace function public.is_http_url(url text) returns boolean
language sql immutable strict parallel safe set search_path = '' as $$
  select char_length(url) <= 2048 and url ~* '^https?://[^\s/?#@]+([/?#][^\s]*)?$';
$$;

grant execute on function public.is_http_url(text) to anon, authenticated;

-- A required text of a form, trimmed: refused (P0001) with p_missing when it is empty, and with
-- p_too_long when it has more than p_max characters (%s in p_too_long stands for its first 40).
create or replace function public.required_text(p_value text, p_max integer, p_missing text, p_too_long text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v_text text := btrim(coalesce(p_value, ''));
begin
  if v_text = '' then
    raise exception using message = p_missing, errcode = 'P0001';
  end if;
  if char_length(v_text) > p_max then
    raise exception using message = format(p_too_long, left(v_text, 40) || '…'), errcode = 'P0001';
  end if;
  return v_text;
end;
$$;

-- Signed-in users: the event editor runs as its caller (admin_save_event).
grant execute on function public.required_text(text, integer, text, text) to authenticated;

-- True when every element is a non-null http(s) URL.
create or replace function public.all_http_urls(urls text[]) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select not exists (
    select 1 from unnest(urls) as u(url)
    where u.url is null or not public.is_http_url(u.url)
  );
$$;

grant execute on function public.all_http_urls(text[]) to anon, authenticated;

-- "1 guest", "4 guests": the emails' words (as guestCount in supabase/functions/_shared/words.ts).
create or replace function public.guest_count(p_guests integer) returns text
language sql immutable parallel safe set search_path = '' as $$
  select p_guests || case when p_guests = 1 then ' guest' else ' guests' end;
$$;
