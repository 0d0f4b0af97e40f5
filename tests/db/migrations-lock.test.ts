/**
 * Landed migrations are never edited: `supabase db push` would not apply the edit to a database
 * that already ran the migration (20261129000200_repair_edited_migrations.sql repairs the nine
 * objects earlier sessions changed that way). supabase/migrations.lock has every migration's
 * SHA-256; a new migration is added to it with `npm run db:lock`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, lockProblems } from '../../stack/migrations-lock.ts';
import { migrationFiles } from '../../stack/postgres.ts';

describe('the migrations lock', () => {
  it('has every migration, each as it was locked', () => {
    const problems = lockProblems();
    expect(problems.edited, 'locked migrations were edited: write a new migration instead').toEqual([]);
    expect(problems.missing, 'locked migrations were removed').toEqual([]);
    expect(problems.unlocked, 'new migrations: run `npm run db:lock`').toEqual([]);
  });

  it('names an edited, a removed and a new migration (the check can fail)', () => {
    const [first, second] = migrationFiles().map((m) => m.path.split('/').at(-1)!);
    const dir = mkdtempSync(join(tmpdir(), 'supperhost-lock-'));
    try {
      const lines = readFileSync(LOCK_FILE, 'utf8').trim().split('\n');
      const altered = lines
        .filter((line) => !line.endsWith(`  ${second}`))
        .map((line) => (line.endsWith(`  ${first}`) ? `${'0'.repeat(64)}  ${first}` : line))
        .concat(`${'1'.repeat(64)}  29990101000000_gone.sql`);
      const lock = join(dir, 'migrations.lock');
      writeFileSync(lock, `${altered.join('\n')}\n`);
      expect(lockProblems(lock)).toEqual({ edited: [first], missing: ['29990101000000_gone.sql'], unlocked: [second] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
