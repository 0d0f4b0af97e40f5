/**
 * What the benchmarks share: options, percentiles, a throwaway stack, and clean-up on
 * Ctrl-C (every process a benchmark starts is stopped, also when it is interrupted).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../stack/ports.ts';
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

// Clean-ups still to run, newest first, so that Ctrl-C also stops what was started.
const cleanups: (() => Promise<void>)[] = [];

/** Registers a clean-up; the returned function runs it (once) and unregisters it. */
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const i = cleanups.indexOf(run);
    if (i !== -1) cleanups.splice(i, 1);
    await fn();
  };
  cleanups.unshift(run);
  return run;
}

export async function runAllCleanups() {
  for (const run of [...cleanups]) await run().catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping what the benchmark started...`);
    void runAllCleanups().finally(() => process.exit(130));
  });
}

export interface BenchStack {
  stack: RunningStack;
  ports: StackPorts;
  stop(): Promise<void>;
}

/**
 * The functions' connections to PostgreSQL per worker in the benchmarks' stacks. The local stack
 * runs one worker per function for every guest in flight, where a hosted project runs many small
 * ones (the functions' own default, 2, is for those); docs/BENCHMARKS.md's figures use 8.
 */
const BENCH_DB_POOL_SIZE = '8';

/**
 * A throwaway stack on free ports (PostgreSQL, gateway, Deno functions, mailbox), migrated
 * and seeded, in a temporary folder deleted by stop().
 */
export async function startBenchStack(
  opts: { siteUrl?: string; durable?: boolean; functionsEnv?: Record<string, string>; deliveryIntervalMs?: number } = {},
): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'supperhost-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the "postgres" user when started by root
  const ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
  const log = (line: string) => say(`  ${line}`);
  say('Starting a throwaway stack...');
  let stack: RunningStack;
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
      log,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = onCleanup(async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { stack, ports, stop };
}
