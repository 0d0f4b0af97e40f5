/**
 * The schema cache: tables, views, columns, keys, foreign-key relationships (views inherit
 * their base tables' keys by tracing view columns, as PostgREST does) and functions of
 * schema `public`. Loaded once per pool and reloaded when a request names something unknown.
 */
import type pg from 'pg';

export interface Column {
  name: string;
  type: string;
  typeOid: number;
  attnum: number;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

export interface Relation {
  oid: number;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table';
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  uniqueKeys: string[][];
  /**
   * Whether INSERT / UPDATE / DELETE can work (pg_relation_is_updatable with triggers, as
   * PostgREST's schema cache): false for a view that is not automatically updatable and has no
   * INSTEAD OF trigger or rule. Undefined means unknown (treated as writable).
   */
  insertable?: boolean;
  updatable?: boolean;
  deletable?: boolean;
}

export interface Relationship {
  source: string;
  target: string;
  /** Join: source.sourceColumns[i] = target.targetColumns[i] */
  sourceColumns: string[];
  targetColumns: string[];
  constraint: string;
  cardinality: 'm2o' | 'o2m' | 'o2o';
  /** Name of the table that holds the foreign key (for messages). */
  fkTable: string;
  fkColumns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Fn {
  oid: number;
  name: string;
  args: FnArg[];
  /** True when the only argument is an unnamed json/jsonb one (gets the whole body). */
  singleUnnamedJson: boolean;
  variadic: boolean;
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  returnType: string;
  /** void, scalar, or composite with known columns (table rowtype, composite type or OUT params). */
  returnKind: 'void' | 'scalar' | 'composite' | 'unsupported';
  returnColumns: Column[];
  /** Name of the public table/view whose rowtype it returns (enables embedding). */
  returnRelation?: string;
}

export interface Catalog {
  relations: Map<string, Relation>;
  relationships: Map<string, Relationship[]>;
  functions: Map<string, Fn[]>;
  loadStartedAt: number;
}

// ----------------------------------------------------------------------------- loading

const RELATIONS_SQL = `
select c.oid::int8 as oid, c.relname as name, c.relkind as kind,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typeOid', a.atttypid::int8,
      'attnum', a.attnum, 'notNull', a.attnotnull, 'hasDefault', a.atthasdef, 'generated', a.attgenerated <> '')
      order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(json_build_object('type', k.contype, 'cols',
      (select json_agg(a.attname order by x.ord) from unnest(k.conkey) with ordinality x(n, ord)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = x.n)))
    from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '[]') as keys,
  case when c.relkind in ('v', 'm') then
    (select r.ev_action::text from pg_rewrite r where r.ev_class = c.oid and r.rulename = '_RETURN') end as view_def,
  pg_relation_is_updatable(c.oid::regclass, true) as updatable_mask
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FKS_SQL = `
select k.conname as name, k.conrelid::int8 as table_oid, k.confrelid::int8 as ftable_oid,
  (select json_agg(a.attname order by x.ord) from unnest(k.conkey) with ordinality x(n, ord)
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n) as cols,
  (select json_agg(a.attname order by x.ord) from unnest(k.confkey) with ordinality x(n, ord)
     join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n) as fcols
from pg_constraint k
join pg_class t on t.oid = k.conrelid
join pg_class f on f.oid = k.confrelid
where k.contype = 'f' and t.relnamespace = 'public'::regnamespace and f.relnamespace = 'public'::regnamespace`;

const FUNCTIONS_SQL = `
select p.oid::int8 as oid, p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, p.provariadic <> 0 as variadic,
  coalesce(p.proargnames, '{}') as argnames,
  coalesce(p.proargmodes::text[], '{}') as argmodes,
  coalesce((select json_agg(format_type(u.t, null) order by u.o)
     from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, o)), '[]') as argtypes,
  (select json_agg(format_type(u.t, null) order by u.o) from unnest(p.proargtypes::oid[]) with ordinality u(t, o)) as intypes,
  format_type(p.prorettype, null) as rettype, rt.typtype as rettyptype, rt.typrelid::int8 as retrelid,
  case when rt.typrelid <> 0 then
    (select json_agg(json_build_object(
        'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typeOid', a.atttypid::int8,
        'attnum', a.attnum, 'notNull', a.attnotnull, 'hasDefault', false, 'generated', false) order by a.attnum)
     from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) end as retcolumns
from pg_proc p
join pg_type rt on rt.oid = p.prorettype
where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'`;

interface RelationRow {
  oid: string;
  name: string;
  kind: string;
  columns: Column[];
  keys: { type: string; cols: string[] }[];
  view_def: string | null;
  updatable_mask: number;
}

const KIND: Record<string, Relation['kind']> = { r: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table', p: 'partitioned_table' };

export async function loadCatalog(pool: pg.Pool): Promise<Catalog> {
  const loadStartedAt = Date.now();
  const client = await pool.connect();
  let relRows: RelationRow[];
  let fkRows: { name: string; table_oid: string; ftable_oid: string; cols: string[]; fcols: string[] }[];
  let fnRows: Record<string, unknown>[];
  try {
    // search_path '' makes format_type() schema-qualify every non-builtin type.
    await client.query("begin read only; set local search_path = ''");
    relRows = (await client.query(RELATIONS_SQL)).rows;
    fkRows = (await client.query(FKS_SQL)).rows;
    fnRows = (await client.query(FUNCTIONS_SQL)).rows;
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return buildCatalog(relRows, fkRows, fnRows, loadStartedAt);
}

function buildCatalog(
  relRows: RelationRow[],
  fkRows: { name: string; table_oid: string; ftable_oid: string; cols: string[]; fcols: string[] }[],
  fnRows: Record<string, unknown>[],
  loadStartedAt: number,
): Catalog {
  const relations = new Map<string, Relation>();
  const byOid = new Map<number, Relation>();
  const viewDefs = new Map<number, string>();
  for (const row of relRows) {
    const columns = row.columns.map((c) => ({ ...c, typeOid: Number(c.typeOid) }));
    const rel: Relation = {
      oid: Number(row.oid),
      name: row.name,
      kind: KIND[row.kind] ?? 'table',
      columns,
      columnMap: new Map(columns.map((c) => [c.name, c])),
      primaryKey: row.keys.find((k) => k.type === 'p')?.cols ?? [],
      uniqueKeys: row.keys.filter((k) => k.type === 'u').map((k) => k.cols),
      // Bits of pg_relation_is_updatable: 4 UPDATE, 8 INSERT, 16 DELETE.
      insertable: (row.updatable_mask & 8) === 8,
      updatable: (row.updatable_mask & 4) === 4,
      deletable: (row.updatable_mask & 16) === 16,
    };
    relations.set(rel.name, rel);
    byOid.set(rel.oid, rel);
    if (row.view_def) viewDefs.set(rel.oid, row.view_def);
  }

  // View column origins: view oid → column name → [base table oid, attnum]
  const direct = new Map<number, Map<string, [number, number]>>();
  for (const [oid, def] of viewDefs) {
    try {
      direct.set(oid, viewColumnOrigins(def));
    } catch {
      // Unparseable definition: the view simply gets no relationships.
    }
  }
  const resolveOrigin = (viewOid: number, column: string, seen = new Set<number>()): [number, number] | undefined => {
    const origin = direct.get(viewOid)?.get(column);
    if (!origin) return undefined;
    const [tbl, attnum] = origin;
    if (!direct.has(tbl) || seen.has(tbl)) return origin;
    const inner = byOid.get(tbl);
    const innerCol = inner?.columns.find((c) => c.attnum === attnum);
    if (!innerCol) return origin;
    seen.add(viewOid);
    return resolveOrigin(tbl, innerCol.name, seen) ?? origin;
  };
  // base table oid → list of [view, (base column name → view column name)]
  const viewsOf = new Map<number, { view: Relation; colMap: Map<string, string> }[]>();
  for (const viewOid of direct.keys()) {
    const view = byOid.get(viewOid);
    if (!view) continue;
    const perBase = new Map<number, Map<string, string>>();
    for (const col of view.columns) {
      const origin = resolveOrigin(viewOid, col.name);
      if (!origin) continue;
      const base = byOid.get(origin[0]);
      const baseCol = base?.columns.find((c) => c.attnum === origin[1]);
      if (!base || !baseCol) continue;
      if (!perBase.has(base.oid)) perBase.set(base.oid, new Map());
      const m = perBase.get(base.oid)!;
      if (!m.has(baseCol.name)) m.set(baseCol.name, col.name);
    }
    for (const [baseOid, colMap] of perBase) {
      if (!viewsOf.has(baseOid)) viewsOf.set(baseOid, []);
      viewsOf.get(baseOid)!.push({ view, colMap });
    }
  }

  const relationships = new Map<string, Relationship[]>();
  const add = (r: Relationship) => {
    if (!relationships.has(r.source)) relationships.set(r.source, []);
    relationships.get(r.source)!.push(r);
  };
  const likes = (table: Relation, cols: string[]): { rel: Relation; cols: string[] }[] => {
    const out = [{ rel: table, cols }];
    for (const { view, colMap } of viewsOf.get(table.oid) ?? []) {
      const mapped = cols.map((c) => colMap.get(c));
      if (mapped.every((c): c is string => !!c)) out.push({ rel: view, cols: mapped });
    }
    return out;
  };
  for (const fk of fkRows) {
    const table = byOid.get(Number(fk.table_oid));
    const ftable = byOid.get(Number(fk.ftable_oid));
    if (!table || !ftable || !fk.cols || !fk.fcols) continue;
    const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
    const oneToOne = sameSet(fk.cols, table.primaryKey) || table.uniqueKeys.some((k) => sameSet(fk.cols, k));
    for (const t of likes(table, fk.cols)) {
      for (const f of likes(ftable, fk.fcols)) {
        const common = { constraint: fk.name, fkTable: t.rel.name, fkColumns: t.cols, refTable: f.rel.name, refColumns: f.cols };
        add({
          ...common,
          source: t.rel.name,
          target: f.rel.name,
          sourceColumns: t.cols,
          targetColumns: f.cols,
          cardinality: oneToOne ? 'o2o' : 'm2o',
        });
        add({
          ...common,
          source: f.rel.name,
          target: t.rel.name,
          sourceColumns: f.cols,
          targetColumns: t.cols,
          cardinality: oneToOne ? 'o2o' : 'o2m',
        });
      }
    }
  }

  const functions = new Map<string, Fn[]>();
  for (const row of fnRows) {
    const fn = buildFunction(row, relations, byOid);
    if (!functions.has(fn.name)) functions.set(fn.name, []);
    functions.get(fn.name)!.push(fn);
  }
  return { relations, relationships, functions, loadStartedAt };
}

function buildFunction(row: Record<string, unknown>, relations: Map<string, Relation>, byOid: Map<number, Relation>): Fn {
  const names = (row.argnames as string[]) ?? [];
  const modes = (row.argmodes as string[]) ?? [];
  const types = (row.argtypes as string[]) ?? [];
  const nargs = Number(row.nargs);
  const ndefaults = Number(row.ndefaults);
  const args: FnArg[] = [];
  const outColumns: Column[] = [];
  let inIndex = 0;
  for (let i = 0; i < types.length; i++) {
    const mode = modes.length ? modes[i] : 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      args.push({ name, type: types[i], hasDefault: inIndex >= nargs - ndefaults });
      inIndex++;
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outColumns.push({ name, type: types[i], typeOid: 0, attnum: outColumns.length + 1, notNull: false, hasDefault: false, generated: false });
    }
  }
  const rettype = String(row.rettype);
  const typtype = String(row.rettyptype);
  let returnKind: Fn['returnKind'] = 'scalar';
  let returnColumns: Column[] = [];
  let returnRelation: string | undefined;
  if (rettype === 'void') returnKind = 'void';
  else if (outColumns.length > 0 && (rettype === 'record' || typtype === 'c')) {
    returnKind = 'composite';
    returnColumns = outColumns;
  } else if (typtype === 'c') {
    returnKind = 'composite';
    const rel = byOid.get(Number(row.retrelid));
    if (rel && relations.get(rel.name) === rel) {
      returnRelation = rel.name;
      returnColumns = rel.columns;
    } else {
      returnColumns = ((row.retcolumns as Column[]) ?? []).map((c) => ({ ...c, typeOid: Number(c.typeOid) }));
    }
  } else if (rettype === 'record' || rettype === 'trigger' || rettype === 'event_trigger' || rettype === 'internal') {
    returnKind = 'unsupported';
  }
  const singleUnnamedJson = args.length === 1 && args[0].name === '' && (args[0].type === 'json' || args[0].type === 'jsonb');
  return {
    oid: Number(row.oid),
    name: String(row.name),
    args,
    singleUnnamedJson,
    variadic: Boolean(row.variadic),
    volatility: String(row.volatility) as Fn['volatility'],
    returnsSet: Boolean(row.returns_set),
    returnType: rettype,
    returnKind,
    returnColumns,
    returnRelation,
  };
}

// ----------------------------------------------------------------------------- view tracing

type Node = string | Node[] | { type: string; fields: Map<string, Node[]> };

/**
 * Reads the top-level target list of a view's stored query tree (pg_rewrite.ev_action,
 * Postgres' node text format) and returns, per output column, the base table column it
 * comes from (TARGETENTRY resorigtbl/resorigcol), as PostgREST's schema cache does.
 */
export function viewColumnOrigins(def: string): Map<string, [number, number]> {
  const escapedTokens = new Set<number>();
  const tokens = tokenize(def);
  let i = 0;
  const parse = (): Node => {
    const t = tokens[i++];
    if (t === '(') {
      const list: Node[] = [];
      while (i < tokens.length && tokens[i] !== ')') list.push(parse());
      i++;
      return list;
    }
    if (t === '{') {
      const type = tokens[i++];
      const fields = new Map<string, Node[]>();
      let current: Node[] | null = null;
      while (i < tokens.length && tokens[i] !== '}') {
        const tok = tokens[i];
        if (typeof tok === 'string' && tok.startsWith(':') && tok.length > 1 && !escapedTokens.has(i)) {
          current = [];
          fields.set(tok.slice(1), current);
          i++;
        } else {
          const v = parse();
          current?.push(v);
        }
      }
      i++;
      return { type: String(type), fields };
    }
    return t;
  };
  const root = parse();
  const query = Array.isArray(root) ? root[0] : root;
  if (!query || typeof query !== 'object' || Array.isArray(query) || query.type !== 'QUERY') throw new Error('not a query');
  const targetList = query.fields.get('targetList')?.[0];
  const out = new Map<string, [number, number]>();
  if (!Array.isArray(targetList)) return out;
  for (const te of targetList) {
    if (!te || typeof te !== 'object' || Array.isArray(te) || te.type !== 'TARGETENTRY') continue;
    const f = (k: string) => {
      const v = te.fields.get(k)?.[0];
      return typeof v === 'string' ? v : undefined;
    };
    if (f('resjunk') === 'true') continue;
    const name = f('resname');
    const tbl = Number(f('resorigtbl'));
    const col = Number(f('resorigcol'));
    if (name && tbl > 0 && col > 0) out.set(name, [tbl, col]);
  }
  return out;

  function tokenize(s: string): string[] {
    const toks: string[] = [];
    let p = 0;
    while (p < s.length) {
      const ch = s[p];
      if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') {
        p++;
        continue;
      }
      if (ch === '(' || ch === ')' || ch === '{' || ch === '}') {
        toks.push(ch);
        p++;
        continue;
      }
      let tok = '';
      let escaped = false;
      while (p < s.length) {
        const c = s[p];
        if (c === '\\' && p + 1 < s.length) {
          tok += s[p + 1];
          p += 2;
          escaped = true;
          continue;
        }
        if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '(' || c === ')' || c === '{' || c === '}') break;
        tok += c;
        p++;
      }
      if (escaped) escapedTokens.add(toks.length);
      toks.push(tok);
    }
    return toks;
  }
}

