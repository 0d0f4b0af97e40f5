// Deno main module of the local edge-functions runner (run by stack/functions-runner.ts; see
// README.md next to this file for what it reproduces of Supabase's Edge Runtime and what not).
//
// Every folder <functionsDir>/<name>/index.ts is a function (names starting with "_" or "."
// are skipped: _shared holds helpers). Each function runs in a Deno process of its own
// (function.ts), as Edge Runtime runs each function in a user worker of its own: no module
// state is shared, and a function that crashes, hangs or runs out of memory takes only itself
// down. This process listens on the given port, routes /<name>/... to that function's process,
// and applies Edge Runtime's limits per worker:
// - memory: V8's heap limit in the function's process (plus ArrayBuffers, function.ts);
// - wall clock: a worker retires (takes no new requests) at half the limit and is terminated
//   at the limit;
// - CPU time (Linux): retired at the soft limit, terminated at the hard limit while busy.
// A request whose worker was terminated for a limit is answered 546, as Edge Runtime's
// front does; the next request starts the function again (a cold start).
//
// Usage: deno run ... main.ts <functionsDir> <port>; SUPPERHOST_RUNNER_CONFIG (JSON) gives
// the Deno executable, the flags of the functions' processes and the limits.

import { forwarded, relay } from './body.ts';

interface RunnerConfig {
  deno: string;
  functionArgs: string[];
  limits: { memoryMb: number; wallClockMs: number; cpuSoftMs: number; cpuHardMs: number };
  eagerBoot: boolean;
}

const [functionsDir, portArg] = Deno.args;
if (!functionsDir || !portArg) {
  console.error('usage: main.ts <functionsDir> <port>');
  Deno.exit(2);
}
const port = Number(portArg);
const config = JSON.parse(Deno.env.get('SUPPERHOST_RUNNER_CONFIG') ?? 'null') as RunnerConfig | null;
if (!config) {
  console.error('main.ts: SUPPERHOST_RUNNER_CONFIG is not set');
  Deno.exit(2);
}
const { limits } = config;
const FUNCTION_MODULE = new URL('./function.ts', import.meta.url).pathname;
const MARK = '@@supperhost-runner@@';
const BOOT_TIMEOUT_MS = 30_000;
const origin = `http://127.0.0.1:${port}`;
const functionEnv = Deno.env.toObject();
delete functionEnv.SUPPERHOST_RUNNER_CONFIG;

type Limit = 'memory' | 'wall clock' | 'CPU time';
type Boot = { ok: true } | { ok: false; message: string };

interface Worker {
  name: string;
  process: Deno.ChildProcess;
  port: number;
  booted: Promise<Boot>;
  startedAt: number;
  inFlight: number;
  retired: boolean;
  /** Why the runner terminated it, or why it died (set before `gone` aborts). */
  limit?: Limit;
  gone: AbortController;
  cpuAtReady?: number;
  timers: number[];
}

const names: string[] = [];
for (const entry of Deno.readDirSync(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
  try {
    Deno.statSync(`${functionsDir}/${entry.name}/index.ts`);
    names.push(entry.name);
  } catch {
    // a folder without index.ts is not a function
  }
}
names.sort();

const current = new Map<string, Worker>();
const bootErrors = new Map<string, string>();
const live = new Set<Worker>();

function lines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  return (async () => {
    let buf = '';
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) !== -1) {
        onLine(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    }
    if (buf) onLine(buf);
  })().catch(() => undefined);
}

function kill(process: Deno.ChildProcess) {
  try {
    process.kill('SIGKILL');
  } catch {
    // already gone (Deno throws for a process that has exited)
  }
}

function terminate(worker: Worker, limit: Limit) {
  if (worker.limit) return;
  worker.limit = limit;
  console.error(`[functions] ${worker.name}: ${limit} limit reached; the worker is terminated`);
  kill(worker.process);
}

/** No new requests for this worker; it ends once the ones it has are answered. */
function retire(worker: Worker, why: string) {
  if (worker.retired) return;
  worker.retired = true;
  if (current.get(worker.name) === worker) current.delete(worker.name);
  console.error(`[functions] ${worker.name}: ${why}; the worker retires`);
  // It ends itself once idle, its EdgeRuntime.waitUntil work done (function.ts).
  fetch(`http://127.0.0.1:${worker.port}/`, { method: 'POST', headers: { 'x-supperhost-runner': 'retire' } }).then(
    (res) => res.body?.cancel(),
    () => undefined,
  );
}

