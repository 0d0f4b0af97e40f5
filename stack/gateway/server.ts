import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { HttpError, sendJson, type GatewayContext } from './context.ts';
import { handleRest } from './rest/index.ts';
import { handleAuth } from './auth.ts';
import { handleStorage } from './storage.ts';
import { handleFunctions } from './functions.ts';

export interface GatewayOptions extends Omit<GatewayContext, 'pool' | 'apiUrl'> {
  dbUrl: string;
  port: number;
  host?: string;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, cache-control, x-supabase-api-version, x-region',
  'access-control-expose-headers': 'content-range, x-supabase-api-version, x-sb-error-code',
  'access-control-max-age': '86400',
};

/** The Supabase-compatible gateway: /rest/v1, /auth/v1, /storage/v1, /functions/v1. */
export async function startGateway(opts: GatewayOptions): Promise<{ url: string; context: GatewayContext; close(): Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 40 });
  pool.on('error', () => undefined);
  const apiUrl = `http://${host}:${opts.port}`;
  const ctx: GatewayContext = { ...opts, pool, apiUrl };

  const server = createServer((req, res) => {
    void route(req, res, ctx);
  });
  server.keepAliveTimeout = 5000;
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
      await pool.end();
    },
  };
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext) {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  try {
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gateway');
    const path = url.pathname;
    if (path.startsWith('/rest/v1')) return await handleRest(req, res, ctx, url);
    if (path.startsWith('/auth/v1')) return await handleAuth(req, res, ctx, url);
    if (path.startsWith('/storage/v1')) return await handleStorage(req, res, ctx, url);
    if (path.startsWith('/functions/v1')) return await handleFunctions(req, res, ctx, url);
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
    // Never crash on a malformed request: report it.
    sendJson(res, 500, { code: 'PGRST000', message: (error as Error)?.message ?? 'Internal gateway error', details: null, hint: null });
  }
}
