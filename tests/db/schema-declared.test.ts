/**
 * supabase/schemas declares the schema the migrations build: a database loaded from the schema
 * files and one built from supabase/migrations (with `supabase db push`) have the same catalog,
 * as @pgkit/migra sees it (no statement to write) and as stack/schema-diff.ts's own catalog
 * query sees what migra leaves out (function grants, column grants, comments, buckets, ...).
 * `npm run db:diff -- --check` reports the same.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSchemaWithMigrations, SCHEMAS_DIR, schemaFiles } from '../../stack/schema-diff.ts';
import { usePool } from '../support/db.ts';
import { useMigratedDatabase } from './helpers.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

const copies: string[] = [];
const migrationsDb = useMigratedDatabase('schema_check');

afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const compare = (schemasDir?: string) => compareSchemaWithMigrations({ serverUrl: stackEnv().dbUrl, migrationsUrl: migrationsDb(), schemasDir });

/** A copy of supabase/schemas with `file`'s text changed by `edit`. */
function editedSchemas(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'supperhost-schemas-'));
  copies.push(dir);
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after, `the edit changes ${file}`).not.toBe(before);
  writeFileSync(path, after);
  return dir;
}

describe('the declarative schema', () => {
  it('produces the same catalog as the migrations', async () => {
    const { migra, catalog } = await compare();
    expect(migra, 'migra finds a difference: run `npm run db:diff -- <name>`').toBe('');
    expect(catalog, 'the catalog differs: run `npm run db:diff -- --check`').toEqual([]);
  }, 300_000);

  it('is told apart when one function body changes (the check can fail)', async () => {
    const schemasDir = editedSchemas('000_shared.sql', (text) => text.replace('new.updated_at := now();', 'new.updated_at := clock_timestamp();'));
    const { migra, catalog } = await compare(schemasDir);
    expect(migra).toContain('CREATE OR REPLACE FUNCTION public.set_updated_at()');
    expect(migra).toContain('clock_timestamp()');
    expect(catalog.map((line) => line.split('\n')[0])).toEqual(['function public.set_updated_at()']);
  }, 300_000);

  it("writes a migration in the schema files' words, with the grants migra leaves out", async () => {
    // A changed body, and a grant taken away: the migration has the function as the schema file
    // writes it (its comment above it, no uppercase printout) and the revoke, and nothing is left
    // to write by hand.
    const schemasDir = editedSchemas('000_shared.sql', (text) =>
      text
        .replace('new.updated_at := now();', 'new.updated_at := clock_timestamp();')
        .replace('grant execute on function public.required_text(text, integer, text, text) to authenticated;\n', ''),
    );
    const { migration, remaining } = await compareSchemaWithMigrations({ serverUrl: stackEnv().dbUrl, schemasDir });
    expect(migration).toContain(
      '-- Keeps updated_at honest on every table that has one.\ncreate or replace function public.set_updated_at() returns trigger',
    );
    expect(migration).toContain('new.updated_at := clock_timestamp();');
    expect(migration).not.toContain('CREATE OR REPLACE FUNCTION');
    expect(migration).toContain('revoke execute on function public.required_text(text,integer,text,text) from authenticated;');
    expect(remaining).toEqual([]);
  }, 300_000);

  it('is told apart on what migra does not see: a function grant and a comment', async () => {
    const schemasDir = editedSchemas(
      '070_money.sql',
      (text) =>
        text.replace(/comment on table public\.payment_ledger is\s*'/, '$&Changed: ') +
        '\ngrant execute on function public.money_of(uuid) to anon;\n',
    );
    const { migra, catalog } = await compare(schemasDir);
    expect(migra).toBe('');
    expect(catalog.map((line) => line.split('\n')[0])).toEqual(['comment table public.payment_ledger', 'function public.money_of(uuid)']);
  }, 300_000);

  it('leaves the local test processor out: the migrations create none of it, the local stack creates it in its own schema', async () => {
    const named = `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where c.relkind = 'r' and (n.nspname = 'test_processor' or c.relname like 'test_processor%')
                   union all
                   select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                    where n.nspname = 'test_processor' or p.proname like 'test_processor%'
                   order by 1`;
    const deployed = new pg.Client({ connectionString: migrationsDb() });
    await deployed.connect();
    try {
      expect((await deployed.query(named)).rows).toEqual([]);
    } finally {
      await deployed.end();
    }
    const local = (await pool().query<{ name: string }>(named)).rows.map((r) => r.name);
    expect(local).toEqual(expect.arrayContaining(['test_processor.payments', 'test_processor.refunds', 'public.test_processor_charge']));
    expect(local.filter((n) => /^public\.test_processor_(payments|refunds)$/.test(n))).toEqual([]);
    for (const file of schemaFiles()) expect(readFileSync(file, 'utf8'), file).not.toContain('test_processor');
  });
  it('keeps what the migration role creates private until a grant opens it', async () => {
    const deployed = new pg.Client({ connectionString: migrationsDb() });
    await deployed.connect();
    try {
      await deployed.query('begin');
      await deployed.query('set local role postgres');
      await deployed.query(`create function public.private_by_default_probe() returns integer language sql as 'select 1'`);
      await deployed.query('create table public.private_by_default_probe (id integer)');
      const { rows } = await deployed.query<{ role: string; fn: boolean; tbl: boolean }>(
        `select r as role,
                has_function_privilege(r, 'public.private_by_default_probe()', 'execute') as fn,
                has_table_privilege(r, 'public.private_by_default_probe', 'select') as tbl
         from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
      );
      expect(rows).toEqual([
        { role: 'anon', fn: false, tbl: false },
        { role: 'authenticated', fn: false, tbl: false },
        { role: 'service_role', fn: true, tbl: true },
      ]);
    } finally {
      await deployed.query('rollback').catch(() => undefined);
      await deployed.end();
    }
  });
});
