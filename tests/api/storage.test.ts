import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../stack/config.ts';
import { anonClient as client } from '../support/db.ts';
import { NO_API_KEY_BODY } from '../../stack/gateway/server.ts';
import { stackEnv } from '../support/stack-env.ts';
import { rawRequest } from './raw-http.ts';

// supabase-js storage against the local storage subset (/storage/v1), bucket org-assets
// (public read; writes by members of the org named by the first path segment; 10 MiB;
// jpeg/png/webp/pdf). Like storage-api, client errors are HTTP 400 with the precise
// status in the body's statusCode (storage-js: error.statusCode).

const env = stackEnv();
const statusCodeOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** The headers of a browser's PNG upload as `token`'s user, on a connection it will close. */
const pngUploadHeaders = (token: string): [string, string][] => [
  ['apikey', env.anonKey],
  ['Authorization', `Bearer ${token}`],
  ['Content-Type', 'image/png'],
  ['Connection', 'close'],
];

let db: pg.Client;
let eatathome: string;
let magnolia: string;
let owner: SupabaseClient;

beforeAll(async () => {
  db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string; slug: string }>(`select id, slug from public.organizations where slug in ('eatathome', 'magnolia')`);
  eatathome = rows.find((r) => r.slug === 'eatathome')!.id;
  magnolia = rows.find((r) => r.slug === 'magnolia')!.id;
  owner = client();
  const { error } = await owner.auth.signInWithPassword({ email: 'owner@eatathome.test', password: DEMO_PASSWORD });
  expect(error).toBeNull();
});

afterAll(async () => {
  await db?.end();
});

