-- =============================================================================
-- Supper-club availability computed in SQL
--
-- get_supper_club_availability(p_org_slug, p_slot_cap)
--     What the edge function magnolia-availability answers, computed here only:
--     the organization's upcoming active events, soonest first (as
--     get_public_org_page lists them, from the view events_with_availability),
--     each as { id, title, date, event_time, event_timezone, refund_policy, available_seats,
--     slots: [{ id, label, time, capacity, available }] } over its active
--     seatings. A seating takes at most p_slot_cap guests (the supper club's 20
--     tickets per seating, the same p_slot_cap hold_booking enforces), whatever
--     its stored max_capacity says: capacity = least(max_capacity, p_slot_cap);
--     available = greatest(least(available_spots, capacity - taken), 0).
--     available_seats: the seatings' seats left, within the event's max_guests
--     when it has one. Seats of abandoned holds count as free, as in the view.
--     [] for an unknown organization. Service role only (the edge function).
--
-- The delivery code is the only writer of email_outbox.status; the local
-- mailbox (stack/mailbox.ts) is an email provider like any other.
-- =============================================================================

create or replace function public.get_supper_club_availability(p_org_slug text, p_slot_cap integer default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'id', v.id,
        'title', v.title,
        'date', v.date,
        'event_time', v.event_time,
        'event_timezone', v.event_timezone,
        'refund_policy', v.refund_policy,
        'available_seats', greatest(
          case when v.max_guests is null then seatings.seats_left else least(seatings.seats_left, v.available_seats) end,
          0
        ),
        'slots', seatings.list
      )
      order by v.date, v.event_time, v.id
    ),
    '[]'::jsonb
  )
  from public.organizations o
  join public.events_with_availability v on v.org_id = o.id
  cross join lateral (
    select
      coalesce(
        jsonb_agg(
          jsonb_build_object(
            'id', slot.value -> 'id',
            'label', slot.value -> 'slot_label',
            'time', slot.value -> 'slot_time',
            'capacity', seat.capacity,
            'available', seat.available
          )
          order by slot.position
        ),
        '[]'::jsonb
      ) as list,
      coalesce(sum(seat.available), 0)::integer as seats_left
    from jsonb_array_elements(v.rsvp_slots) with ordinality as slot(value, position)
    cross join lateral (
      select least(
        (slot.value ->> 'max_capacity')::integer,
        coalesce(p_slot_cap, (slot.value ->> 'max_capacity')::integer)
      ) as capacity
    ) cap
    cross join lateral (
      select
        cap.capacity,
        greatest(
          least((slot.value ->> 'available_spots')::integer, cap.capacity - (slot.value ->> 'current_rsvps')::integer),
          0
        ) as available
    ) seat
    where (slot.value ->> 'is_active')::boolean
  ) seatings
  where o.slug = lower(btrim(p_org_slug))
    and public.is_upcoming_event(v.date, v.event_time, v.event_timezone);
$$;

comment on function public.get_supper_club_availability(text, integer) is
  'The supper club''s upcoming dates with the seats left per seating (at most p_slot_cap per seating), as magnolia-availability answers them.';

revoke execute on function public.get_supper_club_availability(text, integer) from public, anon, authenticated;
grant execute on function public.get_supper_club_availability(text, integer) to service_role;
