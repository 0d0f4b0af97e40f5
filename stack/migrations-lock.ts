// Landed migrations are frozen: supabase/migrations.lock records the SHA-256 of every migration
// file (sha256sum's format). `supabase db push` applies only versions a database has not
// recorded, so an edit to a migration that already ran somewhere never reaches it: a change
// is a new migration (docs/README.md, "Changing the database").
//
//   npm run db:lock   adds the migrations that are not in the lock yet; it never rewrites an
//                     entry (an edited migration stays a failure of tests/db/migrations-lock.test.ts)
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrationFiles, ROOT } from './postgres.ts';

export const LOCK_FILE = join(ROOT, 'supabase', 'migrations.lock');

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The lock's entries: file name → SHA-256. */
export function readLock(lockFile = LOCK_FILE): Map<string, string> {
  if (!existsSync(lockFile)) return new Map();
  return new Map(
    readFileSync(lockFile, 'utf8')
      .split('\n')
      .map((line) => /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[2], m[1]]),
  );
}

/** What differs from the lock: migrations edited or removed since they were locked, and new ones. */
export function lockProblems(lockFile = LOCK_FILE): { edited: string[]; missing: string[]; unlocked: string[] } {
  const lock = readLock(lockFile);
  const files = new Map(migrationFiles().map((m) => [basename(m.path), m.path]));
  return {
    edited: [...lock].filter(([name, hash]) => files.has(name) && sha256(files.get(name)!) !== hash).map(([name]) => name),
    missing: [...lock.keys()].filter((name) => !files.has(name)),
    unlocked: [...files.keys()].filter((name) => !lock.has(name)),
  };
}

/** Appends the migrations the lock does not have yet; answers their names. */
export function lockNewMigrations(): string[] {
  const lock = readLock();
  const added = migrationFiles().filter((m) => !lock.has(basename(m.path)));
  for (const m of added) appendFileSync(LOCK_FILE, `${sha256(m.path)}  ${basename(m.path)}\n`);
  return added.map((m) => basename(m.path));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const added = lockNewMigrations();
  console.log(added.length ? `Locked ${added.length} new migration(s): ${added.join(', ')}` : 'Every migration is already locked.');
  const { edited, missing } = lockProblems();
  if (edited.length || missing.length) {
    console.error(`Locked migrations changed (write a new migration instead): ${[...edited, ...missing].join(', ')}`);
    process.exit(1);
  }
}
