/**
 * Turns a parsed request plus the catalog into SQL. Every identifier comes from the
 * catalog (and is quoted); every value is a bind parameter. The database builds the
 * final JSON (row_to_json / json_agg), so one statement answers the whole request.
 */
import type { Catalog, Column, Relation, Relationship } from './catalog.ts';
import { catalogMiss, columnNotFound, pgrstError, unsupported } from './errors.ts';
import {
  OPERATORS,
  parseFilterValue,
  parseKeyPath,
  parseLogicTree,
  parseNonNegativeInt,
  parseOrder,
  type Condition,
  type Filter,
  type OrderTerm,
  type SelectEmbed,
  type SelectItem,
} from './parser.ts';

export const qi = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qt = (name: string) => `"public".${qi(name)}`;

export class SqlParams {
  values: unknown[] = [];
  private aliasCount = 0;
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
  alias(): string {
    return `pgrst_${this.aliasCount++}`;
  }
}

/** What a node reads from: a table/view, or a function result with known columns. */
export interface Source {
  /** Name used in messages and to look up relationships (undefined: none). */
  name: string;
  relationshipsOf?: string;
  columns: Column[];
  columnMap: Map<string, Column>;
}

export interface ReadNode {
  source: Source;
  alias: string;
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: EmbedNode[];
}

export interface EmbedNode {
  key: string;
  item: SelectEmbed;
  rel: Relationship;
  toOne: boolean;
  node: ReadNode;
  nullFilter?: 'is_null' | 'not_null';
  lateral: string;
}

export function relationSource(rel: Relation): Source {
  return { name: rel.name, relationshipsOf: rel.name, columns: rel.columns, columnMap: rel.columnMap };
}

// ----------------------------------------------------------------------------- relationship resolution

function describeRel(r: Relationship) {
  return {
    cardinality: r.cardinality === 'o2o' ? 'one-to-one' : r.cardinality === 'm2o' ? 'many-to-one' : 'one-to-many',
    embedding: `${r.source} with ${r.target}`,
    relationship: `${r.constraint} using ${r.fkTable}(${r.fkColumns.join(', ')}) and ${r.refTable}(${r.refColumns.join(', ')})`,
  };
}

