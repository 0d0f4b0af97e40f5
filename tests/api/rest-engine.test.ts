import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../support/random.ts';
import { createRestOrg, isoDate, restCaller, restTarget, upsertBranding } from './target.ts';

// PostgREST HTTP semantics beyond what supabase-js exposes directly: headers, ranges,
// embedding rules, logic trees, error codes, the schema cache and robustness.
// Runs against the local gateway or a real Supabase (see target.ts); tests that need
// the database directly or would hammer a real server skip themselves there.

const target = restTarget();
const itLocal = target.real ? it.skip : it;

const rest = restCaller(target);

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slug = `rest-engine-${tag}`;
let orgId = '';
const ev: { id: string; title: string; date: string; refund_window_hours: number | null }[] = [];

/** A capacity pool of the event, for a ticket type to draw from. */
async function newPool(eventId: string, size: number): Promise<string> {
  const r = await rest('capacity_pools?select=id', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: { event_id: eventId, size },
  });
  if (r.status !== 201) throw new Error(`creating a capacity pool failed: ${r.text}`);
  return r.json[0].id;
}

beforeAll(async () => {
  orgId = await createRestOrg(rest, `REST engine ${tag}`, slug);
  const rows = await rest('events?select=id,title,date,refund_window_hours&order=date', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: [
      { org_id: orgId, title: 'Alpha, the first', date: isoDate(5), event_time: '18:00', refund_window_hours: 10, location_name: null },
      { org_id: orgId, title: 'Beta', date: isoDate(6), event_time: '19:00', refund_window_hours: 30, location_name: 'Barn' },
      { org_id: orgId, title: 'Gamma', date: isoDate(7), event_time: '20:00', refund_window_hours: null, location_name: 'Barn' },
    ],
  });
  if (rows.status !== 201) throw new Error(`creating events failed: ${rows.text}`);
  ev.push(...rows.json);
  const tickets = await rest('ticket_types', {
    method: 'POST',
    body: [
      { event_id: ev[0].id, name: 'Standard', price: 4000, pool_id: await newPool(ev[0].id, 8) },
      { event_id: ev[0].id, name: 'Deluxe', price: 9000, pool_id: await newPool(ev[0].id, 2) },
      { event_id: ev[1].id, name: 'Standard', price: 4500, pool_id: await newPool(ev[1].id, 0) },
    ],
  });
  if (tickets.status !== 201) throw new Error(`creating ticket types failed: ${tickets.text}`);
});

afterAll(async () => {
  if (orgId) await rest(`organizations?id=eq.${orgId}`, { method: 'DELETE' });
});

const evq = () => `events?org_id=eq.${orgId}`;

