/**
 * `GET /rest/v1/`: a minimal Swagger 2.0 description of what the request's role can use.
 * As PostgREST (openapi-mode = follow-privileges): only the tables and views the role holds
 * any privilege on, and only the functions it may execute.
 */
import type { GatewayContext } from '../context.ts';
import type { Catalog } from './catalog.ts';
import { allowedMethods } from './plan.ts';

export interface Accessible {
  relations: Set<string>;
  /** Function oids the role may EXECUTE. */
  functions: Set<number>;
}

export function openApiDocument(catalog: Catalog, ctx: GatewayContext, access: Accessible) {
  const definitions: Record<string, unknown> = {};
  const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (minimal)' } } };
  for (const rel of catalog.relations.values()) {
    if (!access.relations.has(rel.name)) continue;
    const methods = allowedMethods(rel)
      .filter((m) => m !== 'OPTIONS' && m !== 'HEAD')
      .map((m) => m.toLowerCase());
    paths[`/${rel.name}`] = Object.fromEntries(methods.map((m) => [m, {}]));
    definitions[rel.name] = {
      type: 'object',
      required: rel.columns.filter((c) => c.notNull && !c.hasDefault).map((c) => c.name),
      properties: Object.fromEntries(rel.columns.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [name, fns] of catalog.functions) {
    if (fns.some((f) => f.returnKind !== 'unsupported' && access.functions.has(f.oid))) paths[`/rpc/${name}`] = { post: {}, get: {} };
  }
  return {
    swagger: '2.0',
    info: { title: 'SupperHost local PostgREST-compatible gateway', version: '12' },
    host: ctx.apiUrl,
    basePath: '/rest/v1',
    schemes: ['http'],
    paths,
    definitions,
  };
}