describe('upload', () => {
  it('a member uploads into their organization, and the public URL serves the bytes', async () => {
    const path = `${eatathome}/logos/logo-${run}.png`;
    const { data, error } = await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }), { cacheControl: '120' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `org-assets/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const {
      rows: [row],
    } = await db.query(`select owner, metadata from storage.objects where bucket_id = 'org-assets' and name = $1`, [path]);
    const {
      rows: [me],
    } = await db.query(`select id from auth.users where email = 'owner@eatathome.test'`);
    expect(row.owner).toBe(me.id);
    expect(row.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.length, contentLength: PNG.length, cacheControl: 'max-age=120' });

    const publicUrl = owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl;
    expect(publicUrl).toBe(`${env.apiUrl}/storage/v1/object/public/org-assets/${path}`);
    const res = await fetch(publicUrl); // no key at all: the bucket is public
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a raw (non-multipart) body works too, and download() reads it back through RLS: the member, not a visitor', async () => {
    const path = `${eatathome}/menus/menu-${run}.pdf`;
    const bytes = Buffer.from('%PDF-1.4 fake menu');
    const up = await owner.storage.from('org-assets').upload(path, bytes, { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    const down = await owner.storage.from('org-assets').download(path);
    expect(down.error).toBeNull();
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(bytes)).toBe(true);
    expect(down.data!.type).toBe('application/pdf');
    // A visitor reads it by its public URL; the authenticated route asks RLS, which lets them see nothing.
    const visitor = await client().storage.from('org-assets').download(path);
    expect(visitor.error?.message).toBe('Object not found');
    const res = await fetch(owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an anonymous visitor cannot upload (403, RLS)', async () => {
    const { error } = await client()
      .storage.from('org-assets')
      .upload(`${eatathome}/logos/anon-${run}.png`, new Blob([PNG], { type: 'image/png' }));
    expect(statusCodeOf(error)).toBe('403');
    expect(error?.message).toBe('new row violates row-level security policy');
    const { rowCount } = await db.query(`select 1 from storage.objects where name = $1`, [`${eatathome}/logos/anon-${run}.png`]);
    expect(rowCount).toBe(0);
  });

  it("a member cannot upload into another organization's folder (403, RLS)", async () => {
    const path = `${magnolia}/logos/intruder-${run}.png`;
    const { error } = await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }));
    expect(statusCodeOf(error)).toBe('403');
    expect(error?.message).toBe('new row violates row-level security policy');
    const { rowCount } = await db.query(`select 1 from storage.objects where name = $1`, [path]);
    expect(rowCount).toBe(0);
  });

  it('a file over 10 MiB is refused by the bucket (413)', async () => {
    const big = new Blob([Buffer.alloc(10 * 1024 * 1024 + 1)], { type: 'image/png' });
    const { error } = await owner.storage.from('org-assets').upload(`${eatathome}/gallery/big-${run}.png`, big);
    expect(statusCodeOf(error)).toBe('413');
    expect(error?.message).toBe('The object exceeded the maximum allowed size');
  });

  it('a GIF is refused by the bucket (415)', async () => {
    const { error } = await owner.storage
      .from('org-assets')
      .upload(`${eatathome}/gallery/anim-${run}.gif`, new Blob(['GIF89a'], { type: 'image/gif' }));
    expect(statusCodeOf(error)).toBe('415');
    expect(error?.message).toBe('mime type image/gif is not supported');
  });

  it('an existing path is a 409 Duplicate unless upsert is asked for', async () => {
    const path = `${eatathome}/misc/dup-${run}.png`;
    expect((await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const again = await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }));
    expect(statusCodeOf(again.error)).toBe('409');
    expect(again.error?.message).toBe('The resource already exists');

    const replaced = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const upsert = await owner.storage.from('org-assets').upload(path, new Blob([replaced], { type: 'image/png' }), { upsert: true });
    expect(upsert.error).toBeNull();
    const res = await fetch(owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl);
    expect(Buffer.from(await res.arrayBuffer()).equals(replaced)).toBe(true);
  });

  it('an unknown bucket is "Bucket not found" (404)', async () => {
    const { error } = await owner.storage.from('no-such-bucket').upload(`${eatathome}/logos/x.png`, new Blob([PNG], { type: 'image/png' }));
    expect(statusCodeOf(error)).toBe('404');
    expect(error?.message).toBe('Bucket not found');
  });
});

describe('read, list and remove', () => {
  it('a missing public object is "Object not found"', async () => {
    const res = await fetch(`${env.apiUrl}/storage/v1/object/public/org-assets/${eatathome}/logos/missing-${run}.png`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('list() shows folders and files at a prefix', async () => {
    const path = `${eatathome}/gallery/list-${run}.webp`;
    expect((await owner.storage.from('org-assets').upload(path, new Blob(['x'], { type: 'image/webp' }))).error).toBeNull();
    const top = await owner.storage.from('org-assets').list(eatathome);
    expect(top.error).toBeNull();
    expect(top.data!.find((e) => e.name === 'gallery')).toMatchObject({ id: null });
    const gallery = await owner.storage.from('org-assets').list(`${eatathome}/gallery`);
    expect(gallery.data!.find((e) => e.name === `list-${run}.webp`)?.id).toBeTruthy();
  });

  it('a visitor reads an object by its public URL but cannot list the bucket (no policy lets them)', async () => {
    const path = `${eatathome}/gallery/unlisted-${run}.png`;
    expect((await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const res = await fetch(owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(200);
    const listed = await client().storage.from('org-assets').list(`${eatathome}/gallery`);
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    expect((await owner.storage.from('org-assets').list(`${eatathome}/gallery`)).data!.some((e) => e.name === `unlisted-${run}.png`)).toBe(true);
  });

  it('remove() deletes through RLS: anon removes nothing, the member removes the object and its bytes', async () => {
    const path = `${eatathome}/misc/remove-${run}.png`;
    const { data: up } = await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }));
    const anon = await client().storage.from('org-assets').remove([path]);
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual([]);

    const removed = await owner.storage.from('org-assets').remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name)).toEqual([path]);
    expect((await db.query('select 1 from storage.local_blobs where object_id = $1', [up!.id])).rowCount).toBe(0);
    const res = await fetch(owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl);
    expect((await res.json()).statusCode).toBe('404');
  });

  it('a private bucket is not served on the public URL', async () => {
    await db.query(`insert into storage.buckets (id, name, public) values ('private-test', 'private-test', false) on conflict do nothing`);
    const res = await fetch(`${env.apiUrl}/storage/v1/object/public/private-test/anything.png`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('the bytes table is out of reach of the API roles', async () => {
    const {
      rows: [row],
    } = await db.query(`select has_table_privilege('authenticated', 'storage.local_blobs', 'select') as a,
                                                  has_table_privilege('anon', 'storage.local_blobs', 'select') as b,
                                                  has_table_privilege('service_role', 'storage.local_blobs', 'select') as c`);
    expect(row).toEqual({ a: false, b: false, c: false });
  });
});

describe('malformed requests are a 4xx in storage-api shape, never a 5xx', () => {
  const storageShape = (body: unknown) =>
    expect(body).toMatchObject({ statusCode: expect.any(String), error: expect.any(String), message: expect.any(String) });
  const get = (path: string) => rawRequest(env.apiUrl, { method: 'GET', target: `/storage/v1${path}`, headers: [['apikey', env.anonKey]] });

  it('a NUL in a bucket or object name', async () => {
    for (const [path, statusCode, message] of [
      ['/object/public/org%00assets/x.png', '400', 'Bucket name invalid'],
      ['/object/public/org-assets/a%00b.png', '400', 'Invalid key: a\u0000b.png'],
      ['/object/authenticated/org-assets/a%00b.png', '400', 'Invalid key: a\u0000b.png'],
      ['/bucket/org%00assets', '400', 'Bucket name invalid'],
      [`/object/org-assets/${eatathome}/%00.png`, '400', `Invalid key: ${eatathome}/\u0000.png`],
    ]) {
      const { response, error } = await get(path);
      expect(error, path).toBeUndefined();
      expect(response!.status, path).toBe(400);
      expect(response!.json(), path).toMatchObject({ statusCode, message });
    }
    const list = await owner.storage.from('org-assets').list(eatathome, { search: 'a\u0000b' });
    expect(list.error).toBeNull();
    const prefix = await owner.storage.from('org-assets').list(`${eatathome}/\u0000`);
    expect(statusCodeOf(prefix.error)).toBe('400');
  });

  it('broken percent-encoding in the path', async () => {
    for (const path of [
      '/object/public/org-assets/%E0%A4%A',
      '/object/public/org-assets/%zz',
      '/bucket/%E0%A4%A',
      '/object/list/%zz',
      '/object/org-assets/x/%zz',
    ]) {
      const { response, error } = await get(path);
      expect(error, path).toBeUndefined();
      expect(response!.status, path).toBe(400);
      const body = response!.json();
      storageShape(body);
      expect((body as { message: string }).message).toMatch(/is not a valid url component/);
    }
  });

  it('an upload over the limit is refused with 413 the client receives, even with Connection: close', async () => {
    const token = (await owner.auth.getSession()).data.session!.access_token;
    const big = Buffer.alloc(10 * 1024 * 1024 + 70 * 1024);
    for (const bodyMode of ['length', 'chunked'] as const) {
      const { response, error } = await rawRequest(env.apiUrl, {
        method: 'POST',
        target: `/storage/v1/object/org-assets/${eatathome}/gallery/huge-${run}-${bodyMode}.png`,
        bodyMode,
        body: big,
        headers: pngUploadHeaders(token),
      });
      expect(error, bodyMode).toBeUndefined();
      expect(response!.status).toBe(400);
      expect(response!.json()).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    }
    // Refused before the body is read (unknown bucket): still answered, not reset.
    const early = await rawRequest(env.apiUrl, {
      method: 'POST',
      target: `/storage/v1/object/no-such-bucket/x/huge-${run}.png`,
      body: big,
      headers: pngUploadHeaders(token),
    });
    expect(early.error).toBeUndefined();
    expect(early.response!.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('a JSON body over 1 MiB is a 413', async () => {
    const res = await fetch(`${env.apiUrl}/storage/v1/object/list/org-assets`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '413', message: 'Request body is larger than the 1 MiB limit' });
  });

  it('Range: one byte span is a 206, a span past the end a 416; malformed ones are ignored', async () => {
    const path = `${eatathome}/logos/range-${run}.png`;
    expect((await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const url = owner.storage.from('org-assets').getPublicUrl(path).data.publicUrl;
    const part = await fetch(url, { headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(1, 4))).toBe(true);
    const suffix = await fetch(url, { headers: { range: 'bytes=-2' } });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(PNG.subarray(-2))).toBe(true);
    const past = await fetch(url, { headers: { range: 'bytes=999999999999-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${PNG.length}`);
    expect(await past.json()).toMatchObject({ statusCode: '416', error: 'Range Not Satisfiable' });
    for (const range of ['bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=abc', `bytes=${'9'.repeat(40)}-`]) {
      const whole = await fetch(url, { headers: { range } });
      expect(whole.status, range).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });
});

