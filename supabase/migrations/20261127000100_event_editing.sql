-- =============================================================================
-- Event editing: everything the Edit Event dialog changes, in one transaction
--
-- admin_save_event(event, patch, ticket_types[], rsvp_slots[]) saves the whole
-- form or nothing of it: any refusal (a capacity below what is taken, a bad
-- value, another organization's event) rolls back every other change of the
-- same call. It runs as the caller, so row-level security decides each write,
-- after one clear membership check. The rules stay the database's, whatever
-- writes the rows:
--   * the event's fields go through admin_update_event (which now also takes
--     'deposit_amount': cents per guest, a whole number >= 0, or null);
--   * a ticket type {id, name, price, capacity} with an id of this event is
--     renamed / repriced in place (a new price applies to new sales only:
--     reservations keep their amount_cents), and its capacity ("tickets in
--     all") goes through staff_set_ticket_capacity when it changed, never below
--     what is sold or held (SH409, with the number taken);
--   * a ticket type without an id is added, all of its capacity remaining;
--   * a slot {id, slot_label, slot_time 'HH:MM', max_capacity, is_active} with
--     an id is edited (max_capacity never below the spots taken: the trigger of
--     20261126000300_admin_tools.sql refuses with the number taken); without an
--     id it is added, empty;
--   * ticket types and slots left out of the lists are left alone: nothing is
--     deleted here (a slot is deactivated instead).
-- Errors: SH403 not a member, SH404 a ticket type / slot of another event,
-- SH409 below what is taken, P0001 an invalid value (the message says which).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- A whole number >= 0 from a form's JSON (cents, capacities), or null when it is
-- anything else (a string, a fraction, a negative, too big): the callers say which
-- field was wrong. CASE keeps the cast from running on what is not a number.
-- -----------------------------------------------------------------------------

create or replace function public.admin_whole_number(p_value jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_value) = 'number' then
    case when (p_value #>> '{}')::numeric between 0 and 2147483647 and (p_value #>> '{}')::numeric = trunc((p_value #>> '{}')::numeric)
         then (p_value #>> '{}')::integer end
  end;
$$;

revoke execute on function public.admin_whole_number(jsonb) from public, anon;
grant execute on function public.admin_whole_number(jsonb) to authenticated, service_role;

-- -----------------------------------------------------------------------------
-- The event's own fields (admin_update_event of 20261125000200_guest_emails.sql,
-- every key as before, plus deposit_amount)
-- -----------------------------------------------------------------------------

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
  if p_event ? 'deposit_amount' and jsonb_typeof(p_event -> 'deposit_amount') <> 'null'
     and public.admin_whole_number(p_event -> 'deposit_amount') is null then
    raise exception 'The deposit must be a whole number of cents, 0 or more' using errcode = 'P0001';
  end if;
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
    reminder_hours = case when p_event ? 'reminder_hours' then (p_event ->> 'reminder_hours')::integer else x.reminder_hours end,
    deposit_amount = case when p_event ? 'deposit_amount' then (p_event ->> 'deposit_amount')::integer else x.deposit_amount end
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

-- -----------------------------------------------------------------------------
-- The whole dialog: the event, its ticket types and its slots
-- -----------------------------------------------------------------------------

create or replace function public.admin_save_event(p_event_id uuid, p_event jsonb, p_ticket_types jsonb, p_rsvp_slots jsonb)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_org uuid;
  t jsonb;
  s jsonb;
  v_id uuid;
  v_name text;
  v_price integer;
  v_capacity integer;
  v_current integer;
  v_label text;
  v_time time;
  v_active boolean;
  v_found boolean;
begin
  -- The membership check first: a stranger learns nothing else (RLS lets anyone read active events).
  select e.org_id into v_org from public.events e where e.id = p_event_id;
  if v_org is null or not public.is_org_member(v_org) then
    raise exception 'You can only edit events of your own organization' using errcode = 'SH403';
  end if;
  if jsonb_typeof(coalesce(p_ticket_types, '[]'::jsonb)) <> 'array' or jsonb_typeof(coalesce(p_rsvp_slots, '[]'::jsonb)) <> 'array' then
    raise exception 'Ticket types and time slots must be lists' using errcode = 'P0001';
  end if;

  perform public.admin_update_event(p_event_id, coalesce(p_event, '{}'::jsonb));

  for t in select x from jsonb_array_elements(coalesce(p_ticket_types, '[]'::jsonb)) as x loop
    v_name := btrim(coalesce(t ->> 'name', ''));
    if v_name = '' then
      raise exception 'Each ticket type needs a name' using errcode = 'P0001';
    end if;
    if char_length(v_name) > 120 then
      raise exception 'The ticket type name "%" is too long (120 characters at most)', left(v_name, 40) || '…' using errcode = 'P0001';
    end if;
    v_price := public.admin_whole_number(t -> 'price');
    if v_price is null then
      raise exception 'The price of % must be a whole number of cents, 0 or more', v_name using errcode = 'P0001';
    end if;
    v_capacity := public.admin_whole_number(t -> 'capacity');
    if v_capacity is null and (t ? 'capacity' or nullif(t ->> 'id', '') is null) then
      raise exception 'The capacity of % must be a whole number, 0 or more', v_name using errcode = 'P0001';
    end if;

    if nullif(t ->> 'id', '') is null then
      insert into public.ticket_types (event_id, name, price, quantity) values (p_event_id, v_name, v_price, v_capacity);
    else
      if (t ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Ticket type not found on this event' using errcode = 'SH404';
      end if;
      v_id := (t ->> 'id')::uuid;
      update public.ticket_types x set name = v_name, price = v_price
      where x.id = v_id and x.event_id = p_event_id
      returning true into v_found;
      if v_found is null then
        raise exception 'Ticket type not found on this event' using errcode = 'SH404';
      end if;
      v_found := null;
      if v_capacity is not null then
        -- Tickets in all = remaining + every seat still counted against the type (sold, held, stale holds).
        select x.quantity + coalesce((
                 select sum(r.num_guests) from public.reservations r
                 where r.ticket_type_id = x.id and r.status in ('confirmed', 'held')), 0)::integer
          into v_current
        from public.ticket_types x where x.id = v_id;
        if v_capacity is distinct from v_current then
          perform public.staff_set_ticket_capacity(v_id, v_capacity);
        end if;
      end if;
    end if;
  end loop;

  for s in select x from jsonb_array_elements(coalesce(p_rsvp_slots, '[]'::jsonb)) as x loop
    v_label := btrim(coalesce(s ->> 'slot_label', ''));
    if v_label = '' then
      raise exception 'Each time slot needs a label' using errcode = 'P0001';
    end if;
    if char_length(v_label) > 60 then
      raise exception 'The slot label "%" is too long (60 characters at most)', left(v_label, 40) || '…' using errcode = 'P0001';
    end if;
    if coalesce(s ->> 'slot_time', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      raise exception 'The time of the % slot must be HH:MM', v_label using errcode = 'P0001';
    end if;
    v_time := (s ->> 'slot_time')::time;
    v_capacity := public.admin_whole_number(s -> 'max_capacity');
    if v_capacity is null then
      raise exception 'The capacity of the % slot must be a whole number, 0 or more', v_label using errcode = 'P0001';
    end if;
    if s ? 'is_active' and jsonb_typeof(s -> 'is_active') <> 'boolean' then
      raise exception 'Whether the % slot is active must be true or false', v_label using errcode = 'P0001';
    end if;
    v_active := (s ->> 'is_active')::boolean;

    if nullif(s ->> 'id', '') is null then
      insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active)
      values (p_event_id, v_time, v_label, v_capacity, 0, coalesce(v_active, true));
    else
      if (s ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Time slot not found on this event' using errcode = 'SH404';
      end if;
      update public.rsvp_slots x
      set slot_label = v_label, slot_time = v_time, max_capacity = v_capacity, is_active = coalesce(v_active, x.is_active)
      where x.id = (s ->> 'id')::uuid and x.event_id = p_event_id
      returning true into v_found;
      if v_found is null then
        raise exception 'Time slot not found on this event' using errcode = 'SH404';
      end if;
      v_found := null;
    end if;
  end loop;
end;
$$;

revoke execute on function public.admin_save_event(uuid, jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.admin_save_event(uuid, jsonb, jsonb, jsonb) to authenticated, service_role;
