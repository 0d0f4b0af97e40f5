import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { JWK } from 'jose';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../config.ts';
import { createJwtKeys, newSigningKey } from '../jwt.ts';
import {
  bodyAbandoned,
  DRAIN_LIMIT,
  DRAIN_TIMEOUT_MS,
  formatBytes,
  HttpError,
  INVALID_API_KEY_BODY,
  JSON_BODY_LIMIT,
  RequestAbortedError,
  sendJson,
  unknownApiKey,
  type GatewayContext,
} from './context.ts';
import { invalidateCatalog } from './rest/catalog.ts';
import { handleRest } from './rest/index.ts';
import { createAuthService, handleAuth, type AuthMailer, type AuthSettings } from './auth.ts';
import { GLOBAL_FILE_SIZE_LIMIT, handleStorage, type StorageOptions } from './storage.ts';
import { handleFunctions } from './functions.ts';

export interface GatewayOptions extends Omit<GatewayContext, 'pool' | 'apiUrl' | 'jwt' | 'publishableKey' | 'secretKey'> {
  /** Defaults to the CLI's local publishable key. */
  publishableKey?: string;
  /** Defaults to the CLI's local secret key. */
  secretKey?: string;
  /** The ES256 session signing key (private JWK); a throwaway one when absent. */
  signingKey?: JWK;
  dbUrl: string;
  port: number;
  host?: string;
  /** Auth settings over those of supabase/config.toml (tests: small throttle limits). */
  auth?: Partial<AuthSettings>;
  /** Sends the auth emails (confirmation links); required when confirmations are on. */
  authMailer?: AuthMailer;
  /** Project-wide upload limit in bytes over config.toml's [storage] file_size_limit. */
  storageFileSizeLimit?: number;
  /** Defaults to supabase/config.toml. */
  configPath?: string;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, cache-control, x-supabase-api-version, x-region',
  'access-control-expose-headers': 'content-range, x-supabase-api-version, x-sb-error-code, retry-after',
  'access-control-max-age': '86400',
};

const DEFAULT_CONFIG_PATH = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url));

/**
 * The few settings of supabase/config.toml the gateway honours: [auth] minimum_password_length,
 * [auth.email] enable_confirmations, otp_expiry and max_frequency, and [storage] file_size_limit. A minimal TOML reading
 * (sections, `key = value` with strings, numbers and booleans) that is enough for that file.
 */
export function readGatewayConfig(path = DEFAULT_CONFIG_PATH): { auth: Partial<AuthSettings>; storageFileSizeLimit?: number } {
  const auth: Partial<AuthSettings> = {};
  let storageFileSizeLimit: number | undefined;
  if (!existsSync(path)) return { auth };
  let section = '';
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const header = line.match(/^\[([^\]]+)\]$/);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const kv = line.match(/^([A-Za-z0-9_]+)\s*=\s*(.+)$/);
    if (!kv) continue;
    const [, key, value] = kv;
    if (section === 'auth' && key === 'minimum_password_length' && /^\d+$/.test(value)) auth.minimumPasswordLength = Number(value);
    if (section === 'auth.email' && key === 'enable_confirmations') auth.enableConfirmations = value === 'true';
    if (section === 'auth.email' && key === 'otp_expiry' && /^\d+$/.test(value)) auth.otpExpirySeconds = Number(value);
    if (section === 'auth.email' && key === 'max_frequency') {
      const seconds = parseDurationSeconds(value.replace(/^"|"$/g, ''));
      if (seconds !== null) auth.maxFrequencySeconds = seconds;
    }
    if (section === 'storage' && key === 'file_size_limit') storageFileSizeLimit = parseSize(value.replace(/^"|"$/g, '')) ?? undefined;
  }
  return { auth, storageFileSizeLimit };
}

/** A Go duration as the CLI reads max_frequency ("60s", "1m0s", "1h", "500ms"): seconds, or null. */
export function parseDurationSeconds(text: string): number | null {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text.trim()) return null;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return parts.reduce((total, [, n, u]) => total + Number(n) * unit[u], 0);
}

/** "10MiB", "50MB", "512KiB", "1048576": bytes (binary units for both spellings, as the Supabase CLI reads them). */
export function parseSize(text: string): number | null {
  const m = text.trim().match(/^(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?$/i);
  if (!m) return null;
  const power = ['', 'k', 'm', 'g', 't'].indexOf(m[2].toLowerCase());
  return Math.round(Number(m[1]) * 1024 ** power);
}

/** The Supabase gateway's answer to a request without any key (Kong's key-auth, as on hosted Supabase). */
export const NO_API_KEY_BODY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };

/**
 * Routes the hosted gateway serves without a key: public object downloads (an <img src>
 * cannot send headers), signed URLs, and GoTrue's browser redirects.
 */
const KEYLESS_ROUTES = [
  /^\/storage\/v1\/object\/(public|sign)\//,
  /^\/storage\/v1\/render\/image\/(public|sign)\//,
  /^\/auth\/v1\/(verify|callback|authorize)(\/|$)/,
  /^\/auth\/v1\/\.well-known\/jwks\.json$/,
];

/**
 * Whether the request carries a key. Kong accepts the `apikey` header or query parameter; the
 * local gateway also accepts a bare Authorization header (a caller that has a token has a key).
 */
function hasKey(req: IncomingMessage, url: URL): boolean {
  const apikey = req.headers['apikey'];
  if (typeof apikey === 'string' && apikey.trim()) return true;
  if (url.searchParams.get('apikey')) return true;
  const authorization = req.headers['authorization'];
  return typeof authorization === 'string' && authorization.trim() !== '';
}

export type Api = 'rest' | 'auth' | 'storage' | 'functions' | 'none';

/** Header lines a request to a function may carry (the relay adds two; Deno's hyper takes 100). */
const MAX_FUNCTION_HEADERS = 90;

/** The API a request path belongs to. */
export function apiOf(path: string): Api {
  if (path.startsWith('/rest/v1')) return 'rest';
  if (path.startsWith('/auth/v1')) return 'auth';
  if (path.startsWith('/storage/v1')) return 'storage';
  if (path.startsWith('/functions/v1')) return 'functions';
  return 'none';
}

/** A 4xx (or 5xx) in the error shape of the API the path belongs to. */
export function apiError(
  api: Api,
  status: number,
  code: string,
  message: string,
): { status: number; body: unknown; headers: Record<string, string> } {
  switch (api) {
    case 'rest':
      return { status, body: { code, message, details: null, hint: null }, headers: {} };
    case 'auth':
      return { status, body: { code: status, error_code: code, msg: message }, headers: { 'x-sb-error-code': code } };
    case 'storage':
      // storage-api: HTTP 400 for client errors, the precise status in the body.
      return { status: status >= 500 ? 500 : 400, body: { statusCode: String(status), code, error: code, message }, headers: {} };
    case 'functions':
      return { status, body: { error: message, code }, headers: {} };
    default:
      return { status, body: { message, code }, headers: {} };
  }
}

/**
 * The request target as a URL: origin-form (`/path?query`) or absolute-form
 * (`http://host/path`, which HTTP/1.1 servers must accept); null when it is neither or does
 * not parse (`//[`, `http://[`, `*`). `//x` is a path here, not a host.
 */
