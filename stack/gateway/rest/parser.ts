/**
 * Parsers for PostgREST's query-string grammar: select, filters (incl. or/and trees),
 * order, key paths, Prefer, Range and Accept. Pure functions, no database access:
 * everything here only builds a syntax tree; names are checked later against the catalog.
 * Anything malformed or unsupported throws an HttpError (400 PGRST100), never anything else.
 */
import { parseError, pgrstError, unsupported } from './errors.ts';

// ----------------------------------------------------------------------------- types

export type SelectItem = SelectField | SelectStar | SelectEmbed;

export interface SelectStar {
  type: 'star';
}

export interface SelectField {
  type: 'field';
  name: string;
  alias?: string;
  cast?: string;
}

export interface SelectEmbed {
  type: 'embed';
  /** Target: a table/view name, a foreign key constraint name or a foreign key column. */
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  in: 'IN',
  is: 'IS',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
} as const;
export type Operator = keyof typeof OPERATORS;
const QUANTIFIABLE = new Set<Operator>(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

export interface Filter {
  kind: 'filter';
  field: string;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  ftsConfig?: string;
  /** Scalar value (like/ilike already have * turned into %), list for `in`, keyword for `is`. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** Set for a related order `rel(col)` on a to-one embed. */
  relation?: string;
  field: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Supabase runs PostgREST with db-aggregates-enabled = false: the same answer here. */
function aggregatesNotAllowed() {
  return pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

// ----------------------------------------------------------------------------- cursor

const MAX_INPUT = 16 * 1024;
const MAX_DEPTH = 32;

class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}
  get done() {
    return this.pos >= this.input.length;
  }
  peek(n = 0) {
    return this.input[this.pos + n] ?? '';
  }
  startsWith(s: string) {
    return this.input.startsWith(s, this.pos);
  }
  eat(s: string) {
    if (this.startsWith(s)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }
  fail(expecting: string): never {
    const ch = this.done ? 'end of input' : JSON.stringify(this.peek());
    throw parseError(this.what, this.input, `unexpected ${ch} expecting ${expecting}`, this.pos + 1);
  }
  expect(s: string, expecting = JSON.stringify(s)) {
    if (!this.eat(s)) this.fail(expecting);
  }
}

function checkSize(input: string, what: string) {
  if (input.length > MAX_INPUT) throw parseError(what, input.slice(0, 60) + '…', `input longer than ${MAX_INPUT} characters`);
}

const IDENT_CHAR = /[\p{L}\p{N}_$ ]/u;

/** Identifier: a "quoted name" (\" and \\ escapes) or a run of letters, digits, _, $, spaces. */
function parseIdentifier(c: Cursor, expecting = 'identifier'): string {
  if (c.peek() === '"') {
    c.pos++;
    let out = '';
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\' && (c.peek(1) === '"' || c.peek(1) === '\\')) c.pos++;
      out += c.peek();
      c.pos++;
    }
    c.expect('"', 'closing quote');
    if (out === '') c.fail(expecting);
    if (out.includes('\u0000')) {
      // Postgres cannot store NUL in a name (and the wire protocol would cut the statement there).
      throw parseError(c.what, c.input, 'a name cannot contain the NUL character (\\u0000)', c.input.indexOf('\u0000') + 1);
    }
    return out;
  }
  const start = c.pos;
  while (!c.done && IDENT_CHAR.test(c.peek())) c.pos++;
  const name = c.input.slice(start, c.pos).trim();
  if (!name) {
    c.pos = start;
    c.fail(expecting);
  }
  return name;
}

function rejectJsonPath(c: Cursor) {
  if (c.startsWith('->')) {
    throw unsupported(`JSON path operators (-> and ->>) are not supported by this gateway: ${c.input}`);
  }
}

// ----------------------------------------------------------------------------- select

/** `select=` → tree. An empty string selects no columns (PostgREST answers `{}` rows). */
export function parseSelect(input: string): SelectItem[] {
  checkSize(input, 'select parameter');
  const c = new Cursor(input, 'select parameter');
  if (input === '') return [];
  const items = parseSelectList(c, 0);
  if (!c.done) c.fail('"," or end of input');
  return items;
}

function parseSelectList(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) c.fail('less nesting');
  const items: SelectItem[] = [];
  for (;;) {
    items.push(parseSelectItem(c, depth));
    if (!c.eat(',')) break;
  }
  return items;
}

function parseSelectItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { type: 'star' };
  if (c.eat('...')) {
    const name = parseIdentifier(c, 'embedded resource name');
    const { hint, joinType } = parseHints(c);
    if (c.peek() !== '(') c.fail('"(" after a spread resource');
    const select = parseEmbedBody(c, depth);
    return { type: 'embed', name, hint, joinType, spread: true, select };
  }
  let name = parseIdentifier(c, 'column name, embedded resource or "*"');
  let alias: string | undefined;
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    if (c.startsWith('...')) c.fail('column name (a spread cannot have an alias)');
    name = parseIdentifier(c, 'column name or embedded resource after alias');
  }
  rejectJsonPath(c);
  if (c.peek() === '!' || c.peek() === '(') {
    const { hint, joinType } = parseHints(c);
    if (c.peek() !== '(') c.fail('"(" after an embedding hint');
    if (name === 'count' && c.startsWith('()')) throw aggregatesNotAllowed();
    const select = parseEmbedBody(c, depth);
    return { type: 'embed', name, alias, hint, joinType, spread: false, select };
  }
  if (c.peek() === '.') throw aggregatesNotAllowed();
  let cast: string | undefined;
  if (c.eat('::')) {
    const start = c.pos;
    while (!c.done && /[A-Za-z0-9_]/.test(c.peek())) c.pos++;
    cast = c.input.slice(start, c.pos);
    if (c.eat('[]')) cast += '[]';
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/.test(cast)) {
      c.pos = start;
      c.fail('type name after "::"');
    }
  }
  return { type: 'field', name, alias, cast };
}

function parseHints(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  while (c.eat('!')) {
    const word = parseIdentifier(c, 'embedding hint, "inner" or "left"');
    if (word === 'inner' || word === 'left') {
      if (joinType) c.fail('"(" (only one of !inner / !left)');
      joinType = word;
    } else {
      if (hint !== undefined) c.fail('"(" (only one embedding hint)');
      hint = word;
    }
  }
  return { hint, joinType };
}

function parseEmbedBody(c: Cursor, depth: number): SelectItem[] {
  c.expect('(');
  let select: SelectItem[] = [];
  if (c.peek() !== ')') select = parseSelectList(c, depth + 1);
  c.expect(')', '"," or ")"');
  return select;
}

// ----------------------------------------------------------------------------- filters

const OPERATOR_LIST = Object.keys(OPERATORS).join(', ');

/**
 * Parses one filter value such as `eq.5`, `not.in.(1,2)`, `is.null`, `like(any).{a*,b*}`,
 * `fts(english).cat` (top level: the rest of the string after the operator is the value).
 */
export function parseFilterValue(field: string, raw: string): Filter {
  checkSize(raw, 'filter');
  const c = new Cursor(raw, 'filter');
  const f = parseOperatorAndValue(c, field, 'top');
  return f;
}

function parseOperatorAndValue(c: Cursor, field: string, mode: 'top' | 'logic'): Filter {
  let negate = false;
  if (c.startsWith('not.')) {
    c.pos += 4;
    negate = true;
  }
  const start = c.pos;
  while (!c.done && /[a-z_]/.test(c.peek())) c.pos++;
  const opName = c.input.slice(start, c.pos);
  if (!Object.hasOwn(OPERATORS, opName)) {
    c.pos = start;
    if (opName === '' && c.done) c.fail(`an operator (${OPERATOR_LIST})`);
    throw parseError('filter', c.input, `unknown operator "${opName || c.peek()}"; supported: not., ${OPERATOR_LIST}`, start + 1);
  }
  const op = opName as Operator;
  let quantifier: 'any' | 'all' | undefined;
  let ftsConfig: string | undefined;
  if (c.peek() === '(') {
    if (QUANTIFIABLE.has(op)) {
      c.pos++;
      if (c.eat('any')) quantifier = 'any';
      else if (c.eat('all')) quantifier = 'all';
      else c.fail('"any" or "all"');
      c.expect(')');
    } else if (FTS.has(op)) {
      c.pos++;
      const s = c.pos;
      while (!c.done && /[A-Za-z0-9_]/.test(c.peek())) c.pos++;
      ftsConfig = c.input.slice(s, c.pos);
      if (!ftsConfig) c.fail('text search configuration name');
      c.expect(')');
    } else {
      c.fail('"."');
    }
  }
  c.expect('.', '"." after the operator');
  let value: string | string[];
  if (op === 'in') {
    value = parseList(c);
  } else if (quantifier) {
    // like(any).{a,b}: a Postgres array literal.
    value = mode === 'top' ? c.input.slice(c.pos) : readLogicValue(c);
    if (mode === 'top') c.pos = c.input.length;
    if (!/^\{.*\}$/s.test(value))
      throw parseError('filter', c.input, `${op}(${quantifier}) expects a list in braces, e.g. ${op}(${quantifier}).{a,b}`);
  } else if (mode === 'top') {
    value = c.input.slice(c.pos);
    c.pos = c.input.length;
  } else {
    value = readLogicValue(c);
  }
  if (op === 'is') {
    const v = (value as string).toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(v)) {
      throw parseError('filter', c.input, `is. accepts only null, not_null, true, false or unknown, got "${value}"`);
    }
    value = v;
  }
  if ((op === 'like' || op === 'ilike') && typeof value === 'string') value = value.replace(/\*/g, '%');
  if (mode === 'top' && !c.done) c.fail('end of input');
  return { kind: 'filter', field, negate, op, quantifier, ftsConfig, value };
}

