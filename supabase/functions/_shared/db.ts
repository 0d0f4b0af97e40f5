// How the functions reach SQL functions as the service role: straight to PostgreSQL over a
// small pool of connections when the runtime gives a database URL, else through the REST API
// (PostgREST / the local gateway).
//
// The direct path is the booking path's speed: a paying guest's hold, charge record and
// confirmation are each one pooled transaction instead of an HTTP request through the API
// gateway, which on a small machine costs more than the SQL itself (docs/BENCHMARKS.md).
// It runs each call the way PostgREST runs it for the service role, as one statement (its own
// transaction, committed by the server as soon as it ends):
//   role service_role; request.jwt.claims = {"role":"service_role"};
//   request.headers = the headers given (e.g. x-supperhost-client for the promo throttle);
//   then the function, its answer read as JSON like PostgREST's (a scalar, an object, an
//   array for a set-returning function, null for void).
// Errors keep PostgreSQL's SQLSTATE, message and detail, as PostgREST gives them.
//
// Where: SUPPERHOST_DB_URL, else SUPABASE_DB_URL. Hosted, SUPABASE_DB_URL is the database's
// direct address, and every function worker is a short-lived isolate of its own, many at once:
// a deployed project sets the secret SUPPERHOST_DB_URL to Supavisor's transaction-mode URL
// (port 6543), which shares a few server connections among them all. Transaction mode keeps no
// session between statements: no prepared statements here (prepare: false), and each call's
// settings are local to its one statement. SUPPERHOST_DB_POOL_SIZE (default 2) is the
// connections per worker; SUPPERHOST_DIRECT_DB=off sends every call through the API.
//
// An unreachable database never holds a call for long: a connection that does not answer within
// CONNECT_TIMEOUT_S fails, the calls waiting for it go through the API instead (nothing of theirs
// reached the server), and for COOLDOWN_MS every call goes straight to the API before the pool is
// tried again; each such switch is logged once. A connection lost while a call was running gives
// that call an error without SQLSTATE: it may have run, so it is not sent again.
//
// Only the service-role client takes this path: a client acting as a user keeps going
// through the API, where row-level security applies to its JWT.
import postgres from 'npm:postgres@3.4.9';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { isServiceClient } from './supabase.ts';

export interface RpcError {
  code?: string;
  message: string;
  details?: string | null;
}

export interface RpcResult<T> {
  data: T | null;
  error: RpcError | null;
}

type Sql = ReturnType<typeof postgres>;

const DEFAULT_POOL_SIZE = 2;
const CONNECT_TIMEOUT_S = 2;
const COOLDOWN_MS = 30_000;

let pool: Sql | null | undefined;
/** The pool's first connection (its answer to one query): calls wait for it rather than queueing for one each. */
let ready: Promise<boolean> | undefined;
let unreachableUntil = 0;

function configuredPool(): Sql | null {
  if (pool !== undefined) return pool;
  const url = (Deno.env.get('SUPPERHOST_DB_URL') || Deno.env.get('SUPABASE_DB_URL'))?.trim();
  const off = /^(off|0|false|no)$/i.test(Deno.env.get('SUPPERHOST_DIRECT_DB')?.trim() ?? '');
  const size = Number(Deno.env.get('SUPPERHOST_DB_POOL_SIZE'));
  pool =
    url && !off
      ? postgres(url, {
          max: Number.isInteger(size) && size > 0 ? size : DEFAULT_POOL_SIZE,
          prepare: false,
          idle_timeout: 30,
          connect_timeout: CONNECT_TIMEOUT_S,
          onnotice: () => {},
          connection: { application_name: 'supperhost-functions' },
        })
      : null;
  return pool;
}

