import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { JwtKeys } from '../jwt.ts';
import { opaqueKeyJwt, sendJson, type GatewayContext } from './context.ts';

/**
 * /functions/v1/<name>[/...]: Supabase's functions relay. As the API gateway does, a request
 * whose Authorization carries no JWT (none, or an `sb_` key) gets the JWT of its apikey's role
 * in Authorization (publishable → anon, secret → service_role); the apikey header goes on
 * unchanged. With verify_jwt on (the default) the Authorization header must then carry a
 * valid JWT (a session signed with the signing key, or a legacy HS256 key); with verify_jwt =
 * false the function authorizes its caller itself. The request is proxied, streaming both
 * ways, to the Deno runner at `${ctx.functionsUrl}/<name>[/...]`, and the runner's answer
 * (404 for an unknown function) is passed through.
 */

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);

const FUNCTION_NAME = /^[A-Za-z0-9_-]+$/;

/** The check Supabase's relay makes when verify_jwt is on; null when the request may pass. */
export async function verifyFunctionJwt(authorization: string | undefined, keys: JwtKeys): Promise<{ status: number; body: { msg: string } } | null> {
  if (!authorization || !authorization.trim()) {
    return { status: 401, body: { msg: 'Error: Missing authorization header' } };
  }
  const m = authorization.match(/^Bearer\s+(\S+)\s*$/i);
  if (!m) return { status: 401, body: { msg: 'Error: Missing authorization header' } };
  try {
    await keys.verify(m[1]);
    return null;
  } catch {
    return { status: 401, body: { msg: 'Invalid JWT' } };
  }
}

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const connectionTokens = new Set(
    String(headers['connection'] ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || connectionTokens.has(key)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The path after /functions/v1, checked: every `%xx` must decode to UTF-8 (a function would
 * otherwise see a path its own decodeURIComponent throws on). null when it does not.
 */
export function checkFunctionPath(rest: string): { name: string } | null {
  try {
    for (const segment of rest.split('/')) decodeURIComponent(segment);
    return { name: decodeURIComponent(rest.split('/')[1] ?? '') };
  } catch {
    return null;
  }
}

export async function handleFunctions(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, url: URL): Promise<void> {
  const rest = url.pathname.slice('/functions/v1'.length); // "/<name>/..." or ""
  const checked = checkFunctionPath(rest);
  if (!checked) {
    return sendJson(res, 400, { error: 'Malformed percent-encoding in the request path', code: 'bad_request_path' });
  }
  const name = checked.name;
  if (!name || !FUNCTION_NAME.test(name) || name.startsWith('_')) {
    return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  }

  const headers = forwardHeaders(req.headers);
  const roleJwt = opaqueKeyJwt(req, ctx);
  if (roleJwt) headers['authorization'] = `Bearer ${roleJwt}`;
  if (ctx.functionVerifyJwt(name)) {
    const authorization = headers['authorization'];
    const denied = await verifyFunctionJwt(Array.isArray(authorization) ? authorization[0] : authorization, ctx.jwt);
    if (denied) return sendJson(res, denied.status, denied.body);
  }

  const target = new URL(`${rest}${url.search}`, ctx.functionsUrl);
  headers['x-forwarded-host'] = String(req.headers['host'] ?? '');
  headers['x-forwarded-proto'] = 'http';
  // A streamed (chunked) body stays chunked upstream whatever the method (GET and HEAD aside,
  // below): Node's client would send the body of a DELETE without framing, and the runner would
  // then read it as the next request on that kept-alive connection (an empty 400 for someone
  // else's request).
  // Deno (2.1.4, Edge Runtime's) gives a GET or HEAD request no body and does not read one: it
  // closes the connection under a body it is sent. A function never sees it, so it is not sent.
  const bodiless = req.method === 'GET' || req.method === 'HEAD';
  if (bodiless) {
    delete headers['content-length'];
    delete headers['transfer-encoding'];
  } else if (req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = 'chunked';
  // As the platform's proxy: the caller's address, never one the caller claims.
  const remote = req.socket.remoteAddress ?? 'unknown';
  delete headers['cf-connecting-ip'];
  headers['x-real-ip'] = remote;
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], remote].flat().filter(Boolean).join(', ');

  await new Promise<void>((resolve) => {
    const upstream = httpRequest(target, { method: req.method, headers }, (upRes) => {
      const responseHeaders: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(upRes.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(key)) responseHeaders[key] = value;
      }
      res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, responseHeaders);
      res.flushHeaders();
      upRes.pipe(res);
      upRes.on('end', resolve);
      upRes.on('error', () => {
        res.destroy();
        resolve();
      });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!res.headersSent) {
        const down = ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND'].includes(error.code ?? '');
        const msg = `The edge functions runner is not reachable at ${ctx.functionsUrl} (${error.code ?? error.message}). Is the local stack running? Start it with \`npm start\`.`;
        if (down) {
          // The stack restarts a Deno runner that died within seconds (stack/functions-runner.ts):
          // tell the client to retry rather than fail.
          sendJson(
            res,
            503,
            { error: 'Edge functions are restarting; try again in a moment', code: 'functions_unavailable', msg },
            { 'retry-after': '1' },
          );
        } else {
          sendJson(res, 502, { code: 'BAD_GATEWAY', msg });
        }
      } else {
        res.destroy();
      }
      resolve();
    });
    // If the client goes away, stop the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (bodiless) {
      req.resume();
      upstream.end();
    } else {
      req.pipe(upstream);
    }
  });
}
