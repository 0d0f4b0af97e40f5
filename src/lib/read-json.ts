import type { Json } from './database.types';

/**
 * Zod-free readers for JSON the database returns untyped (SQL functions `returns jsonb`, typed
 * `Json` by the generated types): each reader checks the value and returns it typed, or throws
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

export function array(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) fail('an array', value);
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

/** null (or absent) stays null; anything else must satisfy `read`. */
export function nullable<T>(read: (value: Json | undefined) => T): (value: Json | undefined) => T | null {
  return (value) => (value === null || value === undefined ? null : read(value));
}

/** An array whose every item satisfies `read`. */
export function arrayOf<T>(read: (value: Json | undefined) => T): (value: Json | undefined) => T[] {
  return (value) => array(value).map(read);
}
