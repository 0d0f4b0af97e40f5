import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { JwtError, type JwtClaims, type JwtKeys } from '../jwt.ts';

/** What every gateway handler gets: the pool, the keys, and where the other parts live. */
export interface GatewayContext {
  pool: pg.Pool;
  jwtSecret: string;
  /** The legacy anon key (an HS256 JWT): what the publishable key stands for. */
  anonKey: string;
  /** The legacy service_role key (an HS256 JWT): what the secret key stands for. */
  serviceRoleKey: string;
  /** sb_publishable_…: the anon role. */
  publishableKey: string;
  /** sb_secret_…: the service role. */
  secretKey: string;
  /** Signs sessions (ES256) and verifies tokens (ES256 sessions, legacy HS256 keys). */
  jwt: JwtKeys;
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
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

// ---------------------------------------------------------------- request bodies
//
// Limits (stack/gateway/README.md, "Limits"): JSON bodies of /rest/v1, /auth/v1, storage's
// JSON routes and /functions/v1 are at most JSON_BODY_LIMIT; uploads are bounded by storage.ts.
// An over-limit body is never answered by dropping the connection: it is read on and thrown
// away (the client is still sending, and closing a socket with unread data makes the kernel
// reset the connection, so the client would see ECONNRESET instead of the 413). Only past
// DRAIN_LIMIT bytes, or DRAIN_TIMEOUT_MS after the limit was passed, does the gateway stop
// reading: it answers at once and closes the connection DRAIN_TIMEOUT_MS later.

/** Request bodies of the JSON APIs: 1 MiB (GoTrue's own limit; PostgREST and the functions relay get the same). */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** How much of an over-limit body is still read and discarded so that the client can read the answer. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
/** How long an over-limit body is read on, at most. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** Nesting of a JSON body: deeper documents are refused (JSON.stringify overflows V8's stack near 5,000). */
export const MAX_JSON_DEPTH = 512;

/** "1 MiB", "64 KiB", "1000 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The client went away (or half-closed) before the whole body arrived: there is nobody to answer. */
export class RequestAbortedError extends Error {}

export interface BodyRead {
  /** The body; empty when tooLarge. */
  data: Buffer;
  tooLarge: boolean;
  /** The rest of the body was not read; it is discarded in the background and the connection closed after DRAIN_TIMEOUT_MS. */
  abandoned: boolean;
}

const EMPTY = Buffer.alloc(0);
const abandonedBodies = new WeakSet<IncomingMessage>();

/** Whether the gateway gave up reading this request's body (it answers at once, then closes the connection). */
export function bodyAbandoned(req: IncomingMessage): boolean {
  return abandonedBodies.has(req);
}

/** Keeps reading (and discarding) what the client still sends, then closes the connection if the body never ended. */
function drainInBackground(req: IncomingMessage) {
  abandonedBodies.add(req);
  req.on('data', () => undefined);
  req.on('error', () => undefined);
  const timer = setTimeout(() => {
    if (!req.complete) req.socket?.destroy();
  }, DRAIN_TIMEOUT_MS);
  timer.unref?.();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

/**
 * Reads a request body of at most `limit` bytes. A longer body is reported as tooLarge after
 * it has been read to its end (and thrown away), so the answer reaches the client; see above
 * for the caps on that. Rejects with RequestAbortedError when the client closes first.
 */
export function readBodyUpTo(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise<BodyRead>((resolve, reject) => {
    if (req.readableEnded) {
      // Already read (by someone else): nothing left.
      resolve({ data: EMPTY, tooLarge: false, abandoned: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let overTimer: NodeJS.Timeout | undefined;
    const cleanup = () => {
      settled = true;
      if (overTimer) clearTimeout(overTimer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const abandon = () => {
      if (settled) return;
      cleanup();
      drainInBackground(req);
      resolve({ data: EMPTY, tooLarge: true, abandoned: true });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      if (chunks.length) chunks.length = 0;
      if (size > DRAIN_LIMIT) abandon();
      else if (!overTimer) overTimer = setTimeout(abandon, DRAIN_TIMEOUT_MS);
    };
    const onEnd = () => {
      if (settled) return;
      cleanup();
      resolve(
        size > limit ? { data: EMPTY, tooLarge: true, abandoned: false } : { data: Buffer.concat(chunks, size), tooLarge: false, abandoned: false },
      );
    };
    const onError = () => {
      if (settled) return;
      cleanup();
      req.on('error', () => undefined);
      reject(new RequestAbortedError('The client closed the connection before the request body ended'));
    };
    const onClose = () => {
      if (!settled && !req.complete) onError();
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > DRAIN_LIMIT) {
      // Not worth reading: answer now (the client may not even be sending it yet).
      drainInBackground(req);
      resolve({ data: EMPTY, tooLarge: true, abandoned: true });
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** PostgREST-shaped 413 for a body over `limit`. */
export function restBodyTooLarge(limit: number): HttpError {
  return new HttpError(413, {
    code: 'PGRST413',
    message: `Request body is larger than the ${formatBytes(limit)} limit`,
    details: `The gateway accepts JSON bodies of at most ${limit} bytes`,
    hint: null,
  });
}

/** A body of at most `limitBytes` (PostgREST-shaped 413 otherwise). */
export async function readBody(req: IncomingMessage, limitBytes = JSON_BODY_LIMIT): Promise<Buffer> {
  const { data, tooLarge } = await readBodyUpTo(req, limitBytes);
  if (tooLarge) throw restBodyTooLarge(limitBytes);
  return data;
}

/**
 * Deepest nesting of arrays and objects in a JSON text (strings skipped); stops counting
 * once past `stopAt`. Linear, no recursion: safe on hostile input.
 */
export function jsonNestingDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** A JSON body as PostgREST reads it: 1 MiB at most, nesting at most MAX_JSON_DEPTH; PGRST102 when malformed. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(req, JSON_BODY_LIMIT)).toString('utf8');
  if (raw.trim() === '') return undefined;
  if (jsonNestingDepth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new HttpError(400, {
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      hint: null,
    });
  }
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: (error as Error).message, hint: null });
  }
}

/** The hosted gateway's answer to an `sb_` key the project does not have. */
export const INVALID_API_KEY_BODY = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };

/** Publishable and secret keys are opaque strings, not JWTs. */
const isOpaqueKey = (value: string) => value.startsWith('sb_');

function bearerOf(req: IncomingMessage): string | undefined {
  const auth = req.headers['authorization'];
  const m = typeof auth === 'string' ? auth.match(/^Bearer\s+(.+)$/i) : null;
  return m ? m[1].trim() : undefined;
}

/** The `apikey` header of a request (what the gateway maps to a role, as the CLI's Kong does). */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers['apikey'];
  return typeof header === 'string' && header.trim() ? header.trim() : undefined;
}

/** The `apikey` URL parameter (checked like the header, never mapped to a role). */
function apiKeyParameter(req: IncomingMessage): string | undefined {
  const query = (req.url ?? '').match(/[?&]apikey=([^&#]*)/)?.[1];
  if (!query) return undefined;
  try {
    return decodeURIComponent(query) || undefined;
  } catch {
    return undefined;
  }
}

/** The legacy JWT an opaque key stands for; undefined for a key the project does not have. */
function jwtOfKey(key: string, ctx: GatewayContext): string | undefined {
  if (key === ctx.publishableKey) return ctx.anonKey;
  if (key === ctx.secretKey) return ctx.serviceRoleKey;
  return undefined;
}

/** An `sb_` key of the request (apikey header or parameter, or bearer) that the project does not have, if any. */
export function unknownApiKey(req: IncomingMessage, ctx: GatewayContext): string | undefined {
  return [apiKeyOf(req), apiKeyParameter(req), bearerOf(req)].find(
    (key) => key !== undefined && isOpaqueKey(key) && jwtOfKey(key, ctx) === undefined,
  );
}

/**
 * For a request whose Authorization carries no JWT (none, or an `sb_` key) and whose key is a
 * publishable or secret key: the JWT of that key's role, which the gateway puts in
 * Authorization. Undefined otherwise (a JWT is passed through as it is).
 */
export function opaqueKeyJwt(req: IncomingMessage, ctx: GatewayContext): string | undefined {
  const bearer = bearerOf(req);
  if (bearer !== undefined && !isOpaqueKey(bearer)) return undefined;
  const key = apiKeyOf(req) ?? bearer;
  return key !== undefined && isOpaqueKey(key) ? jwtOfKey(key, ctx) : undefined;
}

/**
 * The JWT a request runs with, as Supabase's API gateway hands it on (supabase/cli's Kong
 * template): a JWT in Authorization is passed through; otherwise (no Authorization, or an
 * `sb_` key in it) the apikey decides: the publishable key is swapped for the anon key's JWT,
 * the secret key for the service role's, a legacy JWT key is itself. An opaque key the
 * project does not have is a 401 (server.ts refuses it before any handler; this is the net).
 */
export function bearerToken(req: IncomingMessage, ctx: GatewayContext): string | undefined {
  const bearer = bearerOf(req);
  if (bearer !== undefined && !isOpaqueKey(bearer)) return bearer;
  const key = apiKeyOf(req) ?? bearer;
  if (key === undefined) return undefined;
  if (!isOpaqueKey(key)) return key;
  const jwt = jwtOfKey(key, ctx);
  if (jwt === undefined) throw new HttpError(401, INVALID_API_KEY_BODY);
  return jwt;
}

/**
 * Resolves the JWT claims a request runs with, as PostgREST does: no token means anon;
 * a bad token is a 401 with PGRST301/PGRST303.
 */
export async function requestClaims(req: IncomingMessage, ctx: GatewayContext): Promise<JwtClaims> {
  const token = bearerToken(req, ctx);
  if (!token) return { role: 'anon' };
  try {
    const claims = await ctx.jwt.verify(token);
    if (!claims.role) claims.role = 'anon';
    return claims;
  } catch (error) {
    const expired = error instanceof JwtError && error.expired;
    throw new HttpError(
      401,
      {
        code: expired ? 'PGRST303' : 'PGRST301',
        message: expired ? 'JWT expired' : (error as Error).message,
        details: null,
        hint: null,
      },
      { 'www-authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'invalid'}"` },
    );
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
  return inTransaction(
    ctx,
    async (client) => {
      // A named statement: parsed once per pooled connection, then only bound and executed.
      // statement_timeout as Supabase configures its API roles (anon 3s, authenticated 8s).
      await client.query({
        name: 'gateway_pre_request_v1',
        text: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true), set_config('request.path', $4, true),
                set_config('request.headers', $5, true), set_config('search_path', 'public, extensions', true),
                set_config('statement_timeout', $6, true)`,
        values: [
          role,
          JSON.stringify(claims),
          opts.method ?? 'GET',
          opts.path ?? '/',
          JSON.stringify(opts.headers ?? {}),
          STATEMENT_TIMEOUT[role] ?? '0',
        ],
      });
      return fn(client);
    },
    opts.readOnly ? 'begin isolation level read committed read only' : 'begin',
  );
}

/** Runs `fn` in one transaction on a pooled connection: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(ctx: GatewayContext, fn: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = await ctx.pool.connect();
  try {
    await client.query(begin);
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
    return new HttpError(500, {
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details: null,
      hint: null,
    });
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
  return new HttpError(
    status,
    { code: code || 'PGRST000', message, details: e.detail ?? null, hint: e.hint ?? null },
    status === 401 ? { 'www-authenticate': 'Bearer' } : {},
  );
}
