import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';

/** What every gateway handler gets: the pool, the secret, and where the other parts live. */
export interface GatewayContext {
  pool: pg.Pool;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Public URL of the gateway itself, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Base URL of the Deno functions runner, e.g. http://127.0.0.1:54329 */
  functionsUrl: string;
  /** Site URL (Vite), used for auth redirects. */
  siteUrl: string;
  /** verify_jwt per function name, from supabase/config.toml (default true). */
  functionVerifyJwt: (name: string) => boolean;
}

export class HttpError extends Error {
  constructor(public status: number, public body: unknown, public headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export async function readBody(req: IncomingMessage, limitBytes = 12 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new HttpError(413, { code: 'PGRST413', message: 'Request body too large', details: null, hint: null });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(req)).toString('utf8');
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: (error as Error).message, hint: null });
  }
}

/** The bearer token of a request, or the apikey header when there is no Authorization. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const auth = req.headers['authorization'];
  if (typeof auth === 'string') {
    const m = auth.match(/^Bearer\s+(.+)$/i);
    if (m) return m[1].trim();
  }
  const apikey = req.headers['apikey'];
  return typeof apikey === 'string' && apikey ? apikey : undefined;
}

/**
 * Resolves the JWT claims a request runs with, as PostgREST does: no token means anon;
 * a bad token is a 401 with PGRST301/PGRST303.
 */
export function requestClaims(req: IncomingMessage, ctx: GatewayContext): JwtClaims {
  const token = bearerToken(req);
  if (!token) return { role: 'anon' };
  try {
    const claims = verifyJwt(token, ctx.jwtSecret);
    if (!claims.role) claims.role = 'anon';
    return claims;
  } catch (error) {
    const expired = error instanceof JwtError && /expired/.test(error.message);
    throw new HttpError(401, {
      code: expired ? 'PGRST303' : 'PGRST301',
      message: expired ? 'JWT expired' : (error as Error).message,
      details: null,
      hint: null,
    }, { 'www-authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'invalid'}"` });
  }
}

const ALLOWED_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const STATEMENT_TIMEOUT: Record<string, string> = { anon: '3s', authenticated: '8s' };

/**
 * Runs `fn` in one transaction as the JWT's role with request.jwt.claims set, exactly as
 * PostgREST's pre-request does, so row-level security is the real thing.
 */
export async function withRoleTransaction<T>(
  ctx: GatewayContext,
  claims: JwtClaims,
  opts: { readOnly?: boolean; method?: string; path?: string; headers?: Record<string, unknown> },
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const role = String(claims.role ?? 'anon');
  if (!ALLOWED_ROLES.has(role)) {
    throw new HttpError(401, { code: 'PGRST301', message: `role "${role}" is not allowed`, details: null, hint: null });
  }
  const client = await ctx.pool.connect();
  try {
    await client.query(opts.readOnly ? 'begin isolation level read committed read only' : 'begin');
    // A named statement: parsed once per pooled connection, then only bound and executed.
    // statement_timeout as Supabase configures its API roles (anon 3s, authenticated 8s).
    await client.query({
      name: 'gateway_pre_request_v1',
      text: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true), set_config('search_path', 'public, extensions', true),
              set_config('statement_timeout', $6, true)`,
      values: [role, JSON.stringify(claims), opts.method ?? 'GET', opts.path ?? '/', JSON.stringify(opts.headers ?? {}),
        STATEMENT_TIMEOUT[role] ?? '0'],
    });
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * PostgREST's mapping from a Postgres error to an HTTP status and body
 * (PostgREST.Error.mapSQLtoHTTP), including `RAISE sqlstate 'PTxyz'` and
 * `RAISE sqlstate 'PGRST'` with JSON message/detail for full control.
 */
export function postgresErrorToHttp(error: unknown, role: string): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; message?: string; detail?: string; hint?: string };
  const code = e.code ?? '';
  const message = e.message ?? 'Internal error';
  if (code === 'PGRST') {
    try {
      const m = JSON.parse(message) as { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
      const d = JSON.parse(e.detail ?? '') as { status?: unknown; headers?: Record<string, unknown> };
      if (typeof m.code === 'string' && typeof m.message === 'string' && typeof d.status === 'number') {
        const headers = Object.fromEntries(Object.entries(d.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
        return new HttpError(d.status, { code: m.code, message: m.message, details: m.details ?? null, hint: m.hint ?? null }, headers);
      }
    } catch {
      // fall through to PGRST121
    }
    return new HttpError(500, { code: 'PGRST121', message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', details: null, hint: null });
  }
  const p2 = code.slice(0, 2);
  let status: number;
  if (code === '') status = 500;
  else if (p2 === '08') status = 503;
  else if (p2 === '09') status = 500;
  else if (p2 === '0L' || p2 === '0P') status = 403;
  else if (code === '23503' || code === '23505') status = 409;
  else if (code === '25006') status = 405;
  else if (code === '21000') status = /requires a WHERE clause$/.test(message) ? 400 : 500;
  else if (code === '22023') status = /^role .*does not exist$/.test(message) ? 401 : 400;
  else if (['25', '2D', '38', '39', '3B', '40', '54', '55', '58', 'F0', 'HV', 'XX'].includes(p2)) status = 500;
  else if (p2 === '28') status = 403;
  else if (code === '53400') status = 500;
  else if (p2 === '53') status = 503;
  else if (code === '57P01') status = 503;
  else if (p2 === '57') status = 500;
  else if (code === 'P0001') status = 400;
  else if (p2 === 'P0') status = 500;
  else if (code === '42883') status = 404;
  else if (code === '42P01') status = 404;
  else if (code === '42P17') status = 500;
  else if (code === '42501') status = role === 'anon' ? 401 : 403;
  else if (p2 === 'PT') status = /^PT[1-5]\d\d$/.test(code) ? Number(code.slice(2)) : 500;
  else status = 400;
  return new HttpError(status, { code: code || 'PGRST000', message, details: e.detail ?? null, hint: e.hint ?? null },
    status === 401 ? { 'www-authenticate': 'Bearer' } : {});
}
