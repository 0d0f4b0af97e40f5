/**
 * Runs a plan on a connection inside the request's transaction and returns what the
 * response needs: the page size, the JSON body (built by Postgres, never parsed here),
 * the total for Content-Range, and for upserts how many rows were inserted.
 */
import type pg from 'pg';
import type { CallPlan, MutatePlan, Plan, ReadPlan } from './plan.ts';
import { runQuery } from './prepared.ts';
import { aggregateJson, qi } from './sql.ts';

export interface DbResult {
  /** Rows in the page (or affected by a write). */
  n: number;
  /** JSON text of the rows (json_agg), or of the scalar for a call. */
  body?: string;
  /** Total for Content-Range when a count was asked for. */
  total?: number;
  /** Rows inserted (not updated) by a merge-duplicates upsert. */
  inserted?: number;
}

/**
 * Supabase runs PostgREST with db-max-rows = 1000 (supabase/config.toml, [api] max_rows):
 * `count=estimated` counts exactly up to this many rows, and beyond it uses the planner's estimate.
 */
export const ESTIMATE_THRESHOLD = 1000;

export function runPlan(client: pg.PoolClient, plan: Plan): Promise<DbResult> {
  switch (plan.kind) {
    case 'read':
      return runRead(client, plan);
    case 'mutate':
      return runMutate(client, plan);
    case 'call':
      return runCall(client, plan);
  }
}

async function runRead(client: pg.PoolClient, plan: ReadPlan): Promise<DbResult> {
  const agg = plan.scalarColumn ? `coalesce(json_agg(pgrst_r.${qi(plan.scalarColumn)}), '[]')::text` : aggregateJson(plan.stripNulls);
  let total = '';
  if (plan.count === 'exact') total = `, (SELECT count(*) FROM (${plan.countRowsSql}) AS pgrst_c) AS total`;
  if (plan.count === 'estimated') total = `, (SELECT count(*) FROM (${plan.countRowsSql} LIMIT ${ESTIMATE_THRESHOLD + 1}) AS pgrst_c) AS total`;
  const sql = `${plan.prelude}SELECT count(*) AS n${plan.head ? '' : `, ${agg} AS body`}${total} FROM (${plan.rowsSql}) AS pgrst_r`;
  const row = (await runQuery(client, sql, plan.params)).rows[0] as { n: string; body?: string; total?: string };
  const result: DbResult = { n: Number(row.n), body: row.body };
  if (plan.count === 'exact') result.total = Number(row.total);
  if (plan.count === 'planned') result.total = await plannedRows(client, plan);
  if (plan.count === 'estimated') {
    result.total = Number(row.total);
    if (result.total > ESTIMATE_THRESHOLD) {
      const planned = await plannedRows(client, plan);
      if (planned !== undefined) result.total = Math.max(result.total, planned);
    }
  }
  return result;
}

/**
 * The planner's row estimate for the filtered rows (PostgREST's count=planned: the
 * "Plan Rows" of EXPLAIN (FORMAT JSON)). The values are inlined as quoted literals, which
 * Postgres types from context exactly like the untyped parameters of the real statement:
 * the statement's other parameters (limits, embed filters) would otherwise be unreferenced.
 */
async function plannedRows(client: pg.PoolClient, plan: ReadPlan): Promise<number | undefined> {
  const sql = inlineParams(`${plan.prelude}${plan.countRowsSql}`, plan.params);
  if (sql === undefined) return undefined;
  let rows: { 'QUERY PLAN': unknown }[];
  // The statement itself already ran; should its EXPLAIN still fail, answer without a total
  // rather than abort the transaction.
  await client.query('SAVEPOINT pgrst_explain');
  try {
    rows = (await client.query(`EXPLAIN (FORMAT JSON) ${sql}`)).rows;
    await client.query('RELEASE SAVEPOINT pgrst_explain');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT pgrst_explain');
    return undefined;
  }
  let doc = rows[0]?.['QUERY PLAN'];
  if (typeof doc === 'string') doc = JSON.parse(doc);
  const estimate = (doc as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? Math.round(estimate) : undefined;
}

function literal(v: unknown): string | undefined {
  let text: string;
  if (typeof v === 'number') text = String(v);
  else if (typeof v === 'string') text = v;
  else if (Array.isArray(v)) text = `{${v.map((x) => `"${String(x).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  else return undefined;
  if (text.includes('\u0000')) return undefined;
  return `'${text.replace(/'/g, "''")}'`;
}

/** Replaces `$n` outside double-quoted identifiers (the only quoting the builder emits). */
function inlineParams(sql: string, params: unknown[]): string | undefined {
  const literals = params.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  let failed = false;
  const out = sql.replace(/"(?:[^"]|"")*"|\$(\d+)/g, (m, n: string | undefined) => {
    if (n === undefined) return m;
    const l = literals[Number(n) - 1];
    if (l === undefined) failed = true;
    return l ?? m;
  });
  return failed ? undefined : out;
}

async function runMutate(client: pg.PoolClient, plan: MutatePlan): Promise<DbResult> {
  if (plan.sql === undefined) return { n: 0, body: plan.representation ? '[]' : undefined, inserted: plan.tracksInserted ? 0 : undefined };
  if (!plan.returnsRow) {
    const r = await runQuery(client, plan.sql, plan.params);
    return { n: r.rowCount ?? 0 };
  }
  const row = (await runQuery(client, plan.sql, plan.params)).rows[0] as { n: string; body?: string; inserted?: string };
  return {
    n: Number(row.n),
    body: row.body,
    inserted: row.inserted === undefined ? undefined : Number(row.inserted),
  };
}

async function runCall(client: pg.PoolClient, plan: CallPlan): Promise<DbResult> {
  const row = (await runQuery(client, plan.sql, plan.params)).rows[0] as { body?: string | null } | undefined;
  return { n: 1, body: plan.fn.returnKind === 'void' ? undefined : (row?.body ?? 'null') };
}

/**
 * What the request's role may use, as PostgREST's OpenAPI lists it (openapi-mode
 * follow-privileges): relations it owns or holds any privilege on, functions it may execute.
 */
export async function accessibleObjects(client: pg.PoolClient): Promise<{ relations: Set<string>; functions: Set<number> }> {
  const relations = await runQuery(
    client,
    `
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'r', 'm', 'f', 'p') AND NOT c.relispartition
      AND (pg_has_role(c.relowner, 'USAGE')
        OR has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
        OR has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))`,
    [],
  );
  const functions = await runQuery(
    client,
    `
    SELECT p.oid::int8 AS oid FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' AND p.prorettype <> 'trigger'::regtype
      AND has_function_privilege(p.oid, 'execute')`,
    [],
  );
  return {
    relations: new Set(relations.rows.map((r: { name: string }) => r.name)),
    functions: new Set(functions.rows.map((r: { oid: string }) => Number(r.oid))),
  };
}
