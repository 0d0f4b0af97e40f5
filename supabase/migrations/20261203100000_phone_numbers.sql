-- =============================================================================
-- Phone numbers: stored normalized, and only when they can be one
--
-- A guest's phone is optional. As typed it may hold spaces, dashes, dots and
-- parentheses and start with +; it is stored as its digits after that + (if
-- any): '+1 (555) 010-2000' -> '+15550102000'. Between 7 and 15 digits (E.164
-- allows 15). Anything else ('abc', '555', a second +) cannot be a phone
-- number and is refused, whatever the path: the booking SQL, a member's edit
-- through the API, the service role. The edge functions and the forms apply the
-- same rule with the same words (supabase/functions/_shared/guest-input.ts).
-- =============================================================================

create or replace function public.normalize_phone(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- null when p_phone cannot be a phone number (blank included).
  select case
    when btrim(p_phone) ~ '^\+?[0-9 ().-]+$'
     and char_length(regexp_replace(p_phone, '[^0-9]', '', 'g')) between 7 and 15
    then case when btrim(p_phone) like '+%' then '+' else '' end || regexp_replace(p_phone, '[^0-9]', '', 'g')
  end;
$$;

comment on function public.normalize_phone(text) is
  'A phone as stored: + (when typed) and its 7 to 15 digits; null when it cannot be a phone number.';

create or replace function public.normalize_reservation_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_phone text;
begin
  if new.phone is null or btrim(new.phone) = '' then
    new.phone := null;
    return new;
  end if;
  v_phone := public.normalize_phone(new.phone);
  if v_phone is null then
    raise exception 'Phone must be a phone number of 7 to 15 digits, e.g. +1 555 010 2000'
      using errcode = '23514', column = 'phone', table = 'reservations';
  end if;
  new.phone := v_phone;
  return new;
end;
$$;

revoke execute on function public.normalize_reservation_phone() from public, anon, authenticated;

-- Rows stored before this rule: normalized where they can be, cleared where they cannot
-- (a phone that is not one reaches nobody; the rest of the booking stays as it was).
update public.reservations
set phone = public.normalize_phone(phone)
where phone is distinct from public.normalize_phone(phone);

alter table public.reservations
  add constraint reservations_phone_normalized
  check (phone is null or phone ~ '^\+?[0-9]{7,15}$');

-- After the guard (reservations_10_*) has seen the caller's raw change.
create trigger reservations_12_normalize_phone
  before insert or update of phone on public.reservations
  for each row execute function public.normalize_reservation_phone();
