import { describe, expect, it } from 'vitest';
import { HttpError } from '../../stack/gateway/context.ts';
import { errorOf } from '../support/http-error.ts';
import { seededRandom } from '../support/random.ts';
import {
  parseAccept,
  parseColumnList,
  parseFilterValue,
  parseKeyPath,
  parseLogicTree,
  parseOrder,
  parsePrefer,
  parseRangeHeader,
  parseSelect,
} from '../../stack/gateway/rest/parser.ts';

// The PostgREST query grammar of the local gateway (stack/gateway/rest/parser.ts), no database.

const body = (e: HttpError) => e.body as { code: string; message: string; details: unknown };

describe('select', () => {
  it('parses columns, star, aliases and casts', () => {
    expect(parseSelect('*')).toEqual([{ type: 'star' }]);
    expect(parseSelect('id,name:title,price::text')).toEqual([
      { type: 'field', name: 'id' },
      { type: 'field', name: 'title', alias: 'name' },
      { type: 'field', name: 'price', cast: 'text' },
    ]);
    expect(parseSelect('"odd name",x')).toEqual([
      { type: 'field', name: 'odd name' },
      { type: 'field', name: 'x' },
    ]);
    expect(parseSelect('')).toEqual([]);
  });

  it('parses embeds with aliases, hints, !inner, spreads and nesting', () => {
    expect(parseSelect('title,org:organizations!events_org_id_fkey!inner(id,name),ticket_types(*,events(id))')).toEqual([
      { type: 'field', name: 'title' },
      {
        type: 'embed',
        name: 'organizations',
        alias: 'org',
        hint: 'events_org_id_fkey',
        joinType: 'inner',
        spread: false,
        select: [
          { type: 'field', name: 'id' },
          { type: 'field', name: 'name' },
        ],
      },
      {
        type: 'embed',
        name: 'ticket_types',
        spread: false,
        select: [{ type: 'star' }, { type: 'embed', name: 'events', spread: false, select: [{ type: 'field', name: 'id' }] }],
      },
    ]);
    expect(parseSelect('id,...organizations(org_name:name)')).toEqual([
      { type: 'field', name: 'id' },
      { type: 'embed', name: 'organizations', spread: true, select: [{ type: 'field', name: 'name', alias: 'org_name' }] },
    ]);
    expect(parseSelect('events!left()')).toEqual([{ type: 'embed', name: 'events', joinType: 'left', spread: false, select: [] }]);
  });

  it('rejects malformed input with PGRST100 and a position', () => {
    for (const bad of ['id,,name', 'id,', 'a(b', 'a(b))', 'a!', ':x', 'a::', 'a::1x', 'a!b!c(x)', '"unterminated', 'a b(c']) {
      const e = errorOf(() => parseSelect(bad));
      expect(e.status, bad).toBe(400);
      expect(body(e).code, bad).toBe('PGRST100');
      expect(body(e).message, bad).toContain('failed to parse select parameter');
    }
  });

  it('refuses unsupported syntax with a message naming it', () => {
    expect(body(errorOf(() => parseSelect('data->a'))).message).toMatch(/JSON path/);
    // Supabase runs PostgREST with aggregates disabled.
    expect(body(errorOf(() => parseSelect('count()')))).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    expect(body(errorOf(() => parseSelect('price.sum()'))).code).toBe('PGRST123');
  });
});

