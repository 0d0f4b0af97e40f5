-- =============================================================================
-- A deep page of the admin's reservations list, without computing the pages before it
--
-- admin_list_reservations (20261123003000_admin.sql) selected each row's money
-- (money_of), refund policy and policy refund in the same query as its
-- limit / offset, and PostgreSQL computes a query's select list for the rows an
-- offset skips too: the last page of 50,000 reservations took 1.5 s
-- (`npx tsx bench/run.ts --only admin`, docs/BENCHMARKS.md). The page is now
-- chosen from the bare rows first; the rest is computed for its rows only. Same
-- arguments, same answer, same order.
-- =============================================================================

create or replace function public.admin_list_reservations(
  p_org_id uuid,
  p_search text default null,
  p_include_cancelled boolean default true,
  p_rsvp_only boolean default false,
  p_limit integer default 25,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := case when coalesce(btrim(p_search), '') = '' then null else public.admin_like_pattern(p_search) end;
  page_size integer := least(greatest(coalesce(p_limit, 25), 1), 200);
  skip integer := greatest(coalesce(p_offset, 0), 0);
  total integer;
  page jsonb;
begin
  perform public.assert_org_member(p_org_id);

  select count(*) into total
  from public.reservations r
  where r.org_id = p_org_id
    and (r.status = 'confirmed' or (p_include_cancelled and r.status = 'cancelled'))
    and (not p_rsvp_only or r.rsvp_slot_id is not null)
    and (pattern is null or r.name ilike pattern or r.email ilike pattern or r.booking_code ilike pattern);

  select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at desc, x.id desc), '[]'::jsonb) into page
  from (
    select
      r.id, r.org_id, r.event_id, r.name, r.email, r.phone, r.num_guests, r.time_slot,
      r.dietary_restrictions, r.special_requests, r.rsvp_slot_id, r.ticket_type_id, r.status,
      r.amount_cents, r.discount_cents, r.created_at, r.cancelled_at, r.cancel_reason, r.booking_code,
      public.money_of(r.id) as money,
      public.refund_policy_text(r.refund_window_hours, r.late_refund_percent) as refund_policy,
      case when r.status = 'confirmed' then public.policy_refund_cents(r) else 0 end as policy_refund_cents,
      e.title as event_title, e.date as event_date, to_char(e.event_time, 'HH24:MI') as event_time,
      e.event_timezone, e.rsvp_mode as event_rsvp_mode,
      s.slot_label, to_char(s.slot_time, 'HH24:MI') as slot_time,
      t.name as ticket_type_name
    from (
      -- The page first, from the bare rows; the money and the policy only for its rows.
      select p.id
      from public.reservations p
      where p.org_id = p_org_id
        and (p.status = 'confirmed' or (p_include_cancelled and p.status = 'cancelled'))
        and (not p_rsvp_only or p.rsvp_slot_id is not null)
        and (pattern is null or p.name ilike pattern or p.email ilike pattern or p.booking_code ilike pattern)
      order by p.created_at desc, p.id desc
      limit page_size offset skip
    ) chosen
    join public.reservations r on r.id = chosen.id
    join public.events e on e.id = r.event_id
    left join public.rsvp_slots s on s.id = r.rsvp_slot_id
    left join public.ticket_types t on t.id = r.ticket_type_id
  ) x;

  return jsonb_build_object('total', total, 'rows', page);
end;
$$;