export function parseTarget(target: string | undefined): URL | null {
  if (!target) return null;
  try {
    if (target.startsWith('/')) return new URL(`http://gateway${target}`);
    if (/^https?:\/\//i.test(target)) {
      const url = new URL(target);
      return new URL(`http://gateway${url.pathname}${url.search}`);
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Holds back the end of a response until the request body has been read to its end (and
 * discarded), at most DRAIN_LIMIT bytes or DRAIN_TIMEOUT_MS. A handler may answer before
 * reading the body (a 401, a 404, a 413 on Content-Length); if the connection were then
 * closed (Connection: close) while the client still sends, the kernel would reset it and the
 * client would lose the answer. This makes every answer reach the client.
 */
const pendingEnds = new WeakMap<ServerResponse, () => void>();

function endAfterRequestBody(req: IncomingMessage, res: ServerResponse) {
  const originalEnd = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  (res as unknown as { end: (...args: unknown[]) => ServerResponse }).end = (...args: unknown[]) => {
    if (req.complete || req.destroyed) return originalEnd(...args);
    if (bodyAbandoned(req)) {
      // readBodyUpTo gave up on the body (and drains it in the background): answer now, then close.
      if (!res.headersSent) res.setHeader('connection', 'close');
      return originalEnd(...args);
    }
    let settled = false;
    let received = 0;
    const finish = () => {
      if (settled) return;
      settled = true;
      pendingEnds.delete(res);
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', finish);
      req.off('close', finish);
      if (!req.complete) {
        // The body goes on: answer now, close the connection afterwards.
        if (!res.headersSent) res.setHeader('connection', 'close');
        req.on('data', () => undefined);
        setTimeout(() => req.socket?.destroy(), DRAIN_TIMEOUT_MS).unref?.();
      }
      originalEnd(...args);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    pendingEnds.set(res, finish);
    req.on('data', onData);
    req.once('end', finish);
    req.once('close', finish);
    req.on('error', () => undefined);
    req.resume();
    return res;
  };
}

const answeredSockets = new WeakSet<Socket>();

/** How long a closing connection is still read (and discarded) after the gateway's FIN. */
const LINGER_MS = 5_000;

/**
 * Lingering close (Apache's lingering_close): when the gateway closes a connection after an
 * answer (Connection: close, a refused request), it sends its FIN and reads and discards what
 * the client still sends, until the client closes too or LINGER_MS passed. Closing at once with
 * unread data would make the kernel reset the connection, and the client could lose the
 * answer it was sent (ECONNRESET / EPIPE instead of the status line). Node's HTTP server calls
 * destroySoon() for exactly that close; no request is parsed on the connection after it.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    answeredSockets.add(this);
    this.removeAllListeners('data');
    this.on('data', () => undefined);
    this.on('error', () => undefined);
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref?.();
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * Answers of the HTTP layer itself (a request Node's parser refuses: bad request line or
 * headers, a body cut short by the client's FIN, headers over 16 KiB), JSON like the rest.
 */
function onClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (answeredSockets.has(socket)) return; // already answered; the socket closes on its timer
  answeredSockets.add(socket);
  if (!socket.writable) {
    // Our side is closed already (lingering): nothing more to say.
    setTimeout(() => socket.destroy(), LINGER_MS).unref?.();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are larger than 16 KiB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : error.code === 'HPE_INVALID_EOF_STATE'
          ? [400, 'Bad Request', 'The request ended before its body was complete']
          : [400, 'Bad Request', `Malformed HTTP request (${error.code ?? 'parse error'})`];
  const body = JSON.stringify({ message, code: error.code ?? 'bad_request' });
  const answer = () => {
    if (!socket.writable) return;
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\naccess-control-allow-origin: *\r\n\r\n${body}`,
    );
    socket.destroySoon();
  };
  // A handler that never finishes does not keep the connection forever.
  setTimeout(() => socket.destroy(), 60_000).unref?.();

  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse & { _headerSent?: boolean } })._httpMessage;
  if (!inFlight) return answer();
  if (inFlight._headerSent) {
    // Its answer is on the way: the garbage after it gets none.
    inFlight.once('finish', () => socket.destroySoon());
    return;
  }
  const pending = pendingEnds.get(inFlight);
  if (pending) {
    // The handler has answered and was only waiting for the rest of the body, which will not
    // come: send its answer now, then close.
    inFlight.once('finish', () => socket.destroySoon());
    pending();
    return;
  }
  if (inFlight.req?.complete) {
    // A complete request is being handled and something unparseable followed it (pipelined):
    // its answer first, then this one.
    inFlight.once('finish', answer);
    return;
  }
  // The handler still waits for a body that will not come (cut short, or unparseable): answer
  // here. The handler learns that the client is gone when the lingering close ends the socket
  // (destroying the request now would reset the connection under the answer).
  answer();
}

interface Handlers {
  auth: ReturnType<typeof createAuthService>;
  storage: StorageOptions;
}

/** The Supabase-compatible gateway: /rest/v1, /auth/v1, /storage/v1, /functions/v1. */
export async function startGateway(opts: GatewayOptions): Promise<{ url: string; context: GatewayContext; close(): Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  const config = readGatewayConfig(opts.configPath);
  const handlers: Handlers = {
    auth: createAuthService({ ...config.auth, ...opts.auth }, opts.authMailer),
    storage: { fileSizeLimit: opts.storageFileSizeLimit ?? config.storageFileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT },
  };
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 40 });
  pool.on('error', () => undefined);
  const schemaReloads = await listenForSchemaReloads(opts.dbUrl, pool);
  const apiUrl = `http://${host}:${opts.port}`;
  const { auth: _auth, authMailer: _mailer, storageFileSizeLimit: _limit, configPath: _path, signingKey, ...contextOptions } = opts;
  const ctx: GatewayContext = {
    ...contextOptions,
    publishableKey: opts.publishableKey ?? LOCAL_PUBLISHABLE_KEY,
    secretKey: opts.secretKey ?? LOCAL_SECRET_KEY,
    jwt: await createJwtKeys({ secret: opts.jwtSecret, signingKey: signingKey ?? (await newSigningKey()) }),
    pool,
    apiUrl,
  };

  // requireHostHeader: a missing Host is answered by route() in the API's shape instead of an empty 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    void route(req, res, ctx, handlers);
  });
  server.keepAliveTimeout = 5000;
  // A client that half-closes (FIN) still reads: keep our side open so it gets its answer.
  // (Node's own default ends the socket at once when the request carried an Upgrade header.)
  (server as unknown as { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', onClientError);
  // CONNECT is no proxy request this gateway serves (without a listener Node drops the connection).
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const body = JSON.stringify({ message: 'CONNECT is not supported', code: 'method_not_allowed' });
    socket.on('error', () => undefined);
    socket.write(
      `HTTP/1.1 405 Method Not Allowed\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
    socket.destroySoon();
  });
  server.on('connection', lingerOnClose);
  // A request (headers and body) must arrive within a minute: a stalled client is answered 408.
  server.requestTimeout = 60_000;
  // An Expect other than 100-continue: 417, in JSON.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    endAfterRequestBody(req, res);
    sendJson(res, 417, { message: `Expectation "${String(req.headers['expect'])}" is not supported`, code: 'expectation_failed' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  return {
    url: apiUrl,
    context: ctx,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await schemaReloads.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/**
 * `NOTIFY pgrst, 'reload schema'` (or an empty payload) reloads the REST catalog, as it reloads
 * PostgREST's schema cache: a migration applied while the stack runs is served at once, new
 * columns of a function's answer included (a name the catalog does not know reloads it anyway).
 */
async function listenForSchemaReloads(dbUrl: string, pool: pg.Pool): Promise<pg.Client> {
  const listener = new pg.Client({ connectionString: dbUrl });
  listener.on('error', () => undefined); // the database stopped: the gateway goes on without it
  listener.on('notification', (n) => {
    if (n.channel === 'pgrst' && (!n.payload || n.payload === 'reload schema')) invalidateCatalog(pool);
  });
  try {
    await listener.connect();
    await listener.query('listen pgrst');
  } catch {
    // No database yet: the catalog still reloads on a name it does not know.
  }
  return listener;
}

/** The client's FIN before the whole body: answered as Node's parser answers it (400, then close). */
function watchForEarlyEnd(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket;
  const onEnd = () => {
    if (!req.complete) onClientError(Object.assign(new Error('The client ended the request early'), { code: 'HPE_INVALID_EOF_STATE' }), socket);
  };
  socket.once('end', onEnd);
  res.once('close', () => socket.off('end', onEnd));
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, handlers: Handlers) {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  endAfterRequestBody(req, res);
  watchForEarlyEnd(req, res);
  const rawTarget = req.url ?? '/';
  let api: Api = apiOf(rawTarget);
  const fail = (status: number, code: string, message: string) => {
    const e = apiError(api, status, code, message);
    sendJson(res, e.status, e.body, e.headers);
  };
  try {
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const url = parseTarget(rawTarget);
    if (!url) return fail(400, 'bad_request_target', 'Malformed request target');
    if (req.httpVersion === '1.1' && !req.headers['host']) return fail(400, 'missing_host', 'HTTP/1.1 requests must have a Host header');
    const path = url.pathname;
    api = apiOf(path);
    const keyless = KEYLESS_ROUTES.some((r) => r.test(path));
    if ((api === 'storage' || api === 'auth') && !hasKey(req, url) && !keyless) {
      return sendJson(res, 401, NO_API_KEY_BODY, { 'www-authenticate': 'Key realm="supabase"' });
    }
    // A publishable or secret key the project does not have: refused as by the hosted gateway.
    if (api !== 'none' && !keyless && unknownApiKey(req, ctx)) return sendJson(res, 401, INVALID_API_KEY_BODY);
    if (api === 'functions') {
      // The relay's body limit, on the announced length (a streamed body goes through as it comes).
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > JSON_BODY_LIMIT) {
        return fail(413, 'request_too_large', `Request body is larger than the ${formatBytes(JSON_BODY_LIMIT)} limit`);
      }
      // Deno's HTTP server refuses more than 100 header lines with an empty 400: say so here.
      if (req.rawHeaders.length / 2 > MAX_FUNCTION_HEADERS) {
        return fail(431, 'too_many_headers', `A request to a function may have at most ${MAX_FUNCTION_HEADERS} header lines`);
      }
      return await handleFunctions(req, res, ctx, url);
    }
    if (api === 'rest') return await handleRest(req, res, ctx, url);
    if (api === 'auth') return await handleAuth(req, res, ctx, url, handlers.auth);
    if (api === 'storage') return await handleStorage(req, res, ctx, url, handlers.storage);
    if (path === '/' || path === '/health') return sendJson(res, 200, { status: 'ok', name: 'supperhost-local-gateway' });
    sendJson(res, 404, { message: 'no Route matched with those values' });
  } catch (error) {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof HttpError) {
      sendJson(res, error.status, error.body, error.headers);
      return;
    }
    if (error instanceof RequestAbortedError) return fail(400, 'request_aborted', error.message);
    // Never crash on a malformed request: report it, in the API's own shape.
    fail(500, api === 'rest' ? 'PGRST000' : 'internal_error', (error as Error)?.message ?? 'Internal gateway error');
  }
}