describe('ranges, counts and HEAD', () => {
  it('Content-Range without a count preference ends in /*', async () => {
    const r = await rest(`${evq()}&select=title&order=date`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-2/*');
    const empty = await rest(`${evq()}&title=eq.none`);
    expect(empty.json).toEqual([]);
    expect(empty.headers.get('content-range')).toBe('*/*');
  });

  it('count=exact: total in Content-Range, */0 when empty, 206 for a partial page', async () => {
    const full = await rest(`${evq()}&select=title`, { headers: { prefer: 'count=exact' } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-range')).toBe('0-2/3');
    const empty = await rest(`${evq()}&title=eq.none`, { headers: { prefer: 'count=exact' } });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-range')).toBe('*/0');
    const partial = await rest(`${evq()}&select=title&order=date&limit=1&offset=1`, { headers: { prefer: 'count=exact' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('1-1/3');
    expect(partial.json).toEqual([{ title: 'Beta' }]);
  });

  it('honours the Range header (intersected with limit/offset)', async () => {
    const r = await rest(`${evq()}&select=title&order=date`, { headers: { range: '1-2', 'range-unit': 'items' } });
    expect(r.json).toEqual([{ title: 'Beta' }, { title: 'Gamma' }]);
    expect(r.headers.get('content-range')).toBe('1-2/*');
  });

  it('an offset past the end with a count is 416 PGRST103', async () => {
    const r = await rest(`${evq()}&offset=10`, { headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(416);
    expect(r.json.code).toBe('PGRST103');
  });

  it('HEAD answers headers only', async () => {
    const r = await rest(`${evq()}&select=id`, { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('content-range')).toBe('0-2/3');
  });
});

describe('filters', () => {
  it('supports the comparison, pattern, is and in operators', async () => {
    const titles = async (q: string) => (await rest(`${evq()}&select=title&order=date&${q}`)).json?.map((e: { title: string }) => e.title);
    expect(await titles('refund_window_hours=gt.10')).toEqual(['Beta']);
    expect(await titles('refund_window_hours=gte.10')).toEqual(['Alpha, the first', 'Beta']);
    expect(await titles('refund_window_hours=lt.30')).toEqual(['Alpha, the first']);
    expect(await titles('refund_window_hours=neq.10')).toEqual(['Beta']);
    expect(await titles('refund_window_hours=is.null')).toEqual(['Gamma']);
    expect(await titles('refund_window_hours=not.is.null')).toEqual(['Alpha, the first', 'Beta']);
    expect(await titles('location_name=is.null')).toEqual(['Alpha, the first']);
    expect(await titles('title=like.*et*')).toEqual(['Beta']);
    expect(await titles('title=ilike.ALPHA*')).toEqual(['Alpha, the first']);
    expect(await titles('title=in.("Alpha, the first",Gamma)')).toEqual(['Alpha, the first', 'Gamma']);
    expect(await titles('title=not.in.(Beta)')).toEqual(['Alpha, the first', 'Gamma']);
    expect(await titles('title=eq.Beta&refund_window_hours=eq.30')).toEqual(['Beta']);
    expect(await titles('title=like(any).{B*,G*}')).toEqual(['Beta', 'Gamma']);
    expect(await titles('is_active=is.true')).toHaveLength(3);
  });

  it('supports or=(...) with nested and(...) and not.or', async () => {
    const q = (s: string) => rest(`${evq()}&select=title&order=date&${s}`);
    expect((await q('or=(title.eq.Gamma,and(refund_window_hours.gt.5,refund_window_hours.lt.20))')).json).toEqual([
      { title: 'Alpha, the first' },
      { title: 'Gamma' },
    ]);
    expect((await q('not.or=(title.eq.Gamma,title.eq.Beta)')).json).toEqual([{ title: 'Alpha, the first' }]);
    expect((await q('or=(title.eq."Alpha, the first",refund_window_hours.is.null)')).json).toEqual([
      { title: 'Alpha, the first' },
      { title: 'Gamma' },
    ]);
    expect((await q('and=(location_name.eq.Barn,refund_window_hours.not.is.null)')).json).toEqual([{ title: 'Beta' }]);
  });

  it('orders with nullsfirst / nullslast and several keys', async () => {
    const r = await rest(`${evq()}&select=title&order=refund_window_hours.desc.nullslast,title`);
    expect(r.json.map((e: { title: string }) => e.title)).toEqual(['Beta', 'Alpha, the first', 'Gamma']);
    const r2 = await rest(`${evq()}&select=title&order=refund_window_hours.asc.nullsfirst`);
    expect(r2.json.map((e: { title: string }) => e.title)).toEqual(['Gamma', 'Alpha, the first', 'Beta']);
  });

  it('rejects bad syntax with 400 PGRST100 and unknown names with their codes', async () => {
    for (const q of ['title=eq', 'title=foo.bar', 'or=(title.eq.a', 'select=id,,title', 'order=title.sideways', 'limit=abc', 'select=title)']) {
      const r = await rest(`events?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.code, q).toBe('PGRST100');
    }
    const col = await rest('events?order=nope.asc');
    expect(col.status).toBe(400);
    expect(col.json.code).toBe('42703');
  });
});

describe('embedding', () => {
  it('many-to-one gives an object, one-to-many an array, nested', async () => {
    const r = await rest(`${evq()}&select=title,organizations(slug),ticket_types(name,price)&order=date&ticket_types.order=price.desc`);
    expect(r.status).toBe(200);
    expect(r.json[0]).toEqual({
      title: 'Alpha, the first',
      organizations: { slug },
      ticket_types: [
        { name: 'Deluxe', price: 9000 },
        { name: 'Standard', price: 4000 },
      ],
    });
    expect(r.json[2].ticket_types).toEqual([]);
  });

  it('embedded filters filter the embedded rows only; !inner filters the parents', async () => {
    const loose = await rest(`${evq()}&select=title,ticket_types(name)&order=date&ticket_types.name=eq.Deluxe`);
    expect(loose.json.map((e: { ticket_types: unknown[] }) => e.ticket_types.length)).toEqual([1, 0, 0]);
    const inner = await rest(`${evq()}&select=title,ticket_types!inner(name)&order=date&ticket_types.name=eq.Standard`, {
      headers: { prefer: 'count=exact' },
    });
    expect(inner.json.map((e: { title: string }) => e.title)).toEqual(['Alpha, the first', 'Beta']);
    expect(inner.headers.get('content-range')).toBe('0-1/2');
    const toOne = await rest(`${evq()}&select=title,organizations(slug)&organizations.slug=eq.elsewhere&limit=1`);
    expect(toOne.json).toEqual([{ title: expect.any(String), organizations: null }]);
    const toOneInner = await rest(`${evq()}&select=title,organizations!inner(slug)&organizations.slug=eq.elsewhere`);
    expect(toOneInner.json).toEqual([]);
  });

  it('filters parents on embedded presence with rel=not.is.null / rel=is.null', async () => {
    const some = await rest(`${evq()}&select=title,ticket_types(name)&ticket_types=not.is.null&order=date`);
    expect(some.json.map((e: { title: string }) => e.title)).toEqual(['Alpha, the first', 'Beta']);
    const none = await rest(`${evq()}&select=title,ticket_types(name)&ticket_types=is.null`);
    expect(none.json).toEqual([{ title: 'Gamma', ticket_types: [] }]);
  });

  it('supports aliases, embedding hints, limits on embeds and spreads', async () => {
    const r = await rest(
      `${evq()}&select=t:title,org:organizations!events_org_id_fkey(slug),tickets:ticket_types(name)&tickets.limit=1&tickets.order=name&order=date&limit=1`,
    );
    expect(r.json).toEqual([{ t: 'Alpha, the first', org: { slug }, tickets: [{ name: 'Deluxe' }] }]);
    const byColumn = await rest(`${evq()}&select=title,organizations!org_id(name)&limit=1&order=date`);
    expect(byColumn.json[0].organizations.name).toBe(`REST engine ${tag}`);
    const spread = await rest(`${evq()}&select=title,...organizations(org_slug:slug)&order=date&limit=1`);
    expect(spread.json).toEqual([{ title: 'Alpha, the first', org_slug: slug }]);
  });

  it('embeds from a view through its base table keys, and one-to-one as an object', async () => {
    const r = await rest(`events_with_availability?org_id=eq.${orgId}&select=title,organizations(slug)&order=date&limit=1`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ title: 'Alpha, the first', organizations: { slug } }]);
    const branding = await rest(`organizations?id=eq.${orgId}&select=slug,org_branding(brand_name)`);
    expect(branding.status).toBe(200);
    expect(branding.json).toEqual([{ slug, org_branding: null }]);
  });

  it('orders by a column of a to-one embed (related order)', async () => {
    const r = await rest(`ticket_types?event_id=in.(${ev[0].id},${ev[1].id})&select=name,price,events(date)&order=events(date).desc,price.asc`);
    expect(r.status).toBe(200);
    expect(r.json.map((t: { price: number }) => t.price)).toEqual([4500, 4000, 9000]);
    const bad = await rest(`${evq()}&select=title,ticket_types(name)&order=ticket_types(name)`);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('PGRST118');
  });

  it('only is.null / not.is.null may filter an embedded resource itself (PGRST120)', async () => {
    const r = await rest(`${evq()}&select=title,ticket_types(name)&ticket_types=eq.x`);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST120');
  });

  it('unknown relationships and embedded paths are 400 PGRST200 / PGRST108', async () => {
    const rel = await rest('events?select=title,chef_signups(name)');
    expect(rel.status).toBe(400);
    expect(rel.json.code).toBe('PGRST200');
    const path = await rest('events?select=title&ticket_types.name=eq.x');
    expect(path.status).toBe(400);
    expect(path.json.code).toBe('PGRST108');
  });
});

describe('media types and profiles', () => {
  it('singular responses use the pgrst object media type', async () => {
    const r = await rest(`${evq()}&select=title&title=eq.Beta`, { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ title: 'Beta' });
    expect(r.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.object\+json/);
  });

  it('nulls=stripped drops null fields', async () => {
    const r = await rest(`${evq()}&select=title,refund_window_hours&title=eq.Gamma`, {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(r.json).toEqual([{ title: 'Gamma' }]);
  });

  it('only the public schema is exposed (406 PGRST106)', async () => {
    const get = await rest('events?select=id', { headers: { 'accept-profile': 'auth' } });
    expect(get.status).toBe(406);
    expect(get.json.code).toBe('PGRST106');
    const post = await rest('events', { method: 'POST', headers: { 'content-profile': 'storage' }, body: {} });
    expect(post.status).toBe(406);
    expect(post.json.code).toBe('PGRST106');
    const ok = await rest(`${evq()}&select=id`, { headers: { 'accept-profile': 'public' } });
    expect(ok.status).toBe(200);
  });

  it('unsupported media types are 406 PGRST107', async () => {
    const r = await rest('events?select=id', { headers: { accept: 'application/xml' } });
    expect(r.status).toBe(406);
    expect(r.json.code).toBe('PGRST107');
  });
});

describe('writes', () => {
  it('malformed JSON is 400 PGRST102', async () => {
    const r = await rest('events', { method: 'POST', rawBody: '{"title": ' });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST102');
  });

  it('returns embedded representations from writes', async () => {
    const r = await rest('ticket_types?select=name,events(title)', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: { event_id: ev[2].id, name: 'Late', price: 1000, pool_id: await newPool(ev[2].id, 1) },
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([{ name: 'Late', events: { title: 'Gamma' } }]);
    const del = await rest(`ticket_types?event_id=eq.${ev[2].id}&select=name`, { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(del.status).toBe(200);
    expect(del.json).toEqual([{ name: 'Late' }]);
  });

  it('missing=default fills absent keys of a bulk insert with column defaults, otherwise null', async () => {
    const poolId = await newPool(ev[2].id, 2);
    const rows = [
      { event_id: ev[2].id, name: 'With date', price: 1, pool_id: poolId, created_at: '2020-01-01T00:00:00+00:00' },
      { event_id: ev[2].id, name: 'Default date', price: 1, pool_id: poolId },
    ];
    const cols = 'columns=event_id,name,price,pool_id,created_at';
    const nulls = await rest(`ticket_types?${cols}`, { method: 'POST', body: rows });
    expect(nulls.status).toBe(400);
    expect(nulls.json.code).toBe('23502');
    const defaults = await rest(`ticket_types?${cols}&select=name,created_at&order=name`, {
      method: 'POST',
      headers: { prefer: 'return=representation, missing=default' },
      body: rows,
    });
    expect(defaults.status).toBe(201);
    expect(defaults.json[0].name).toBe('Default date');
    expect(new Date(defaults.json[0].created_at).getUTCFullYear()).toBeGreaterThan(2020);
    expect(defaults.json[1].created_at).toMatch(/^2020-01-01/);
    await rest(`ticket_types?event_id=eq.${ev[2].id}`, { method: 'DELETE' });
  });

  it('upsert: ignore-duplicates leaves the row, merge-duplicates updates it (200 when nothing was inserted)', async () => {
    const base = { org_id: orgId, brand_name: 'One' };
    const first = await upsertBranding(rest, 'merge', base);
    expect(first.status).toBe(201);
    const ignored = await upsertBranding(rest, 'ignore', { ...base, brand_name: 'Two' });
    expect(ignored.json).toEqual([]);
    const merged = await upsertBranding(rest, 'merge', { ...base, brand_name: 'Three' });
    expect(merged.status).toBe(200);
    expect(merged.json).toEqual([{ brand_name: 'Three' }]);
  });

  it('a singular PATCH that matches several rows is 406 and rolled back', async () => {
    const r = await rest(`${evq()}&select=title`, {
      method: 'PATCH',
      headers: { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
      body: { location_name: 'Moved' },
    });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const after = await rest(`${evq()}&location_name=eq.Moved`);
    expect(after.json).toEqual([]);
  });

  it('PATCH with an array body and unknown methods are refused', async () => {
    const arr = await rest(`${evq()}`, { method: 'PATCH', body: [{ title: 'x' }] });
    expect(arr.status).toBe(400);
    const put = await rest(`${evq()}`, { method: 'PUT', body: { title: 'x' } });
    expect(put.status).toBe(405);
  });
});

describe('rpc', () => {
  it('GET /rpc/fn passes query parameters as arguments', async () => {
    const r = await rest(`rpc/get_public_org_page?p_slug=${slug}`, { key: target.anonKey });
    expect(r.status).toBe(200);
    expect(r.text).toContain(orgId);
  });

  it('a function that writes cannot run through GET (read-only transaction)', async () => {
    const r = await rest('rpc/expire_reservation_holds');
    expect([200, 405]).toContain(r.status);
    if (r.status === 405) expect(r.json.code).toBe('25006');
  });
});

describe('schema cache and robustness (local stack only)', () => {
  itLocal('sees a table created after startup (reload on an unknown name)', async () => {
    const client = new pg.Client({ connectionString: target.dbUrl });
    await client.connect();
    const table = `rest_cache_probe_${tag}`;
    try {
      expect((await rest(`${table}?select=id`)).status).toBe(404);
      await client.query(
        `create table public.${table} (id int primary key, note text); alter table public.${table} enable row level security;` +
          ` revoke all on public.${table} from anon, authenticated; insert into public.${table} values (1, 'hello')`,
      );
      const r = await rest(`${table}?select=id,note`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual([{ id: 1, note: 'hello' }]);
      const anonR = await rest(`${table}?select=id`, { key: target.anonKey });
      expect(anonR.status).toBe(401);
    } finally {
      await client.query(`drop table if exists public.${table}`);
      await client.end();
    }
  });

  itLocal('calls set-returning, table, composite, array-argument and void functions (created after startup)', async () => {
    const client = new pg.Client({ connectionString: target.dbUrl });
    await client.connect();
    const f = (n: string) => `rest_probe_${tag}_${n}`;
    try {
      await client.query(`
        create function public.${f('tab')}(n int) returns table(i int, label text) language sql stable as $$ select g, 'x' || g from generate_series(1, n) g $$;
        create function public.${f('events')}(p_org uuid) returns setof public.events language sql stable as $$ select * from public.events where org_id = p_org $$;
        create function public.${f('ints')}() returns setof int language sql immutable as $$ select generate_series(1, 3) $$;
        create function public.${f('one')}(out a int, out b text) language sql immutable as $$ select 1, 'b' $$;
        create function public.${f('len')}(xs int[], d date default current_date) returns int language sql immutable as $$ select coalesce(array_length(xs, 1), 0) $$;
        create function public.${f('echo')}(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
        create function public.${f('void')}() returns void language sql volatile as $$ select 1 $$;
        create function public.${f('write')}() returns int language sql volatile as $$ update public.events set title = title where false returning 1 $$;`);
      const tab = await rest(`rpc/${f('tab')}`, { method: 'POST', body: { n: 3 } });
      expect(tab.json).toEqual([
        { i: 1, label: 'x1' },
        { i: 2, label: 'x2' },
        { i: 3, label: 'x3' },
      ]);
      const filtered = await rest(`rpc/${f('tab')}?n=5&i=gt.1&order=i.desc&limit=2&select=label`, { headers: { prefer: 'count=exact' } });
      expect(filtered.status).toBe(206);
      expect(filtered.json).toEqual([{ label: 'x5' }, { label: 'x4' }]);
      expect(filtered.headers.get('content-range')).toBe('0-1/4');
      const embedded = await rest(`rpc/${f('events')}?select=title,organizations(slug)&order=date&limit=1`, {
        method: 'POST',
        body: { p_org: orgId },
      });
      expect(embedded.json).toEqual([{ title: 'Alpha, the first', organizations: { slug } }]);
      expect((await rest(`rpc/${f('ints')}`, { method: 'POST' })).json).toEqual([1, 2, 3]);
      expect((await rest(`rpc/${f('one')}`)).json).toEqual({ a: 1, b: 'b' });
      expect((await rest(`rpc/${f('len')}`, { method: 'POST', body: { xs: [4, 5, 6] } })).json).toBe(3);
      expect((await rest(`rpc/${f('len')}?xs=${encodeURIComponent('{1,2}')}`)).json).toBe(2);
      expect((await rest(`rpc/${f('echo')}`, { method: 'POST', body: { any: ['thing'] } })).json).toEqual({ any: ['thing'] });
      const v = await rest(`rpc/${f('void')}`, { method: 'POST' });
      expect(v.status).toBe(204);
      expect(v.text).toBe('');
      const single = await rest(`rpc/${f('tab')}?n=2`, { headers: { accept: 'application/vnd.pgrst.object+json' } });
      expect(single.status).toBe(406);
      const viaGet = await rest(`rpc/${f('write')}`);
      expect(viaGet.status).toBe(405);
      expect(viaGet.json.code).toBe('25006');
      expect((await rest(`rpc/${f('write')}`, { method: 'POST' })).status).toBe(200);
      const wrongMethod = await rest(`rpc/${f('void')}`, { method: 'PATCH', body: {} });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.json.code).toBe('PGRST101');
    } finally {
      await client.query(
        ['tab(int)', 'events(uuid)', 'ints()', 'one()', 'len(int[], date)', 'echo(jsonb)', 'void()', 'write()']
          .map((sig) => `drop function if exists public.${f(sig.split('(')[0])}(${sig.split('(')[1]}`)
          .join('; '),
      );
      await client.end();
    }
  });

  itLocal('never answers 5xx to garbage and keeps serving', async () => {
    const rand = seededRandom(0x9e3779b9);
    const pieces = [
      'select',
      'order',
      'limit',
      'offset',
      'or',
      'and',
      'not',
      'title',
      'org_id',
      'ticket_types',
      'eq',
      'in',
      'is',
      '.',
      ',',
      '(',
      ')',
      '"',
      '!',
      ':',
      '*',
      '=',
      '&',
      '%',
      '%00',
      '%ZZ',
      '-1',
      '{',
      '}',
      'null',
      '::',
      '...',
    ];
    const garbage = () => Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
    const failures: string[] = [];
    const requests = Array.from({ length: 300 }, async (_, i) => {
      const method = ['GET', 'POST', 'PATCH', 'DELETE', 'HEAD'][i % 5];
      const q = `${garbage()}=${garbage()}&${garbage()}=${garbage()}`;
      // DELETE/PATCH only against an org-scoped filter so garbage never touches other data.
      const path = method === 'GET' || method === 'HEAD' ? `events?${q}` : `rpc/${garbage()}?${q}`;
      const r = await rest(path, { method, key: target.anonKey, rawBody: method === 'GET' || method === 'HEAD' ? undefined : garbage() });
      if (r.status >= 500) failures.push(`${method} ${path} → ${r.status} ${r.text}`);
    });
    await Promise.all(requests);
    expect(failures).toEqual([]);
    expect((await rest(`${evq()}&select=id`)).status).toBe(200);
  });

  itLocal('answers 4xx to pathological bodies and paths', async () => {
    const deep = `{"p_slug":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const r = await rest('rpc/get_public_org_page', { method: 'POST', rawBody: deep });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST102');
    const notArray = await rest('events', { method: 'POST', rawBody: '"just a string"' });
    expect(notArray.status).toBe(400);
    expect(notArray.json.code).toBe('PGRST102');
    const res = await fetch(`${target.apiUrl}/rest/v1events`, { headers: { apikey: target.anonKey } });
    expect(res.status).toBe(404);
    expect((await rest('a/b/c')).status).toBe(404);
  });

  itLocal('handles concurrent requests', async () => {
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        rest(`${evq()}&select=title,ticket_types(name)&order=date&limit=${1 + (i % 3)}`, { key: i % 2 ? target.anonKey : target.serviceRoleKey }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies[5].json).toHaveLength(3);
  });
});
