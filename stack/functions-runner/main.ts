// Deno main module of the local edge-functions runner (run by stack/functions-runner.ts).
//
// Serves every folder <functionsDir>/<name>/index.ts (names starting with "_" or "." are
// skipped: _shared holds helpers) from the same source files `supabase functions deploy`
// ships. Each function calls Deno.serve(handler) at import time, as on Supabase; while a
// function module is imported, Deno.serve is intercepted to capture its handler. One
// real Deno.serve on the given port then routes /<name>/... to that handler, with the
// request URL kept as Supabase's runtime passes it (the path starts with /<name>).
//
// Usage: deno run ... main.ts <functionsDir> <port>

export {};

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const [functionsDir, portArg] = Deno.args;
if (!functionsDir || !portArg) {
  console.error('usage: main.ts <functionsDir> <port>');
  Deno.exit(2);
}
const port = Number(portArg);
const IMPORT_TIMEOUT_MS = 30_000;

// Supabase's runtime provides EdgeRuntime.waitUntil for background work after the response.
(globalThis as Record<string, unknown>).EdgeRuntime ??= {
  waitUntil(promise: Promise<unknown>) {
    Promise.resolve(promise).catch((error) => console.error('[EdgeRuntime.waitUntil]', error));
  },
};

// One function's stray error must not take the runner (and the other functions) down.
globalThis.addEventListener('unhandledrejection', (event) => {
  console.error('[functions] unhandled rejection:', event.reason);
  event.preventDefault();
});
globalThis.addEventListener('error', (event) => {
  console.error('[functions] uncaught error:', event.error ?? event.message);
  event.preventDefault();
});

const realServe = Deno.serve.bind(Deno);
const handlers = new Map<string, Handler>();
const bootErrors = new Map<string, string>();
let importing: string | null = null;

function handlerOf(args: unknown[]): Handler | undefined {
  const [a, b] = args as [unknown, unknown];
  if (typeof a === 'function') return a as Handler;
  if (typeof b === 'function') return b as Handler;
  if (a && typeof a === 'object' && typeof (a as { handler?: unknown }).handler === 'function') {
    return (a as { handler: Handler }).handler;
  }
  return undefined;
}

function fakeServe(...args: unknown[]) {
  const name = importing;
  if (!name) {
    throw new Error('Deno.serve() must be called while the function module is imported (at its top level), as on Supabase Edge Functions.');
  }
  const handler = handlerOf(args);
  if (!handler) throw new Error(`Function "${name}": Deno.serve() was called without a handler.`);
  if (handlers.has(name)) throw new Error(`Function "${name}" called Deno.serve() more than once.`);
  handlers.set(name, handler);
  const finished = new Promise<void>(() => undefined);
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port },
    ref() {},
    unref() {},
    shutdown: async () => {},
    [Symbol.asyncDispose]: async () => {},
  };
}
Object.defineProperty(Deno, 'serve', { value: fakeServe, configurable: true, writable: true });

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
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

for (const name of names) {
  importing = name;
  const url = new URL(`file://${functionsDir}/${name}/index.ts`).href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      import(url),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`importing the module took longer than ${IMPORT_TIMEOUT_MS / 1000} s`)), IMPORT_TIMEOUT_MS);
      }),
    ]);
    if (!handlers.has(name)) bootErrors.set(name, 'The module did not call Deno.serve(handler) when imported.');
  } catch (error) {
    handlers.delete(name);
    bootErrors.set(name, describeError(error));
    console.error(`[functions] ${name} failed to load: ${describeError(error)}`);
  } finally {
    clearTimeout(timer);
    importing = null;
  }
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function route(req: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const { pathname } = new URL(req.url);
  const name = decodeURIComponent(pathname.split('/')[1] ?? '');
  if (name === '_health') {
    return json({ status: 'ok', pid: Deno.pid, functions: [...handlers.keys()], failed: Object.fromEntries(bootErrors) }, 200);
  }
  const bootError = bootErrors.get(name);
  if (bootError !== undefined) {
    return json({ code: 'BOOT_ERROR', message: `Function "${name}" failed to boot: ${bootError}` }, 500);
  }
  const handler = handlers.get(name);
  if (!handler) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
  try {
    return await handler(req, info);
  } catch (error) {
    console.error(`[functions] ${name} threw:`, error);
    return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
  }
}

realServe(
  {
    port,
    hostname: '127.0.0.1',
    onListen() {
      console.log(`[functions] listening on http://127.0.0.1:${port}: ${names.join(', ') || '(no functions)'}`);
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
  // Deno.exit() would only end this run under --watch, leaving the watcher waiting for
  // file changes; a signal to ourselves ends the whole process in both modes.
  Deno.kill(Deno.pid, 'SIGTERM');
})();
