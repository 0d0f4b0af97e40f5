import { describe, expect, it } from 'vitest';
import { createOrg } from '../tests/support/fixtures.ts';
import { sql } from '../tests/support/db.ts';
import { stackEnv } from '../tests/support/stack-env.ts';
import { newPage } from './support/browser.ts';

// robots.txt (served by the site: vite.config.ts) and the sitemap it names (the `sitemap`
// edge function, public, through the gateway), read as a crawler would, parsed in real Chromium.

const sitemapUrl = () => `${stackEnv().apiUrl}/functions/v1/sitemap`;

async function robots(): Promise<{ status: number; type: string; lines: string[] }> {
  const res = await fetch(`${stackEnv().siteUrl}/robots.txt`);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', lines: text.split('\n').map((l) => l.trim()) };
}

/** The sitemap's <loc> URLs, parsed by Chromium's XML parser (which reports any malformed XML). */
async function sitemapLocs(): Promise<{ status: number; type: string; cache: string; locs: string[] }> {
  const res = await fetch(sitemapUrl()); // no Authorization, no apikey: as a crawler asks
  const xml = await res.text();
  const { page } = await newPage();
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0];
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    return {
      error: error ? error.textContent : null,
      root:
        doc.documentElement.namespaceURI === ns
          ? doc.documentElement.localName
          : `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      locs: [...doc.getElementsByTagNameNS(ns, 'url')].map((u) => u.getElementsByTagNameNS(ns, 'loc')[0]?.textContent ?? ''),
    };
  }, xml);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('urlset');
  return { status: res.status, type: res.headers.get('content-type') ?? '', cache: res.headers.get('cache-control') ?? '', locs: parsed.locs };
}

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the private ones and names the sitemap by its absolute URL', async () => {
    const { status, type, lines } = await robots();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/auth', '/booking/', '/waitlist/', '/pay/', '/reservation-details']) expect(lines).toContain(`Disallow: ${path}`);
    // Nothing public is disallowed.
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice('Disallow:'.length).trim());
    for (const path of ['/', '/eatathome', '/magnolia-supper-club', '/eat-at-home', '/pop-up-chef']) {
      expect(
        disallowed.some((d) => d !== '' && path.startsWith(d)),
        path,
      ).toBe(false);
    }
    const sitemaps = lines.filter((l) => l.startsWith('Sitemap:')).map((l) => l.slice('Sitemap:'.length).trim());
    expect(sitemaps).toEqual([sitemapUrl()]);
  });
});

describe('sitemap', () => {
  it('is public XML with absolute URLs: the product pages, every published organization and its alias paths, a new one at once, a deleted, unpublished or suspended one no more', async () => {
    const { siteUrl } = stackEnv();
    const added = await createOrg({ name: 'Sitemap Kitchen' });
    const gone = await createOrg({ name: 'Sitemap Gone' });
    await sql('delete from public.organizations where id = $1', [gone.id]);
    const soon = await createOrg({ name: 'Sitemap Soon' });
    await sql(`update public.organizations set state = 'unpublished', published_at = null where id = $1`, [soon.id]);
    const closed = await createOrg({ name: 'Sitemap Closed' });
    await sql(`update public.organizations set state = 'suspended' where id = $1`, [closed.id]);
    // Alias paths are configuration (org_page_aliases): listed while their organization is published.
    await sql(`insert into public.org_page_aliases (path, org_id, layout) values ('static', $1, 'supper_club'), ('health', $2, 'supper_club')`, [
      added.id,
      soon.id,
    ]);

    const { status, type, cache, locs } = await sitemapLocs().finally(() =>
      sql(`delete from public.org_page_aliases where path in ('static', 'health')`),
    );
    expect(locs).toContain(`${siteUrl}/static`);
    expect(locs).not.toContain(`${siteUrl}/health`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(cache).toMatch(/public, max-age=\d+/);
    for (const loc of locs) expect(new URL(loc).origin, loc).toBe(siteUrl);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ['/', '/magnolia-supper-club', '/eat-at-home', '/pop-up-chef', '/eatathome', '/magnolia', '/garden-table']) {
      expect(locs).toContain(`${siteUrl}${path}`);
    }
    expect(locs).toContain(`${siteUrl}/${added.slug}`);
    expect(locs).not.toContain(`${siteUrl}/${gone.slug}`);
    expect(locs).not.toContain(`${siteUrl}/${soon.slug}`);
    expect(locs).not.toContain(`${siteUrl}/${closed.slug}`);
    // No private or reserved path is listed.
    const paths = locs.map((l) => new URL(l).pathname);
    for (const path of paths)
      expect(path, path).not.toMatch(/^\/(admin|auth|booking|waitlist|pay|reservation-details|embed|robots\.txt|sitemap\.xml)(\/|$)/);
    for (const path of paths) expect(path, path).not.toMatch(/\/embed$/);
  });

  it('answers GET only: HEAD is refused as Edge Runtime refuses it (GET, POST, PUT, PATCH, DELETE, OPTIONS), POST by the function', async () => {
    const head = await fetch(sitemapUrl(), { method: 'HEAD' });
    expect(head.status).toBe(405);
    const post = await fetch(sitemapUrl(), { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
  });
});
