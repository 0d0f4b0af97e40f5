import type { Json } from './database.types';

/**
 * Zod-free readers for the JSON answers of edge functions (the SQL functions the browser calls
 * answer typed rows): each reader checks the value and returns it typed, or throws
 * MalformedJsonError naming what did not match — never a cast.
 */

export class MalformedJsonError extends Error {
  override name = 'MalformedJsonError';
}

export type JsonObject = { [key: string]: Json | undefined };

function fail(what: string, value: unknown): never {
  throw new MalformedJsonError(`Expected ${what}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
}

export function object(value: Json | undefined): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('an object', value);
  return value;
}

export function string(value: Json | undefined): string {
  if (typeof value !== 'string') fail('a string', value);
  return value;
}

export function integer(value: Json | undefined): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail('an integer', value);
  return value;
}

export function boolean(value: Json | undefined): boolean {
  if (typeof value !== 'boolean') fail('a boolean', value);
  return value;
}
