import { HttpError } from '../context.ts';

/** PostgREST-shaped error bodies: { code, message, details, hint }. */
export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
) {
  return new HttpError(status, { code, message, details, hint }, headers);
}

/** 400 PGRST100: the request could not be parsed, or uses syntax this gateway does not support. */
export function parseError(what: string, input: string, details: string, column?: number) {
  const where = column ? ` (line 1, column ${column})` : '';
  return pgrstError(400, 'PGRST100', `"failed to parse ${what} (${input})"${where}`, details);
}

export function unsupported(message: string, details: string | null = null) {
  return pgrstError(400, 'PGRST100', message, details, 'This local gateway implements a subset of PostgREST; see stack/gateway/rest/README.md.');
}

/**
 * A name the cached catalog does not know. The handler reloads the catalog once
 * (migrations may have run) and retries before reporting it.
 */
export class CatalogMiss extends HttpError {
  readonly catalogMiss = true;
}

export function catalogMiss(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
  return new CatalogMiss(status, { code, message, details, hint });
}

export function tableNotFound(name: string) {
  return catalogMiss(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
}

export function columnNotFound(table: string, column: string) {
  // What PostgREST answers when Postgres rejects an unknown column in select/filter/order.
  return catalogMiss(400, '42703', `column ${table}.${column} does not exist`);
}

export function payloadColumnNotFound(table: string, column: string) {
  return catalogMiss(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}
