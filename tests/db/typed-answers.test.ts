/**
 * Every SQL function the browser calls answers rows (`returns table`, `returns setof`), a
 * composite or a view row, never json or jsonb: the generated types (src/lib/database.types.ts)
 * then describe what the browser reads, and a change in SQL breaks the TypeScript that reads it.
 * The browser's calls are found in src/: supabase-js `.rpc('name'` and the public pages'
 * `postPublicRpc('name'`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../stack/postgres.ts';
import { useDatabase } from './helpers.ts';

const pool = useDatabase();

const CALL = /(?:\.rpc|\bpostPublicRpc)\(\s*'([a-z_][a-z0-9_]*)'/g;

/** The SQL functions src/ calls, with the files that call them. */
function browserCalls(): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  const src = join(ROOT, 'src');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, name] of readFileSync(join(src, file), 'utf8').matchAll(CALL)) calls.set(name, [...(calls.get(name) ?? []), file]);
  }
  return calls;
}

describe('the answers of the functions the browser calls', () => {
  it('are rows, never json or jsonb', async () => {
    const calls = browserCalls();
    expect(calls.size, 'the scan finds the calls').toBeGreaterThan(10);
    const { rows } = await pool().query<{ name: string; json: boolean }>(
      `select p.proname as name,
              bool_or(t in ('json'::regtype, 'jsonb'::regtype, 'json[]'::regtype, 'jsonb[]'::regtype)) as json
         from pg_catalog.pg_proc p
        cross join lateral unnest(
          -- What it answers: its return type, and the columns of a returns table / out parameters.
          array[p.prorettype] || coalesce(
            array(select a.t from unnest(p.proallargtypes, p.proargmodes) as a(t, mode) where a.mode in ('o', 'b', 't')),
            '{}')) as t
        where p.pronamespace = 'public'::regnamespace and p.proname = any($1)
        group by p.proname`,
      [[...calls.keys()]],
    );
    const json = new Map(rows.map((r) => [r.name, r.json]));
    expect
      .soft(
        [...calls.keys()].filter((name) => !json.has(name)),
        'called but not declared',
      )
      .toEqual([]);
    const untyped = [...calls].filter(([name]) => json.get(name)).map(([name, files]) => `${name} (${files.join(', ')})`);
    expect.soft(untyped, 'answer json to the browser').toEqual([]);
  });
});
