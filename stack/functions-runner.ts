import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from './postgres.ts';

/**
 * The local edge-functions runner: real Deno, the release Supabase's Edge Runtime is built on
 * (npm package `deno`, pinned), serving supabase/functions/<name>/index.ts with one Deno
 * process per function under Edge Runtime's rules (stack/functions-runner/README.md).
 *
 * npm: specifiers resolve from Deno's own cache (DENO_DIR), exactly as supabase/functions/
 * deno.lock records them (--lock, --frozen). Before Deno starts, `deno cache` fills that cache
 * from the npm registry when something is missing (a fresh clone); the functions then run with
 * --cached-only. Nothing of this is in a deno.json: the function sources deploy unchanged.
 */

export interface FunctionsRunnerOptions {
  port: number;
  /** Environment of the functions (SUPABASE_URL, keys, ...); wins over functionsDir/.env. */
  env: Record<string, string>;
  log?: (line: string) => void;
  /** Defaults to supabase/functions. */
  functionsDir?: string;
  /** Restart Deno when a file under functionsDir changes (for `npm start`). */
  watch?: boolean;
  /** How long to wait for the port to answer (default 60 s). */
  startTimeoutMs?: number;
  /** Start Deno again when it dies after it started (default true); see RESTART_BACKOFF. */
  restart?: boolean;
  /** Edge Runtime's limits per function worker (default EDGE_RUNTIME_LIMITS). */
  limits?: Partial<EdgeRuntimeLimits>;
}

export interface EdgeRuntimeLimits {
  /** V8 heap plus ArrayBuffers of one function's worker, in MiB. */
  memoryMb: number;
  /** A worker's lifetime: it retires at half of it and is terminated at the end (0: none). */
  wallClockMs: number;
  /** CPU time of a worker after which it retires (Linux only). */
  cpuSoftMs: number;
  /** CPU time of a worker at which it is terminated while it serves a request (0: none; Linux only). */
  cpuHardMs: number;
}

/**
 * Hosted Supabase's limits (stack/functions-runner/README.md has the sources): 256 MB of
 * memory, 150 s of wall clock (the Free plan's; paid plans have 400 s), 2 s of CPU time with
 * the worker retiring at 1 s (the CLI's cpuTimeSoftLimitMs / cpuTimeHardLimitMs).
 */
export const EDGE_RUNTIME_LIMITS: EdgeRuntimeLimits = { memoryMb: 256, wallClockMs: 150_000, cpuSoftMs: 1_000, cpuHardMs: 2_000 };

export interface RunningFunctions {
  url: string;
  /** The Deno process serving now; undefined while it is being restarted. */
  readonly pid: number | undefined;
  /** How many times Deno was started again after it died. */
  readonly restarts: number;
  stop(): Promise<void>;
}

/**
 * Supervision: when the Deno process dies (crash, kill -9) it is started again after
 * initialMs, doubling with each death in a row up to maxMs (250 ms, 500 ms, 1 s, 2 s, 4 s,
 * 5 s, 5 s, ...). A process that stayed up resetAfterMs or longer counts as healthy: the
 * next death waits initialMs again. While Deno is down the gateway answers 503.
 */
export const RESTART_BACKOFF = { initialMs: 250, maxMs: 5_000, resetAfterMs: 10_000 };

/** Delay before the restart that follows `deathsInARow` earlier quick deaths (0 for the first). */
export function restartDelay(deathsInARow: number): number {
  return Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.initialMs * 2 ** Math.min(deathsInARow, 20));
}

const MAIN_MODULE = join(ROOT, 'stack', 'functions-runner', 'main.ts');
export const DENO_DIR = join(ROOT, '.supperhost', 'deno');
/** The lock of every npm package the functions load (`deno cache --lock=... ` writes it). */
export const DENO_LOCK = join(ROOT, 'supabase', 'functions', 'deno.lock');

/**
 * Flags for loading function code in Deno as the runner does: npm packages from DENO_DIR as
 * DENO_LOCK pins them, no deno.json or package.json (denoEnv sets DENO_NO_PACKAGE_JSON). `deno
 * run` and `deno eval` add --cached-only (DENO_RUN_FLAGS); `deno check` has no such flag.
 */
export const DENO_LOCKED_FLAGS = ['--no-config', '--node-modules-dir=none', `--lock=${DENO_LOCK}`, '--frozen'];
export const DENO_RUN_FLAGS = [...DENO_LOCKED_FLAGS, '--cached-only'];

/** The environment Deno runs in for DENO_LOCKED_FLAGS. */
export function denoEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? ROOT,
    ...extra,
    DENO_DIR,
    DENO_NO_PACKAGE_JSON: '1',
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  };
}

