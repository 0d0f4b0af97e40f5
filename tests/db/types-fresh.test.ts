/**
 * src/lib/database.types.ts must match the migrations: the app is compiled
 * against it, so a stale file hides schema changes from the type checker.
 * Generated here by the same code as `npm run gen:types` (@supabase/postgres-meta),
 * from a database of its own with the migrations alone: the test stack's database
 * also has the local test processor (stack/sql/test-processor.sql), which a deployed
 * project, and so the types, never have.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../stack/types-gen.ts';
import { useMigratedDatabase } from './helpers.ts';

const migratedDb = useMigratedDatabase('types_check');

describe('database types', () => {
  it('are up to date with the migrations', async () => {
    const generated = await generateTypes(migratedDb());
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
    expect(await generateTypes(migratedDb())).toBe(await generateTypes(migratedDb()));
    // Two runs of the generator: minutes on a loaded machine, which says nothing about the types.
  }, 240_000);
});
