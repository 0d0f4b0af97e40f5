/**
 * The test database and API clients, for vitest and the Playwright e2e tests alike: one pg pool
 * per test file (as the database owner, for fixtures and checks), small SQL helpers, and
 * supabase-js clients with the stack's anon and service-role keys.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll } from 'vitest';
import { stackEnv } from './stack-env.ts';

let pool: pg.Pool | undefined;
let poolSize = 4;

/** The file's pool to the test database, opened on first use. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: stackEnv().dbUrl, max: poolSize });
  return pool;
}

export async function closeDb(): Promise<void> {
  const open = pool;
  pool = undefined;
  await open?.end();
}

// vitest evaluates this module once per test file (files are isolated), while it collects the
// file: the pool closes after the file's last test. Imported elsewhere, call closeDb yourself.
try {
  afterAll(closeDb);
} catch {
  // not collecting a test file
}

/** The file's pool, with at most `max` connections (set before the first query); closed after the file. */
export function usePool(max = 6): () => pg.Pool {
  poolSize = max;
  return db;
}

export async function one<T = Record<string, unknown>>(on: pg.Pool | pg.PoolClient, text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await on.query(text, params);
  if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}: ${text}`);
  return rows[0] as T;
}

/** The rows of one statement on the file's pool. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db().query(text, params)).rows as T[];
}

/** Inserts one row (columns left undefined take the table's defaults) and returns `returning`. */
export async function insertRow<T = { id: string }>(table: string, row: Record<string, unknown>, returning = 'id'): Promise<T> {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  return one<T>(
    db(),
    `insert into public.${table} (${entries.map(([column]) => column).join(', ')})
     values (${entries.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`,
    entries.map(([, value]) => value),
  );
}

/** Runs a SQL function as the service role (as PostgREST would for the edge functions); its first column. */
export async function asService<T = unknown>(on: pg.Pool, text: string, params: unknown[] = []): Promise<T> {
  const client = await on.connect();
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const { rows } = await client.query(text, params);
    await client.query('commit');
    return rows[0] ? (Object.values(rows[0])[0] as T) : (undefined as T);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Node 20 has no WebSocket; realtime is not used by the tests. */
class NoWebSocket {}

/** supabase-js with `key`, through the stack's gateway (or another gateway at `url`), keeping no session. */
export function apiClient(key: string, url = stackEnv().apiUrl): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

/** supabase-js as a visitor (the anon key), through the stack's gateway. */
export function anonClient(): SupabaseClient {
  return apiClient(stackEnv().anonKey);
}

/** supabase-js with the service-role key, through the stack's gateway. */
export function serviceClient(): SupabaseClient {
  return apiClient(stackEnv().serviceRoleKey);
}