describe('filters', () => {
  it('parses every operator form supabase-js sends', () => {
    expect(parseFilterValue('a', 'eq.5')).toMatchObject({ field: 'a', op: 'eq', negate: false, value: '5' });
    expect(parseFilterValue('a', 'not.eq.x.y')).toMatchObject({ op: 'eq', negate: true, value: 'x.y' });
    expect(parseFilterValue('a', 'gte.2024-01-01T00:00:00+00:00')).toMatchObject({ op: 'gte', value: '2024-01-01T00:00:00+00:00' });
    expect(parseFilterValue('a', 'like.*Din*')).toMatchObject({ op: 'like', value: '%Din%' });
    expect(parseFilterValue('a', 'ilike.a*')).toMatchObject({ op: 'ilike', value: 'a%' });
    expect(parseFilterValue('a', 'is.null')).toMatchObject({ op: 'is', value: 'null' });
    expect(parseFilterValue('a', 'is.NOT_NULL')).toMatchObject({ op: 'is', value: 'not_null' });
    expect(parseFilterValue('a', 'not.is.true')).toMatchObject({ op: 'is', value: 'true', negate: true });
    expect(parseFilterValue('a', 'in.(1,2,"c,d","e\\"f")')).toMatchObject({ op: 'in', value: ['1', '2', 'c,d', 'e"f'] });
    expect(parseFilterValue('a', 'in.()')).toMatchObject({ op: 'in', value: [] });
    expect(parseFilterValue('a', 'not.in.(x)')).toMatchObject({ op: 'in', negate: true, value: ['x'] });
    expect(parseFilterValue('a', 'cs.{a,b}')).toMatchObject({ op: 'cs', value: '{a,b}' });
    expect(parseFilterValue('a', 'like(any).{a*,b*}')).toMatchObject({ op: 'like', quantifier: 'any', value: '{a%,b%}' });
    expect(parseFilterValue('a', 'fts(english).cat')).toMatchObject({ op: 'fts', ftsConfig: 'english', value: 'cat' });
    expect(parseFilterValue('a', 'eq.')).toMatchObject({ op: 'eq', value: '' });
  });

  it('rejects unknown operators and malformed values with PGRST100', () => {
    for (const bad of ['xx.1', 'eq', 'eq5', 'in.1,2', 'in.(1,2', 'in.(1))', 'is.maybe', 'not.', 'eq(any).x', 'gt(foo).{1}', 'fts().x', '']) {
      const e = errorOf(() => parseFilterValue('a', bad));
      expect(e.status, bad).toBe(400);
      expect(body(e).code, bad).toBe('PGRST100');
    }
    expect(String(body(errorOf(() => parseFilterValue('a', 'between.1'))).details)).toContain('unknown operator "between"');
  });

  it('parses or/and trees with nesting, negation and quoted values', () => {
    const t = parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.lt.3),not.or(d.is.null,e.in.(1,"x,y")),f.eq."a,b)")');
    expect(t.op).toBe('or');
    expect(t.children).toHaveLength(4);
    expect(t.children[0]).toMatchObject({ kind: 'filter', field: 'a', op: 'eq', value: '1' });
    expect(t.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: false, children: [{ field: 'b' }, { field: 'c' }] });
    expect(t.children[2]).toMatchObject({
      kind: 'logic',
      op: 'or',
      negate: true,
      children: [
        { field: 'd', op: 'is' },
        { field: 'e', value: ['1', 'x,y'] },
      ],
    });
    expect(t.children[3]).toMatchObject({ field: 'f', value: 'a,b)' });
    expect(parseLogicTree('and', true, '(tags.cs.{a,b},x.not.eq.2)').children).toMatchObject([
      { field: 'tags', op: 'cs', value: '{a,b}' },
      { field: 'x', op: 'eq', negate: true, value: '2' },
    ]);
    expect(body(errorOf(() => parseLogicTree('or', false, '(organizations.slug.eq.x,a.eq.1)'))).message).toMatch(/embedded resource inside or\/and/);
    for (const bad of ['a.eq.1', '(a.eq.1', '(a.eq.1))', '()', '(a.zz.1)', '(and(a.eq.1)', '(a)']) {
      expect(errorOf(() => parseLogicTree('or', false, bad)).status, bad).toBe(400);
    }
  });
});