// ----------------------------------------------------------------------------- cache

interface CacheState {
  catalog?: Catalog;
  inflight?: Promise<Catalog>;
  inflightStartedAt?: number;
}

const caches = new WeakMap<pg.Pool, CacheState>();

function state(pool: pg.Pool): CacheState {
  let s = caches.get(pool);
  if (!s) {
    s = {};
    caches.set(pool, s);
  }
  return s;
}

function startLoad(pool: pg.Pool, s: CacheState): Promise<Catalog> {
  const startedAt = Date.now();
  const p = loadCatalog(pool).then(
    (c) => {
      if (!s.catalog || s.catalog.loadStartedAt <= c.loadStartedAt) s.catalog = c;
      if (s.inflight === p) s.inflight = undefined;
      return c;
    },
    (e) => {
      if (s.inflight === p) s.inflight = undefined;
      throw e;
    },
  );
  s.inflight = p;
  s.inflightStartedAt = startedAt;
  return p;
}

/** The cached catalog, loading it on first use. */
export function getCatalog(pool: pg.Pool): Promise<Catalog> | Catalog {
  const s = state(pool);
  if (s.catalog) return s.catalog;
  return s.inflight ?? startLoad(pool, s);
}

/**
 * A catalog at least as new as `since` (ms): reuses a load that started after `since`,
 * otherwise starts one. Concurrent callers share one load.
 */
export async function refreshCatalog(pool: pg.Pool, since: number): Promise<Catalog> {
  const s = state(pool);
  if (s.catalog && s.catalog.loadStartedAt >= since) return s.catalog;
  if (s.inflight && (s.inflightStartedAt ?? 0) >= since) return s.inflight;
  if (s.inflight) await s.inflight.catch(() => undefined);
  if (s.catalog && s.catalog.loadStartedAt >= since) return s.catalog;
  if (s.inflight && (s.inflightStartedAt ?? 0) >= since) return s.inflight;
  return startLoad(pool, s);
}

/** Forget the cached catalog (e.g. after Postgres reported an unknown relation). */
export function invalidateCatalog(pool: pg.Pool) {
  const s = state(pool);
  s.catalog = undefined;
}
