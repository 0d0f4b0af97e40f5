/**
 * /rest/v1: the PostgREST-compatible subset that @supabase/supabase-js sends.
 * Reads, inserts/upserts, updates, deletes and RPC, each in one transaction as the JWT's
 * role (withRoleTransaction) so row-level security is the real thing. See README.md in this folder.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import {
  HttpError, postgresErrorToHttp, readJson, requestClaims, withRoleTransaction, type GatewayContext,
} from '../context.ts';
import { getCatalog, invalidateCatalog, refreshCatalog, type Catalog, type Fn, type Relation } from './catalog.ts';
import { runQuery } from './prepared.ts';
import { catalogMiss, payloadColumnNotFound, pgrstError, tableNotFound, unsupported } from './errors.ts';
import {
  parseAccept, parseColumnList, parsePrefer, parseRangeHeader, parseSelect,
  type MediaChoice, type Preferences,
} from './parser.ts';
import {
  aggregateJson, applyQueryParams, buildReadTree, conditionSql, qi, qt, readSql, relationSource, SqlParams,
  type ReadNode, type Source,
} from './sql.ts';

interface RestResponse {
  status: number;
  body?: string;
  headers: Record<string, string>;
}

interface Plan {
  readOnly: boolean;
  run(client: pg.PoolClient): Promise<RestResponse>;
}

interface RequestInfo {
  method: string;
  url: URL;
  body: unknown;
  media: MediaChoice;
  prefs: Preferences;
  range?: { offset: number; limit?: number };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export async function handleRest(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, url: URL): Promise<void> {
  const startedAt = Date.now();
  const method = (req.method ?? 'GET').toUpperCase();
  let role = 'anon';
  try {
    const rest = url.pathname.slice('/rest/v1'.length);
    if (rest !== '' && !rest.startsWith('/')) throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
    let segments: string[];
    try {
      segments = rest.split('/').filter((s, i) => i > 0 || s !== '').map((s) => decodeURIComponent(s));
    } catch {
      throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
    if (segments.length && segments[segments.length - 1] === '') segments.pop();

    checkProfile(req, method);
    const claims = requestClaims(req, ctx);
    role = String(claims.role ?? 'anon');

    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw unsupportedMethod(method);
      const catalog = await getCatalog(ctx.pool);
      return send(res, method, { status: 200, body: JSON.stringify(openApi(catalog, ctx)), headers: { 'content-type': 'application/openapi+json; charset=utf-8' } });
    }
    const isRpc = segments[0] === 'rpc' && segments.length === 2;
    if (segments.length !== 1 && !isRpc) throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
    if (isRpc && !['GET', 'HEAD', 'POST'].includes(method)) throw pgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

    const media = parseAccept(headerString(req.headers.accept));
    const prefs = parsePrefer(req.headers.prefer);
    if (prefs.handling === 'strict' && prefs.invalid.length) {
      throw pgrstError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
    }
    const body = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined;
    const info: RequestInfo = {
      method, url, body, media, prefs,
      range: method === 'GET' || method === 'HEAD' ? parseRangeHeader(headerString(req.headers.range)) : undefined,
    };

    const build = (catalog: Catalog): Plan => {
      try {
        return isRpc ? planRpc(catalog, segments[1], info) : planTable(catalog, segments[0], info);
      } catch (error) {
        // JSON.stringify of a pathologically nested body overflows the stack.
        if (error instanceof RangeError) throw invalidBody('The JSON body is nested too deeply');
        throw error;
      }
    };
    let catalog = await getCatalog(ctx.pool);
    let plan: Plan;
    try {
      plan = build(catalog);
    } catch (error) {
      if (!(error instanceof HttpError && (error as { catalogMiss?: boolean }).catalogMiss)) throw error;
      // Maybe migrations ran since the catalog was loaded: reload once and try again.
      catalog = await refreshCatalog(ctx.pool, startedAt);
      plan = build(catalog);
    }

    const result = await withRoleTransaction(
      ctx,
      claims,
      { readOnly: plan.readOnly, method, path: url.pathname, headers: req.headers as Record<string, unknown> },
      (client) => plan.run(client),
    );
    send(res, method, result);
  } catch (error) {
    const e = error as { code?: unknown; severity?: unknown };
    if (!(error instanceof HttpError)) {
      if (typeof e?.code === 'string' && ['42P01', '42703', '42883', '3F000'].includes(e.code)) invalidateCatalog(ctx.pool);
      if (!e?.severity) {
        // Not a Postgres error: the database is unreachable or something broke in the gateway.
        const unreachable = (typeof e?.code === 'string' && /^E[A-Z]+/.test(e.code))
          || /connection|connect|terminat|socket/i.test(String((error as Error)?.message ?? ''));
        throw pgrstError(unreachable ? 503 : 500, unreachable ? 'PGRST001' : 'PGRST000',
          unreachable ? 'Database client error. Retrying the connection.' : `Internal gateway error: ${(error as Error)?.message ?? error}`);
      }
    }
    const http = postgresErrorToHttp(error, role);
    if (http.status === 401 && !('www-authenticate' in http.headers)) http.headers['www-authenticate'] = 'Bearer';
    throw http;
  }
}

function headerString(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

function unsupportedMethod(method: string) {
  return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

function checkProfile(req: IncomingMessage, method: string) {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const profile = headerString(header);
  if (profile !== undefined && profile.trim() !== 'public') {
    throw pgrstError(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

function send(res: ServerResponse, method: string, r: RestResponse) {
  const headers = { ...r.headers };
  if (r.body !== undefined && !headers['content-type']) headers['content-type'] = JSON_TYPE;
  if (method === 'HEAD' || r.status === 204 || r.body === undefined) {
    res.writeHead(r.status, headers);
    res.end();
    return;
  }
  res.writeHead(r.status, headers);
  res.end(r.body);
}

function lookupRelation(catalog: Catalog, name: string): Relation {
  const rel = catalog.relations.get(name);
  if (!rel) throw tableNotFound(name);
  return rel;
}

// ----------------------------------------------------------------------------- shared helpers

function appliedHeader(prefs: Preferences, used: (keyof Preferences)[]): Record<string, string> {
  const parts: string[] = [];
  for (const k of used) {
    const v = prefs[k];
    if (v === undefined) continue;
    parts.push(k === 'maxAffected' ? `max-affected=${v}` : `${k}=${v}`);
  }
  return parts.length ? { 'preference-applied': parts.join(', ') } : {};
}

function singularError(n: number) {
  return pgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

/** json_agg output of exactly one row → that row. */
function unwrapSingle(arrayJson: string): string {
  return arrayJson.slice(1, -1).trim();
}