/** <dir>/<name>/index.ts of every function in `dir` (names starting with "_" or "." are not functions). */
export function functionEntrypoints(dir = join(ROOT, 'supabase', 'functions')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.') && existsSync(join(dir, e.name, 'index.ts')))
    .map((e) => join(dir, e.name, 'index.ts'));
}

/**
 * Fills DENO_DIR with the npm packages `entrypoints` load, as DENO_LOCK pins them (the npm
 * registry is asked only for what is missing; the lock is never changed). Resolves with
 * Deno's complaint when it fails (a module that cannot be found, a lock that does not match),
 * so that the runner can start and answer BOOT_ERROR for the functions concerned.
 */
export async function cacheDenoModules(entrypoints: string[]): Promise<string | undefined> {
  if (entrypoints.length === 0) return undefined;
  const args = ['cache', ...DENO_LOCKED_FLAGS, ...entrypoints];
  // The system's certificate store as well as Deno's own: a proxy's CA (as npm trusts it).
  const env = denoEnv({ DENO_TLS_CA_STORE: 'mozilla,system' });
  for (const key of ['NPM_CONFIG_REGISTRY', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'DENO_CERT']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return new Promise((done) => {
    const child = spawn(denoExecutable(), args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => done(error.message));
    child.once('exit', (code) => done(code === 0 ? undefined : stderr.trim() || `deno cache exited with code ${code}`));
  });
}

/** Path of the Deno executable shipped by the npm package `deno`. */
export function denoExecutable(): string {
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const require = createRequire(import.meta.url);
  const candidates: string[] = [];
  try {
    candidates.push(join(dirname(require.resolve('deno/package.json')), exe));
  } catch {
    // package not resolvable from here; try the usual place below
  }
  candidates.push(join(ROOT, 'node_modules', 'deno', exe));
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  // The postinstall script normally copies the platform binary next to bin.cjs; if it did
  // not run (e.g. --ignore-scripts), its installer API finds the platform package.
  try {
    const installApi = require('deno/install_api.cjs') as { runInstall(): string };
    const found = installApi.runInstall();
    if (found && existsSync(found)) return found;
  } catch {
    // fall through to the error below
  }
  throw new Error('The Deno binary was not found. Run `npm install` (the devDependency "deno" ships it).');
}

/** Parses a dotenv file (KEY=VALUE, # comments, optional `export`, single/double quotes). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/);
    if (!m) continue;
    const key = m[1];
    let value = m[2];
    const quote = value[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      // A quoted value may span lines until the closing quote.
      let body = value.slice(1);
      let end = body.indexOf(quote);
      while (end === -1 && i + 1 < lines.length) {
        body += '\n' + lines[++i];
        end = body.indexOf(quote);
      }
      value = end === -1 ? body : body.slice(0, end);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[key] = value;
  }
  return out;
}

function killTree(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the whole process group (Deno and anything it spawned)
  } catch {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

interface DenoProcess {
  child: ChildProcess;
  startedAt: number;
  stderrTail: string[];
  /** Set once the process has exited or could not be spawned. */
  ended: { code: number | null; signal: NodeJS.Signals | null; error?: Error } | undefined;
  exited: Promise<void>;
}

