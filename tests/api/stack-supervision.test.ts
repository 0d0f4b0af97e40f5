/**
 * Supervision of the local stack's processes:
 * - a Deno functions runner that dies is started again (with back-off) while the gateway
 *   answers 503 "restarting"; stopping the runner does not start it again;
 * - a PostgreSQL left running by a stack whose Node process was killed with SIGKILL is
 *   stopped by the next start on the same data directory, which then comes up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_BACKOFF, restartDelay, type RunningFunctions } from '../../stack/functions-runner.ts';
import { freePort, isPortFree } from '../../stack/ports.ts';
import { isAlive, ROOT } from '../../stack/postgres.ts';
import type { startGateway } from '../../stack/gateway/server.ts';
import { startFunctions, startGatewayFor } from '../support/functions.ts';

const FIXTURES = new URL('../fixtures/functions', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of the Deno functions runners (main.ts) listening on `port`, from /proc. */
function denoRunners(port: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.some((a) => a.endsWith(join('functions-runner', 'main.ts'))) && args.at(-2) === String(port);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Polls `check` every 100 ms until it returns a value other than undefined, or fails after `ms`. */
async function poll<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

describe('restart back-off', () => {
  it('doubles from 250 ms and is capped at 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(restartDelay)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(RESTART_BACKOFF.resetAfterMs).toBeGreaterThanOrEqual(5000);
  });
});

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')('functions runner supervision', () => {
  let runner: RunningFunctions;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    runner = await startFunctions({}, { functionsDir: FIXTURES });
    gateway = await startGatewayFor(runner.url, () => false);
  });

  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
  });

  it('a killed Deno runner answers 503 "restarting" through the gateway, then is back within seconds', async () => {
    const echo = () => fetch(`${gateway.url}/functions/v1/echo`, { signal: AbortSignal.timeout(5000) });
    expect((await echo()).status).toBe(200);
    const health = await (await fetch(`${runner.url}/_health`)).json();
    const firstPid = runner.pid!;
    expect(firstPid).toBeGreaterThan(0);
    expect(health.pid).toBe(firstPid);

    process.kill(firstPid, 'SIGKILL');
    const down = await poll('the gateway to answer 503', 10_000, async () => {
      const res = await echo();
      if (res.status === 503) return res;
      await res.body?.cancel();
      return undefined;
    });
    expect(down.headers.get('retry-after')).toBe('1');
    expect(await down.json()).toMatchObject({ error: 'Edge functions are restarting; try again in a moment', code: 'functions_unavailable' });

    const back = await poll('the restarted runner to answer', 30_000, async () => {
      const res = await echo();
      if (res.status === 200) return res;
      await res.body?.cancel();
      return undefined;
    });
    expect(await back.json()).toMatchObject({ method: 'GET', path: '/echo' });
    expect(runner.restarts).toBe(1);
    expect(runner.pid).toBeGreaterThan(0);
    expect(runner.pid).not.toBe(firstPid);
    expect(isAlive(firstPid)).toBe(false);
  });

  it('stop() stops the runner for good: no restart afterwards', async () => {
    const pid = runner.pid!;
    const port = Number(new URL(runner.url).port);
    await runner.stop();
    expect(isAlive(pid)).toBe(false);
    await sleep(RESTART_BACKOFF.initialMs * 4);
    expect(runner.pid).toBeUndefined();
    expect(await isPortFree(port)).toBe(true);
    const res = await fetch(`${gateway.url}/functions/v1/echo`);
    expect(res.status).toBe(503);
    await res.body?.cancel();
  });
});

// ---------------------------------------------------------------------------------------

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')('a stack killed with SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'supperhost-supervision-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const pidFile = join(dataDir, 'db', 'postmaster.pid');
  const children: ChildProcess[] = [];
  let ports: { db: number; api: number; functions: number; mailbox: number };

  interface CliRun {
    child: ChildProcess;
    output: () => string;
    exited: Promise<number | null>;
  }

  /** `npm run stack` as one Node process (tsx as a loader, so its pid is the stack's own). */
  function startCli(): CliRun {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'stack', 'cli.ts'), 'stack'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SUPPERHOST_DATA_DIR: dataDir,
        SUPPERHOST_DB_PORT: String(ports.db),
        SUPPERHOST_API_PORT: String(ports.api),
        SUPPERHOST_FUNCTIONS_PORT: String(ports.functions),
        SUPPERHOST_MAILBOX_PORT: String(ports.mailbox),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (b: Buffer) => {
      output += b.toString('utf8');
    });
    child.stderr!.on('data', (b: Buffer) => {
      output += b.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  async function untilRunning(run: CliRun) {
    let code: number | null | undefined;
    void run.exited.then((c) => {
      code = c;
    });
    await poll('the stack to start', 150_000, () => {
      if (code !== undefined) throw new Error(`The stack exited (code ${code}) before it was running:\n${run.output()}`);
      return run.output().includes('SupperHost local stack is running.') ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- stack output ---\n${run.output()}`);
    });
  }

  const postmasterPid = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);

  beforeAll(async () => {
    ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
  });

  afterAll(async () => {
    // Always leave nothing behind, whatever failed: the stacks, then any PostgreSQL of ours.
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const gone = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(20_000).then(() => false)]);
      if (!gone) child.kill('SIGKILL');
    }
    if (existsSync(pidFile)) {
      const pid = postmasterPid();
      if (pid > 0 && isAlive(pid)) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          /* gone */
        }
        await poll('PostgreSQL to stop', 10_000, () => (isAlive(pid) ? undefined : true)).catch(() => {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        });
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('leaves PostgreSQL running; the next start on the same data directory stops it and comes up', async () => {
    const first = startCli();
    await untilRunning(first);
    const stalePid = postmasterPid();
    expect(isAlive(stalePid)).toBe(true);

    const runnerPids = denoRunners(ports.functions);
    expect(runnerPids.length).toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing stopped PostgreSQL: it still runs and holds the port.
    expect(isAlive(stalePid)).toBe(true);
    expect(await isPortFree(ports.db)).toBe(false);
    // The Deno functions runner (under --watch) saw its stdin close and ended, with its functions.
    await poll("the killed stack's Deno runner to end", 10_000, () => (runnerPids.some(isAlive) ? undefined : true));

    const second = startCli();
    await untilRunning(second);
    expect(second.output()).toContain(`Stopping PostgreSQL (pid ${stalePid}) left running`);
    expect(isAlive(stalePid)).toBe(false);
    const freshPid = postmasterPid();
    expect(freshPid).not.toBe(stalePid);

    // The same database, with the seed of the first start.
    const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres` });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.organizations');
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    const res = await fetch(`http://127.0.0.1:${ports.api}/functions/v1/does-not-exist`);
    expect([401, 404]).toContain(res.status); // the gateway and the runner answer
    await res.body?.cancel();

    // A clean stop stops PostgreSQL too.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(isAlive(freshPid)).toBe(false);
    expect(await isPortFree(ports.db)).toBe(true);
  }, 400_000);
});
