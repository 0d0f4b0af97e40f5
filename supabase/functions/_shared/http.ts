// Small HTTP helpers shared by the edge functions: JSON responses with CORS, errors
// with a status, and zod-validated JSON input (bad input is a 400, never a 500).
import { z } from 'npm:zod@4';
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
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'bad_request', extra?: Record<string, unknown>) => new HttpError(400, message, code, extra);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new HttpError(401, message, code);
export const forbidden = (message = 'Not allowed', code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'conflict', extra?: Record<string, unknown>) => new HttpError(409, message, code, extra);

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return json({ error: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra }, error.status);
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

/**
 * Reads the request body as JSON and validates it with `schema`. Malformed JSON or
 * invalid fields throw a 400 HttpError whose message lists every field issue.
 */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  let raw: string;
  try {
    raw = await req.text();
  } catch {
    throw badRequest('Could not read the request body', 'invalid_body');
  }
  let data: unknown;
  try {
    data = raw.trim() === '' ? undefined : JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON', 'invalid_json');
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = describeIssues(result.error.issues);
    throw badRequest(`Invalid request body: ${issues.join('; ')}`, 'invalid_input', { issues });
  }
  return result.data;
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