/** `(a,b,"c,d")` — elements may be double-quoted (with \" and \\ escapes). */
function parseList(c: Cursor): string[] {
  c.expect('(', '"(" to start the in. list');
  const out: string[] = [];
  if (c.eat(')')) return out;
  for (;;) {
    if (c.peek() === '"') {
      c.pos++;
      let v = '';
      while (!c.done && c.peek() !== '"') {
        if (c.peek() === '\\' && !c.done) c.pos++;
        v += c.peek();
        c.pos++;
      }
      c.expect('"', 'closing quote');
      out.push(v);
    } else {
      const s = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      out.push(c.input.slice(s, c.pos));
    }
    if (c.eat(',')) continue;
    c.expect(')', '"," or ")" in the in. list');
    return out;
  }
}

/** A value inside or=(...): "quoted", {array}, or everything up to the next , or ). */
function readLogicValue(c: Cursor): string {
  if (c.peek() === '"') {
    c.pos++;
    let v = '';
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\') c.pos++;
      v += c.peek();
      c.pos++;
    }
    c.expect('"', 'closing quote');
    return v;
  }
  if (c.peek() === '{') {
    const s = c.pos;
    while (!c.done && c.peek() !== '}') c.pos++;
    c.expect('}', '"}"');
    return c.input.slice(s, c.pos);
  }
  const s = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.input.slice(s, c.pos);
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))` → tree. `op`/`negate` come from the key. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string): LogicTree {
  checkSize(raw, 'logic tree');
  const c = new Cursor(raw, 'logic tree');
  const children = parseLogicChildren(c, 0);
  if (!c.done) c.fail('end of input');
  return { kind: 'logic', op, negate, children };
}

function parseLogicChildren(c: Cursor, depth: number): Condition[] {
  if (depth > MAX_DEPTH) c.fail('less nesting');
  c.expect('(', '"(" to open the logic tree');
  const out: Condition[] = [];
  for (;;) {
    out.push(parseLogicItem(c, depth));
    if (c.eat(',')) continue;
    c.expect(')', '"," or ")"');
    return out;
  }
}

function parseLogicItem(c: Cursor, depth: number): Condition {
  const save = c.pos;
  let negate = false;
  if (c.startsWith('not.and(') || c.startsWith('not.or(')) {
    c.pos += 4;
    negate = true;
  }
  if (c.startsWith('and(') || c.startsWith('or(')) {
    const op = c.startsWith('and(') ? 'and' : 'or';
    c.pos += op.length;
    return { kind: 'logic', op, negate, children: parseLogicChildren(c, depth + 1) };
  }
  c.pos = save;
  const field = parseIdentifier(c, 'column name, "and(" or "or("');
  rejectJsonPath(c);
  c.expect('.', '"." after the column name');
  const word = c.input.slice(c.pos).match(/^([A-Za-z_][A-Za-z0-9_]*)\./)?.[1];
  if (word && word !== 'not' && !Object.hasOwn(OPERATORS, word)) {
    throw unsupported(
      `Filtering an embedded resource inside or/and (${field}.${word}) is not supported by this gateway; use ${field}.or=(...) instead`,
    );
  }
  return parseOperatorAndValue(c, field, 'logic');
}

// ----------------------------------------------------------------------------- order

export function parseOrder(raw: string): OrderTerm[] {
  checkSize(raw, 'order');
  const c = new Cursor(raw, 'order');
  const out: OrderTerm[] = [];
  for (;;) {
    let field = parseIdentifier(c, 'column name');
    let relation: string | undefined;
    rejectJsonPath(c);
    if (c.eat('(')) {
      relation = field;
      field = parseIdentifier(c, 'column name');
      rejectJsonPath(c);
      c.expect(')', '")"');
    }
    const term: OrderTerm = relation ? { relation, field } : { field };
    while (c.eat('.')) {
      if (c.eat('asc')) {
        if (term.direction) c.fail('"," or end');
        term.direction = 'asc';
      } else if (c.eat('desc')) {
        if (term.direction) c.fail('"," or end');
        term.direction = 'desc';
      } else if (c.eat('nullsfirst')) {
        if (term.nulls) c.fail('"," or end');
        term.nulls = 'first';
      } else if (c.eat('nullslast')) {
        if (term.nulls) c.fail('"," or end');
        term.nulls = 'last';
      } else c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    out.push(term);
    if (c.eat(',')) continue;
    if (!c.done) c.fail('"," , "." or end of input');
    return out;
  }
}

// ----------------------------------------------------------------------------- misc params

/** Query parameter key → path segments: `a.b.c`, with "quoted" segments allowed. */
export function parseKeyPath(raw: string): string[] {
  checkSize(raw, 'parameter name');
  const c = new Cursor(raw, 'parameter name');
  const out: string[] = [];
  for (;;) {
    out.push(parseIdentifier(c, 'column or resource name'));
    if (c.startsWith('->')) throw unsupported(`Filtering on JSON paths (${raw}) is not supported by this gateway`);
    if (c.eat('.')) continue;
    if (!c.done) c.fail('"." or end of input');
    return out;
  }
}

/** `columns=` / `on_conflict=`: comma list of (optionally quoted) names. */
export function parseColumnList(raw: string, what: string): string[] {
  checkSize(raw, what);
  const c = new Cursor(raw, what);
  const out: string[] = [];
  for (;;) {
    out.push(parseIdentifier(c, 'column name'));
    if (c.eat(',')) continue;
    if (!c.done) c.fail('"," or end of input');
    return out;
  }
}

export function parseNonNegativeInt(raw: string, what: string): number {
  if (/^-\d{1,15}$/.test(raw) && what.endsWith('limit')) {
    throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  }
  if (!/^\d{1,15}$/.test(raw)) throw parseError(`${what} parameter`, raw, 'expecting a non-negative integer');
  return Number(raw);
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  tx?: 'commit' | 'rollback';
  /** Preferences understood, in the form to echo in Preference-Applied. */
  applied: string[];
  invalid: string[];
}

const PREFERENCE_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { applied: [], invalid: [] };
  const values = Array.isArray(header) ? header : header ? [header] : [];
  for (const part of values.join(',').split(',')) {
    const item = part.trim();
    if (!item) continue;
    const [k, v = ''] = item.split('=', 2).map((s) => s.trim());
    // As PostgREST: when a preference is given more than once, the first one counts.
    if (k === 'max-affected' && /^\d{1,12}$/.test(v)) {
      prefs.maxAffected ??= Number(v);
      continue;
    }
    if (Object.hasOwn(PREFERENCE_VALUES, k) && PREFERENCE_VALUES[k].includes(v)) {
      const record = prefs as unknown as Record<string, string>;
      record[k] ??= v;
      continue;
    }
    prefs.invalid.push(item);
  }
  return prefs;
}

/** `Range: 0-9` (or `items=0-9`) → offset/limit; anything else is ignored, as PostgREST does. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = header.trim().match(/^(?:items=)?(\d{1,15})-(\d{0,15})$/);
  if (!m) return undefined;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) {
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: from, limit: to - from + 1 };
}

export interface MediaChoice {
  kind: 'array' | 'object';
  stripNulls: boolean;
}

/** Accept header → what to answer; 406 PGRST107 when nothing offered is available. */
export function parseAccept(header: string | undefined): MediaChoice {
  if (!header || !header.trim()) return { kind: 'array', stripNulls: false };
  const ranges = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const range of ranges) {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.some((p) => p.replace(/\s/g, '') === 'nulls=stripped');
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    switch (type) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { kind: 'array', stripNulls: false };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'array', stripNulls };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls };
      default:
        break;
    }
  }
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${ranges.join(', ')}`);
}
