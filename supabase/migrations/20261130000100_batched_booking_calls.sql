-- =============================================================================
-- Group commit for the holds of one event (issue 13)
--
-- Every hold of an event queues on the event's row lock (hold_booking, through
-- booking_evaluate and the reservations trigger), and a durable transaction keeps
-- its locks until its commit record is flushed to disk. So one event's holds go
-- through one at a time, each paying its own WAL flush while every other guest of
-- the drop waits: measured here, moving the hold's flush out of the lock gave the
-- rush +21% paid bookings per second (docs/BENCHMARKS.md, "Group commit").
--
-- run_booking_calls runs several calls of one booking function in ONE transaction,
-- in the order given, each in a subtransaction of its own (a savepoint): a call that
-- is refused (sold out, bad input, a deadlock) rolls back alone and answers its own
-- error, as it would have answered alone; the others go on. One commit, one flush,
-- one trip to the lock for all of them. The functions send the calls that arrive
-- while earlier ones of the same event are in flight (supabase/functions/_shared/batch.ts);
-- a call that finds nothing in flight goes alone, as before.
--
-- Each call sees the request headers it was sent with (request.headers: the promo
-- throttle's client key) and runs with the caller's rights (service_role only).
-- Answers: a JSON array, one element per call, in order:
--   {"data": <the function's answer as to_jsonb>}  or
--   {"error": {"code": SQLSTATE, "message": ..., "details": detail or null}}
-- as PostgREST (and the direct pool, _shared/db.ts) would report the call alone.
-- =============================================================================

create or replace function public.run_booking_calls(p_function text, p_calls jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_call jsonb;
  v_sql text;
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  v_state text;
  v_message text;
  v_detail text;
begin
  -- Only the booking path's own calls: a batch is not a way to run anything else.
  if p_function is null or p_function not in ('hold_booking', 'confirm_booking') then
    raise exception 'run_booking_calls runs hold_booking or confirm_booking, not %', coalesce(p_function, 'null')
      using errcode = 'P0001';
  end if;
  -- At most 16 calls: each takes up to two subtransactions, and a transaction keeps 64 in
  -- shared memory before PostgreSQL spills them to disk (PGPROC_MAX_CACHED_SUBXIDS).
  if p_calls is null or jsonb_typeof(p_calls) <> 'array' or jsonb_array_length(p_calls) not between 1 and 16 then
    raise exception 'p_calls must be an array of 1 to 16 calls' using errcode = 'P0001';
  end if;

  for v_call in select c.value from jsonb_array_elements(p_calls) c loop
    begin
      if jsonb_typeof(v_call -> 'args') is distinct from 'object' then
        raise exception 'Each call needs its arguments as an object' using errcode = 'P0001';
      end if;
      perform set_config('request.headers', coalesce(v_call -> 'headers', '{}'::jsonb)::text, true);
      -- Named arguments as literals of unknown type: PostgreSQL types each as the
      -- function's parameter, as PostgREST's call would (a name that is not one is refused).
      select format('select to_jsonb(public.%I(%s))', p_function,
                    coalesce(string_agg(format('%I => %L', a.key, a.value), ', ' order by a.key), ''))
      into v_sql
      from jsonb_each_text(v_call -> 'args') a;
      execute v_sql into v_answer;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('data', v_answer));
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'message', v_message, 'details', nullif(v_detail, ''))));
    end;
  end loop;
  return v_answers;
end;
$$;

revoke execute on function public.run_booking_calls(text, jsonb) from public, anon, authenticated;
grant execute on function public.run_booking_calls(text, jsonb) to service_role;