function startWorker(name: string): Worker {
  const command = new Deno.Command(config!.deno, {
    args: [
      ...config!.functionArgs,
      `--v8-flags=--max-heap-size=${limits.memoryMb}`,
      FUNCTION_MODULE,
      functionsDir,
      name,
      origin,
      String(limits.memoryMb),
    ],
    env: functionEnv,
    clearEnv: true,
    stdin: 'piped',
    stdout: 'piped',
    stderr: 'piped',
  });
  const process = command.spawn();
  let settle: (boot: Boot) => void = () => undefined;
  const worker: Worker = {
    name,
    process,
    port: 0,
    booted: new Promise<Boot>((resolve) => (settle = resolve)),
    startedAt: Date.now(),
    inFlight: 0,
    retired: false,
    gone: new AbortController(),
    timers: [],
  };
  live.add(worker);
  const stderrTail: string[] = [];
  const stdoutDone = lines(process.stdout, (line) => {
    if (!line.startsWith(MARK)) return console.log(line);
    let event: { event: string; port?: number; message?: string; reason?: Limit };
    try {
      event = JSON.parse(line.slice(MARK.length));
    } catch {
      return console.log(line); // the function's own output, however odd
    }
    if (event.event === 'ready') {
      worker.port = event.port!;
      worker.cpuAtReady = cpuMs(process.pid);
      settle({ ok: true });
    } else if (event.event === 'boot-error') {
      settle({ ok: false, message: event.message! });
    } else if (event.event === 'limit') {
      worker.limit ??= event.reason;
    }
  });
  const stderrDone = lines(process.stderr, (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 40) stderrTail.shift();
    console.error(line);
  });
  const bootTimer = setTimeout(() => {
    settle({ ok: false, message: `importing the module took longer than ${BOOT_TIMEOUT_MS / 1000} s` });
    kill(process);
  }, BOOT_TIMEOUT_MS);
  void worker.booted.then(() => clearTimeout(bootTimer));
  if (limits.wallClockMs > 0) {
    worker.timers.push(
      setTimeout(() => retire(worker, 'wall clock duration warning (half the limit)'), limits.wallClockMs / 2),
      setTimeout(() => terminate(worker, 'wall clock'), limits.wallClockMs),
    );
  }
  void Promise.all([process.status, stdoutDone, stderrDone]).then(([status]) => {
    live.delete(worker);
    for (const timer of worker.timers) clearTimeout(timer);
    clearTimeout(bootTimer);
    // V8 ends the process itself when the heap limit is reached.
    if (!worker.limit && stderrTail.some((l) => /out of memory|heap limit/i.test(l))) worker.limit = 'memory';
    if (current.get(name) === worker) current.delete(name);
    const tail = stderrTail.join('\n').trim();
    settle({ ok: false, message: `the process exited (${status.signal ?? `exit code ${status.code}`}) before it served${tail ? `:\n${tail}` : ''}` });
    worker.gone.abort();
  });
  process.stdin.getWriter(); // held open: closing it (this process ending) ends the function's process
  return worker;
}

/** The worker for a new request: the current one, or a new one (Edge Runtime's cold start). */
async function workerFor(name: string): Promise<Worker | { bootError: string }> {
  const known = bootErrors.get(name);
  if (known !== undefined) return { bootError: known };
  let worker = current.get(name);
  if (!worker) {
    worker = startWorker(name);
    current.set(name, worker);
  }
  const boot = await worker.booted;
  if (!boot.ok) {
    if (!worker.limit) {
      bootErrors.set(name, boot.message);
      console.error(`[functions] ${name} failed to load: ${boot.message}`);
    }
    if (current.get(name) === worker) current.delete(name);
    return { bootError: boot.message };
  }
  return worker;
}

// CPU time of a function's process (user + system), from /proc (Linux only).
const CLOCK_TICKS_PER_SECOND = 100;
function cpuMs(pid: number): number | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

if (limits.cpuHardMs > 0) {
  setInterval(() => {
    for (const worker of live) {
      if (worker.cpuAtReady === undefined || worker.limit) continue;
      const used = (cpuMs(worker.process.pid) ?? worker.cpuAtReady) - worker.cpuAtReady;
      if (used >= limits.cpuHardMs && worker.inFlight > 0) terminate(worker, 'CPU time');
      else if (used >= limits.cpuSoftMs) retire(worker, `CPU time soft limit reached (${Math.round(used)} ms)`);
    }
  }, 50);
}

function json(body: unknown, status: number): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const code = (body as { code?: unknown }).code;
  if (typeof code === 'string') headers['sb-error-code'] = code;
  return new Response(JSON.stringify(body), { status, headers });
}