/** Errors of a connection that was never made: the call waiting for it was not sent. */
const NOT_CONNECTED = new Set(['CONNECT_TIMEOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function notConnected(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_CONNECTED.has(code);
}

/** The pool failed to connect: the API takes every call for COOLDOWN_MS, then the pool is tried again. */
function markUnreachable(error: unknown) {
  ready = undefined; // the next call after the cool-down connects anew
  if (Date.now() < unreachableUntil) return;
  unreachableUntil = Date.now() + COOLDOWN_MS;
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  console.warn(
    `[db] PostgreSQL unreachable (${String(e.code ?? '')} ${String(e.message ?? error)}); SQL calls go through the REST API for ${COOLDOWN_MS / 1000} s`,
  );
}

/** The pool, when configured and connected; null sends the call through the API. */
async function directPool(): Promise<Sql | null> {
  const sql = configuredPool();
  if (!sql || Date.now() < unreachableUntil) return null;
  ready ??= sql`select 1`.then(
    () => true,
    (error) => {
      markUnreachable(error);
      return false;
    },
  );
  return (await ready) ? sql : null;
}

/** How a public SQL function answers: a set of rows, nothing (void), or one value. */
type Shape = 'set' | 'void' | 'one';
/** Its answer's shape, and which of its parameters are json/jsonb (they take any JSON value, arrays too). */
interface Signature {
  shape: Shape;
  jsonArgs: Set<string>;
}
const signatures = new Map<string, Promise<Signature | null>>();

function signatureOf(sql: Sql, fn: string): Promise<Signature | null> {
  let known = signatures.get(fn);
  if (!known) {
    known = sql<{ retset: boolean; typname: string; json_args: string[] }[]>`
      select p.proretset as retset, t.typname,
             coalesce((select array_agg(a.name) from unnest(p.proargnames, p.proargtypes::oid[]) as a(name, type)
                       where a.type in ('json'::regtype, 'jsonb'::regtype)), '{}') as json_args
      from pg_catalog.pg_proc p join pg_catalog.pg_type t on t.oid = p.prorettype
      where p.pronamespace = 'public'::regnamespace and p.proname = ${fn}`.then((rows) => {
      // Overloads answering differently, or an unknown name: the API path decides. A parameter
      // counts as json only when it is json in every overload.
      const kinds = new Set(rows.map((r): Shape => (r.retset ? 'set' : r.typname === 'void' ? 'void' : 'one')));
      if (kinds.size !== 1) return null;
      const jsonArgs = rows.map((r) => new Set(r.json_args)).reduce((a, b) => new Set([...a].filter((name) => b.has(name))));
      return { shape: [...kinds][0], jsonArgs };
    });
    known.catch(() => signatures.delete(fn));
    signatures.set(fn, known);
  }
  return known;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

type Parameter = string | number | boolean | null | Record<string, unknown>;

/**
 * A value the driver can send for the parameter, or undefined. The driver learns each
 * parameter's type from the server first and serializes by it (an object for a json/jsonb
 * parameter becomes its JSON text).
 */
function asParameter(value: unknown, json: boolean): Parameter | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  // Arrays have a text form of their own in PostgreSQL: only a json/jsonb parameter takes one
  // here (as its JSON text); other array parameters take the API path.
  if (typeof value === 'object' && (json || !Array.isArray(value))) return value as Record<string, unknown>;
  return undefined;
}

interface PostgresError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

/** PostgreSQL's error as PostgREST reports it; a connection failure has no SQLSTATE (retryable). */
function asRpcError(error: unknown): RpcError {
  const e = (error ?? {}) as PostgresError;
  const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  return { code, message: typeof e.message === 'string' ? e.message : String(error), details: typeof e.detail === 'string' ? e.detail : null };
}

async function direct<T>(sql: Sql, fn: string, args: Record<string, unknown>, headers: Record<string, string>): Promise<RpcResult<T> | undefined> {
  if (!IDENTIFIER.test(fn)) return undefined;
  const signature = await signatureOf(sql, fn).catch((error) => {
    if (notConnected(error)) markUnreachable(error);
    return null;
  });
  if (!signature) return undefined;
  const { shape, jsonArgs } = signature;
  const names = Object.keys(args);
  const values: Parameter[] = [];
  for (const name of names) {
    const value = asParameter(args[name], jsonArgs.has(name));
    if (!IDENTIFIER.test(name) || value === undefined) return undefined;
    values.push(value);
  }
  const call = `public.${fn}(${names.map((name, i) => `${name} => $${i + 3}`).join(', ')})`;
  const answer =
    shape === 'set'
      ? `coalesce((select jsonb_agg(to_jsonb(f)) from ${call} f), '[]'::jsonb)`
      : shape === 'void'
        ? `(select null::jsonb from (select ${call}) f)`
        : `to_jsonb(${call})`;
  // One statement, its own transaction: the settings first (a materialized CTE is read before
  // the select list is evaluated), then the call; it commits on the server as soon as it ends.
  // A transaction left open until the answer reached this process would keep the locks the
  // call took (the event's row lock of a hold) while a busy worker got round to COMMIT.
  const query = `
    with settings as materialized (
      select set_config('role', 'service_role', true), set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)
    )
    select ${answer} as result from settings`;
  try {
    const claims = '{"role":"service_role"}';
    const requestHeaders = JSON.stringify(Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])));
    // The driver's parameter type has no plain-object case; objects are serialized by the server's parameter type.
    const rows = await sql.unsafe(query, [claims, requestHeaders, ...values] as never[]);
    const result = (rows as unknown as { result: unknown }[])[0]?.result;
    return { data: (shape === 'void' ? null : (result ?? null)) as T | null, error: null };
  } catch (error) {
    if (notConnected(error)) {
      markUnreachable(error);
      return undefined;
    }
    return { data: null, error: asRpcError(error) };
  }
}

/**
 * Calls the SQL function `fn` with named arguments, like `db.rpc(fn, args)` (with `headers`
 * as request headers), straight to PostgreSQL for the service-role client when a pool is
 * configured, through the API otherwise. Never throws for a database error: it is returned.
 */
export async function rpc<T>(
  db: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RpcResult<T>> {
  const sql = isServiceClient(db) ? await directPool() : null;
  if (sql) {
    const answered = await direct<T>(sql, fn, args, headers);
    if (answered) return answered;
  }
  let call = db.rpc(fn, args);
  for (const [name, value] of Object.entries(headers)) call = call.setHeader(name, value);
  const { data, error } = await call;
  return { data: (data ?? null) as T | null, error: error as RpcError | null };
}
