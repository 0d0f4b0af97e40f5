import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, createRestOrg, isoDate, restCaller, restTarget, upsertBranding, type RestReply } from './target.ts';

// Former "silent differences from PostgREST" of the local gateway (stack/gateway/rest): each
// now behaves as PostgREST documents it, or is refused with a clear PostgREST-shaped error.
// Also: the OpenAPI root filtered by the caller's privileges, and requests a fuzzer had
// answered with 5xx. Tests that depend on the local stack's configuration (db-tx-end =
// commit-allow-override) or need the database directly skip themselves on a real Supabase.

const target = restTarget();
const itLocal = target.real ? it.skip : it;
const service = clientFor(target, target.serviceRoleKey);
const anon = clientFor(target, target.anonKey);

const rest = restCaller(target);

/** The PostgREST error shape. */
function expectPgrstError(r: RestReply, status: number, code: string) {
  expect(r.status, r.text).toBe(status);
  expect(Object.keys(r.json).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(r.json.code).toBe(code);
}

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slug = `rest-parity-${tag}`;
let orgId = '';
const ev: { id: string; title: string }[] = [];
let db: pg.Client | undefined;

beforeAll(async () => {
  orgId = await createRestOrg(rest, `REST parity ${tag}`, slug);
  const rows = await rest('events?select=id,title&order=date', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: ['One', 'Two', 'Three'].map((title, i) => ({ org_id: orgId, title, date: isoDate(5 + i), event_time: '19:00', refund_window_hours: 10 })),
  });
  if (rows.status !== 201) throw new Error(`creating events failed: ${rows.text}`);
  ev.push(...rows.json);
  const pool = await rest('capacity_pools?select=id', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: { event_id: ev[0].id, size: 8 },
  });
  if (pool.status !== 201) throw new Error(`creating a capacity pool failed: ${pool.text}`);
  const tickets = await rest('ticket_types', {
    method: 'POST',
    body: [{ event_id: ev[0].id, name: 'Standard', price: 4000, pool_id: pool.json[0].id }],
  });
  if (tickets.status !== 201) throw new Error(`creating ticket types failed: ${tickets.text}`);
  if (!target.real) {
    db = new pg.Client({ connectionString: target.dbUrl });
    await db.connect();
  }
});

afterAll(async () => {
  if (orgId) await rest(`organizations?id=eq.${orgId}`, { method: 'DELETE' });
  await db?.end();
});

const evq = () => `events?org_id=eq.${orgId}`;

describe('Prefer: tx=rollback (db-tx-end = commit-allow-override)', () => {
  itLocal('answers a write as if applied, with Preference-Applied: tx=rollback, and keeps nothing', async () => {
    const ins = await rest('events?select=title', {
      method: 'POST',
      headers: { prefer: 'return=representation, tx=rollback' },
      body: { org_id: orgId, title: 'Never stored', date: isoDate(9), event_time: '19:00' },
    });
    expect(ins.status).toBe(201);
    expect(ins.json).toEqual([{ title: 'Never stored' }]);
    expect(ins.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect((await rest(`${evq()}&title=eq.Never stored`)).json).toEqual([]);

    const upd = await rest(`events?id=eq.${ev[0].id}`, { method: 'PATCH', headers: { prefer: 'tx=rollback' }, body: { title: 'Renamed' } });
    expect(upd.status).toBe(204);
    expect(upd.headers.get('preference-applied')).toBe('tx=rollback');
    const del = await rest(`events?id=eq.${ev[1].id}`, { method: 'DELETE', headers: { prefer: 'tx=rollback' } });
    expect(del.status).toBe(204);
    expect((await rest(`${evq()}&select=title&order=date`)).json).toEqual([{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]);
  });

  itLocal('works through supabase-js .rollback(), and tx=commit commits', async () => {
    const { data, error, status } = await service
      .from('events')
      .insert({ org_id: orgId, title: 'Dry run', date: isoDate(9), event_time: '19:00' })
      .select('title')
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ title: 'Dry run' }]);
    expect((await service.from('events').select('id').eq('org_id', orgId).eq('title', 'Dry run')).data).toEqual([]);
    const committed = await rest(`events?id=eq.${ev[2].id}`, { method: 'PATCH', headers: { prefer: 'tx=commit' }, body: { location_name: 'Barn' } });
    expect(committed.status).toBe(204);
    expect(committed.headers.get('preference-applied')).toBe('tx=commit');
    expect((await rest(`events?id=eq.${ev[2].id}&select=location_name`)).json).toEqual([{ location_name: 'Barn' }]);
  });
});

