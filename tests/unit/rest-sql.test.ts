import { describe, expect, it } from 'vitest';
import type { Catalog, Column, Relation, Relationship } from '../../stack/gateway/rest/catalog.ts';
import { parseSelect } from '../../stack/gateway/rest/parser.ts';
import { applyQueryParams, buildReadTree, readSql, relationSource, SqlParams } from '../../stack/gateway/rest/sql.ts';
import { errorOf } from '../support/http-error.ts';

// SQL generation of the REST gateway against a hand-made catalog (no database):
// identifiers only from the catalog, values only as bind parameters.

const column = (name: string, type = 'text', attnum = 1): Column => ({
  name,
  type,
  typeOid: 0,
  attnum,
  notNull: false,
  hasDefault: false,
  generated: false,
});
const relation = (name: string, cols: string[]): Relation => {
  const columns = cols.map((c, i) => column(c, c === 'id' || c.endsWith('_id') ? 'uuid' : 'text', i + 1));
  return { oid: 1, name, kind: 'table', columns, columnMap: new Map(columns.map((c) => [c.name, c])), primaryKey: ['id'], uniqueKeys: [] };
};
const rel = (source: string, target: string, sc: string, tc: string, card: Relationship['cardinality'], constraint: string): Relationship => ({
  source,
  target,
  sourceColumns: [sc],
  targetColumns: [tc],
  constraint,
  cardinality: card,
  fkTable: card === 'o2m' ? target : source,
  fkColumns: [card === 'o2m' ? tc : sc],
  refTable: card === 'o2m' ? source : target,
  refColumns: [card === 'o2m' ? sc : tc],
});

const orgs = relation('organizations', ['id', 'name', 'slug']);
const events = relation('events', ['id', 'org_id', 'title']);
const catalog: Catalog = {
  relations: new Map([
    ['organizations', orgs],
    ['events', events],
  ]),
  relationships: new Map([
    ['events', [rel('events', 'organizations', 'org_id', 'id', 'm2o', 'events_org_id_fkey')]],
    ['organizations', [rel('organizations', 'events', 'id', 'org_id', 'o2m', 'events_org_id_fkey')]],
  ]),
  functions: new Map(),
  loadStartedAt: 0,
};

function build(table: string, query: string) {
  const params = new URLSearchParams(query);
  const p = new SqlParams();
  const root = buildReadTree(catalog, relationSource(catalog.relations.get(table)!), parseSelect(params.get('select') ?? '*'), p);
  applyQueryParams(root, params);
  const sql = readSql(catalog, root, `"public".${JSON.stringify(table)} AS ${root.alias}`, p, { limit: root.limit, offset: root.offset });
  return { sql, values: p.values };
}

describe('SQL generation', () => {
  it('passes every filter value as a bind parameter, never in the SQL text', () => {
    const evil = "x'); drop table events; --";
    const { sql, values } = build(
      'events',
      new URLSearchParams({
        select: 'title,organizations(name)',
        title: `eq.${evil}`,
        or: `(title.like."*${evil}*",id.in.("${evil}",b))`,
        'organizations.name': `neq.${evil}`,
        limit: '5',
      }).toString(),
    );
    expect(sql.rows).not.toContain('drop table');
    expect(sql.count).not.toContain('drop table');
    expect(values).toContain(evil);
    expect(values).toContainEqual([evil, 'b']);
    expect(values).toContain(`%${evil}%`);
    expect(values).toContain(5);
    expect(sql.rows).toMatch(/"title" = \$1/);
  });

  it('quotes identifiers from the catalog and embeds with lateral joins', () => {
    const { sql } = build('organizations', 'select=name,events(title)&events.order=title.desc&events.limit=2');
    expect(sql.rows).toContain('"public"."events" AS pgrst_1');
    expect(sql.rows).toContain('LEFT JOIN LATERAL');
    expect(sql.rows).toContain('json_agg(row_to_json(');
    expect(sql.rows).toContain('ORDER BY pgrst_1."title" DESC');
    // The count does not need the (non-filtering) embed.
    expect(sql.count).not.toContain('LATERAL');
  });

  it('includes !inner embeds in the count', () => {
    const { sql } = build('organizations', 'select=name,events!inner(title)&events.title=eq.x');
    expect(sql.count).toContain('LATERAL');
    expect(sql.count).toContain('IS NOT NULL');
  });

  it('rejects names the catalog does not know', () => {
    expect((errorOf(() => build('events', 'select=nope')).body as { code: string }).code).toBe('42703');
    expect((errorOf(() => build('events', 'nope=eq.1')).body as { code: string }).code).toBe('42703');
    expect((errorOf(() => build('events', 'select=title&order=nope')).body as { code: string }).code).toBe('42703');
    expect((errorOf(() => build('events', 'select=title,"x; drop"(id)')).body as { code: string }).code).toBe('PGRST200');
    expect((errorOf(() => build('events', 'select="title\\"--"')).body as { code: string }).code).toBe('42703');
  });
});
