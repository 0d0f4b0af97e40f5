// The sitemap of the public site: GET → application/xml (sitemaps.org 0.9), public (verify_jwt
// = false), cached for an hour by browsers and CDNs. The site is a static SPA and cannot list
// the organizations at request time, so this function does; the site's robots.txt names it
// (`Sitemap: <API URL>/functions/v1/sitemap`: a sitemap on another host is allowed when the
// site's robots.txt declares it). Listed: the product's own public pages (/, /pop-up-chef), every
// published organization's page /{slug} and the alias paths of their pages (org_page_aliases, e.g.
// /magnolia-supper-club), read the way the public reads them (the publishable key, under
// row-level security: what the home page lists). URLs are absolute, on SITE_URL (where the site
// is served). GET only: Edge Runtime answers HEAD 405 itself.
import { allowMethods, handler } from '../_shared/http.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { publicApiKey } from '../_shared/keys.ts';

const PRODUCT_PAGES = ['/', '/pop-up-chef'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PAGE_SIZE = 1000; // PostgREST's max_rows
const MAX_URLS = 50_000; // a sitemap file's limit

function env(name: string): string {
  const value = Deno.env.get(name)?.trim();
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value.replace(/\/+$/, '');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Every row of a public table, as anon reads it (row-level security applies), a page at a time. */
async function readAll<Row>(table: string, query: string): Promise<Row[]> {
  const api = env('SUPABASE_URL');
  const key = publicApiKey();
  const rows: Row[] = [];
  for (let offset = 0; offset < MAX_URLS; offset += PAGE_SIZE) {
    const response = await fetch(`${api}/rest/v1/${table}?${query}&offset=${offset}&limit=${PAGE_SIZE}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Reading ${table} failed: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as Row[];
    rows.push(...page);
    if (page.length < PAGE_SIZE) break;
  }
  return rows;
}

/** The organizations' pages: each published organization's slug, then the alias paths of their pages. */
async function organizationPaths(): Promise<string[]> {
  const [orgs, aliases] = await Promise.all([
    readAll<{ id: string; slug: string }>('organizations', 'select=id,slug&state=eq.published&order=slug.asc'),
    readAll<{ path: string; org_id: string }>('org_page_aliases', 'select=path,org_id&order=path.asc'),
  ]);
  const published = new Set(orgs.map((o) => o.id));
  return [...aliases.filter((a) => published.has(a.org_id)).map((a) => a.path), ...orgs.map((o) => o.slug)];
}

function sitemapXml(site: string, orgPaths: readonly string[]): string {
  const paths = [...PRODUCT_PAGES, ...orgPaths.filter((s) => SLUG.test(s)).map((s) => `/${s}`)];
  const unique = [...new Set(paths)].slice(0, MAX_URLS);
  const urls = unique.map((path) => `  <url><loc>${escapeXml(site + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'GET');
    const body = sitemapXml(env('SITE_URL'), await organizationPaths());
    return new Response(body, {
      status: 200,
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      },
    });
  }),
);
