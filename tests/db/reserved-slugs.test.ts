/**
 * index.html's early script cannot import: it keeps its own list of the app's reserved paths
 * (never an organization page, so no page data is fetched for them). It must be the database's
 * list (public.is_reserved_org_slug, which organizations' slugs are checked against), as far
 * as a slug can be written (`favicon.ico` cannot).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../stack/postgres.ts';
import { one, useDatabase } from './helpers.ts';

const pool = useDatabase();
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The words of `var reserved = [...]` and `reserved.push(...)` in index.html. */
function earlyScriptList(): string[] {
  const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const parts = [/var reserved = \[([^\]]*)\]/.exec(html)?.[1], /reserved\.push\(([^)]*)\)/.exec(html)?.[1]];
  expect(parts.every(Boolean), 'index.html has `var reserved = [...]` and `reserved.push(...)`').toBe(true);
  return parts.flatMap((part) => [...part!.matchAll(/'([^']+)'/g)].map((m) => m[1]));
}

describe('reserved slugs', () => {
  it("index.html's early script reserves exactly the database's slug-shaped reserved words", async () => {
    const early = earlyScriptList();
    const { def } = await one<{ def: string }>(pool(), `select pg_get_functiondef('public.is_reserved_org_slug(text)'::regprocedure) as def`);
    const database = [...(/array\[([^\]]*)\]/i.exec(def)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(database.length).toBeGreaterThan(10);
    expect([...early].sort()).toEqual(database.filter((word) => SLUG.test(word)).sort());
    for (const word of early) {
      expect((await one<{ r: boolean }>(pool(), `select public.is_reserved_org_slug($1) as r`, [word])).r, word).toBe(true);
    }
  });
});
