/**
 * ApiRequest + catalog → a plan (PostgREST's Plan: read / mutate / call). Every table, column,
 * relationship and function name is resolved here against the cached catalog, and the SQL is
 * built (sql.ts) with every value as a bind parameter. Pure: no database access.
 */
import type pg from 'pg';
import { getCatalog, refreshCatalog, type Catalog, type Fn, type Relation } from './catalog.ts';
import { catalogMiss, CatalogMiss, payloadColumnNotFound, pgrstError, tableNotFound, unsupported } from './errors.ts';
import { parseColumnList, parseSelect, type Preferences } from './parser.ts';
import { unsupportedMethod, type ApiRequest } from './request.ts';
import {
  aggregateJson,
  applyQueryParams,
  buildReadTree,
  conditionSql,
  qi,
  qt,
  readSql,
  relationSource,
  SqlParams,
  type ReadNode,
  type Source,
} from './sql.ts';

/** How the total behind Content-Range is computed. */
export type CountMode = 'exact' | 'planned' | 'estimated';

/**
 * A read: GET/HEAD on a table or view, or an RPC whose result is read like one
 * (SETOF / TABLE / composite, with select, filters, order, limit and embeds).
 */
export interface ReadPlan {
  kind: 'read';
  readOnly: boolean;
  params: unknown[];
  /** `WITH …` run before the read (RPC: the function call), '' for tables. */
  prelude: string;
  /** SELECT of the page (embeds, order, limit/offset applied). */
  rowsSql: string;
  /** SELECT 1 per row matching the filters, without limit/offset: the basis of every count. */
  countRowsSql: string;
  count?: CountMode;
  /** First row of the page (limit/offset intersected with Range). */
  offset: number;
  /** 'media': vnd.pgrst.object requested; 'function': a function returning one row. */
  singular?: 'media' | 'function';
  /** Function returning SETOF a scalar: the body is an array of that column's values. */
  scalarColumn?: string;
  head: boolean;
  stripNulls: boolean;
  /** Set for RPC. */
  fn?: Fn;
}

/** POST (insert/upsert), PATCH, DELETE on a table or view. */
export interface MutatePlan {
  kind: 'mutate';
  readOnly: boolean;
  params: unknown[];
  mutation: 'insert' | 'update' | 'delete';
  /** undefined: nothing to run (empty payload, no columns). */
  sql?: string;
  /** The statement returns `n` (and `body`, `inserted`) instead of only a row count. */
  returnsRow: boolean;
  representation: boolean;
  /** `inserted` counts the rows inserted, not updated (merge-duplicates). */
  tracksInserted: boolean;
  /** Resolution preference actually applied (a key to conflict on exists). */
  resolution?: Preferences['resolution'];
  stripNulls: boolean;
}

/** RPC of a function returning void or one scalar value. */
export interface CallPlan {
  kind: 'call';
  readOnly: boolean;
  params: unknown[];
  sql: string;
  fn: Fn;
}

export type Plan = ReadPlan | MutatePlan | CallPlan;

// ----------------------------------------------------------------------------- entry point

/**
 * Plans the request against the cached catalog. A name the catalog does not know (or a
 * capability it says is missing) reloads the catalog once, since migrations may have run.
 */
export async function planRequest(pool: pg.Pool, api: ApiRequest, startedAt: number): Promise<Plan> {
  const build = (catalog: Catalog): Plan => {
    try {
      if (api.target.kind === 'rpc') return planRpc(catalog, api.target.name, api);
      if (api.target.kind === 'relation') return planRelation(catalog, api.target.name, api);
      throw unsupportedMethod(api.method);
    } catch (error) {
      // JSON.stringify of a pathologically nested body overflows the stack.
      if (error instanceof RangeError) throw invalidBody('The JSON body is nested too deeply');
      throw error;
    }
  };
  try {
    return build(await getCatalog(pool));
  } catch (error) {
    if (!(error instanceof CatalogMiss)) throw error;
    return build(await refreshCatalog(pool, startedAt));
  }
}