export function findRelationship(catalog: Catalog, source: string, item: SelectEmbed): Relationship {
  const all = catalog.relationships.get(source) ?? [];
  const singleFkCol = (r: Relationship) => (r.fkColumns.length === 1 ? r.fkColumns[0] : undefined);
  const singleRefCol = (r: Relationship) => (r.refColumns.length === 1 ? r.refColumns[0] : undefined);
  const matchesTarget = (r: Relationship) =>
    r.target === item.name || r.constraint === item.name || (r.cardinality !== 'o2m' && r.fkTable === source && singleFkCol(r) === item.name);
  const matchesHint = (r: Relationship) =>
    item.hint === undefined || r.constraint === item.hint || singleFkCol(r) === item.hint || singleRefCol(r) === item.hint;
  // A table that references itself has one foreign key but two relationships (PostgREST's
  // findRel): its name is the children (one-to-many), alone or with the referencing column as
  // the hint (`children:people!parent_id(*)`); the column alone is the parent (`parent_id(*)`).
  const matchesSelf = (r: Relationship) =>
    item.hint === undefined
      ? (r.target === item.name && r.cardinality === 'o2m') || (r.cardinality === 'm2o' && singleFkCol(r) === item.name)
      : r.target === item.name && r.cardinality === 'o2m' && singleFkCol(r) === item.hint;
  const candidates = all.filter((r) => (r.source === r.target ? matchesSelf(r) : matchesTarget(r) && matchesHint(r)));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    // Many-to-many through a junction table is a PostgREST feature this gateway leaves out: say so.
    for (const toJunction of all.filter((r) => r.cardinality === 'o2m')) {
      const junction = toJunction.target;
      const pk = catalog.relations.get(junction)?.primaryKey ?? [];
      const inPk = (cols: string[]) => cols.every((c) => pk.includes(c));
      if (
        inPk(toJunction.targetColumns) &&
        (catalog.relationships.get(junction) ?? []).some(
          (r) => r.cardinality === 'm2o' && r.target === item.name && r.constraint !== toJunction.constraint && inPk(r.sourceColumns),
        )
      ) {
        throw unsupported(
          `Many-to-many embedding of '${item.name}' through the junction '${junction}' is not supported by this gateway; embed '${junction}(${item.name}(...))' instead`,
        );
      }
    }
    const target = item.hint ? `${item.name}` : item.name;
    throw catalogMiss(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${item.name}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  return ambiguous(source, item, candidates);
}

function ambiguous(source: string, item: SelectEmbed, candidates: Relationship[]): never {
  const err = pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${item.name}'`,
    null,
    `Try changing '${item.name}' to one of the following: ${candidates.map((r) => `'${item.name}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
  (err.body as { details: unknown }).details = candidates.map(describeRel);
  throw err;
}

// ----------------------------------------------------------------------------- building the read tree

export function buildReadTree(catalog: Catalog, source: Source, items: SelectItem[], p: SqlParams, depth = 0): ReadNode {
  if (depth > 16) throw unsupported('Embedding is nested too deeply');
  const node: ReadNode = { source, alias: p.alias(), items, conditions: [], order: [], embeds: [] };
  const keys = new Set<string>();
  for (const item of items) {
    if (item.type !== 'embed') continue;
    if (!source.relationshipsOf) {
      throw catalogMiss(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${item.name}' in the schema cache`,
        `The result of '${source.name}' has no relationships.`,
        null,
      );
    }
    const rel = findRelationship(catalog, source.relationshipsOf, item);
    const target = catalog.relations.get(rel.target);
    if (!target) throw catalogMiss(404, 'PGRST205', `Could not find the table 'public.${rel.target}' in the schema cache`);
    const toOne = rel.cardinality !== 'o2m';
    if (item.spread && !toOne) {
      throw pgrstError(
        400,
        'PGRST119',
        `A spread operation on '${item.name}' is not possible`,
        `'${source.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const child = buildReadTree(catalog, relationSource(target), item.select, p, depth + 1);
    const key = item.alias ?? item.name;
    if (keys.has(key)) throw duplicateEmbed(source.relationshipsOf, key, depth + 1);
    keys.add(key);
    node.embeds.push({ key, item, rel, toOne, node: child, lateral: p.alias() });
  }
  return node;
}

/**
 * Two embeds under the same name (`organizations!fk_a(name),organizations!org_id(name)`) would
 * give one JSON object the same key twice. PostgREST names each embed's lateral join
 * `<table>_<alias or name>_<depth>`, so Postgres refuses the request with this 42712 (400, no
 * details or hint); the same here. With an alias for each, both come back.
 */
function duplicateEmbed(table: string, key: string, depth: number) {
  return pgrstError(400, '42712', `table name "${table}_${key}_${depth}" specified more than once`);
}

/** Postgres' MaxTupleAttributeNumber: a SELECT can produce at most this many columns. */
export const MAX_SELECT_COLUMNS = 1664;

/**
 * More columns than Postgres allows in one SELECT (54011, which PostgREST answers with 500):
 * refused before the database, with Postgres' code and message.
 */
function tooManyColumns(source: string, n: number) {
  return pgrstError(
    400,
    '54011',
    `target lists can have at most ${MAX_SELECT_COLUMNS} entries`,
    `The select parameter asks for ${n} columns of '${source}' (stars included).`,
    `Select at most ${MAX_SELECT_COLUMNS} columns per resource.`,
  );
}

const RESERVED_TOP = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

/**
 * Distributes query parameters over the read tree: filters, or/and trees, order,
 * limit and offset, at the top or on an embedded resource (`rel.col=eq.1`, `rel.order=...`).
 * `skip` names parameters consumed elsewhere (RPC arguments).
 */
export function applyQueryParams(root: ReadNode, params: URLSearchParams, skip: Set<string> = new Set()) {
  for (const [key, value] of params) {
    if (skip.has(key)) continue;
    if (RESERVED_TOP.has(key)) {
      if (key === 'order') root.order = parseOrder(value);
      else if (key === 'limit') root.limit = parseNonNegativeInt(value, 'limit');
      else if (key === 'offset') root.offset = parseNonNegativeInt(value, 'offset');
      continue;
    }
    const path = parseKeyPath(key);
    const last = path[path.length - 1];
    if (path.length > 1 && (last === 'order' || last === 'limit' || last === 'offset')) {
      const node = findEmbedded(root, path.slice(0, -1));
      if (last === 'order') node.order = parseOrder(value);
      else if (last === 'limit') node.limit = parseNonNegativeInt(value, `${key}`);
      else node.offset = parseNonNegativeInt(value, `${key}`);
      continue;
    }
    if (last === 'or' || last === 'and') {
      const negate = path.length > 1 && path[path.length - 2] === 'not';
      const node = findEmbedded(root, path.slice(0, negate ? -2 : -1));
      node.conditions.push(parseLogicTree(last, negate, value));
      continue;
    }
    const node = findEmbedded(root, path.slice(0, -1));
    const filter = parseFilterValue(last, value);
    const embed = node.embeds.find((e) => e.key === last);
    if (embed) {
      if (filter.op === 'is' && filter.value === 'null') {
        embed.nullFilter = filter.negate ? 'not_null' : 'is_null';
        continue;
      }
      if (!node.source.columnMap.has(last)) {
        throw pgrstError(
          400,
          'PGRST120',
          `Bad operator on the '${last}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
    }
    node.conditions.push(filter);
  }
}

function findEmbedded(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const seg of path) {
    const next = node.embeds.find((e) => e.key === seg);
    if (!next) {
      throw pgrstError(
        400,
        'PGRST108',
        `'${seg}' is not an embedded resource in this request`,
        null,
        `Verify that '${seg}' is included in the 'select' query parameter.`,
      );
    }
    node = next.node;
  }
  return node;
}

// ----------------------------------------------------------------------------- SQL fragments

function col(node: ReadNode, name: string): Column {
  const c = node.source.columnMap.get(name);
  if (!c) throw columnNotFound(node.source.name, name);
  return c;
}

const FTS_FUNCS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

export function conditionSql(node: ReadNode, cond: Condition, p: SqlParams): string {
  if (cond.kind === 'logic') {
    if (cond.children.length === 0) return cond.negate ? 'NOT TRUE' : 'TRUE';
    const inner = cond.children.map((c) => conditionSql(node, c, p)).join(cond.op === 'and' ? ' AND ' : ' OR ');
    return `${cond.negate ? 'NOT ' : ''}(${inner})`;
  }
  const expr = filterSql(node, cond, p);
  return cond.negate ? `NOT (${expr})` : expr;
}

function filterSql(node: ReadNode, f: Filter, p: SqlParams): string {
  const c = col(node, f.field);
  const ref = `${node.alias}.${qi(c.name)}`;
  switch (f.op) {
    case 'is': {
      const kw = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[f.value as string];
      return `${ref} IS ${kw}`;
    }
    case 'in':
      return `${ref} = ANY(${p.add(f.value)})`;
    case 'isdistinct':
      return `${ref} IS DISTINCT FROM ${p.add(f.value)}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = f.ftsConfig ? `${p.add(f.ftsConfig)}::regconfig, ` : '';
      const vector = c.type === 'tsvector' ? ref : `to_tsvector(${cfg}${ref})`;
      return `${vector} @@ ${FTS_FUNCS[f.op]}(${cfg}${p.add(f.value)})`;
    }
    default: {
      const op = OPERATORS[f.op];
      if (f.quantifier) return `${ref} ${op} ${f.quantifier.toUpperCase()}(${p.add(f.value)})`;
      return `${ref} ${op} ${p.add(f.value)}`;
    }
  }
}

function orderSql(catalog: Catalog, node: ReadNode): string {
  if (!node.order.length) return '';
  return (
    ' ORDER BY ' +
    node.order
      .map((o) => {
        let expr: string;
        if (o.relation) {
          // Related order: a column of a to-one embed, as a correlated subquery.
          const e = node.embeds.find((x) => x.key === o.relation);
          if (!e || !e.toOne) {
            throw pgrstError(
              400,
              'PGRST118',
              `A related order on '${o.relation}' is not possible`,
              `'${node.source.name}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`,
            );
          }
          const c = col(e.node, o.field);
          const ro = `${e.lateral}_o`;
          const join = e.rel.sourceColumns.map((sc, i) => `${ro}.${qi(e.rel.targetColumns[i])} = ${node.alias}.${qi(sc)}`).join(' AND ');
          expr = `(SELECT ${ro}.${qi(c.name)} FROM ${qt(e.rel.target)} AS ${ro} WHERE ${join} LIMIT 1)`;
        } else {
          expr = `${node.alias}.${qi(col(node, o.field).name)}`;
        }
        return `${expr} ${o.direction === 'desc' ? 'DESC' : 'ASC'}${o.nulls ? ` NULLS ${o.nulls === 'first' ? 'FIRST' : 'LAST'}` : ''}`;
      })
      .join(', ')
  );
}

