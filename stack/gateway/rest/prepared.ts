/**
 * Named prepared statements per pooled connection, as PostgREST uses them
 * (db-prepared-statements): a statement shape is parsed once per connection and then
 * only bound and executed. Shapes depend on the request's structure, never on its
 * values (those are bind parameters), so the set is small; it is still capped per
 * connection, beyond which statements run unnamed.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const MAX_PER_CONNECTION = 200;
const named = new WeakMap<pg.PoolClient, Set<string>>();
const enabled = process.env.SUPPERHOST_REST_PREPARE !== '0';

export function runQuery(client: pg.PoolClient, text: string, values: unknown[]): Promise<pg.QueryResult> {
  if (!enabled) return client.query(text, values);
  let names = named.get(client);
  if (!names) {
    names = new Set();
    named.set(client, names);
  }
  const name = `pgrst_${createHash('sha1').update(text).digest('base64url')}`;
  if (!names.has(name)) {
    if (names.size >= MAX_PER_CONNECTION) return client.query(text, values);
    names.add(name);
  }
  return client.query({ name, text, values });
}
