/**
 * Hosted Supabase's Security and Performance Advisors (splinter's lints, run by the Postgres
 * Language Server's `dblint`: stack/advisors.ts) have no warning for a database built from the
 * migrations as `supabase db push` builds a project; and they do see what they warn of, so the
 * check can fail. postgres-language-server.jsonc holds the exceptions made on purpose.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { advisorWarnings } from '../../stack/advisors.ts';
import { useMigratedDatabase } from './helpers.ts';

const database = useMigratedDatabase('advisors');

describe("Supabase's advisors", () => {
  it('have no warning for the deployed schema', async () => {
    expect(await advisorWarnings(database())).toEqual([]);
  });

  it('warn of a second permissive policy for one role and command, a function whose search_path is not set and a view of the API with its owner’s rights', async () => {
    const client = new pg.Client({ connectionString: database() });
    await client.connect();
    try {
      await client.query(`create policy "Second way to read events" on public.events for select to authenticated using (true)`);
      await client.query(`create function public.unpinned_answer() returns integer language sql as 'select 42'`);
      await client.query(`create view public.owners_view as select id from public.events`);
      await client.query(`grant select on public.owners_view to anon`);
      const findings = await advisorWarnings(database());
      expect(findings.map((f) => f.category).sort()).toEqual([
        'splinter/performance/multiplePermissivePolicies',
        'splinter/security/functionSearchPathMutable',
        'splinter/security/securityDefinerView',
      ]);
      expect(findings.find((f) => f.category.endsWith('securityDefinerView'))?.message).toContain('`public.owners_view`');
      expect(findings.find((f) => f.category.endsWith('multiplePermissivePolicies'))?.message).toContain('`public.events`');
      expect(findings.find((f) => f.category.endsWith('functionSearchPathMutable'))?.message).toContain('`public.unpinned_answer`');
    } finally {
      await client.query(`drop policy if exists "Second way to read events" on public.events`);
      await client.query(`drop function if exists public.unpinned_answer()`);
      await client.query(`drop view if exists public.owners_view`);
      await client.end();
    }
  });
});