function limitSql(limit: number | undefined, offset: number | undefined, p: SqlParams): string {
  let s = '';
  if (limit !== undefined) s += ` LIMIT ${p.add(limit)}`;
  if (offset) s += ` OFFSET ${p.add(offset)}`;
  return s;
}

export interface NodeSql {
  /** `expr AS "name"` list. */
  selectList: string[];
  outputNames: string[];
  /** LEFT JOIN LATERAL clauses for every embed. */
  joins: string[];
  /** Subset of joins needed to evaluate `where` (inner / null-filtered embeds). */
  filterJoins: string[];
  where: string[];
}

/**
 * SQL pieces of one node: its select list, the lateral joins of its embeds and its
 * WHERE conditions (own filters plus !inner / null filters on embeds).
 */
export function nodeSql(catalog: Catalog, node: ReadNode, p: SqlParams): NodeSql {
  const selectList: string[] = [];
  const outputNames: string[] = [];
  const joins: string[] = [];
  const filterJoins: string[] = [];
  const where = node.conditions.map((c) => conditionSql(node, c, p));
  const embedByItem = new Map(node.embeds.map((e) => [e.item, e]));
  const fromEmbed: boolean[] = [];
  for (const item of node.items) {
    if (item.type === 'star') {
      for (const c of node.source.columns) {
        selectList.push(`${node.alias}.${qi(c.name)} AS ${qi(c.name)}`);
        outputNames.push(c.name);
        fromEmbed.push(false);
      }
    } else if (item.type === 'field') {
      const c = col(node, item.name);
      const out = item.alias ?? item.name;
      selectList.push(`${node.alias}.${qi(c.name)}${item.cast ? `::${item.cast}` : ''} AS ${qi(out)}`);
      outputNames.push(out);
      fromEmbed.push(false);
    } else {
      const e = embedByItem.get(item)!;
      const child = e.node;
      // An empty embed `rel()` only filters (with !inner or rel=not.is.null): no key in the output.
      const empty = item.select.length === 0 && !item.spread;
      const target = catalog.relations.get(e.rel.target)!;
      const cs = nodeSql(catalog, child, p);
      const joinConds = e.rel.sourceColumns.map((sc, i) => `${child.alias}.${qi(e.rel.targetColumns[i])} = ${node.alias}.${qi(sc)}`);
      const childWhere = [...joinConds, ...cs.where];
      const innerList = item.spread ? [...cs.selectList, 'TRUE AS "pgrst_exists"'] : cs.selectList;
      const inner =
        `SELECT ${innerList.join(', ')}` +
        ` FROM ${qt(target.name)} AS ${child.alias}${cs.joins.map((j) => ' ' + j).join('')}` +
        ` WHERE ${childWhere.join(' AND ')}${orderSql(catalog, child)}${limitSql(child.limit, child.offset, p)}`;
      let lateral: string;
      let marker: string;
      const sub = `${e.lateral}_s`;
      if (item.spread) {
        lateral = inner;
        marker = `${e.lateral}."pgrst_exists"`;
        for (const name of cs.outputNames) {
          selectList.push(`${e.lateral}.${qi(name)} AS ${qi(name)}`);
          outputNames.push(name);
          fromEmbed.push(true);
        }
      } else {
        const rowJson = `row_to_json(${sub})`;
        lateral = e.toOne ? `SELECT ${rowJson} AS "j" FROM (${inner}) AS ${sub}` : `SELECT json_agg(${rowJson}) AS "j" FROM (${inner}) AS ${sub}`;
        marker = `${e.lateral}."j"`;
        if (!empty) {
          selectList.push(`${e.toOne ? marker : `COALESCE(${marker}, '[]'::json)`} AS ${qi(e.key)}`);
          outputNames.push(e.key);
          fromEmbed.push(true);
        }
      }
      const join = `LEFT JOIN LATERAL (${lateral}) AS ${e.lateral} ON TRUE`;
      const mustExist = item.joinType === 'inner' || e.nullFilter === 'not_null';
      joins.push(join);
      if (mustExist || e.nullFilter === 'is_null') {
        filterJoins.push(join);
        where.push(`${marker} IS ${mustExist ? 'NOT NULL' : 'NULL'}`);
      }
    }
  }
  // ORDER BY terms may add hidden entries to the same target list.
  if (selectList.length + node.order.length > MAX_SELECT_COLUMNS) throw tooManyColumns(node.source.name, selectList.length);
  const kept = lastOfEachName(outputNames, fromEmbed);
  return { selectList: selectList.filter((_, i) => kept[i]), outputNames: outputNames.filter((_, i) => kept[i]), joins, filterJoins, where };
}

