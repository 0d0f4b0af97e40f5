/**
 * src/lib/database.types.ts must match the migrations: the app is compiled
 * against it, so a stale file hides schema changes from the type checker.
 * Generated here by the same code as `npm run gen:types` (@supabase/postgres-meta),
 * from a database of its own with the migrations alone: the test stack's database
 * also has the local test processor (stack/sql/test-processor.sql), which a deployed
 * project, and so the types, never have.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../stack/postgres.ts';
import { generateTypes, TYPES_FILE } from '../../stack/types-gen.ts';
import { stackEnv } from '../support/stack-env.ts';

const name = `types_check_${process.pid}_${Date.now()}`;
let admin: pg.Client;
let dbUrl: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: stackEnv().dbUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(stackEnv().dbUrl);
  url.pathname = `/${name}`;
  dbUrl = url.toString();
  await migrate(dbUrl, { seed: false, local: false });
}, 180_000);

afterAll(async () => {
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('database types', () => {
  it('are up to date with the migrations', async () => {
    const generated = await generateTypes(dbUrl);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    if (generated !== committed) {
      const want = generated.split('\n');
      const have = committed.split('\n');
      let line = 0;
      while (line < want.length && want[line] === have[line]) line++;
      expect.fail(
        'src/lib/database.types.ts is out of date with supabase/migrations. Run `npm run gen:types` and commit the result.\n' +
          `First difference at line ${line + 1}:\n  file:      ${have[line] ?? '(end of file)'}\n  generated: ${want[line] ?? '(end of file)'}`,
      );
    }
  }, 120_000);

  it('are generated in a stable order', async () => {
    expect(await generateTypes(dbUrl)).toBe(await generateTypes(dbUrl));
    // Two runs of the generator: minutes on a loaded machine, which says nothing about the types.
  }, 240_000);
});
