/**
 * src/lib/database.types.ts must match the migrations: the app is compiled
 * against it, so a stale file hides schema changes from the type checker.
 * Generated here by the same code as `npm run gen:types` (@supabase/postgres-meta).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../stack/types-gen.ts';
import { stackEnv } from '../support/stack-env.ts';

describe('database types', () => {
  it('are up to date with the migrations', async () => {
    const generated = await generateTypes(stackEnv().dbUrl);
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
    const { dbUrl } = stackEnv();
    expect(await generateTypes(dbUrl)).toBe(await generateTypes(dbUrl));
    // Two runs of the generator: minutes on a loaded machine, which says nothing about the types.
  }, 240_000);
});
