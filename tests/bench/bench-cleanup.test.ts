import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runBench, startBenchStack } from '../../bench/lib.ts';
import { isAlive } from '../../stack/postgres.ts';

// A benchmark stops the PostgreSQL it started and deletes its data folder however it ends:
// its body throws (before its own stop), the process exits abruptly (process.exit() from a
// library, as Vite's preview server does on SIGTERM), or it is interrupted (Ctrl-C). The
// stacks here are real (PostgreSQL only: `only: 'db'`).

const LIB = fileURLToPath(new URL('../../bench/lib.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const scripts = mkdtempSync(join(tmpdir(), 'supperhost-bench-cleanup-'));

afterAll(() => rmSync(scripts, { recursive: true, force: true }));

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** A benchmark process that starts a stack, prints its data folder and postmaster, then does `then`. */
function benchProcess(then: string): {
  ready: Promise<{ dataDir: string; pid: number }>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
} {
  const file = join(scripts, `bench-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    file,
    `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBenchStack } from ${JSON.stringify(LIB)};
const { dataDir } = await startBenchStack({ only: 'db' });
const pid = Number(readFileSync(join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\\n')[0]);
console.log('READY ' + JSON.stringify({ dataDir, pid }));
${then}
`,
  );
  // A process group of its own, as a terminal's foreground job: Ctrl-C signals PostgreSQL too.
  const child = spawn(TSX, [file], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const ready = new Promise<{ dataDir: string; pid: number }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (.+)\n/.exec(out);
      if (m) resolve(JSON.parse(m[1]) as { dataDir: string; pid: number });
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', () => reject(new Error(`the benchmark process ended before it was ready:\n${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { ready, exited, kill: (signal) => process.kill(-child.pid!, signal) };
}

async function expectGone(info: { dataDir: string; pid: number }) {
  // The postmaster's own exit can trail its parent's by a moment.
  for (let i = 0; i < 50 && isAlive(info.pid); i++) await new Promise((r) => setTimeout(r, 100));
  expect(isAlive(info.pid), `postgres ${info.pid} still runs`).toBe(false);
  expect(existsSync(info.dataDir), `${info.dataDir} is still there`).toBe(false);
}

describe('a benchmark cleans up however it ends', () => {
  it('its body throws before its own stop: runBench stops PostgreSQL and deletes the folder', async () => {
    let info: { dataDir: string; pid: number } | undefined;
    await expect(
      runBench(async () => {
        const { dataDir } = await startBenchStack({ only: 'db' });
        info = { dataDir, pid: postmasterPid(dataDir) };
        expect(isAlive(info.pid)).toBe(true);
        throw new Error('under the threshold');
      }),
    ).rejects.toThrow('under the threshold');
    await expectGone(info!);
  });

  it('the process exits abruptly (process.exit from a library): the exit hook kills PostgreSQL and deletes the folder', async () => {
    const bench = benchProcess('process.exit(3);');
    const info = await bench.ready;
    expect(await bench.exited).toBe(3);
    await expectGone(info);
  });

  it('Ctrl-C (to the whole process group, PostgreSQL included): the clean-ups run and the process exits 130', async () => {
    const bench = benchProcess('setInterval(() => undefined, 1000);');
    const info = await bench.ready;
    expect(isAlive(info.pid)).toBe(true);
    bench.kill('SIGINT');
    expect(await bench.exited).toBe(130);
    await expectGone(info);
  });
});