describe('a request without any key', () => {
  it('gets the gateway’s 401 instead of data, as on hosted Supabase', async () => {
    const path = `${eatathome}/logos/nokey-${run}.png`;
    expect((await owner.storage.from('org-assets').upload(path, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    for (const [method, target, body] of [
      ['GET', '/storage/v1/bucket'],
      ['GET', '/storage/v1/bucket/org-assets'],
      ['POST', '/storage/v1/object/list/org-assets', '{"prefix":""}'],
      ['GET', `/storage/v1/object/authenticated/org-assets/${path}`],
      ['GET', `/storage/v1/object/org-assets/${path}`],
      ['POST', `/storage/v1/object/org-assets/${eatathome}/logos/nokey-upload-${run}.png`, 'x'],
      ['DELETE', '/storage/v1/object/org-assets', JSON.stringify({ prefixes: [path] })],
    ] as const) {
      const res = await fetch(`${env.apiUrl}${target}`, { method, body });
      expect(res.status, `${method} ${target}`).toBe(401);
      expect(await res.json()).toEqual(NO_API_KEY_BODY);
    }
    // The object is still there, and the public URL serves it without a key (<img src>).
    const pub = await fetch(`${env.apiUrl}/storage/v1/object/public/org-assets/${path}`);
    expect(pub.status).toBe(200);
    expect(Buffer.from(await pub.arrayBuffer()).equals(PNG)).toBe(true);
    // A key in the header (or only a bearer token) is enough.
    expect((await fetch(`${env.apiUrl}/storage/v1/bucket`, { headers: { apikey: env.anonKey } })).status).toBe(200);
    expect((await fetch(`${env.apiUrl}/storage/v1/bucket`, { headers: { authorization: `Bearer ${env.anonKey}` } })).status).toBe(200);
  });
});