describe('order, keys, columns', () => {
  it('parses order terms', () => {
    expect(parseOrder('date.desc,title,id.asc.nullsfirst,x.nullslast')).toEqual([
      { field: 'date', direction: 'desc' },
      { field: 'title' },
      { field: 'id', direction: 'asc', nulls: 'first' },
      { field: 'x', nulls: 'last' },
    ]);
    expect(parseOrder('organizations(name).desc')).toEqual([{ relation: 'organizations', field: 'name', direction: 'desc' }]);
    for (const bad of ['', 'a.up', 'a,', 'a.desc.asc', 'org(name', 'org()']) expect(errorOf(() => parseOrder(bad)).status, bad).toBe(400);
  });

  it('parses parameter keys and column lists', () => {
    expect(parseKeyPath('events.ticket_types.price')).toEqual(['events', 'ticket_types', 'price']);
    expect(parseKeyPath('"a.b".c')).toEqual(['a.b', 'c']);
    expect(parseColumnList('"title","date",org_id', 'columns')).toEqual(['title', 'date', 'org_id']);
    expect(errorOf(() => parseColumnList('a,,b', 'columns')).status).toBe(400);
    expect(errorOf(() => parseKeyPath('a..b')).status).toBe(400);
  });
});

describe('headers', () => {
  it('reads Prefer as supabase-js joins it', () => {
    const p = parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default, bogus=1');
    expect(p).toMatchObject({ return: 'representation', count: 'exact', resolution: 'merge-duplicates', missing: 'default' });
    expect(p.invalid).toEqual(['bogus=1']);
    expect(parsePrefer(['handling=strict', 'max-affected=3'])).toMatchObject({ handling: 'strict', maxAffected: 3 });
  });

  it('reads Range and Accept', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRangeHeader('items=5-')).toEqual({ offset: 5 });
    expect(errorOf(() => parseRangeHeader('9-0'))).toMatchObject({ status: 416, body: { code: 'PGRST103' } });
    expect(parseRangeHeader('garbage')).toBeUndefined();
    expect(parseAccept(undefined)).toEqual({ kind: 'array', stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ kind: 'object', stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ kind: 'object', stripNulls: true });
    expect(parseAccept('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ kind: 'array', stripNulls: true });
    expect(parseAccept('text/html, */*;q=0.8')).toEqual({ kind: 'array', stripNulls: false });
    const e = errorOf(() => parseAccept('text/csv'));
    expect(e.status).toBe(406);
    expect(body(e).code).toBe('PGRST107');
  });
});

describe('garbage never crashes or hangs the parser', () => {
  const rand = seededRandom(0x2545f491);
  const alphabet = [
    '(',
    ')',
    ',',
    '.',
    '"',
    '!',
    ':',
    '*',
    '{',
    '}',
    '\\',
    ' ',
    '-',
    '>',
    'a',
    'b',
    'eq',
    'in',
    'not',
    'or',
    'and',
    'is',
    'null',
    '...',
    '::',
    '1',
    'é',
    '\u0000',
    '%',
    '\n',
  ];
  const garbage = () => {
    const n = Math.floor(rand() * 40);
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
    return s;
  };
  const parsers: [string, (s: string) => unknown][] = [
    ['select', parseSelect],
    ['filter', (s) => parseFilterValue('a', s)],
    ['or', (s) => parseLogicTree('or', false, s)],
    ['order', parseOrder],
    ['key', parseKeyPath],
    ['columns', (s) => parseColumnList(s, 'columns')],
    ['prefer', parsePrefer],
    ['range', parseRangeHeader],
    ['accept', parseAccept],
  ];

  it('answers every random input with a value or a 4xx HttpError', () => {
    for (let i = 0; i < 4000; i++) {
      const input = garbage();
      for (const [name, parse] of parsers) {
        try {
          parse(input);
        } catch (error) {
          if (!(error instanceof HttpError)) throw new Error(`${name}(${JSON.stringify(input)}) threw ${String(error)}`, { cause: error });
          expect([400, 406, 416]).toContain(error.status);
        }
      }
    }
  });

  it('survives deep nesting and huge inputs', () => {
    const deep = 'a('.repeat(5000) + 'b' + ')'.repeat(5000);
    expect(errorOf(() => parseSelect(deep)).status).toBe(400);
    const deepOr = '(' + 'and('.repeat(5000) + 'a.eq.1' + ')'.repeat(5001);
    expect(errorOf(() => parseLogicTree('or', false, deepOr)).status).toBe(400);
    expect(errorOf(() => parseSelect('a,'.repeat(100_000) + 'a')).status).toBe(400);
    expect(errorOf(() => parseFilterValue('a', 'in.(' + '"'.repeat(50_000))).status).toBe(400);
  });
});
