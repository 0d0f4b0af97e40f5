/**
 * What the benchmarks share: options, percentiles, a throwaway stack, and clean-up on
 * Ctrl-C (every process a benchmark starts is stopped, also when it is interrupted).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../stack/ports.ts';
import { isAlive } from '../stack/postgres.ts';
import { startStack, type RunningStack, type StackPorts } from '../stack/stack.ts';

export const asJson = process.argv.includes('--json');

/** A non-negative number given as `--name N`, or the fallback. */
export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a non-negative number`);
  return value;
}

const loadAgent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A POST from the load generator: node:http on kept-alive connections, answering the status
 * and the parsed JSON body ({} when it is not JSON). It costs the machine less CPU per
 * request than fetch (undici's WHATWG streams), CPU that the stack under test shares.
 */
export function postJson(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: loadAgent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Progress and figures for people; silent with --json (the JSON is the output then). */
export function say(line = '') {
  if (!asJson) console.log(line);
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

/** p50/p95/p99/max (and min) of durations in ms, rounded to 0.1 ms. */
export function latencySummary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: round(sorted[0] ?? 0),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export interface BenchResult {
  ok: boolean;
  [key: string]: unknown;
}

// ---------------------------------------------------------------- clean-up, however a benchmark ends
//
// Every process and temporary folder a benchmark starts is registered here. runBench() runs a
// benchmark and then whatever it left registered (its own `finally` may have thrown before
// reaching its stop, or it may have thrown anywhere). Ctrl-C and SIGTERM run the clean-ups
// before exiting. And when the process exits some other way (process.exit() from a library:
// Vite's preview server exits on SIGTERM or the end of stdin; an uncaught exception; a second
// Ctrl-C), the `exit` hook runs each clean-up's synchronous fallback: kill, then delete.
// (async-exit-hook is not used: stack/postgres.ts takes its process hooks off, since on
// `beforeExit` it calls process.exit(0), which would turn a failed run into a success.)

interface Cleanup {
  run: () => Promise<void>;
  sync?: () => void;
}

// Clean-ups still to run, newest first.
const cleanups: Cleanup[] = [];

/**
 * Registers a clean-up, and optionally its synchronous fallback for an abrupt exit; the
 * returned function runs the clean-up (once) and unregisters it.
 */
export function onCleanup(fn: () => Promise<void>, sync?: () => void): () => Promise<void> {
  let done = false;
  const entry: Cleanup = {
    sync,
    run: async () => {
      if (done) return;
      done = true;
      try {
        await fn();
      } finally {
        // Unregistered only once done: an exit meanwhile (a second Ctrl-C) still runs its fallback.
        const i = cleanups.indexOf(entry);
        if (i !== -1) cleanups.splice(i, 1);
      }
    },
  };
  cleanups.unshift(entry);
  return entry.run;
}

export async function runAllCleanups() {
  for (const entry of [...cleanups]) await entry.run().catch(() => undefined);
}

/** Runs one benchmark; whatever it started and left registered is stopped afterwards, however it ended. */
export async function runBench<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } finally {
    await runAllCleanups();
  }
}

process.on('exit', () => {
  for (const entry of cleanups.splice(0)) {
    try {
      entry.sync?.();
    } catch {
      // Best effort: the others still run.
    }
  }
});

let stopping = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.on(signal, () => {
    // A second signal while stopping: exit now (the exit hook still kills and deletes).
    if (stopping) process.exit(code);
    stopping = true;
    console.error(`\n${signal}: stopping what the benchmark started...`);
    const deadline = setTimeout(() => process.exit(code), 30_000);
    void runAllCleanups().finally(() => {
      clearTimeout(deadline);
      process.exit(code);
    });
  });
}

/**
 * Stops a stack's processes at once, synchronously (for the exit hook): the Deno functions
 * runner, and PostgreSQL by its postmaster.pid (SIGQUIT: immediate shutdown, which also ends
 * its backends), then deletes the data folder.
 */
function killStackNow(stack: RunningStack | undefined, dataDir: string) {
  const kill = (pid: number | undefined, signal: NodeJS.Signals) => {
    if (!pid) return;
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  };
  kill(stack?.functionsPid(), 'SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid !== undefined) {
    kill(pid, 'SIGQUIT');
    // Give the postmaster a moment to take its backends down before the folder goes.
    const stopBy = Date.now() + 2000;
    while (Date.now() < stopBy && isAlive(pid)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    if (isAlive(pid)) kill(pid, 'SIGKILL');
  }
  // PostgreSQL's children can still be writing their shutdown checkpoint when the postmaster's
  // pid file is already gone (Ctrl-C reaches them too): remove until nothing comes back (5 s at most).
  const until = Date.now() + 5000;
  for (;;) {
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
    } catch {
      // Something wrote meanwhile: try again.
    }
    if (!existsSync(dataDir) || Date.now() > until) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

/** The running postmaster of the stack in `dataDir` (from its postmaster.pid), if any. */
function postmasterPid(dataDir: string): number | undefined {
  const dbDir = join(dataDir, 'db');
  const pidFile = join(dbDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isPostmasterOf(pid, dbDir) ? pid : undefined;
}

/** Resolves when `pid` has exited (at once when undefined), or after `timeoutMs`. */
function exitOf(pid: number | undefined, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      if (pid === undefined || !isAlive(pid) || Date.now() - started > timeoutMs) resolve();
      else setTimeout(poll, 100).unref();
    };
    // A normal stop() ends first; the poll only matters when PostgreSQL went away by itself.
    setTimeout(poll, 100).unref();
  });
}

/** Whether `pid` is still the postmaster of `dbDir` (a pid left in a stale postmaster.pid may be anyone's now). */
function isPostmasterOf(pid: number, dbDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(dbDir);
  } catch {
    return !existsSync('/proc') && isAlive(pid);
  }
}

export interface BenchStack {
  stack: RunningStack;
  ports: StackPorts;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The functions' connections to PostgreSQL per worker in the benchmarks' stacks. The local stack
 * runs one worker per function for every guest in flight, where a hosted project runs many small
 * ones (the functions' own default, 2, is for those); docs/BENCHMARKS.md's figures use 8.
 */
const BENCH_DB_POOL_SIZE = '8';

/**
 * A throwaway stack on free ports (PostgreSQL, gateway, Deno functions, mailbox; only
 * PostgreSQL with `only: 'db'`), migrated and seeded, in a temporary folder. stop() stops it
 * and deletes the folder; it is registered as a clean-up, so it also happens when the
 * benchmark throws, is interrupted or the process exits early.
 */
export async function startBenchStack(
  opts: { siteUrl?: string; durable?: boolean; functionsEnv?: Record<string, string>; deliveryIntervalMs?: number; only?: 'db' } = {},
): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'supperhost-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the "postgres" user when started by root
  let stack: RunningStack | undefined;
  // Registered before the start: an interrupted or failed start is cleaned up too.
  const stop = onCleanup(
    async () => {
      try {
        // stop() waits for PostgreSQL's exit, which never comes when PostgreSQL is already gone
        // (Ctrl-C in a terminal signals it too): stop waiting once its postmaster has exited.
        const pid = postmasterPid(dataDir);
        const stopping = stack?.stop();
        if (stopping) await Promise.race([stopping, exitOf(pid, 30_000)]);
      } finally {
        // Whatever stop() left (it timed out, or PostgreSQL had already been killed): kill and delete.
        killStackNow(stack, dataDir);
      }
    },
    () => killStackNow(stack, dataDir),
  );
  const ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
  const log = (line: string) => say(`  ${line}`);
  say('Starting a throwaway stack...');
  try {
    stack = await startStack({
      dataDir,
      ports,
      siteUrl: opts.siteUrl ?? `http://127.0.0.1:${await freePort()}`,
      ephemeral: true,
      seed: true,
      emailConfirmations: false,
      durable: opts.durable,
      functionsEnv: { SUPPERHOST_DB_POOL_SIZE: BENCH_DB_POOL_SIZE, ...opts.functionsEnv },
      deliveryIntervalMs: opts.deliveryIntervalMs,
      only: opts.only,
      log,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { stack, ports, dataDir, stop };
}

/** Runs `work` on a throwaway stack (started as startBenchStack starts it) with a connection to its database; then closes both. */
export async function withBenchDatabase<T>(work: (stack: RunningStack, db: pg.Client) => Promise<T>): Promise<T> {
  const { stack, stop } = await startBenchStack();
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
    return await work(stack, db);
  } finally {
    await db.end().catch(() => undefined);
    await stop();
  }
}