// ----------------------------------------------------------------------------- shared helpers

function invalidBody(details: string) {
  return pgrstError(400, 'PGRST102', 'Empty or invalid json', details);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lookupRelation(catalog: Catalog, name: string): Relation {
  const rel = catalog.relations.get(name);
  if (!rel) throw tableNotFound(name);
  return rel;
}

function effectiveRange(node: ReadNode, range: ApiRequest['range']): { offset: number; limit?: number } {
  let offset = node.offset ?? 0;
  let limit = node.limit;
  if (range) {
    const start = Math.max(offset, range.offset);
    const endA = limit === undefined ? Infinity : offset + limit - 1;
    const endB = range.limit === undefined ? Infinity : range.offset + range.limit - 1;
    const end = Math.min(endA, endB);
    offset = start;
    limit = end === Infinity ? undefined : Math.max(0, end - start + 1);
  }
  return { offset, limit };
}

function readTree(catalog: Catalog, source: Source, api: ApiRequest, p: SqlParams, skip?: Set<string>): ReadNode {
  const items = parseSelect(api.url.searchParams.get('select') ?? '*');
  const root = buildReadTree(catalog, source, items, p);
  applyQueryParams(root, api.url.searchParams, skip);
  return root;
}

// ----------------------------------------------------------------------------- tables and views

const WRITE_VERB: Record<string, { flag: 'insertable' | 'updatable' | 'deletable'; verb: string; from: string; trigger: string; rule: string }> = {
  POST: { flag: 'insertable', verb: 'insert into', from: 'inserting into', trigger: 'INSERT', rule: 'ON INSERT' },
  PATCH: { flag: 'updatable', verb: 'update', from: 'updating', trigger: 'UPDATE', rule: 'ON UPDATE' },
  DELETE: { flag: 'deletable', verb: 'delete from', from: 'deleting from', trigger: 'DELETE', rule: 'ON DELETE' },
};

/** The methods a relation answers (PostgREST's OPTIONS `Allow`). */
export function allowedMethods(rel: Relation): string[] {
  return ['OPTIONS', 'GET', 'HEAD', ...(['POST', 'PATCH', 'DELETE'] as const).filter((m) => rel[WRITE_VERB[m].flag] !== false)];
}

/**
 * Postgres refuses writes to a view that is neither automatically updatable nor has an
 * INSTEAD OF trigger or rule (55000, which PostgREST answers with 500). Refused here, before
 * the database, with the same code and message and a 405 naming the methods the view allows.
 */
function checkWritable(rel: Relation, method: string) {
  const w = WRITE_VERB[method];
  if (!w || rel[w.flag] !== false) return;
  const kind = rel.kind === 'materialized_view' ? 'materialized view' : rel.kind === 'foreign_table' ? 'foreign table' : 'view';
  throw new CatalogMiss(
    405,
    {
      code: '55000',
      message: `cannot ${w.verb} ${kind} "${rel.name}"`,
      details: `'${rel.name}' is read-only: it is not automatically updatable and has no INSTEAD OF ${w.trigger} trigger or rule.`,
      hint: `To enable ${w.from} the ${kind}, provide an INSTEAD OF ${w.trigger} trigger or an unconditional ${w.rule} DO INSTEAD rule.`,
    },
    { allow: allowedMethods(rel).join(',') },
  );
}

function planRelation(catalog: Catalog, name: string, api: ApiRequest): Plan {
  const relation = lookupRelation(catalog, name);
  checkWritable(relation, api.method);
  switch (api.method) {
    case 'GET':
    case 'HEAD':
      return planRead(catalog, relation, api);
    case 'POST':
      return planInsert(catalog, relation, api);
    case 'PATCH':
      return planUpdate(catalog, relation, api);
    case 'DELETE':
      return planDelete(catalog, relation, api);
    default:
      throw unsupportedMethod(api.method);
  }
}

function planRead(catalog: Catalog, relation: Relation, api: ApiRequest): ReadPlan {
  const p = new SqlParams();
  const root = readTree(catalog, relationSource(relation), api, p);
  const { offset, limit } = effectiveRange(root, api.range);
  const sql = readSql(catalog, root, `${qt(relation.name)} AS ${root.alias}`, p, { limit, offset });
  return {
    kind: 'read',
    readOnly: true,
    params: p.values,
    prelude: '',
    rowsSql: sql.rows,
    countRowsSql: sql.countRows,
    count: api.prefs.count,
    offset,
    singular: api.media.kind === 'object' ? 'media' : undefined,
    head: api.method === 'HEAD',
    stripNulls: api.media.stripNulls,
  };
}

// ----------------------------------------------------------------------------- writes

interface Payload {
  rows: Record<string, unknown>[];
  columns: string[];
  isArray: boolean;
}

function readPayload(relation: Relation, api: ApiRequest, allowArray: boolean): Payload {
  const body = api.body;
  if (body === undefined) throw invalidBody('The request body is empty');
  const isArray = Array.isArray(body);
  if (isArray && !allowArray) throw invalidBody('A JSON array body (bulk update) is not supported here; send one JSON object');
  const rows = (isArray ? body : [body]) as unknown[];
  if (!rows.every(isPlainObject)) throw invalidBody('Expected a JSON object or an array of JSON objects');
  const columnsParam = api.url.searchParams.get('columns');
  let columns: string[];
  if (columnsParam !== null) {
    columns = [...new Set(parseColumnList(columnsParam, 'columns parameter'))];
  } else {
    columns = rows.length ? Object.keys(rows[0] as object) : [];
    if (isArray) {
      const want = [...columns].sort().join('\u0000');
      for (const r of rows) {
        if (
          Object.keys(r as object)
            .sort()
            .join('\u0000') !== want
        )
          throw invalidBody('All object keys must match');
      }
    }
  }
  for (const c of columns) {
    if (!relation.columnMap.has(c)) throw payloadColumnNotFound(relation.name, c);
  }
  return { rows: rows as Record<string, unknown>[], columns, isArray };
}

/** SQL that returns the representation of `pgrst_source` rows with the request's select. */
function representation(catalog: Catalog, relation: Relation, api: ApiRequest, p: SqlParams) {
  const root = readTree(catalog, relationSource(relation), api, p);
  root.conditions = [];
  return readSql(catalog, root, `pgrst_source AS ${root.alias}`, p).rows;
}

function mutatePlan(
  api: ApiRequest,
  p: SqlParams,
  mutation: MutatePlan['mutation'],
  sql: string | undefined,
  opts: { returnsRow?: boolean; tracksInserted?: boolean; resolution?: Preferences['resolution'] } = {},
): MutatePlan {
  return {
    kind: 'mutate',
    readOnly: sql === undefined,
    params: p.values,
    mutation,
    sql,
    returnsRow: opts.returnsRow ?? false,
    representation: api.prefs.return === 'representation',
    tracksInserted: opts.tracksInserted ?? false,
    resolution: opts.resolution,
    stripNulls: api.media.stripNulls,
  };
}

function planInsert(catalog: Catalog, relation: Relation, api: ApiRequest): MutatePlan {
  const payload = readPayload(relation, api, true);
  const p = new SqlParams();
  const wantsBody = api.prefs.return === 'representation';
  const repSql = wantsBody ? representation(catalog, relation, api, p) : undefined;
  const table = qt(relation.name);
  const cols = payload.columns;
  const { rows } = payload;
  const missingDefault = api.prefs.missing === 'default' && rows.some((r) => cols.some((c) => !Object.hasOwn(r, c)));

  let insert: string;
  if (cols.length === 0) {
    insert =
      rows.length === 1
        ? `INSERT INTO ${table} DEFAULT VALUES`
        : `INSERT INTO ${table} SELECT FROM json_populate_recordset(NULL::${table}, ${p.add(JSON.stringify(rows))}::json)`;
  } else if (missingDefault) {
    const tuples = rows.map((r) => {
      const ref = p.add(JSON.stringify(r));
      return `(${cols.map((c) => (Object.hasOwn(r, c) ? `(json_populate_record(NULL::${table}, ${ref}::json)).${qi(c)}` : 'DEFAULT')).join(', ')})`;
    });
    insert = `INSERT INTO ${table} (${cols.map(qi).join(', ')}) VALUES ${tuples.join(', ')}`;
  } else {
    insert = `INSERT INTO ${table} (${cols.map(qi).join(', ')}) SELECT ${cols.map(qi).join(', ')} FROM json_populate_recordset(NULL::${table}, ${p.add(JSON.stringify(rows))}::json)`;
  }

  const onConflictParam = api.url.searchParams.get('on_conflict');
  const target = onConflictParam !== null ? parseColumnList(onConflictParam, 'on_conflict parameter') : relation.primaryKey;
  for (const c of target) if (!relation.columnMap.has(c)) throw payloadColumnNotFound(relation.name, c);
  // As PostgREST: without a primary key or on_conflict there is nothing to conflict on, and
  // the resolution preference is ignored (and not echoed in Preference-Applied).
  const resolution = target.length ? api.prefs.resolution : undefined;
  let tracksInserted = false;
  if (resolution) {
    const targetSql = ` (${target.map(qi).join(', ')})`;
    if (resolution === 'merge-duplicates' && cols.length) {
      insert += ` ON CONFLICT${targetSql} DO UPDATE SET ${cols.map((c) => `${qi(c)} = EXCLUDED.${qi(c)}`).join(', ')}`;
      tracksInserted = relation.kind === 'table' || relation.kind === 'partitioned_table';
    } else {
      insert += ` ON CONFLICT${targetSql} DO NOTHING`;
    }
  }

  if (payload.rows.length === 0) return mutatePlan(api, p, 'insert', undefined, { resolution });

  const returning = tracksInserted ? ` RETURNING *, (xmax::text = '0') AS "pgrst_inserted"` : ' RETURNING *';
  const inserted = tracksInserted ? ', (SELECT count(*) FROM pgrst_source WHERE pgrst_inserted) AS inserted' : '';
  if (!repSql) {
    if (!tracksInserted) return mutatePlan(api, p, 'insert', insert, { resolution });
    const sql = `WITH pgrst_source AS (${insert}${returning}) SELECT count(*) AS n${inserted} FROM pgrst_source`;
    return mutatePlan(api, p, 'insert', sql, { returnsRow: true, tracksInserted, resolution });
  }
  const sql = `WITH pgrst_source AS (${insert}${returning}) SELECT count(*) AS n, ${aggregateJson(api.media.stripNulls)} AS body${inserted} FROM (${repSql}) AS pgrst_r`;
  return mutatePlan(api, p, 'insert', sql, { returnsRow: true, tracksInserted, resolution });
}

function rejectMutationLimits(tree: ReadNode) {
  if (tree.limit !== undefined || tree.offset !== undefined) {
    throw unsupported('limit/offset on PATCH and DELETE are not supported by this gateway; filter on a key instead');
  }
}

/** WHERE clause of PATCH/DELETE: the top-level filters only (embeds shape the representation). */
function whereOf(tree: ReadNode, p: SqlParams): string {
  const conds = tree.conditions.map((c) => conditionSql(tree, c, p));
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

function planUpdate(catalog: Catalog, relation: Relation, api: ApiRequest): MutatePlan {
  const payload = readPayload(relation, api, false);
  const p = new SqlParams();
  const tree = readTree(catalog, relationSource(relation), api, p);
  rejectMutationLimits(tree);
  const alias = tree.alias;
  const where = whereOf(tree, p);
  const cols = payload.columns;
  if (cols.length === 0) return mutatePlan(api, p, 'update', undefined);
  const table = qt(relation.name);
  const ref = p.add(JSON.stringify(payload.rows[0]));
  const update =
    `UPDATE ${table} AS ${alias} SET ${cols.map((c) => `${qi(c)} = pgrst_body.${qi(c)}`).join(', ')}` +
    ` FROM (SELECT * FROM json_populate_record(NULL::${table}, ${ref}::json)) AS pgrst_body${where}`;
  return returningPlan(catalog, relation, api, p, 'update', update, alias);
}

function planDelete(catalog: Catalog, relation: Relation, api: ApiRequest): MutatePlan {
  const p = new SqlParams();
  const tree = readTree(catalog, relationSource(relation), api, p);
  rejectMutationLimits(tree);
  const alias = tree.alias;
  const where = whereOf(tree, p);
  return returningPlan(catalog, relation, api, p, 'delete', `DELETE FROM ${qt(relation.name)} AS ${alias}${where}`, alias);
}

function returningPlan(
  catalog: Catalog,
  relation: Relation,
  api: ApiRequest,
  p: SqlParams,
  mutation: 'update' | 'delete',
  statement: string,
  alias: string,
): MutatePlan {
  if (api.prefs.return !== 'representation') return mutatePlan(api, p, mutation, statement);
  const repSql = representation(catalog, relation, api, p);
  const sql = `WITH pgrst_source AS (${statement} RETURNING ${alias}.*) SELECT count(*) AS n, ${aggregateJson(api.media.stripNulls)} AS body FROM (${repSql}) AS pgrst_r`;
  return mutatePlan(api, p, mutation, sql, { returnsRow: true });
}

// ----------------------------------------------------------------------------- RPC

function functionNotFound(name: string, keys: string[], isPost: boolean) {
  const sorted = [...keys].sort();
  const sig = sorted.length ? `public.${name}(${sorted.join(', ')})` : `public.${name} without parameters`;
  const withParams = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters';
  const details = `Searched for the function public.${name}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return catalogMiss(404, 'PGRST202', `Could not find the function ${sig} in the schema cache`, details, null);
}

function chooseFunction(catalog: Catalog, name: string, keys: string[], isPost: boolean): Fn {
  const overloads = catalog.functions.get(name) ?? [];
  const matches = overloads.filter(
    (fn) =>
      (isPost && fn.singleUnnamedJson) ||
      (fn.args.every((a) => a.name !== '' && (a.hasDefault || keys.includes(a.name))) && keys.every((k) => fn.args.some((a) => a.name === k))),
  );
  if (matches.length === 0) throw functionNotFound(name, keys, isPost);
  if (matches.length > 1) {
    const exact = matches.filter((fn) => !fn.singleUnnamedJson && fn.args.length === keys.length);
    if (exact.length === 1) return exact[0];
    throw pgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => `public.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  return matches[0];
}

function planRpc(catalog: Catalog, name: string, api: ApiRequest): Plan {
  const isPost = api.method === 'POST';
  let keys: string[];
  let values: Record<string, unknown> = {};
  const skip = new Set<string>();
  if (isPost) {
    const body = api.body === undefined ? {} : api.body;
    const overloads = catalog.functions.get(name) ?? [];
    const single = overloads.length === 1 && overloads[0].singleUnnamedJson;
    if (!single && !isPlainObject(body)) throw invalidBody('RPC arguments must be a JSON object of named arguments');
    values = isPlainObject(body) ? body : {};
    keys = Object.keys(values);
  } else {
    const argNames = new Set((catalog.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
    keys = [];
    for (const [k, v] of api.url.searchParams) {
      if (!argNames.has(k)) continue;
      if (!keys.includes(k)) keys.push(k);
      values[k] = v;
      skip.add(k);
    }
  }
  const fn = chooseFunction(catalog, name, keys, isPost);
  const p = new SqlParams();
  const readOnly = !isPost || fn.volatility !== 'v';
  if (fn.returnKind === 'unsupported') {
    throw unsupported(`Calling public.${fn.name} (returns ${fn.returnType}) over RPC is not supported by this gateway`);
  }
  if (fn.variadic) throw unsupported(`Calling the variadic function public.${fn.name} over RPC is not supported by this gateway`);
  // PostgREST: max-affected counts the rows of a result set, so it needs SETOF / TABLE.
  if (api.prefs.handling === 'strict' && api.prefs.maxAffected !== undefined && !fn.returnsSet) {
    throw pgrstError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  }

  let argsFrom = '(SELECT 1) AS pgrst_args';
  let callArgs: string[];
  if (isPost && fn.singleUnnamedJson) {
    callArgs = [`${p.add(JSON.stringify(api.body ?? {}))}::${fn.args[0].type}`];
  } else {
    const provided = fn.args.filter((a) => keys.includes(a.name));
    if (isPost) {
      if (provided.length) {
        argsFrom = `json_to_record(${p.add(JSON.stringify(values))}::json) AS pgrst_args(${provided.map((a) => `${qi(a.name)} ${a.type}`).join(', ')})`;
      }
      callArgs = provided.map((a) => `${qi(a.name)} := pgrst_args.${qi(a.name)}`);
    } else {
      callArgs = provided.map((a) => `${qi(a.name)} := ${p.add(String(values[a.name]))}::${a.type}`);
    }
  }
  const call = `${qt(fn.name)}(${callArgs.join(', ')})`;

  if (fn.returnKind === 'void') {
    return { kind: 'call', readOnly, params: p.values, sql: `SELECT ${call} FROM ${argsFrom}`, fn };
  }
  if (fn.returnKind === 'scalar' && !fn.returnsSet) {
    return { kind: 'call', readOnly, params: p.values, sql: `SELECT to_json(${call})::text AS body FROM ${argsFrom}`, fn };
  }

  let source: Source;
  if (fn.returnKind === 'scalar') {
    source = {
      name: fn.name,
      columns: [{ name: fn.name, type: fn.returnType, typeOid: 0, attnum: 1, notNull: false, hasDefault: false, generated: false }],
      columnMap: new Map(),
    };
    source.columnMap.set(fn.name, source.columns[0]);
  } else if (fn.returnRelation && catalog.relations.get(fn.returnRelation)) {
    source = relationSource(catalog.relations.get(fn.returnRelation)!);
  } else {
    source = { name: fn.name, columns: fn.returnColumns, columnMap: new Map(fn.returnColumns.map((c) => [c.name, c])) };
  }
  let root: ReadNode;
  if (fn.returnKind === 'scalar') {
    root = buildReadTree(catalog, source, [{ type: 'star' }], p);
    applyQueryParams(root, api.url.searchParams, new Set([...skip, 'select']));
  } else {
    root = readTree(catalog, source, api, p, skip);
  }
  const { offset, limit } = effectiveRange(root, api.range);
  const sql = readSql(catalog, root, `pgrst_call AS ${root.alias}`, p, { limit, offset });
  const prelude = `WITH pgrst_call AS (SELECT pgrst_t.* FROM ${argsFrom} CROSS JOIN LATERAL ${call} AS pgrst_t${fn.returnKind === 'scalar' ? `(${qi(fn.name)})` : ''}) `;
  // PostgREST counts function results exactly for count=exact and count=estimated; a
  // planned count is not computed for functions.
  const count = api.prefs.count === 'planned' ? undefined : api.prefs.count ? 'exact' : undefined;
  return {
    kind: 'read',
    readOnly,
    params: p.values,
    prelude,
    rowsSql: sql.rows,
    countRowsSql: sql.countRows,
    count,
    offset,
    singular: api.media.kind === 'object' ? 'media' : !fn.returnsSet ? 'function' : undefined,
    scalarColumn: fn.returnKind === 'scalar' ? fn.name : undefined,
    head: api.method === 'HEAD',
    stripNulls: api.media.stripNulls,
    fn,
  };
}