function effectiveRange(node: ReadNode, range: RequestInfo['range']): { offset: number; limit?: number } {
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

function contentRange(offset: number, n: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** Runs a read built by readSql and shapes the HTTP answer (count, range, singular). */
async function runRead(
  client: pg.PoolClient,
  info: RequestInfo,
  rowsSql: string,
  countSql: string | undefined,
  params: unknown[],
  offset: number,
  opts: { forceSingle?: boolean; scalarColumn?: string; prelude?: string } = {},
): Promise<RestResponse> {
  const head = info.method === 'HEAD';
  const wantCount = !!info.prefs.count && countSql !== undefined;
  const agg = opts.scalarColumn
    ? `coalesce(json_agg(pgrst_r.${qi(opts.scalarColumn)}), '[]')::text`
    : aggregateJson(info.media.stripNulls);
  const sql = `${opts.prelude ?? ''}SELECT count(*) AS n${head ? '' : `, ${agg} AS body`}${wantCount ? `, (${countSql}) AS total` : ''} FROM (${rowsSql}) AS pgrst_r`;
  const row = (await runQuery(client, sql, params)).rows[0] as { n: string; body?: string; total?: string };
  const n = Number(row.n);
  const total = wantCount ? Number(row.total) : undefined;
  const single = info.media.kind === 'object' || opts.forceSingle;
  if (single && n !== 1) throw singularError(n);
  const headers: Record<string, string> = {
    'content-range': contentRange(offset, n, total),
    ...appliedHeader(info.prefs, ['count']),
  };
  if (info.media.kind === 'object') headers['content-type'] = OBJECT_TYPE;
  let status = 200;
  if (total !== undefined) {
    if (offset > total && !single) {
      throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null,
        { 'content-range': `*/${total}` });
    }
    if (n < total && !single) status = 206;
  }
  const body = head ? undefined : single ? unwrapSingle(row.body ?? '[]') : row.body;
  return { status, body: head ? '' : body, headers };
}

// ----------------------------------------------------------------------------- tables and views

function planTable(catalog: Catalog, name: string, info: RequestInfo): Plan {
  const relation = lookupRelation(catalog, name);
  switch (info.method) {
    case 'GET':
    case 'HEAD':
      return planRead(catalog, relation, info);
    case 'POST':
      return planInsert(catalog, relation, info);
    case 'PATCH':
      return planUpdate(catalog, relation, info);
    case 'DELETE':
      return planDelete(catalog, relation, info);
    default:
      throw unsupportedMethod(info.method);
  }
}

function readTree(catalog: Catalog, source: Source, info: RequestInfo, p: SqlParams, skip?: Set<string>): ReadNode {
  const items = parseSelect(info.url.searchParams.get('select') ?? '*');
  const root = buildReadTree(catalog, source, items, p);
  applyQueryParams(root, info.url.searchParams, skip);
  return root;
}

function planRead(catalog: Catalog, relation: Relation, info: RequestInfo): Plan {
  const p = new SqlParams();
  const root = readTree(catalog, relationSource(relation), info, p);
  const { offset, limit } = effectiveRange(root, info.range);
  const sql = readSql(catalog, root, `${qt(relation.name)} AS ${root.alias}`, p, { limit, offset });
  return {
    readOnly: true,
    run: (client) => runRead(client, info, sql.rows, sql.count, p.values, offset),
  };
}

// ----------------------------------------------------------------------------- writes

interface Payload {
  rows: Record<string, unknown>[];
  columns: string[];
  isArray: boolean;
}

function invalidBody(details: string) {
  return pgrstError(400, 'PGRST102', 'Empty or invalid json', details);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readPayload(relation: Relation, info: RequestInfo, allowArray: boolean): Payload {
  const body = info.body;
  if (body === undefined) throw invalidBody('The request body is empty');
  const isArray = Array.isArray(body);
  if (isArray && !allowArray) throw invalidBody('A JSON array body (bulk update) is not supported here; send one JSON object');
  const rows = (isArray ? body : [body]) as unknown[];
  if (!rows.every(isPlainObject)) throw invalidBody('Expected a JSON object or an array of JSON objects');
  const columnsParam = info.url.searchParams.get('columns');
  let columns: string[];
  if (columnsParam !== null) {
    columns = [...new Set(parseColumnList(columnsParam, 'columns parameter'))];
  } else {
    columns = rows.length ? Object.keys(rows[0] as object) : [];
    if (isArray) {
      const want = [...columns].sort().join('\u0000');
      for (const r of rows) {
        if (Object.keys(r as object).sort().join('\u0000') !== want) throw invalidBody('All object keys must match');
      }
    }
  }
  for (const c of columns) {
    if (!relation.columnMap.has(c)) throw payloadColumnNotFound(relation.name, c);
  }
  return { rows: rows as Record<string, unknown>[], columns, isArray };
}

/** SQL that returns the representation of `pgrst_source` rows with the request's select. */
function representation(catalog: Catalog, relation: Relation, info: RequestInfo, p: SqlParams) {
  const root = readTree(catalog, relationSource(relation), info, p);
  const conditions = root.conditions;
  root.conditions = [];
  const sql = readSql(catalog, root, `pgrst_source AS ${root.alias}`, p);
  return { root, conditions, rowsSql: sql.rows };
}

function mutationResponse(
  info: RequestInfo,
  n: number,
  body: string | undefined,
  status: number,
  applied: (keyof Preferences)[],
): RestResponse {
  const headers: Record<string, string> = {
    'content-range': contentRange(0, body === undefined ? 0 : n, info.prefs.count ? n : undefined),
    ...appliedHeader(info.prefs, applied),
  };
  if (body === undefined) {
    if (info.prefs.count) headers['content-range'] = `*/${n}`;
    return { status: status === 200 ? 204 : status, headers };
  }
  if (info.media.kind === 'object') {
    headers['content-type'] = OBJECT_TYPE;
    return { status, body: unwrapSingle(body), headers };
  }
  return { status, body, headers };
}

function checkAffected(info: RequestInfo, n: number) {
  if (info.media.kind === 'object' && n !== 1) throw singularError(n);
  if (info.prefs.handling === 'strict' && info.prefs.maxAffected !== undefined && n > info.prefs.maxAffected) {
    throw pgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
  }
}

function planInsert(catalog: Catalog, relation: Relation, info: RequestInfo): Plan {
  const payload = readPayload(relation, info, true);
  const p = new SqlParams();
  const wantsBody = info.prefs.return === 'representation';
  const rep = wantsBody ? representation(catalog, relation, info, p) : undefined;
  const table = qt(relation.name);
  const cols = payload.columns;
  const { rows } = payload;
  const missingDefault = info.prefs.missing === 'default' && rows.some((r) => cols.some((c) => !Object.hasOwn(r, c)));

  let insert: string;
  if (cols.length === 0) {
    insert = rows.length === 1
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

  const resolution = info.prefs.resolution;
  const onConflictParam = info.url.searchParams.get('on_conflict');
  let trackInserted = false;
  if (resolution) {
    const target = onConflictParam !== null ? parseColumnList(onConflictParam, 'on_conflict parameter') : relation.primaryKey;
    for (const c of target) if (!relation.columnMap.has(c)) throw payloadColumnNotFound(relation.name, c);
    const targetSql = target.length ? ` (${target.map(qi).join(', ')})` : '';
    if (resolution === 'merge-duplicates' && cols.length) {
      insert += ` ON CONFLICT${targetSql} DO UPDATE SET ${cols.map((c) => `${qi(c)} = EXCLUDED.${qi(c)}`).join(', ')}`;
      trackInserted = relation.kind === 'table' || relation.kind === 'partitioned_table';
    } else {
      insert += ` ON CONFLICT${targetSql} DO NOTHING`;
    }
  } else if (onConflictParam !== null) {
    // PostgREST ignores on_conflict without a resolution preference... except it still plans an upsert; be explicit.
    const target = parseColumnList(onConflictParam, 'on_conflict parameter');
    for (const c of target) if (!relation.columnMap.has(c)) throw payloadColumnNotFound(relation.name, c);
  }
  const applied: (keyof Preferences)[] = ['return', 'count', 'resolution', 'missing'];

  if (payload.rows.length === 0) {
    return {
      readOnly: true,
      run: async () => {
        checkAffected(info, 0);
        return mutationResponse(info, 0, wantsBody ? '[]' : undefined, 201, applied);
      },
    };
  }

  if (!rep) {
    return {
      readOnly: false,
      run: async (client) => {
        const r = await runQuery(client, insert, p.values);
        const n = r.rowCount ?? 0;
        checkAffected(info, n);
        const status = resolution === 'ignore-duplicates' && n === 0 ? 200 : 201;
        return mutationResponse(info, n, undefined, status, applied);
      },
    };
  }
  const returning = trackInserted ? ` RETURNING *, (xmax::text = '0') AS "pgrst_inserted"` : ' RETURNING *';
  const sql = `WITH pgrst_source AS (${insert}${returning}) SELECT count(*) AS n, ${aggregateJson(info.media.stripNulls)} AS body`
    + `${trackInserted ? ', (SELECT count(*) FROM pgrst_source WHERE pgrst_inserted) AS inserted' : ''} FROM (${rep.rowsSql}) AS pgrst_r`;
  return {
    readOnly: false,
    run: async (client) => {
      const row = (await runQuery(client, sql, p.values)).rows[0] as { n: string; body: string; inserted?: string };
      const n = Number(row.n);
      checkAffected(info, n);
      let status = 201;
      if (trackInserted && Number(row.inserted) === 0 && n > 0) status = 200;
      if (resolution === 'ignore-duplicates' && n === 0) status = 200;
      return mutationResponse(info, n, row.body, status, applied);
    },
  };
}

function planUpdate(catalog: Catalog, relation: Relation, info: RequestInfo): Plan {
  const payload = readPayload(relation, info, false);
  const p = new SqlParams();
  const wantsBody = info.prefs.return === 'representation';
  const tree = readTree(catalog, relationSource(relation), info, p);
  rejectMutationLimits(tree);
  const alias = tree.alias;
  const where = whereOf(tree, p);
  const applied: (keyof Preferences)[] = ['return', 'count', 'handling', 'maxAffected'];
  const cols = payload.columns;
  if (cols.length === 0) {
    return { readOnly: true, run: async () => mutationResponse(info, 0, wantsBody ? '[]' : undefined, 200, applied) };
  }
  const table = qt(relation.name);
  const ref = p.add(JSON.stringify(payload.rows[0]));
  const update = `UPDATE ${table} AS ${alias} SET ${cols.map((c) => `${qi(c)} = pgrst_body.${qi(c)}`).join(', ')}`
    + ` FROM (SELECT * FROM json_populate_record(NULL::${table}, ${ref}::json)) AS pgrst_body${where}`;
  return mutationPlan(catalog, relation, info, p, update, alias, wantsBody, applied);
}

function planDelete(catalog: Catalog, relation: Relation, info: RequestInfo): Plan {
  const p = new SqlParams();
  const wantsBody = info.prefs.return === 'representation';
  const tree = readTree(catalog, relationSource(relation), info, p);
  rejectMutationLimits(tree);
  const alias = tree.alias;
  const where = whereOf(tree, p);
  const del = `DELETE FROM ${qt(relation.name)} AS ${alias}${where}`;
  return mutationPlan(catalog, relation, info, p, del, alias, wantsBody, ['return', 'count', 'handling', 'maxAffected']);
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

function mutationPlan(
  catalog: Catalog, relation: Relation, info: RequestInfo, p: SqlParams, statement: string, alias: string,
  wantsBody: boolean, applied: (keyof Preferences)[],
): Plan {
  if (!wantsBody) {
    return {
      readOnly: false,
      run: async (client) => {
        const r = await runQuery(client, statement, p.values);
        const n = r.rowCount ?? 0;
        checkAffected(info, n);
        return mutationResponse(info, n, undefined, 204, applied);
      },
    };
  }
  const rep = representation(catalog, relation, info, p);
  const sql = `WITH pgrst_source AS (${statement} RETURNING ${alias}.*) SELECT count(*) AS n, ${aggregateJson(info.media.stripNulls)} AS body FROM (${rep.rowsSql}) AS pgrst_r`;
  return {
    readOnly: false,
    run: async (client) => {
      const row = (await runQuery(client, sql, p.values)).rows[0] as { n: string; body: string };
      const n = Number(row.n);
      checkAffected(info, n);
      return mutationResponse(info, n, row.body, 200, applied);
    },
  };
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
  const matches = overloads.filter((fn) =>
    (isPost && fn.singleUnnamedJson) ||
    (fn.args.every((a) => a.name !== '' && (a.hasDefault || keys.includes(a.name))) && keys.every((k) => fn.args.some((a) => a.name === k))));
  if (matches.length === 0) throw functionNotFound(name, keys, isPost);
  if (matches.length > 1) {
    const exact = matches.filter((fn) => !fn.singleUnnamedJson && fn.args.length === keys.length);
    if (exact.length === 1) return exact[0];
    throw pgrstError(300, 'PGRST203', `Could not choose the best candidate function between: ${matches.map((fn) => `public.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  return matches[0];
}

function planRpc(catalog: Catalog, name: string, info: RequestInfo): Plan {
  const isPost = info.method === 'POST';
  let keys: string[];
  let values: Record<string, unknown> = {};
  const skip = new Set<string>();
  if (isPost) {
    const body = info.body === undefined ? {} : info.body;
    const overloads = catalog.functions.get(name) ?? [];
    const single = overloads.length === 1 && overloads[0].singleUnnamedJson;
    if (!single && !isPlainObject(body)) throw invalidBody('RPC arguments must be a JSON object of named arguments');
    values = isPlainObject(body) ? body : {};
    keys = Object.keys(values);
  } else {
    const argNames = new Set((catalog.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
    keys = [];
    for (const [k, v] of info.url.searchParams) {
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

  let argsFrom = '(SELECT 1) AS pgrst_args';
  let callArgs: string[];
  if (isPost && fn.singleUnnamedJson) {
    callArgs = [`${p.add(JSON.stringify(info.body ?? {}))}::${fn.args[0].type}`];
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
  const minimal = info.prefs.return === 'minimal';

  if (fn.returnKind === 'void') {
    return {
      readOnly,
      run: async (client) => {
        await runQuery(client, `SELECT ${call} FROM ${argsFrom}`, p.values);
        return { status: 204, headers: {} };
      },
    };
  }

  if (fn.returnKind === 'scalar' && !fn.returnsSet) {
    const sql = `SELECT to_json(${call})::text AS body FROM ${argsFrom}`;
    return {
      readOnly,
      run: async (client) => {
        const row = (await runQuery(client, sql, p.values)).rows[0] as { body: string | null };
        if (minimal) return { status: 204, headers: {} };
        return { status: 200, body: row?.body ?? 'null', headers: {} };
      },
    };
  }

  const prelude = (select: string) => `WITH pgrst_call AS (SELECT ${select} FROM ${argsFrom} CROSS JOIN LATERAL ${call} AS pgrst_t${fn.returnKind === 'scalar' ? `(${qi(fn.name)})` : ''}) `;
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
  const range = info.range;
  let root: ReadNode;
  if (fn.returnKind === 'scalar') {
    root = buildReadTree(catalog, source, [{ type: 'star' }], p);
    applyQueryParams(root, info.url.searchParams, new Set([...skip, 'select']));
  } else {
    root = readTree(catalog, source, info, p, skip);
  }
  const { offset, limit } = effectiveRange(root, range);
  const sql = readSql(catalog, root, `pgrst_call AS ${root.alias}`, p, { limit, offset });
  const withClause = prelude('pgrst_t.*');
  return {
    readOnly,
    run: async (client) => {
      const r = await runRead(client, info, sql.rows, sql.count, p.values, offset, {
        forceSingle: !fn.returnsSet,
        scalarColumn: fn.returnKind === 'scalar' ? fn.name : undefined,
        prelude: withClause,
      });
      if (minimal) return { status: 204, headers: {} };
      return r;
    },
  };
}

// ----------------------------------------------------------------------------- OpenAPI (minimal)

function openApi(catalog: Catalog, ctx: GatewayContext) {
  const definitions: Record<string, unknown> = {};
  const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (minimal)' } } };
  for (const rel of catalog.relations.values()) {
    paths[`/${rel.name}`] = rel.kind === 'table' ? { get: {}, post: {}, patch: {}, delete: {} } : { get: {} };
    definitions[rel.name] = {
      type: 'object',
      required: rel.columns.filter((c) => c.notNull && !c.hasDefault).map((c) => c.name),
      properties: Object.fromEntries(rel.columns.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [name, fns] of catalog.functions) {
    if (fns.some((f) => f.returnKind !== 'unsupported')) paths[`/rpc/${name}`] = { post: {}, get: {} };
  }
  return { swagger: '2.0', info: { title: 'SupperHost local PostgREST-compatible gateway', version: '12' }, host: ctx.apiUrl, basePath: '/rest/v1', schemes: ['http'], paths, definitions };
}