export async function startFunctionsRunner({
  port,
  env,
  log = () => undefined,
  functionsDir,
  watch = false,
  startTimeoutMs = 60_000,
  restart = true,
  limits,
}: FunctionsRunnerOptions): Promise<RunningFunctions> {
  const dir = resolve(functionsDir ?? join(ROOT, 'supabase', 'functions'));
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  mkdirSync(DENO_DIR, { recursive: true });

  const dotenvPath = join(dir, '.env');
  const secrets = existsSync(dotenvPath) ? parseDotenv(readFileSync(dotenvPath, 'utf8')) : {};
  // As with the Supabase CLI, SUPABASE_* names are reserved: a .env cannot override them.
  for (const key of Object.keys(secrets)) if (key.startsWith('SUPABASE_')) delete secrets[key];

  const deno = denoExecutable();
  const cacheProblem = await cacheDenoModules(functionEntrypoints(dir));
  if (cacheProblem) log(`[functions] deno cache: ${cacheProblem}`);

  const readable = [...new Set([ROOT, dir, DENO_DIR])].join(',');
  const config = {
    deno,
    functionArgs: ['run', ...DENO_RUN_FLAGS, '--no-prompt', '--allow-net', '--allow-env', `--allow-read=${readable}`],
    limits: { ...EDGE_RUNTIME_LIMITS, ...limits },
    eagerBoot: watch,
  };
  // Only what Supabase gives a function: TZ=UTC, the project's secrets (functions/.env) and
  // its SUPABASE_* values. NODE_ENV is not among them.
  const childEnv = denoEnv({ TZ: 'UTC', ...secrets, ...env, SUPPERHOST_RUNNER_CONFIG: JSON.stringify(config) });

  const args = [
    'run',
    '--no-config',
    '--no-lock',
    '--no-prompt',
    '--allow-net',
    '--allow-env',
    `--allow-read=${readable},/proc`,
    // The functions' processes, and (Deno.kill needs it unrestricted) itself when stdin closes.
    '--allow-run',
    ...(watch ? [`--watch=${dir}`, '--no-clear-screen'] : []),
    MAIN_MODULE,
    dir,
    String(port),
  ];

  const spawnDeno = (): DenoProcess => {
    const child = spawn(deno, args, { cwd: ROOT, env: childEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const proc: DenoProcess = { child, startedAt: Date.now(), stderrTail: [], ended: undefined, exited: Promise.resolve() };
    const pipeLines = (stream: NodeJS.ReadableStream, isErr: boolean) => {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buf += chunk;
        let nl: number;
        while ((nl = buf.indexOf('\n')) !== -1) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (isErr) {
            proc.stderrTail.push(line);
            if (proc.stderrTail.length > 60) proc.stderrTail.shift();
          }
          if (line.trim()) log(`[deno] ${line}`);
        }
      });
    };
    pipeLines(child.stdout!, false);
    pipeLines(child.stderr!, true);
    // Writing to the stdin of a process that died must not throw in this one.
    child.stdin!.on('error', () => undefined);
    proc.exited = new Promise<void>((done) => {
      child.once('exit', (code, signal) => {
        proc.ended ??= { code, signal };
        done();
      });
      child.once('error', (error) => {
        proc.ended ??= { code: null, signal: null, error };
        done();
      });
    });
    return proc;
  };

  const url = `http://127.0.0.1:${port}`;
  let stopping = false;

  /** Resolves once `proc` answers /_health; rejects when it exits first or stays silent too long. */
  const waitHealthy = async (proc: DenoProcess): Promise<void> => {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (proc.ended) {
        await new Promise((r) => setTimeout(r, 50)); // let the last stderr lines arrive
        const detail = proc.ended.error ? proc.ended.error.message : proc.stderrTail.join('\n').trim();
        throw new Error(
          `The Deno functions runner exited before it listened on port ${port}${proc.ended.code !== null ? ` (exit code ${proc.ended.code})` : ''}:\n${detail}`,
        );
      }
      if (stopping) throw new Error('The functions runner is stopping.');
      try {
        const res = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(1000) });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        killTree(proc.child, 'SIGKILL');
        await proc.exited;
        throw new Error(
          `The Deno functions runner did not answer on port ${port} within ${startTimeoutMs / 1000} s:\n${proc.stderrTail.join('\n').trim()}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let current: DenoProcess | undefined = spawnDeno();
  await waitHealthy(current);

  let restartTimer: NodeJS.Timeout | undefined;
  let deathsInARow = 0;
  let restarts = 0;
  const supervise = (proc: DenoProcess) => {
    void proc.exited.then(() => {
      if (stopping || proc !== current) return;
      current = undefined;
      killTree(proc.child, 'SIGKILL'); // anything Deno left behind in its process group
      const upMs = Date.now() - proc.startedAt;
      if (upMs >= RESTART_BACKOFF.resetAfterMs) deathsInARow = 0;
      const delay = restartDelay(deathsInARow++);
      const how = proc.ended?.error ? proc.ended.error.message : proc.ended?.signal ? `signal ${proc.ended.signal}` : `exit code ${proc.ended?.code}`;
      log(
        `[functions] The Deno functions runner (pid ${proc.child.pid}) died (${how}) after ${(upMs / 1000).toFixed(1)} s; restarting it in ${delay} ms`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (stopping) return;
        restarts++;
        const next = spawnDeno();
        current = next;
        supervise(next);
        waitHealthy(next).then(
          () => log(`[functions] Deno functions runner restarted (pid ${next.child.pid}, restart ${restarts}) on port ${port}`),
          () => undefined, // it exited (or was killed for not answering): supervise() takes it from there
        );
      }, delay);
    });
  };
  if (restart) supervise(current);

  let stopped: Promise<void> | undefined;
  return {
    url,
    get pid() {
      return current && !current.ended ? current.child.pid : undefined;
    },
    get restarts() {
      return restarts;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(restartTimer);
        const proc = current;
        if (!proc) return;
        killTree(proc.child, 'SIGTERM');
        const timer = setTimeout(() => killTree(proc.child, 'SIGKILL'), 3000);
        await proc.exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}
