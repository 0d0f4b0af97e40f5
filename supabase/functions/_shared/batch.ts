// Group commit for the booking path: calls of one SQL function that would queue on the same
// row lock (the holds of one event) are sent together, as one transaction, while earlier ones
// are in flight (SQL: public.run_booking_calls, supabase/schemas/060_booking.sql).
//
// A durable transaction keeps its row locks until its commit is flushed to disk, so the holds
// of one event, one transaction each, would go through the event's lock one flush at a time.
// Here a lane per key (e.g. `hold_booking:<event id>`) has at most MAX_IN_FLIGHT calls out at
// once; a call that finds room goes alone, unbatched (no waiting at an idle moment). Calls
// that arrive while the lane is full wait and leave together, in arrival order, up to MAX_BATCH
// in one transaction: one trip to the lock and one flush for all of them. Each call still
// answers for itself (its own savepoint in SQL): a refusal, a deadlock or bad input of one
// call is its own error, shaped as `rpc` would return it alone; only a failure of the whole
// transaction (the connection lost) answers every call of the batch with that failure, which
// callers retry as they would for one call (every booking call is idempotent). A batch the
// database refuses as a whole (an error with a SQLSTATE: run_booking_calls not there yet) is
// sent again call by call.
//
// Only the service-role client's calls are batched (they all run with the same rights); a
// client acting as a user calls alone. Imports db.ts and supabase.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { rpc, type RpcError, type RpcResult } from './db.ts';
import { isServiceClient } from './supabase.ts';

/** What run_booking_calls runs (its own list; SQL refuses any other function). */
const BATCHED_FUNCTIONS = ['hold_booking', 'confirm_booking'] as const;
export type BatchedFunction = (typeof BATCHED_FUNCTIONS)[number];

/** Whether calls of `fn` may be batched. */
export const isBatchedFunction = (fn: string): fn is BatchedFunction => (BATCHED_FUNCTIONS as readonly string[]).includes(fn);

/** Calls of one lane in one transaction at most (SQL home: run_booking_calls refuses more than 16). */
const MAX_BATCH = 16;
/** A lane's calls or batches out at once: the next batch waits at the lock while one runs, so the lock is never idle between them. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  args: Record<string, unknown>;
  headers: Record<string, string>;
  resolve: (result: RpcResult<unknown>) => void;
}

interface Lane {
  db: SupabaseClient;
  fn: BatchedFunction;
  waiting: Waiting[];
  inFlight: number;
}

const lanes = new Map<string, Lane>();

type Answer = { data?: unknown; error?: RpcError | null };

/** A call's outcome whatever happened (rpc never throws for a database error; a thrown one is kept as one without a code). */
async function settled<T>(call: Promise<RpcResult<T>>): Promise<RpcResult<T>> {
  try {
    return await call;
  } catch (error) {
    return { data: null, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

async function send(lane: Lane, batch: Waiting[]): Promise<void> {
  if (batch.length === 1) {
    const [one] = batch;
    one.resolve(await settled(rpc(lane.db, lane.fn, one.args, one.headers)));
    return;
  }
  // request.headers as the direct pool sets it: names in lower case.
  const calls = batch.map(({ args, headers }) => ({
    args,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  }));
  const { data, error } = await settled(rpc<Answer[]>(lane.db, 'run_booking_calls', { p_function: lane.fn, p_calls: calls }));
  if (error?.code) {
    // The database refused the batch itself (run_booking_calls missing, e.g. functions deployed
    // before `supabase db push`, or not allowed): each call goes alone, as it would without batching.
    console.error(`[batch] run_booking_calls refused a batch of ${batch.length} ${lane.fn} calls; sending them one by one`, error);
    await Promise.all(batch.map(async (one) => one.resolve(await settled(rpc(lane.db, lane.fn, one.args, one.headers)))));
    return;
  }
  batch.forEach((one, i) => {
    const answer = Array.isArray(data) ? data[i] : undefined;
    if (error || !answer) {
      one.resolve({ data: null, error: error ?? { message: 'The batched call had no answer' } });
    } else if (answer.error) {
      const { code, message, details } = answer.error;
      one.resolve({ data: null, error: { code: code ?? undefined, message, details: details ?? null } });
    } else {
      one.resolve({ data: answer.data ?? null, error: null });
    }
  });
}

function pump(key: string, lane: Lane): void {
  while (lane.inFlight < MAX_IN_FLIGHT && lane.waiting.length > 0) {
    const batch = lane.waiting.splice(0, MAX_BATCH);
    lane.inFlight++;
    void send(lane, batch).finally(() => {
      lane.inFlight--;
      if (lane.inFlight === 0 && lane.waiting.length === 0) lanes.delete(key);
      else pump(key, lane);
    });
  }
}

/**
 * `rpc(db, fn, args, headers)`, sent with the other calls of the same `key` that are waiting
 * when a place in the lane is free (see the top of this file). Same answer as `rpc`.
 */
export function batchedRpc<T>(
  db: SupabaseClient,
  fn: BatchedFunction,
  args: Record<string, unknown>,
  headers: Record<string, string>,
  key: string,
): Promise<RpcResult<T>> {
  if (!isServiceClient(db)) return rpc<T>(db, fn, args, headers);
  const laneKey = `${fn}:${key}`;
  let lane = lanes.get(laneKey);
  if (!lane) {
    lane = { db, fn, waiting: [], inFlight: 0 };
    lanes.set(laneKey, lane);
  }
  const answer = new Promise<RpcResult<unknown>>((resolve) => lane.waiting.push({ args, headers, resolve }));
  pump(laneKey, lane);
  return answer as Promise<RpcResult<T>>;
}
