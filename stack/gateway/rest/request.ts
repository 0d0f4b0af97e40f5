/**
 * HTTP request → ApiRequest (PostgREST's ApiRequest): the API key, the path (table, view,
 * `rpc/fn` or the root), the method, the profile headers, the JWT claims, Accept, Prefer,
 * Range and the JSON body. No catalog and no database here: names are checked by plan.ts.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { HttpError, readJson, requestClaims, type GatewayContext } from '../context.ts';
import type { JwtClaims } from '../../jwt.ts';
import { pgrstError } from './errors.ts';
import { parseAccept, parsePrefer, parseRangeHeader, type MediaChoice, type Preferences } from './parser.ts';

export type Target = { kind: 'root' } | { kind: 'relation'; name: string } | { kind: 'rpc'; name: string };

export interface ApiRequest {
  /** Upper-case HTTP method. */
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  target: Target;
  claims: JwtClaims;
  role: string;
  /** What the client accepts (not negotiated for the root). */
  media: MediaChoice;
  prefs: Preferences;
  /** The Range header (GET/HEAD only). */
  range?: { offset: number; limit?: number };
  /** Parsed JSON body of POST/PATCH; undefined when empty. */
  body: unknown;
}

export function headerString(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

export function unsupportedMethod(method: string) {
  return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

function invalidPath() {
  return pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
}

/**
 * Supabase's API gateway refuses a request that carries no API key at all before it reaches
 * PostgREST, with this body (not PostgREST's shape).
 */
function checkApiKey(req: IncomingMessage, url: URL) {
  const header = headerString(req.headers.apikey);
  const hasKey = (header !== undefined && header !== '') || !!url.searchParams.get('apikey');
  if (hasKey || req.headers.authorization !== undefined) return;
  throw new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
}

function checkProfile(req: IncomingMessage, method: string) {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const profile = headerString(header);
  if (profile !== undefined && profile.trim() !== 'public') {
    throw pgrstError(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

function parseTarget(url: URL): { target: Target; segments: string[] } {
  const rest = url.pathname.slice('/rest/v1'.length);
  if (rest !== '' && !rest.startsWith('/')) throw invalidPath();
  let segments: string[];
  try {
    segments = rest
      .split('/')
      .filter((s, i) => i > 0 || s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw invalidPath();
  }
  if (segments.length && segments[segments.length - 1] === '') segments.pop();
  if (segments.length === 0) return { target: { kind: 'root' }, segments };
  if (segments[0] === 'rpc' && segments.length === 2) return { target: { kind: 'rpc', name: segments[1] }, segments };
  if (segments.length === 1) return { target: { kind: 'relation', name: segments[0] }, segments };
  return { target: { kind: 'relation', name: '' }, segments };
}

/** Reads and validates everything the plan needs from the HTTP request (and reads the body). */
export async function readApiRequest(req: IncomingMessage, ctx: GatewayContext, url: URL): Promise<ApiRequest> {
  const method = (req.method ?? 'GET').toUpperCase();
  checkApiKey(req, url);
  const { target, segments } = parseTarget(url);
  checkProfile(req, method);
  const claims = await requestClaims(req, ctx);
  const role = String(claims.role ?? 'anon');
  const base = { method, url, headers: req.headers, target, claims, role, body: undefined };

  if (target.kind === 'root') {
    if (method !== 'GET' && method !== 'HEAD') throw unsupportedMethod(method);
    return { ...base, media: { kind: 'array', stripNulls: false }, prefs: parsePrefer(req.headers.prefer) };
  }
  if (target.kind === 'relation' && segments.length !== 1) throw invalidPath();
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
  if (target.kind === 'rpc' && !['GET', 'HEAD', 'POST'].includes(method)) throw pgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

  const media = parseAccept(headerString(req.headers.accept));
  const prefs = parsePrefer(req.headers.prefer);
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw pgrstError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  const body = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined;
  const range = method === 'GET' || method === 'HEAD' ? parseRangeHeader(headerString(req.headers.range)) : undefined;
  return { ...base, media, prefs, body, range };
}
