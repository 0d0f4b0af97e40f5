/**
 * Plan + database result → the HTTP answer, as PostgREST's Response module: status codes,
 * Content-Range, Preference-Applied, content type, singular responses and the checks that
 * fail a request after it ran (PGRST116, PGRST124, 416). The caller runs this inside the
 * transaction, so a failure here rolls the request back.
 */
import type { ServerResponse } from 'node:http';
import { pgrstError } from './errors.ts';
import type { CallPlan, MutatePlan, Plan, ReadPlan } from './plan.ts';
import type { DbResult } from './query.ts';
import type { ApiRequest } from './request.ts';

export interface RestResponse {
  status: number;
  body?: string;
  headers: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
export const OPENAPI_TYPE = 'application/openapi+json; charset=utf-8';

export function send(res: ServerResponse, method: string, r: RestResponse) {
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

export function respond(api: ApiRequest, plan: Plan, db: DbResult): RestResponse {
  switch (plan.kind) {
    case 'read':
      return readResponse(api, plan, db);
    case 'mutate':
      return mutationResponse(api, plan, db);
    case 'call':
      return callResponse(api, plan, db);
  }
}

// ----------------------------------------------------------------------------- headers

/**
 * PostgREST's Content-Range: `first-last/total`, `*` for the range when nothing was
 * returned (or the total is 0), `*` for the total when no count was asked for.
 */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** Preference-Applied with PostgREST's rules (which preferences apply to which plan) and order. */
export function preferenceApplied(api: ApiRequest, plan?: Plan): Record<string, string> {
  const p = api.prefs;
  const mutation = plan?.kind === 'mutate' ? plan.mutation : undefined;
  const isRpc = plan?.kind === 'call' || (plan?.kind === 'read' && plan.fn !== undefined);
  const parts: string[] = [];
  if (plan?.kind === 'mutate' && mutation === 'insert' && plan.resolution) parts.push(`resolution=${plan.resolution}`);
  if ((mutation === 'insert' || mutation === 'update') && p.missing) parts.push(`missing=${p.missing}`);
  if (mutation && p.return) parts.push(`return=${p.return}`);
  if (p.count) parts.push(`count=${p.count}`);
  if (p.tx) parts.push(`tx=${p.tx}`);
  if (p.handling) parts.push(`handling=${p.handling}`);
  if (p.handling === 'strict' && p.maxAffected !== undefined && (mutation === 'update' || mutation === 'delete' || isRpc)) {
    parts.push(`max-affected=${p.maxAffected}`);
  }
  return parts.length ? { 'preference-applied': parts.join(', ') } : {};
}

// ----------------------------------------------------------------------------- checks after the statement ran

export function singularError(n: number) {
  return pgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

/** `Prefer: handling=strict, max-affected=N` (PATCH, DELETE, RPC returning a set). */
function checkMaxAffected(api: ApiRequest, n: number) {
  const { handling, maxAffected } = api.prefs;
  if (handling === 'strict' && maxAffected !== undefined && n > maxAffected) {
    throw pgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
  }
}

/** json_agg output of exactly one row → that row. */
function unwrapSingle(arrayJson: string): string {
  return arrayJson.slice(1, -1).trim();
}

/** exact and estimated counts report a total; planned does only for reads of tables and views. */
function countedTotal(api: ApiRequest, n: number): number | undefined {
  return api.prefs.count === 'exact' || api.prefs.count === 'estimated' ? n : undefined;
}

// ----------------------------------------------------------------------------- answers

function readResponse(api: ApiRequest, plan: ReadPlan, db: DbResult): RestResponse {
  const { n, total } = db;
  const single = plan.singular !== undefined;
  if (single && n !== 1) throw singularError(n);
  if (plan.fn) checkMaxAffected(api, n);
  const headers: Record<string, string> = {
    'content-range': contentRange(plan.offset, plan.offset + n - 1, total),
    ...preferenceApplied(api, plan),
  };
  if (plan.singular === 'media') headers['content-type'] = OBJECT_TYPE;
  let status = 200;
  if (total !== undefined && !single) {
    if (plan.offset > total) {
      throw pgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${plan.offset} was requested, but there are only ${total} rows.`,
        null,
        { 'content-range': `*/${total}` },
      );
    }
    if (n < total) status = 206;
  }
  if (plan.fn && api.prefs.return === 'minimal') return { status: 204, headers: {} };
  const body = plan.head ? '' : single ? unwrapSingle(db.body ?? '[]') : db.body;
  return { status, body, headers };
}

function callResponse(api: ApiRequest, plan: CallPlan, db: DbResult): RestResponse {
  // One value: PostgREST counts it as one row.
  const headers: Record<string, string> = {
    'content-range': contentRange(0, 0, countedTotal(api, 1)),
    ...preferenceApplied(api, plan),
  };
  if (plan.fn.returnKind === 'void') return { status: 204, headers };
  if (api.prefs.return === 'minimal') return { status: 204, headers: {} };
  return { status: 200, body: db.body ?? 'null', headers };
}

function mutationResponse(api: ApiRequest, plan: MutatePlan, db: DbResult): RestResponse {
  const { n } = db;
  if (api.media.kind === 'object' && n !== 1) throw singularError(n);
  if (plan.mutation !== 'insert') checkMaxAffected(api, n);
  const total = countedTotal(api, n);
  const headers: Record<string, string> = {
    // As PostgREST: inserts and deletes answer `*/total`, updates `0-(n-1)/total`.
    'content-range': plan.mutation === 'update' ? contentRange(0, n - 1, total) : contentRange(1, 0, total),
    ...preferenceApplied(api, plan),
  };
  let status: number;
  if (plan.mutation === 'insert') {
    // 201 unless a merge-duplicates upsert only updated rows (PostgREST; ignore-duplicates stays 201).
    const nothingInserted = plan.resolution === 'merge-duplicates' && (plan.sql === undefined || (plan.tracksInserted && (db.inserted ?? 0) <= 0));
    status = nothingInserted ? 200 : 201;
  } else {
    status = plan.representation ? 200 : 204;
  }
  if (!plan.representation) return { status, headers };
  const body = db.body ?? '[]';
  if (api.media.kind === 'object') {
    headers['content-type'] = OBJECT_TYPE;
    return { status, body: unwrapSingle(body), headers };
  }
  return { status, body, headers };
}