describe('Prefer: handling=strict, max-affected on RPC', () => {
  itLocal('fails with PGRST124 and rolls back when a SETOF function returns more rows; PGRST128 for a single-row function', async () => {
    const table = `rest_parity_${tag}`;
    const fn = `rest_parity_${tag}_add`;
    await db!.query(`create table public.${table} (id int primary key);
      create function public.${fn}(n int) returns setof public.${table} language sql volatile as
        $$ insert into public.${table} select g from generate_series(1, n) g returning * $$;`);
    try {
      const over = await rest(`rpc/${fn}`, { method: 'POST', headers: { prefer: 'handling=strict, max-affected=2' }, body: { n: 3 } });
      expectPgrstError(over, 400, 'PGRST124');
      expect(over.json).toMatchObject({ message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 3 rows' });
      expect((await db!.query(`select count(*)::int as n from public.${table}`)).rows[0].n).toBe(0);

      const within = await rest(`rpc/${fn}`, { method: 'POST', headers: { prefer: 'handling=strict, max-affected=2' }, body: { n: 2 } });
      expect(within.status).toBe(200);
      expect(within.json).toEqual([{ id: 1 }, { id: 2 }]);
      expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=2');

      // Lenient handling ignores max-affected, as PostgREST does.
      const lenient = await rest(`rpc/${fn}`, { method: 'POST', headers: { prefer: 'max-affected=1' }, body: { n: 0 } });
      expect(lenient.status).toBe(200);

      const single = await rest('rpc/release_expired_holds', {
        method: 'POST',
        headers: { prefer: 'handling=strict, max-affected=5' },
        body: {},
      });
      expectPgrstError(single, 400, 'PGRST128');
    } finally {
      await db!.query(`drop function if exists public.${fn}(int); drop table if exists public.${table}`);
    }
  });

  it('PATCH/DELETE keep their max-affected check (what supabase-js .maxAffected() sends)', async () => {
    const prefer = { prefer: 'handling=strict, max-affected=1' };
    const upd = await rest(evq(), { method: 'PATCH', headers: prefer, body: { location_name: 'Hall' } });
    expectPgrstError(upd, 400, 'PGRST124');
    expect(upd.json.details).toBe('The query affects 3 rows');
    expect((await rest(`${evq()}&location_name=eq.Hall`)).json).toEqual([]);
    const del = await rest(evq(), { method: 'DELETE', headers: prefer });
    expectPgrstError(del, 400, 'PGRST124');
    const one = await rest(`events?id=eq.${ev[0].id}`, { method: 'PATCH', headers: prefer, body: { location_name: null } });
    expect(one.status).toBe(204);
    expect(one.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
  });
});

describe('embedding the same table twice', () => {
  it('without aliases is refused as PostgREST refuses it (400 42712), with aliases both keys come back', async () => {
    const dup = await rest(`${evq()}&select=id,organizations!events_org_id_fkey(name),organizations!org_id(slug)`);
    expectPgrstError(dup, 400, '42712');
    expect(dup.json.message).toBe('table name "events_organizations_1" specified more than once');
    const nested = await rest(`organizations?id=eq.${orgId}&select=id,events(id,ticket_types(name),ticket_types(price))`);
    expectPgrstError(nested, 400, '42712');
    expect(nested.json.message).toBe('table name "events_ticket_types_2" specified more than once');

    const aliased = await rest(`${evq()}&select=title,a:organizations!events_org_id_fkey(name),b:organizations!org_id(slug)&order=date&limit=1`);
    expect(aliased.status).toBe(200);
    expect(aliased.json).toEqual([{ title: 'One', a: { name: `REST parity ${tag}` }, b: { slug } }]);
  });
});

describe('embedding one table twice, told apart by column hints (PostgREST findRel)', () => {
  // people references itself twice (mentor_id, buddy_id); tasks references people twice.
  const people = `rest_parity_${tag}_people`;
  const tasks = `rest_parity_${tag}_tasks`;
  const keysOf = (text: string) => [...text.matchAll(/"([a-z_]+)":/g)].map((m) => m[1]);

  itLocal('aliased: two keys; unaliased: 400 42712 as Postgres answers PostgREST; never the same JSON key twice', async () => {
    await db!.query(`create table public.${people} (id int primary key, name text,
        mentor_id int references public.${people}, buddy_id int references public.${people});
      create table public.${tasks} (id int primary key, owner_id int references public.${people}, other_id int references public.${people});
      grant select on public.${people}, public.${tasks} to anon, authenticated, service_role;
      insert into public.${people} values (1, 'Ann', null, null), (2, 'Bob', 1, null), (3, 'Cy', 1, 2);
      insert into public.${tasks} values (10, 1, 2);`);
    try {
      // Two foreign keys to another table, hinted by their columns.
      const aliased = await rest(`${tasks}?select=id,a:${people}!owner_id(name),b:${people}!other_id(name)`);
      expect(aliased.status, aliased.text).toBe(200);
      expect(aliased.json).toEqual([{ id: 10, a: { name: 'Ann' }, b: { name: 'Bob' } }]);
      const twice = await rest(`${tasks}?select=id,${people}!owner_id(name),${people}!other_id(name)`);
      expectPgrstError(twice, 400, '42712');
      expect(twice.json).toEqual({ code: '42712', message: `table name "${tasks}_${people}_1" specified more than once`, details: null, hint: null });

      // A self-reference: the table's name (with the referencing column as hint) is the children,
      // the column alone the parent.
      const children = await rest(`${people}?select=id,mentees:${people}!mentor_id(id),buddies:${people}!buddy_id(id)&order=id`);
      expect(children.status, children.text).toBe(200);
      expect(children.json).toEqual([
        { id: 1, mentees: [{ id: 2 }, { id: 3 }], buddies: [] },
        { id: 2, mentees: [], buddies: [{ id: 3 }] },
        { id: 3, mentees: [], buddies: [] },
      ]);
      const selfTwice = await rest(`${people}?select=id,${people}!mentor_id(id),${people}!buddy_id(id)`);
      expectPgrstError(selfTwice, 400, '42712');
      expect(selfTwice.json.message).toBe(`table name "${people}_${people}_1" specified more than once`);
      // Without a hint both self-references are children: ambiguous, as in PostgREST.
      const noHint = await rest(`${people}?select=id,${people}(id)`);
      expectPgrstError(noHint, 300, 'PGRST201');
      expect(noHint.json.details.map((d: { cardinality: string }) => d.cardinality)).toEqual(['one-to-many', 'one-to-many']);

      // A column and an embed under one name: PostgREST writes the key twice, the embed last,
      // which is what a JSON parser keeps; here the key comes once, with that value.
      const parents = await rest(`${people}?select=*,mentor_id(name),buddy_id(name)&id=eq.3`);
      expect(parents.status, parents.text).toBe(200);
      expect(keysOf(parents.text)).toEqual(['id', 'name', 'mentor_id', 'name', 'buddy_id', 'name']);
      expect(parents.json).toEqual([{ id: 3, name: 'Cy', mentor_id: { name: 'Ann' }, buddy_id: { name: 'Bob' } }]);
      const aliasOverColumn = await rest(`${tasks}?select=owner_id:${people}!owner_id(name),owner_id`);
      expect(keysOf(aliasOverColumn.text)).toEqual(['owner_id', 'name']);
      expect(aliasOverColumn.json).toEqual([{ owner_id: { name: 'Ann' } }]);
    } finally {
      await db!.query(`drop table if exists public.${tasks}; drop table if exists public.${people}`);
    }
  });
});

describe('upsert statuses', () => {
  it('ignore-duplicates on an existing row answers 201 (with [] as representation); merge-duplicates that only updates answers 200', async () => {
    const base = { org_id: orgId, brand_name: 'First' };
    const first = await upsertBranding(rest, 'merge', base);
    expect(first.status).toBe(201);
    const ignored = await upsertBranding(rest, 'ignore', { ...base, brand_name: 'Ignored' });
    expect(ignored.status).toBe(201);
    expect(ignored.json).toEqual([]);
    expect(ignored.headers.get('preference-applied')).toBe('resolution=ignore-duplicates, return=representation');
    const ignoredMinimal = await rest('org_branding?on_conflict=org_id', {
      method: 'POST',
      headers: { prefer: 'resolution=ignore-duplicates' },
      body: { ...base, brand_name: 'Ignored' },
    });
    expect(ignoredMinimal.status).toBe(201);
    expect(ignoredMinimal.text).toBe('');
    const viaJs = await service
      .from('org_branding')
      .upsert({ ...base, brand_name: 'Ignored' }, { onConflict: 'org_id', ignoreDuplicates: true })
      .select('brand_name');
    expect(viaJs.status).toBe(201);
    expect(viaJs.data).toEqual([]);

    const merged = await upsertBranding(rest, 'merge', { ...base, brand_name: 'Merged' });
    expect(merged.status).toBe(200);
    expect(merged.json).toEqual([{ brand_name: 'Merged' }]);
    const mergedMinimal = await rest('org_branding?on_conflict=org_id', {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates' },
      body: { ...base, brand_name: 'Merged again' },
    });
    expect(mergedMinimal.status).toBe(200);
    const empty = await rest('org_branding?on_conflict=org_id', {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      body: [],
    });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);
    expect((await rest(`org_branding?org_id=eq.${orgId}&select=brand_name`)).json).toEqual([{ brand_name: 'Merged again' }]);
  });
});

describe('the schema cache', () => {
  itLocal("reloads on NOTIFY pgrst, 'reload schema', as PostgREST does: a function's new answer columns are served", async () => {
    const fn = `rest_parity_${tag}_shape`;
    const call = async () => (await rest(`rpc/${fn}`, { method: 'POST', body: {} })).json;
    await db!.query(`create function public.${fn}() returns table (a int, b int) language sql as 'select 1, 2'`);
    try {
      expect(await call()).toEqual([{ a: 1, b: 2 }]);
      await db!.query(
        `drop function public.${fn}(); create function public.${fn}() returns table (a int, b int, c int) language sql as 'select 1, 2, 3'`,
      );
      await db!.query(`notify pgrst, 'reload schema'`);
      // The notification reaches the gateway's listener on its own connection, a moment later.
      let answer: unknown;
      for (let i = 0; i < 50; i++) {
        answer = await call();
        if (JSON.stringify(answer) !== JSON.stringify([{ a: 1, b: 2 }])) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer).toEqual([{ a: 1, b: 2, c: 3 }]);
    } finally {
      await db!.query(`drop function if exists public.${fn}()`);
    }
  });
});

describe('counts', () => {
  it('RPC with count=exact reports the total in Content-Range (supabase-js count): single values count as 1', async () => {
    const scalar = await service.rpc('release_expired_holds', {}, { count: 'exact' });
    expect(scalar.error).toBeNull();
    expect(scalar.count).toBe(1);
    const set = await service.rpc('promo_throttle_limits', {}, { count: 'exact' });
    expect(set.error).toBeNull();
    expect(set.count).toBe((set.data as unknown[]).length);
    const raw = await rest('rpc/release_expired_holds', { method: 'POST', headers: { prefer: 'count=exact' }, body: {} });
    expect(raw.headers.get('content-range')).toBe('0-0/1');
    expect(raw.headers.get('preference-applied')).toBe('count=exact');
    const noCount = await rest('rpc/release_expired_holds', { method: 'POST', body: {} });
    expect(noCount.headers.get('content-range')).toBe('0-0/*');
  });

  itLocal('RPC of a set-returning function counts past limit and filters (206 for a partial page)', async () => {
    const fn = `rest_parity_${tag}_series`;
    await db!.query(
      `create function public.${fn}(n int) returns table(i int, label text) language sql stable as $$ select g, 'x' || g from generate_series(1, n) g $$`,
    );
    try {
      const r = await rest(`rpc/${fn}?n=10&i=gt.2&limit=3`, { headers: { prefer: 'count=exact' } });
      expect(r.status).toBe(206);
      expect(r.headers.get('content-range')).toBe('0-2/8');
      const js = await service.rpc(fn, { n: 4 }, { count: 'exact', head: true });
      expect(js.count).toBe(4);
    } finally {
      await db!.query(`drop function if exists public.${fn}(int)`);
    }
  });

  itLocal('count=planned is the planner estimate; count=estimated is exact up to max_rows (1000), the estimate beyond', async () => {
    const table = `rest_parity_${tag}_rows`;
    await db!.query(`create table public.${table} (id int primary key);
      insert into public.${table} select generate_series(1, 1500);
      analyze public.${table};`);
    try {
      const planned = await rest(`${table}?select=id&limit=10`, { headers: { prefer: 'count=planned' } });
      expect(planned.status).toBe(206);
      expect(planned.headers.get('content-range')).toBe('0-9/1500');
      expect(planned.headers.get('preference-applied')).toBe('count=planned');
      const plannedFiltered = await rest(`${table}?select=id&id=lte.300&order=id&limit=5`, { headers: { prefer: 'count=planned' } });
      expect(plannedFiltered.status).toBe(206);
      const estimate = Number(plannedFiltered.headers.get('content-range')!.split('/')[1]);
      expect(estimate).toBeGreaterThan(200);
      expect(estimate).toBeLessThan(400);

      const below = await rest(`${table}?select=id&id=lte.10&limit=4`, { headers: { prefer: 'count=estimated' } });
      expect(below.status).toBe(206);
      expect(below.headers.get('content-range')).toBe('0-3/10');
      const above = await rest(`${table}?select=id&limit=2`, { headers: { prefer: 'count=estimated' } });
      expect(above.status).toBe(206);
      expect(above.headers.get('content-range')).toBe('0-1/1500');
      const js = await service.from(table).select('id', { count: 'planned', head: true });
      expect(js.count).toBe(1500);
      const full = await rest(`${table}?select=id&id=lte.3`, { headers: { prefer: 'count=estimated' } });
      expect(full.status).toBe(200);
      expect(full.headers.get('content-range')).toBe('0-2/3');
    } finally {
      await db!.query(`drop table if exists public.${table}`);
    }
  });
});

describe('empty embeds', () => {
  it('rel() filters without adding a key to the output', async () => {
    const plain = await rest(`${evq()}&select=title,organizations()&order=date&limit=1`);
    expect(plain.status).toBe(200);
    expect(plain.json).toEqual([{ title: 'One' }]);
    const filteredOnly = await rest(`${evq()}&select=title,ticket_types()&ticket_types.name=eq.Standard&order=date`);
    expect(filteredOnly.json).toEqual([{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]);
    const inner = await rest(`${evq()}&select=title,ticket_types!inner()&order=date`);
    expect(inner.json).toEqual([{ title: 'One' }]);
    const notNull = await rest(`${evq()}&select=title,ticket_types()&ticket_types.name=eq.Standard&ticket_types=not.is.null`);
    expect(notNull.json).toEqual([{ title: 'One' }]);
    const isNull = await rest(`${evq()}&select=title,ticket_types()&ticket_types=is.null&order=date`);
    expect(isNull.json).toEqual([{ title: 'Two' }, { title: 'Three' }]);
    const js = await anon
      .from('events')
      .select('title, organizations!inner()')
      .eq('org_id', orgId)
      .eq('organizations.slug', slug)
      .order('date')
      .limit(1);
    expect(js.error).toBeNull();
    expect(js.data).toEqual([{ title: 'One' }]);
  });
});

describe('API key', () => {
  it("a request without apikey header, apikey parameter or Authorization is 401, as Supabase's gateway answers", async () => {
    const r = await rest(`${evq()}&select=id`, { key: null });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    const rpc = await rest('rpc/get_public_org_page', { method: 'POST', key: null, body: { p_slug: slug } });
    expect(rpc.status).toBe(401);
    expect(rpc.json.message).toBe('No API key found in request');
    const viaParam = await rest(`${evq()}&select=id&apikey=${target.anonKey}`, { key: null });
    expect(viaParam.status).toBe(200);
    expect(viaParam.json).toHaveLength(3);
  });
});

describe('OpenAPI root', () => {
  itLocal('lists only what the role may use: anon does not see service-only functions and tables, service_role does', async () => {
    const serviceOnly = ['/rpc/hold_booking', '/rpc/confirm_booking', '/rpc/release_expired_holds', '/app_settings'];
    const asAnon = await rest('', { key: target.anonKey });
    expect(asAnon.status).toBe(200);
    expect(asAnon.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
    for (const p of serviceOnly) expect(Object.keys(asAnon.json.paths), p).not.toContain(p);
    expect(asAnon.json.definitions).not.toHaveProperty('app_settings');
    expect(Object.keys(asAnon.json.paths)).toEqual(expect.arrayContaining(['/events', '/organizations', '/rpc/get_public_org_page']));
    // A read-only view is listed with GET only.
    expect(Object.keys(asAnon.json.paths['/events_with_availability'])).toEqual(['get']);

    const asService = await rest('');
    expect(asService.status).toBe(200);
    expect(Object.keys(asService.json.paths)).toEqual(expect.arrayContaining(serviceOnly));
    expect(asService.json.definitions).toHaveProperty('app_settings');
  });
});

describe('no 5xx for requests a fuzzer found (local gateway)', () => {
  itLocal("writes to the read-only view events_with_availability are 405 with Postgres' 55000 and an Allow header", async () => {
    for (const [method, verb] of [
      ['POST', 'cannot insert into view'],
      ['PATCH', 'cannot update view'],
      ['DELETE', 'cannot delete from view'],
    ] as const) {
      const r = await rest(`events_with_availability?id=eq.${ev[0].id}`, {
        method,
        key: target.anonKey,
        body: method === 'DELETE' ? undefined : { title: 'x' },
      });
      expectPgrstError(r, 405, '55000');
      expect(r.json.message).toBe(`${verb} "events_with_availability"`);
      expect(r.headers.get('allow')).toBe('OPTIONS,GET,HEAD');
    }
    const js = await service.from('events_with_availability').update({ title: 'x' }).eq('id', ev[0].id);
    expect(js.status).toBe(405);
    expect(js.error?.code).toBe('55000');
    expect((await rest(`events?id=eq.${ev[0].id}&select=title`)).json).toEqual([{ title: 'One' }]);
  });

  itLocal("a select list over Postgres' 1,664 columns is 400 54011 before the database", async () => {
    for (const select of [
      Array(1700).fill('title').join(','),
      Array(200).fill('*').join(','),
      `id,organizations(${Array(1700).fill('name').join(',')})`,
    ]) {
      const r = await rest(`${evq()}&select=${select}`);
      expectPgrstError(r, 400, '54011');
      expect(r.json.message).toBe('target lists can have at most 1664 entries');
    }
    expect((await rest(`${evq()}&select=${Array(100).fill('title').join(',')}&limit=1`)).status).toBe(200);
  });

  itLocal('NUL bytes in parameters, names, paths and JSON bodies are 400', async () => {
    const nul = '%00';
    const gets = [
      `${evq()}&title=eq.a${nul}b`,
      `${evq()}&title=in.(a,"b${nul}")`,
      `${evq()}&title=like.*${nul}*`,
      `${evq()}&select="a${nul}b":title`,
      `${evq()}&select=id,"o${nul}":organizations(name)`,
      `${evq()}&select=id,x${nul}y`,
      `${evq()}&order="ti${nul}tle"`,
      `${evq()}&"ti${nul}tle"=eq.x`,
      `${evq()}&or=(title.eq.a${nul})`,
      `${evq()}&limit=1${nul}`,
      `rpc/get_public_org_page?p_slug=a${nul}b`,
    ];
    const failures: string[] = [];
    for (const q of gets) {
      const r = await rest(q, { key: target.anonKey });
      if (r.status !== 400 || typeof r.json?.code !== 'string') failures.push(`GET ${q} → ${r.status} ${r.text}`);
    }
    const posts: [string, string][] = [
      ['events', `{"org_id":"${orgId}","title":"a\\u0000b","date":"${isoDate(3)}","event_time":"19:00"}`],
      ['events', `{"ti\\u0000tle":"x"}`],
      [`events?columns="ti${nul}tle"`, '{"title":"x"}'],
      [`org_branding?on_conflict="org${nul}_id"`, `{"org_id":"${orgId}"}`],
      ['rpc/get_public_org_page', '{"p_slug":"a\\u0000b"}'],
      [`rpc/admin_create_event`, '{"p_event":{"title":"\\u0000"}}'],
    ];
    for (const [path, rawBody] of posts) {
      const r = await rest(path, { method: 'POST', rawBody });
      if (r.status !== 400 || typeof r.json?.code !== 'string') failures.push(`POST ${path} ${rawBody} → ${r.status} ${r.text}`);
    }
    const patch = await rest(`events?id=eq.${ev[0].id}`, { method: 'PATCH', rawBody: '{"title":"\\u0000"}' });
    if (patch.status !== 400) failures.push(`PATCH → ${patch.status} ${patch.text}`);
    const path = await rest(`ev${nul}ents?select=id`);
    if (path.status !== 404) failures.push(`path → ${path.status} ${path.text}`);
    expect(failures).toEqual([]);
    // The connection pool is still healthy.
    expect((await rest(`${evq()}&select=id`)).json).toHaveLength(3);
  });
});
