/**
 * /rest/v1: the PostgREST-compatible subset that @supabase/supabase-js sends. Wires the
 * stages the way PostgREST keeps them apart: request.ts (HTTP → ApiRequest), plan.ts
 * (ApiRequest + catalog → plan), query.ts (plan → database result, in one transaction as the
 * JWT's role so row-level security is the real thing), response.ts (→ HTTP). See README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, postgresErrorToHttp, withRoleTransaction, type GatewayContext } from '../context.ts';
import { getCatalog, invalidateCatalog } from './catalog.ts';
import { pgrstError } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { planRequest } from './plan.ts';
import { accessibleObjects, runPlan } from './query.ts';
import { readApiRequest } from './request.ts';
import { OPENAPI_TYPE, respond, send, type RestResponse } from './response.ts';

/**
 * `Prefer: tx=rollback` (the gateway behaves as PostgREST with db-tx-end =
 * commit-allow-override): the answer is computed, then the transaction is rolled back.
 * Thrown out of the transaction callback so withRoleTransaction rolls back.
 */
class RollbackWith {
  constructor(readonly response: RestResponse) {}
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, url: URL): Promise<void> {
  const startedAt = Date.now();
  let role = 'anon';
  try {
    const api = await readApiRequest(req, ctx, url);
    role = api.role;
    const txOptions = (readOnly: boolean) => ({ readOnly, method: api.method, path: url.pathname, headers: req.headers as Record<string, unknown> });

    if (api.target.kind === 'root') {
      const catalog = await getCatalog(ctx.pool);
      const access = await withRoleTransaction(ctx, api.claims, txOptions(true), (client) => accessibleObjects(client));
      return send(res, api.method, {
        status: 200,
        body: JSON.stringify(openApiDocument(catalog, ctx, access)),
        headers: { 'content-type': OPENAPI_TYPE },
      });
    }

    const plan = await planRequest(ctx.pool, api, startedAt);
    const result = await withRoleTransaction(ctx, api.claims, txOptions(plan.readOnly), async (client) => {
      const response = respond(api, plan, await runPlan(client, plan));
      if (api.prefs.tx === 'rollback') {
        // As PostgREST: deferred constraints are still checked, then nothing is kept.
        await client.query('SET CONSTRAINTS ALL IMMEDIATE');
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a control-flow value, caught by the .catch just below
        throw new RollbackWith(response);
      }
      return response;
    }).catch((error: unknown) => {
      if (error instanceof RollbackWith) return error.response;
      throw error;
    });
    send(res, api.method, result);
  } catch (error) {
    throw toHttpError(error, ctx, role);
  }
}

/** Any failure → PostgREST's status and body (Postgres errors via postgresErrorToHttp). */
function toHttpError(error: unknown, ctx: GatewayContext, role: string): HttpError {
  const e = error as { code?: unknown; severity?: unknown };
  if (!(error instanceof HttpError)) {
    if (typeof e?.code === 'string' && ['42P01', '42703', '42883', '3F000'].includes(e.code)) invalidateCatalog(ctx.pool);
    if (!e?.severity) {
      // Not a Postgres error: the database is unreachable or something broke in the gateway.
      const unreachable =
        (typeof e?.code === 'string' && /^E[A-Z]+/.test(e.code)) ||
        /connection|connect|terminat|socket/i.test(String((error as Error)?.message ?? ''));
      return pgrstError(
        unreachable ? 503 : 500,
        unreachable ? 'PGRST001' : 'PGRST000',
        unreachable ? 'Database client error. Retrying the connection.' : `Internal gateway error: ${(error as Error)?.message ?? error}`,
      );
    }
  }
  const http = postgresErrorToHttp(error, role);
  if (http.status === 401 && !('www-authenticate' in http.headers)) http.headers['www-authenticate'] = 'Bearer';
  return http;
}
