/**
 * The local functions runner applies hosted Edge Runtime's rules (stack/functions-runner/README.md):
 * a read-only environment, one worker per function with no module state shared, and the
 * memory, wall-clock and CPU limits, a worker stopped by one being answered 546 while the other
 * functions keep working. Small functions in a throwaway folder, plus the real functions booted
 * with NODE_ENV unset.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsRunner, type RunningFunctions } from '../../stack/functions-runner.ts';
import { freePort } from '../../stack/ports.ts';
import { ROOT } from '../../stack/postgres.ts';
import { startFunctions } from '../support/functions.ts';

const FUNCTIONS: Record<string, string> = {
  '_shared/state.ts': `
    // Module state: one copy per worker.
    export const state = { hits: 0 };
  `,
  'env-write/index.ts': `
    import process from 'node:process';
    const attempt = (write: () => unknown) => {
      try {
        write();
        return 'written';
      } catch (error) {
        return { name: (error as Error).name, message: (error as Error).message };
      }
    };
    Deno.serve(() => Response.json({
      denoEnvSet: attempt(() => Deno.env.set('RULES_TEST', 'x')),
      processEnvAssign: attempt(() => { process.env.RULES_TEST = 'x'; }),
      afterWrites: Deno.env.get('RULES_TEST') ?? null,
      denoEnvDelete: attempt(() => Deno.env.delete('RULES_SECRET')),
      processEnvDelete: attempt(() => { delete process.env.RULES_SECRET; }),
      afterDeletes: Deno.env.get('RULES_SECRET') ?? null,
      putBack: attempt(() => Object.defineProperty(Deno, 'env', { value: { set() {} } })),
      stillRefused: attempt(() => Deno.env.set('RULES_TEST', 'x')),
    }));
  `,
  'counter-a/index.ts': `
    import { state } from '../_shared/state.ts';
    (globalThis as Record<string, unknown>).owner ??= 'counter-a';
    Deno.serve(() => Response.json({ hits: ++state.hits, owner: (globalThis as Record<string, unknown>).owner, pid: Deno.pid }));
  `,
  'counter-b/index.ts': `
    import { state } from '../_shared/state.ts';
    (globalThis as Record<string, unknown>).owner ??= 'counter-b';
    Deno.serve(() => Response.json({ hits: ++state.hits, owner: (globalThis as Record<string, unknown>).owner, pid: Deno.pid }));
  `,
  'hog/index.ts': `
    const kept: unknown[] = [];
    Deno.serve(async (req) => {
      const how = new URL(req.url).searchParams.get('how');
      if (how === 'heap') for (;;) kept.push(new Array(100_000).fill(Math.random()));
      if (how === 'buffers') {
        for (let i = 0; i < 12; i++) kept.push(new Uint8Array(16 * 1024 * 1024).fill(1));
        await new Promise((r) => setTimeout(r, 5000));
      }
      return Response.json({ ok: true, pid: Deno.pid });
    });
  `,
  'background/index.ts': `
    // Work after the response, past the moment the worker retires (half the wall clock).
    Deno.serve(() => {
      EdgeRuntime.waitUntil(
        new Promise((r) => setTimeout(r, 2500)).then(() => fetch(Deno.env.get('CALLBACK_URL') + '?pid=' + Deno.pid)),
      );
      return Response.json({ pid: Deno.pid });
    });
  `,
  'sleepy/index.ts': `
    Deno.serve(async () => {
      await new Promise((r) => setTimeout(r, 60_000));
      return Response.json({ woke: true });
    });
  `,
  'spin/index.ts': `
    Deno.serve(() => {
      const end = Date.now() + 20_000;
      let x = 0;
      while (Date.now() < end) x += Math.random();
      return Response.json({ x });
    });
  `,
};

const dir = mkdtempSync(join(tmpdir(), 'supperhost-rules-'));
for (const [path, source] of Object.entries(FUNCTIONS)) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), source);
}

let runner: RunningFunctions;
let callbacks: Server;
const called: string[] = [];

beforeAll(async () => {
  callbacks = createServer((req, res) => {
    called.push(new URL(req.url ?? '/', 'http://x').searchParams.get('pid') ?? '');
    res.end();
  });
  const callbackPort = await freePort();
  await new Promise<void>((r) => callbacks.listen(callbackPort, '127.0.0.1', r));
  runner = await startFunctionsRunner({
    port: await freePort(),
    functionsDir: dir,
    env: { RULES_SECRET: 'kept', CALLBACK_URL: `http://127.0.0.1:${callbackPort}/done` },
    restart: false,
    // Small limits, so that the tests reach them quickly.
    limits: { memoryMb: 96, wallClockMs: 4_000, cpuSoftMs: 300, cpuHardMs: 600 },
  });
});

afterAll(async () => {
  await runner?.stop();
  callbacks?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(`${runner.url}${path}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, code: res.headers.get('sb-error-code'), body: await res.json() };
};

describe('the environment is read-only, as on Edge Runtime', () => {
  it('Deno.env.set and process.env assignment throw NotSupported; deletes change nothing; the rule cannot be undone', async () => {
    const { status, body } = await get('/env-write');
    expect(status).toBe(200);
    const refused = { name: 'NotSupported', message: 'The operation is not supported' };
    expect(body.denoEnvSet).toEqual(refused);
    expect(body.processEnvAssign).toEqual(refused);
    expect(body.afterWrites).toBeNull();
    // Edge Runtime's op_delete_env does nothing (ext/env/lib.rs): no error, nothing deleted.
    expect(body.denoEnvDelete).toBe('written');
    expect(body.processEnvDelete).toBe('written');
    expect(body.afterDeletes).toBe('kept');
    expect(body.putBack).toMatchObject({ name: 'TypeError' });
    expect(body.stillRefused).toEqual(refused);
  });
});

describe('one worker per function', () => {
  it('shares no module state (nor globals) between two functions importing the same module', async () => {
    const a1 = await get('/counter-a');
    const b1 = await get('/counter-b');
    const a2 = await get('/counter-a');
    expect(a1.body).toMatchObject({ hits: 1, owner: 'counter-a' });
    expect(b1.body).toMatchObject({ hits: 1, owner: 'counter-b' });
    expect(a2.body).toMatchObject({ hits: 2, owner: 'counter-a', pid: a1.body.pid });
    expect(b1.body.pid).not.toBe(a1.body.pid);
  });
});

describe('limits: the worker is stopped, the request answered 546, the other functions keep working', () => {
  const workerLimit = { code: 'WORKER_RESOURCE_LIMIT', message: 'Function failed due to not having enough compute resources (please check logs)' };

  it('memory: a V8 heap past the limit', async () => {
    const before = await get('/counter-a');
    const hog = await get('/hog?how=heap');
    expect(hog.status).toBe(546);
    expect(hog.code).toBe('WORKER_RESOURCE_LIMIT');
    expect(hog.body).toEqual(workerLimit);
    expect((await get('/counter-a')).body).toMatchObject({ pid: before.body.pid });
    // The next request starts the function again.
    expect((await get('/hog')).body).toMatchObject({ ok: true });
  }, 60_000);

  it('memory: ArrayBuffers past the limit', async () => {
    const hog = await get('/hog?how=buffers');
    expect(hog.status).toBe(546);
    expect(hog.body).toEqual(workerLimit);
    expect((await get('/counter-b')).status).toBe(200);
  }, 60_000);

  it('wall clock: a request still running when the worker reaches the limit', async () => {
    const started = Date.now();
    const [sleepy, other] = await Promise.all([get('/sleepy'), get('/counter-b')]);
    expect(sleepy.status).toBe(546);
    expect(sleepy.body).toEqual(workerLimit);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(other.status).toBe(200);
  }, 60_000);

  it('a worker that retires (half the wall clock) finishes its EdgeRuntime.waitUntil work; new requests go to a new worker', async () => {
    const first = await get('/background');
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2200)); // the worker retires 2 s after it started
    const second = await get('/counter-a');
    expect(second.status).toBe(200);
    const again = await get('/background');
    expect(again.body.pid).not.toBe(first.body.pid);
    const deadline = Date.now() + 10_000;
    while (!called.includes(String(first.body.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(called).toContain(String(first.body.pid));
  }, 60_000);

  it.skipIf(process.platform !== 'linux')(
    'CPU time: a request that keeps the CPU busy past the hard limit',
    async () => {
      const started = Date.now();
      const spin = await get('/spin');
      expect(spin.status).toBe(546);
      expect(spin.body).toEqual(workerLimit);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect((await get('/counter-a')).status).toBe(200);
    },
    60_000,
  );
});

describe.skipIf(process.env.SUPPERHOST_TEST_STACK === 'db')('the real functions', () => {
  let real: RunningFunctions;
  beforeAll(async () => {
    real = await startFunctions();
  }, 120_000);
  afterAll(async () => {
    await real?.stop();
  });

  it("boots every function with NODE_ENV unset under the runner's rules", async () => {
    expect(process.env.NODE_ENV).toBeDefined(); // vitest's own: the runner does not pass it on
    const functionsDir = join(ROOT, 'supabase', 'functions');
    const dirs = readdirSync(functionsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(functionsDir, e.name, 'index.ts')))
      .map((e) => e.name)
      .sort();
    const res = await fetch(`${real.url}/_health?boot=all`, { signal: AbortSignal.timeout(110_000) });
    const health = await res.json();
    expect(health.failed).toEqual({});
    expect(health.functions).toEqual(dirs);
    expect(health.running).toEqual(dirs);
  }, 120_000);
});
