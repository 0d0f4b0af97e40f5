// Bootstrap of ONE edge function in its own Deno process (started by main.ts, one per function,
// as Edge Runtime starts one user worker per function). Before the function's module is
// imported it sets the rules of Edge Runtime's user workers (see README.md):
// - the environment is read-only: Deno.env.set (and so node's `process.env.X = ...`) throws
//   NotSupported "The operation is not supported"; Deno.env.delete does nothing;
// - EdgeRuntime.waitUntil exists;
// - Deno.serve(handler) at the module's top level registers the function's handler.
// It then serves that handler on a loopback port of its own and tells main.ts on stdout.
//
// Usage: deno run ... function.ts <functionsDir> <name> <publicOrigin> <memoryLimitMb>

import { forwarded } from './body.ts';

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const [functionsDir, name, publicOrigin, memoryLimitArg] = Deno.args;
const MARK = '@@supperhost-runner@@';
/** One line main.ts reads on stdout; the function's own console output passes through. */
const report = (event: Record<string, unknown>) => console.log(`${MARK}${JSON.stringify(event)}`);

// Edge Runtime's user worker: env.set fails in its op (ext/env/lib.rs op_set_env returns
// not_supported()), env.delete is a no-op op, and Deno.env is a read-only property of a
// read-only Deno. Non-writable and non-configurable here, so a function cannot put the
// real one back by accident.
const realEnv = Deno.env;
const readOnlyEnv = Object.freeze({
  get: (key: string) => realEnv.get(key),
  has: (key: string) => realEnv.has(key),
  toObject: () => realEnv.toObject(),
  set(_key: string, _value: string): void {
    throw new Deno.errors.NotSupported('The operation is not supported');
  },
  delete(_key: string): void {},
});
Object.defineProperty(Deno, 'env', { value: readOnlyEnv, writable: false, configurable: false, enumerable: true });

// A retired worker (main.ts: half the wall clock, the soft CPU limit) takes no new requests
// and ends once its requests are answered and its EdgeRuntime.waitUntil work is done, as
// Edge Runtime keeps a retiring worker until its pending tasks have resolved.
let retired = false;
let inFlight = 0;
let pending = 0;
const endIfIdle = () => {
  if (retired && inFlight === 0 && pending === 0) Deno.exit(0);
};

Object.defineProperty(globalThis, 'EdgeRuntime', {
  value: Object.freeze({
    waitUntil(promise: Promise<unknown>) {
      pending++;
      return Promise.resolve(promise)
        .catch((error) => console.error('[EdgeRuntime.waitUntil]', error))
        .finally(() => {
          pending--;
          endIfIdle();
        });
    },
  }),
  writable: false,
  configurable: false,
});

// An error outside a request (a rejected promise nobody awaited) is logged, as Edge Runtime
// logs it, instead of ending the process.
globalThis.addEventListener('unhandledrejection', (event) => {
  console.error(`[functions] ${name}: unhandled rejection:`, event.reason);
  event.preventDefault();
});
globalThis.addEventListener('error', (event) => {
  console.error(`[functions] ${name}: uncaught error:`, event.error ?? event.message);
  event.preventDefault();
});

const realServe = Deno.serve.bind(Deno);
let handler: Handler | undefined;
let importing = true;

function handlerOf(args: unknown[]): Handler | undefined {
  const [a, b] = args as [unknown, unknown];
  if (typeof a === 'function') return a as Handler;
  if (typeof b === 'function') return b as Handler;
  if (a && typeof a === 'object' && typeof (a as { handler?: unknown }).handler === 'function') {
    return (a as { handler: Handler }).handler;
  }
  return undefined;
}

function captureServe(...args: unknown[]) {
  if (!importing) {
    throw new Error('Deno.serve() must be called while the function module is imported (at its top level), as on Supabase Edge Functions.');
  }
  const found = handlerOf(args);
  if (!found) throw new Error(`Function "${name}": Deno.serve() was called without a handler.`);
  if (handler) throw new Error(`Function "${name}" called Deno.serve() more than once.`);
  handler = found;
  return {
    finished: new Promise<void>(() => undefined),
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    ref() {},
    unref() {},
    shutdown: async () => {},
    [Symbol.asyncDispose]: async () => {},
  };
}
Object.defineProperty(Deno, 'serve', { value: captureServe, configurable: true, writable: true });

// When main.ts is gone, however it ended, stdin closes: leave with it.
(async () => {
  const buffer = new Uint8Array(64);
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // nothing is ever sent
    }
  } catch {
    // a broken pipe means the same
  }
  Deno.exit(0);
})();

// Edge Runtime counts ArrayBuffers as well as the V8 heap against the memory limit (its
// allocator and mem_check). V8's own heap limit is --max-heap-size (set by main.ts); the rest is
// checked here.
const memoryLimitBytes = Number(memoryLimitArg) * 1024 * 1024;
if (memoryLimitBytes > 0) {
  const timer = setInterval(() => {
    const { heapUsed, external } = Deno.memoryUsage();
    if (heapUsed + external >= memoryLimitBytes) {
      report({ event: 'limit', reason: 'memory' });
      console.error(`[functions] ${name}: memory limit reached (${Math.round((heapUsed + external) / 1048576)} MB)`);
      Deno.exit(1);
    }
  }, 100);
  Deno.unrefTimer(timer);
}

try {
  await import(new URL(`file://${functionsDir}/${name}/index.ts`).href);
  if (!handler) throw new Error('The module did not call Deno.serve(handler) when imported.');
} catch (error) {
  report({ event: 'boot-error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  Deno.exit(1);
} finally {
  importing = false;
}

const serveHandler = handler!;
realServe(
  {
    port: 0,
    hostname: '127.0.0.1',
    onListen({ port }) {
      report({ event: 'ready', port });
    },
  },
  async (req, info) => {
    if (req.headers.get('x-supperhost-runner') === 'retire') {
      retired = true;
      queueMicrotask(endIfIdle);
      return new Response(null, { status: 204 });
    }
    inFlight++;
    const finished = () => {
      inFlight--;
      setTimeout(endIfIdle, 0);
    };
    const res = await answerOrError(req, info);
    if (!res.body) {
      finished();
      return res;
    }
    // A request counts until its body has been sent (it may stream).
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    res.body
      .pipeTo(writable)
      .catch(() => undefined)
      .finally(finished);
    return new Response(readable, res);
  },
);

async function answer(req: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const upload = forwarded(req.body);
  try {
    // The function sees the URL main.ts was called with, as if there were no extra hop.
    const { pathname, search } = new URL(req.url);
    const request = new Request(`${publicOrigin}${pathname}${search}`, {
      method: req.method,
      headers: req.headers,
      body: upload.stream,
      signal: req.signal,
    });
    const res = await serveHandler(request, info);
    upload.stop();
    await upload.rest;
    return res;
  } finally {
    upload.stop();
  }
}

async function answerOrError(req: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  try {
    return await answer(req, info);
  } catch (error) {
    console.error(`[functions] ${name} threw:`, error);
    return Response.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, { status: 500 });
  }
}