/**
 * Which output columns to keep when two share a name (`*,parent_id(*)`, `org_id:organizations(*),org_id`).
 * PostgREST writes both, the same JSON key twice, its columns first and its embeds after them
 * (QueryBuilder's selects ++ joinsSelects); a JSON parser such as supabase-js's keeps the last
 * of the two. Only that one is written here: the same object, without a duplicate key.
 */
function lastOfEachName(names: string[], fromEmbed: boolean[]): boolean[] {
  const rank = (i: number) => (fromEmbed[i] ? names.length : 0) + i;
  const winner = new Map<string, number>();
  names.forEach((name, i) => {
    const current = winner.get(name);
    if (current === undefined || rank(i) > rank(current)) winner.set(name, i);
  });
  return names.map((name, i) => winner.get(name) === i);
}

export interface ReadSql {
  /** SELECT producing the node's rows (with embeds), ordered and limited. */
  rows: string;
  /** SELECT count(*) over the same rows without limit/offset. */
  count: string;
  /** SELECT 1 per row of the same rows without limit/offset (to count with a cap, or EXPLAIN). */
  countRows: string;
}

/** `from` is e.g. `"public"."events" AS pgrst_0` or `pgrst_source AS pgrst_0`. */
export function readSql(catalog: Catalog, node: ReadNode, from: string, p: SqlParams, opts: { limit?: number; offset?: number } = {}): ReadSql {
  const s = nodeSql(catalog, node, p);
  const where = s.where.length ? ` WHERE ${s.where.join(' AND ')}` : '';
  const rows = `SELECT ${s.selectList.join(', ')} FROM ${from}${s.joins.map((j) => ' ' + j).join('')}${where}${orderSql(catalog, node)}${limitSql(opts.limit, opts.offset, p)}`;
  const filtered = `FROM ${from}${s.filterJoins.map((j) => ' ' + j).join('')}${where}`;
  return { rows, count: `SELECT count(*) ${filtered}`, countRows: `SELECT 1 ${filtered}` };
}

/** json_agg over the rows of `pgrst_r` → text, keeping row order. */
export function aggregateJson(stripNulls: boolean): string {
  let row = 'row_to_json(pgrst_r)';
  if (stripNulls) row = `json_strip_nulls(${row})`;
  return `coalesce(json_agg(${row}), '[]')::text`;
}
