// Base layer of the edge functions' helpers (imports only cors.ts): JSON responses with
// CORS, the one error type and refusal shape, the one JSON body reader (zod-validated:
// bad input is a 400, never a 500), and the handler wrapper.
//
// The error shape: a function refuses with `refusal(status, message, code)`, answered as
// `{ success: false, error: message, code }` with that status (what the app reads: the
// payment pages check `success === false` and show `error`). Anything unexpected is a
// logged 500 `{ error: 'Internal error', code: 'internal_error' }`.
import type { z } from 'npm:zod@4.6.7';
import { corsHeaders, handleCors } from './cors.ts';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An error that becomes a JSON response `{ error: message, code?, ...extra }` with `status`. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public code?: string,
    public extra: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A refusal the caller reads: JSON `{ success: false, error: message, code, ...extra }` with `status`. */
export function refusal(status: number, message: string, code: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, message, code, { success: false, ...extra });
}

/** A 409 `{ error, code }` (without `success`): kept for callers of the generic helpers (tests/fixtures/functions). */
export const conflict = (message: string, code = 'conflict', extra?: Record<string, unknown>) => new HttpError(409, message, code, extra);

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return json({ error: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra }, error.status, error.headers);
  }
  console.error(error);
  return json({ error: 'Internal error', code: 'internal_error' }, 500);
}

/** One line per issue, e.g. `guests: Too big: expected number to be <=10`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** The path ('' for the body itself) of the first string (or key) holding a NUL character, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || 'The request body';
    const found = findNul(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export interface ReadBodyOptions {
  /**
   * The refusal's `error` when fields are invalid: 'all' (default) `Invalid request body:
   * <field>: <message>; ...`; 'first' the first issue's own message alone (the payment
   * functions, whose schemas carry the words guests read). `issues` lists them all either way.
   */
  summary?: 'all' | 'first';
}

/**
 * THE request body reader of every function: reads the body as JSON (an empty body is `{}`)
 * and validates it with `schema`. Refusals (400, `{ success: false, error, code, issues? }`):
 * unreadable body 'invalid_body'; malformed JSON 'invalid_json' ('The request body is not
 * valid JSON'); a NUL character anywhere (PostgreSQL text cannot hold it) or invalid
 * fields 'invalid_input', with `issues: ['<field>: <message>', ...]` and `messages` (each
 * distinct message alone, in order).
 */
export async function readBody<S extends z.ZodType>(req: Request, schema: S, options: ReadBodyOptions = {}): Promise<z.output<S>> {
  let raw: string;
  try {
    raw = await req.text();
  } catch {
    throw refusal(400, 'Could not read the request body', 'invalid_body');
  }
  let data: unknown;
  try {
    data = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw refusal(400, 'The request body is not valid JSON', 'invalid_json');
  }
  const nul = findNul(data);
  if (nul !== null) {
    throw refusal(400, `${nul || 'The request body'} must not contain NUL characters (\\u0000)`, 'invalid_input');
  }
  return validate(schema, data, options);
}

/** Validates already-read input as readBody does (same refusal). */
export function validate<S extends z.ZodType>(schema: S, data: unknown, options: ReadBodyOptions = {}): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = describeIssues(result.error.issues);
  const message = options.summary === 'first' ? (result.error.issues[0]?.message ?? 'Invalid request') : `Invalid request body: ${issues.join('; ')}`;
  // Each problem's own words, once each: a form shows them all at once, not one per attempt.
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw refusal(400, message, 'invalid_input', { issues, messages });
}

/**
 * Wraps a handler: answers CORS preflights, turns thrown HttpErrors into JSON
 * responses and anything unexpected into a logged 500.
 */
export function handler(fn: (req: Request) => Response | Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handleCors(req);
    if (preflight) return preflight;
    try {
      return await fn(req);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Refuses any method but these (405). */
export function allowMethods(req: Request, ...methods: string[]): void {
  if (!methods.includes(req.method)) throw refusal(405, `Use ${methods.join(' or ')}`, 'method_not_allowed');
}

/**
 * The caller's address, as the platform's proxy sets it: `cf-connecting-ip` (hosted
 * Supabase sits behind Cloudflare), else `x-real-ip` (the local gateway sets it from the
 * socket and drops any the client sent), else the first `X-Forwarded-For` entry (which a
 * client can forge: the per-event limit still holds then). The key that throttles
 * guessing per client; capped and never empty.
 */
export function clientAddress(req: Request): string {
  const address =
    req.headers.get('cf-connecting-ip')?.trim() ||
    req.headers.get('x-real-ip')?.trim() ||
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown';
  return address.slice(0, 100);
}
