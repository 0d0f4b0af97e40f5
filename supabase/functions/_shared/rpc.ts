// RPC layer: the one way the functions call SQL functions (`callRpc`), with the
// translation of the booking SQL's errors into refusals. Imports http.ts, db.ts and batch.ts only.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { batchedRpc, isBatchedFunction } from './batch.ts';
import { rpc, type RpcError } from './db.ts';
import { HttpError, refusal } from './http.ts';

/** What a guest reads when the booking failed for a reason that is not theirs to fix. */
export const GENERIC_PAYMENT_ERROR = 'Failed to process payment. Please try again.';

/** The caller's code for a P0001 refusal, by the kind its detail names (the booking SQL's). */
const REFUSAL_CODES: Record<string, string> = {
  promo: 'invalid_promo_code',
  guests: 'invalid_guests',
  time_slot: 'invalid_time_slot',
  missing_fields: 'missing_fields',
};

// SQLSTATEs of the booking SQL (supabase/schemas/060_booking.sql): P0001 a refusal the guest
// can fix, SH403/SH404/SH409/SH410/SH423/SH429 as below.
function detailOf(error: RpcError): Record<string, unknown> {
  try {
    const detail = JSON.parse(error.details ?? 'null');
    return detail && typeof detail === 'object' ? detail : {};
  } catch {
    return {};
  }
}

export function rpcFailure(error: RpcError): HttpError {
  const message = error.message ?? GENERIC_PAYMENT_ERROR;
  switch (error.code) {
    case 'P0001':
      // Every refused promo code answers alike; the code lets the caller count the miss.
      return refusal(400, message, REFUSAL_CODES[String(detailOf(error).kind)] ?? 'invalid_booking');
    case 'SH429': {
      const retryAfter = Math.max(1, Math.ceil(Number(detailOf(error).retry_after) || 60));
      return new HttpError(429, message, 'too_many_attempts', { success: false, retryAfter }, { 'Retry-After': String(retryAfter) });
    }
    case 'SH403':
      return refusal(403, message, 'not_a_member');
    case 'SH404':
      return refusal(404, message, 'not_found');
    case 'SH409':
      return refusal(409, message, 'unavailable');
    case 'SH410':
      return refusal(409, 'This promo code is no longer active', 'promo_unavailable');
    case 'SH423':
      return refusal(409, message, 'money_decision_required');
    case '23514':
    case '23502':
    case '23503':
      return refusal(400, 'Please check your booking details and try again.', 'invalid_booking');
    default:
      // Class 22, data exception (a value out of range, text too long, a NUL character,
      // malformed input): the request's data, never the server's fault.
      if (error.code?.startsWith('22')) {
        return refusal(400, 'Please check your booking details and try again.', 'invalid_booking');
      }
      console.error('[rpc] unexpected database error', error);
      return refusal(500, GENERIC_PAYMENT_ERROR, 'internal_error');
  }
}

/** Deadlock, serialization failure, lock timeout, or no answer: safe to repeat (every call here is idempotent). */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database could not be reached (or kept deadlocking): the outcome of the call is
 * unknown. Answers 503 (retry the same attempt with the same key) if nothing catches it.
 */
export class TransientError extends HttpError {
  constructor(public readonly detail: string) {
    super(503, 'The booking service is busy. Please try again in a moment.', 'unavailable_retry', { success: false });
    this.name = 'TransientError';
  }
}

export interface RpcOptions {
  /** Tries before giving up with a TransientError (default 4). */
  attempts?: number;
  /**
   * The guest's address (clientAddress), sent as the header `x-supperhost-client`: the
   * booking SQL reads it from request.headers to throttle promo code guesses per client.
   */
  clientKey?: string | null;
  /**
   * hold_booking and confirm_booking only: calls with the same key that arrive while others
   * are in flight are sent together, one transaction (batch.ts; the holds of one event: its id).
   */
  batch?: string;
}

/** Calls a SQL function as the service role; retries transient failures, maps refusals to HttpErrors. */
export async function callRpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown> = {}, options: RpcOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  let last: RpcError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(25 * 2 ** attempt + Math.random() * 50);
    let result: { data: unknown; error: RpcError | null };
    try {
      const headers: Record<string, string> = options.clientKey ? { 'x-supperhost-client': options.clientKey } : {};
      result =
        options.batch !== undefined && isBatchedFunction(fn)
          ? await batchedRpc(db, fn, args, headers, options.batch)
          : await rpc(db, fn, args, headers);
    } catch (error) {
      last = { message: String(error) };
      continue;
    }
    if (!result.error) return result.data as T;
    if (!result.error.code || RETRYABLE.has(result.error.code)) {
      last = result.error;
      continue;
    }
    throw rpcFailure(result.error);
  }
  console.error(`[rpc] ${fn} failed after ${attempts} attempts`, last);
  throw new TransientError(last?.message ?? 'database unavailable');
}

/**
 * Gives the seats of stale holds back before availability is read (best effort: bookings
 * release their event's stale holds themselves, and a cron can call release_expired_holds()).
 */
export async function releaseExpiredHolds(db: SupabaseClient): Promise<void> {
  try {
    const { error } = await rpc(db, 'release_expired_holds');
    if (error) console.error('[rpc] release_expired_holds', error);
  } catch (error) {
    console.error('[rpc] release_expired_holds', error);
  }
}

/**
 * Runs a pricing or booking call; when it refused a promo code, records the miss for the
 * caller (best effort), so that repeated guessing is throttled (booking SQL, SH429).
 */
export async function countingPromoMisses<T>(
  db: SupabaseClient,
  eventId: string,
  clientKey: string | null | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.code === 'invalid_promo_code') {
      await callRpc(db, 'record_promo_miss', { p_event_id: eventId }, { attempts: 1, clientKey }).catch((e) => {
        console.error('[rpc] record_promo_miss', e);
      });
    }
    throw error;
  }
}
