/**
 * The demo's images ship with the project (supabase/seed-assets) and the stack serves them from
 * its own Storage (stack/seed-assets.ts): nothing of the demo comes from the internet.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listSeedAssets, loadSeedAssets, rebaseSeedUrl, SEED_ASSETS_DIR } from '../../stack/seed-assets.ts';
import { closeDb, sql } from '../support/db.ts';
import { createOrg } from '../support/fixtures.ts';
import { stackEnv } from '../support/stack-env.ts';

afterAll(closeDb);

const PUBLIC = '/storage/v1/object/public/org-assets/';

interface BrandingUrls {
  org_id: string;
  slug: string;
  logo_url: string | null;
  menu_file_url: string | null;
  empty_state_image_url: string | null;
  gallery_images: string[];
}

const brandingOf = (slugs: string[]) =>
  sql<BrandingUrls>(
    `select b.org_id, o.slug, b.logo_url, b.menu_file_url, b.empty_state_image_url, b.gallery_images
       from public.org_branding b join public.organizations o on o.id = b.org_id
      where o.slug = any($1) order by o.slug`,
    [slugs],
  );
const urlsOf = (row: BrandingUrls) =>
  [row.logo_url, row.menu_file_url, row.empty_state_image_url, ...row.gallery_images].filter((u): u is string => !!u);

describe('the demo images on the running stack', () => {
  it("are served by the stack's own Storage, publicly, byte for byte the shipped files", async () => {
    const { apiUrl } = stackEnv();
    const rows = await brandingOf(['eatathome', 'magnolia', 'garden-table']);
    expect(rows.map((r) => r.slug)).toEqual(['eatathome', 'garden-table', 'magnolia']);
    let checked = 0;
    for (const row of rows) {
      const urls = urlsOf(row);
      expect(urls.length, row.slug).toBeGreaterThanOrEqual(4);
      for (const url of urls) {
        const prefix = `${apiUrl}${PUBLIC}${row.org_id}/`;
        expect(url.startsWith(prefix), url).toBe(true);
        const shipped = readFileSync(join(SEED_ASSETS_DIR, row.slug, url.slice(prefix.length)));
        const res = await fetch(url); // no key, as an <img> asks
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe(url.endsWith('.pdf') ? 'application/pdf' : 'image/webp');
        expect(Buffer.from(await res.arrayBuffer()).equals(shipped), url).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(listSeedAssets().length);
  });

  it('loads again without changing anything (every start runs it)', async () => {
    const { apiUrl, serviceRoleKey } = stackEnv();
    const before = await brandingOf(['eatathome', 'magnolia', 'garden-table']);
    const result = await loadSeedAssets({ apiUrl, serviceRoleKey });
    expect(result).toEqual({ uploaded: listSeedAssets().length, rewritten: 0, problems: [] });
    expect(await brandingOf(['eatathome', 'magnolia', 'garden-table'])).toEqual(before);
  });
});

describe('loading seed assets into a project', () => {
  it("uploads an organization's files and points its seeded URLs, on any origin, at the API URL; leaves other URLs alone", async () => {
    const { apiUrl, serviceRoleKey } = stackEnv();
    const org = await createOrg({ name: 'Seed Assets Kitchen', branding: {} });
    const seeded = (path: string) => `http://127.0.0.1:54321${PUBLIC}${org.id}/${path}`;
    await sql(`update public.org_branding set logo_url = $2, menu_file_url = $3, empty_state_image_url = $4, gallery_images = $5 where org_id = $1`, [
      org.id,
      seeded('logos/logo.webp'),
      'https://example.com/menu.pdf',
      seeded('misc/not-shipped.webp'),
      [seeded('gallery/photo.webp'), `${apiUrl}${PUBLIC}${org.id}/gallery/own-upload.webp`],
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'seed-assets-'));
    try {
      mkdirSync(join(dir, org.slug, 'logos'), { recursive: true });
      mkdirSync(join(dir, org.slug, 'gallery'), { recursive: true });
      copyFileSync(join(SEED_ASSETS_DIR, 'eatathome', 'logos', 'logo.webp'), join(dir, org.slug, 'logos', 'logo.webp'));
      copyFileSync(join(SEED_ASSETS_DIR, 'eatathome', 'gallery', 'crudo.webp'), join(dir, org.slug, 'gallery', 'photo.webp'));

      expect(await loadSeedAssets({ apiUrl, serviceRoleKey, dir })).toEqual({ uploaded: 2, rewritten: 1, problems: [] });
      const [row] = await brandingOf([org.slug]);
      expect(row.logo_url).toBe(`${apiUrl}${PUBLIC}${org.id}/logos/logo.webp`);
      expect(row.menu_file_url).toBe('https://example.com/menu.pdf');
      expect(row.empty_state_image_url).toBe(seeded('misc/not-shipped.webp'));
      expect(row.gallery_images).toEqual([`${apiUrl}${PUBLIC}${org.id}/gallery/photo.webp`, `${apiUrl}${PUBLIC}${org.id}/gallery/own-upload.webp`]);
      const photo = await fetch(row.gallery_images[0]);
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer()).equals(readFileSync(join(SEED_ASSETS_DIR, 'eatathome', 'gallery', 'crudo.webp')))).toBe(true);

      expect(await loadSeedAssets({ apiUrl, serviceRoleKey, dir })).toEqual({ uploaded: 2, rewritten: 0, problems: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('skips organizations that do not exist, and answers a wrong key with a problem', async () => {
    const { apiUrl, serviceRoleKey, anonKey } = stackEnv();
    const dir = mkdtempSync(join(tmpdir(), 'seed-assets-'));
    try {
      mkdirSync(join(dir, 'no-such-org-here', 'logos'), { recursive: true });
      copyFileSync(join(SEED_ASSETS_DIR, 'eatathome', 'logos', 'logo.webp'), join(dir, 'no-such-org-here', 'logos', 'logo.webp'));
      expect(await loadSeedAssets({ apiUrl, serviceRoleKey, dir })).toEqual({ uploaded: 0, rewritten: 0, problems: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The anon key cannot write the bucket (its policies allow members only).
    const anon = await loadSeedAssets({ apiUrl, serviceRoleKey: anonKey });
    expect(anon.uploaded).toBe(0);
    expect(anon.problems.length).toBe(listSeedAssets().length);
  });

  it('rebases only public URLs of the named objects', () => {
    const keys = new Set(['org-1/logos/logo.webp']);
    expect(rebaseSeedUrl('http://127.0.0.1:54321/storage/v1/object/public/org-assets/org-1/logos/logo.webp', 'https://x.supabase.co/', keys)).toBe(
      'https://x.supabase.co/storage/v1/object/public/org-assets/org-1/logos/logo.webp',
    );
    for (const url of [
      'http://127.0.0.1:54321/storage/v1/object/public/org-assets/org-2/logos/logo.webp',
      'http://127.0.0.1:54321/storage/v1/object/public/org-assets/org-1/logos/logo.webp?v=2',
      'http://127.0.0.1:54321/storage/v1/object/sign/org-assets/org-1/logos/logo.webp',
      'https://images.example.com/org-1/logos/logo.webp',
      'not a url',
    ])
      expect(rebaseSeedUrl(url, 'https://x.supabase.co', keys)).toBe(url);
  });
});