// Edge Runtime's answer when a resource limit stopped the worker (546, sb-error-code).
const workerLimit = () =>
  json({ code: 'WORKER_RESOURCE_LIMIT', message: 'Function failed due to not having enough compute resources (please check logs)' }, 546);

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'accept-encoding'];

/**
 * Reads what is left of a request's body. An answer given before the body was read (404, a
 * function that did not read it) would otherwise make Deno close the connection while the
 * caller is still sending.
 */
function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  return body && !body.locked ? body.pipeTo(new WritableStream()).catch(() => undefined) : Promise.resolve();
}

async function proxy(worker: Worker, req: Request, pathname: string, search: string): Promise<Response> {
  worker.inFlight++;
  const upload = forwarded(req.body);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    worker.inFlight--;
    upload.stop();
  };
  const headers = new Headers(req.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  // This process compresses for the client; the hop to the function stays plain.
  headers.set('accept-encoding', 'identity');
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${worker.port}${pathname}${search}`, {
      method: req.method,
      headers,
      body: upload.stream,
      redirect: 'manual',
      signal: AbortSignal.any([worker.gone.signal, req.signal]),
    });
  } catch (error) {
    release();
    // Let the worker's end be known (the exit handler sets `limit` before aborting).
    await Promise.race([new Promise((r) => worker.gone.signal.addEventListener('abort', r)), new Promise((r) => setTimeout(r, 1000))]);
    if (worker.limit) return workerLimit();
    console.error(`[functions] ${worker.name}: the request failed:`, error);
    return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
  }
  if (!res.body) {
    release();
    return new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const reader = res.body.getReader();
  const body = relay(reader, release, (reason) => {
    release();
    return reader.cancel(reason);
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

// Edge Runtime starts a function's worker at its first request (a cold start), and so does this
// runner. With `eagerBoot` (npm start) every function is started at once, two at a time, so
// that one that cannot boot is reported in the log when the runner starts.
let everyBoot: Promise<unknown> | undefined;
async function bootEvery(): Promise<unknown> {
  everyBoot ??= (async () => {
    const queue = [...names];
    const next = async (): Promise<void> => {
      const name = queue.shift();
      if (name === undefined) return;
      await workerFor(name);
      return next();
    };
    await Promise.all([next(), next()]);
  })();
  return everyBoot;
}
if (config.eagerBoot) void bootEvery();

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

async function route(req: Request): Promise<Response> {
  const { pathname, search } = new URL(req.url);
  const name = decodeURIComponent(pathname.split('/')[1] ?? '');
  if (name === '_health') {
    // ?boot=all starts every function that has not started yet and answers once they have.
    if (new URLSearchParams(search).get('boot') === 'all') await bootEvery();
    const failed = Object.fromEntries(bootErrors);
    const running = names.filter((n) => current.has(n) && !bootErrors.has(n));
    return json({ status: 'ok', pid: Deno.pid, functions: names, running, failed }, 200);
  }
  if (!names.includes(name)) {
    await drain(req.body);
    return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
  }
  // Supabase answers other methods itself ("Status codes": 405 Method Not Allowed).
  if (!METHODS.includes(req.method)) {
    await drain(req.body);
    return json({ code: 'METHOD_NOT_ALLOWED', message: `Edge Functions only support ${METHODS.join(', ')}` }, 405);
  }
  const worker = await workerFor(name);
  if ('bootError' in worker) {
    await drain(req.body);
    return json({ code: 'BOOT_ERROR', message: `Function "${name}" failed to boot: ${worker.bootError}` }, 503);
  }
  return proxy(worker, req, pathname, search);
}

Deno.serve(
  {
    port,
    hostname: '127.0.0.1',
    onListen() {
      console.log(`[functions] listening on ${origin}: ${names.join(', ') || '(no functions)'}`);
    },
  },
  route,
);

// The stack that started this process holds the other end of stdin. When that process is
// gone, however it ended (even killed with SIGKILL), stdin closes: leave with it rather
// than linger as an orphan holding the port.
(async () => {
  const buffer = new Uint8Array(64);
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // Nothing is ever sent; reading only waits for the end.
    }
  } catch {
    // A closed or broken pipe means the same.
  }
  for (const worker of live) kill(worker.process);
  // Deno.exit() would only end this run under --watch, leaving the watcher waiting for
  // file changes; a signal to ourselves ends the whole process in both modes.
  Deno.kill(Deno.pid, 'SIGTERM');
})();
