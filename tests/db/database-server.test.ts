/**
 * The local database is the one we deploy to: PostgreSQL 17, as a new hosted Supabase project
 * runs, with the migrations applied by the real Supabase CLI (`supabase db push`), whose history
 * (supabase_migrations) is then the same as on a hosted project.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/ports.ts';
import { migrate, migrationFiles, ROOT } from '../../stack/postgres.ts';
import { StackStartError, startStack } from '../../stack/stack.ts';
import { sql } from '../support/db.ts';
import { useScratchDatabase } from './helpers.ts';

describe('PostgreSQL version', () => {
  it('the test database is PostgreSQL 17', async () => {
    const [{ server_version_num }] = await sql<{ server_version_num: string }>('show server_version_num');
    expect(server_version_num).toMatch(/^17\d{4}$/);
  });

  it('a data folder made by another major version stops the start with what to do, and is kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supperhost-pg18-'));
    try {
      const dbDir = join(dataDir, 'db');
      mkdirSync(join(dbDir, 'base'), { recursive: true });
      writeFileSync(join(dbDir, 'PG_VERSION'), '18\n');
      writeFileSync(join(dbDir, 'base', 'kept'), 'data');
      const ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
      const start = startStack({ dataDir, ports, siteUrl: 'http://127.0.0.1:5173', only: 'db' });
      await expect(start).rejects.toThrow(StackStartError);
      await expect(start).rejects.toThrow(/made by PostgreSQL 18; the stack runs PostgreSQL 17.*`npm run db:reset`/);
      expect(existsSync(join(dbDir, 'PG_VERSION'))).toBe(true);
      expect(readFileSync(join(dbDir, 'base', 'kept'), 'utf8')).toBe('data');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migrations applied by `supabase db push`', () => {
  let client: pg.Client;
  let first: Awaited<ReturnType<typeof migrate>>;
  let second: Awaited<ReturnType<typeof migrate>>;

  const url = useScratchDatabase(
    'push_check',
    async (at) => {
      first = await migrate(at, { seed: true });
      second = await migrate(at, { seed: true });
      client = new pg.Client({ connectionString: at });
      await client.connect();
    },
    120_000,
  );

  afterAll(async () => {
    await client?.end();
  });

  it('applies every migration once, in order, and seeds once', async () => {
    const all = migrationFiles().map((m) => `${m.version}_${m.name}`);
    expect(first).toEqual({ applied: all, seeded: true });
    expect(second).toEqual({ applied: [], seeded: false });
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from public.organizations');
    expect(rows[0].n).toBe(3);
  });

  it("keeps the CLI's history: each migration's name and the statements it was split into; the seed file's hash", async () => {
    const { rows } = await client.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => `${r.version}_${r.name}`)).toEqual(migrationFiles().map((m) => `${m.version}_${m.name}`));
    for (const row of rows) expect(row.statements.length, `${row.version} statements`).toBeGreaterThan(0);
    const seeds = await client.query<{ path: string; hash: string }>('select path, hash from supabase_migrations.seed_files');
    const seedSql = readFileSync(join(ROOT, 'supabase', 'seed.sql'));
    expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql', hash: createHash('sha256').update(seedSql).digest('hex') }]);
  });

  it("a failing migration is rolled back whole and the start fails with the CLI's error", async () => {
    const workdir = mkdtempSync(join(tmpdir(), 'supperhost-push-'));
    try {
      const dir = join(workdir, 'supabase', 'migrations');
      mkdirSync(dir, { recursive: true });
      for (const m of migrationFiles()) writeFileSync(join(dir, basename(m.path)), readFileSync(m.path));
      writeFileSync(join(dir, '29990101000000_broken.sql'), 'create table public.half_done (id int);\nselect 1 / 0;\n');
      await expect(migrate(url(), { seed: false, workdir })).rejects.toThrow(/failed at 29990101000000_broken\.sql: ERROR: division by zero/);
      const { rows } = await client.query(
        `select to_regclass('public.half_done') as t, (select count(*)::int from supabase_migrations.schema_migrations where version = '29990101000000') as n`,
      );
      expect(rows[0]).toEqual({ t: null, n: 0 });
    } finally {
      rmSync(workdir, { recursive: true, force: true });
    }
  });
});
