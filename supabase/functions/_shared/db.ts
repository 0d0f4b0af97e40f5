// How the functions reach SQL functions as the service role: straight to PostgreSQL over a
// pool of persistent connections when the runtime gives SUPABASE_DB_URL (hosted Supabase
// does, so does the local stack), else through the REST API (PostgREST / the local gateway).
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
// SUPPERHOST_DIRECT_DB=off turns the pool off (every call then goes through the API).
// SUPPERHOST_DB_URL, when set, is used instead of SUPABASE_DB_URL: e.g. Supavisor's
// transaction-mode address (port 6543), which suits many short-lived function instances;
// it works as is, no prepared statements are used. SUPPERHOST_DB_POOL_SIZE (default 8) is
// the pool's size per function instance.
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

let pool: Sql | null | undefined;

function directPool(): Sql | null {
  if (pool !== undefined) return pool;
  const url = (Deno.env.get('SUPPERHOST_DB_URL') || Deno.env.get('SUPABASE_DB_URL'))?.trim();
  const off = /^(off|0|false|no)$/i.test(Deno.env.get('SUPPERHOST_DIRECT_DB')?.trim() ?? '');
  pool =
    url && !off
      ? postgres(url, {
          max: Number(Deno.env.get('SUPPERHOST_DB_POOL_SIZE') ?? 8) || 8,
          prepare: false,
          idle_timeout: 30,
          connect_timeout: 5,
          onnotice: () => {},
          connection: { application_name: 'supperhost-functions' },
        })
      : null;
  return pool;
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
  const signature = await signatureOf(sql, fn).catch(() => null);
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
  const sql = isServiceClient(db) ? directPool() : null;
  if (sql) {
    const answered = await direct<T>(sql, fn, args, headers);
    if (answered) return answered;
  }
  let call = db.rpc(fn, args);
  for (const [name, value] of Object.entries(headers)) call = call.setHeader(name, value);
  const { data, error } = await call;
  return { data: (data ?? null) as T | null, error: error as RpcError | null };
}
