// The sitemap of the public site: GET → application/xml (sitemaps.org 0.9), public (verify_jwt
// = false), cached for an hour by browsers and CDNs. The site is a static SPA and cannot list
// the organizations at request time, so this function does; the site's robots.txt names it
// (`Sitemap: <API URL>/functions/v1/sitemap`: a sitemap on another host is allowed when the
// site's robots.txt declares it). Listed: the fixed public pages (/, /magnolia-supper-club,
// /eat-at-home, /pop-up-chef) and every organization's page /{slug}, read the way the public
// reads them (the publishable key, under row-level security: what the home page lists). URLs are
// absolute, on SITE_URL (where the site is served). GET only: Edge Runtime answers HEAD 405 itself.
import { allowMethods, handler } from '../_shared/http.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { publicApiKey } from '../_shared/keys.ts';

const FIXED_PAGES = ['/', '/magnolia-supper-club', '/eat-at-home', '/pop-up-chef'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PAGE_SIZE = 1000; // PostgREST's max_rows
const MAX_URLS = 50_000; // a sitemap file's limit

function env(name: string): string {
  const value = Deno.env.get(name)?.trim();
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value.replace(/\/+$/, '');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Every published organization's slug, as anon reads them (row-level security applies), in slug order. */
async function organizationSlugs(): Promise<string[]> {
  const api = env('SUPABASE_URL');
  const key = publicApiKey();
  const slugs: string[] = [];
  for (let offset = 0; offset < MAX_URLS; offset += PAGE_SIZE) {
    const response = await fetch(`${api}/rest/v1/organizations?select=slug&state=eq.published&order=slug.asc&offset=${offset}&limit=${PAGE_SIZE}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Reading organizations failed: HTTP ${response.status} ${await response.text()}`);
    const rows = (await response.json()) as { slug: string }[];
    slugs.push(...rows.map((r) => r.slug));
    if (rows.length < PAGE_SIZE) break;
  }
  return slugs;
}

function sitemapXml(site: string, slugs: readonly string[]): string {
  const paths = [...FIXED_PAGES, ...slugs.filter((s) => SLUG.test(s)).map((s) => `/${s}`)];
  const unique = [...new Set(paths)].slice(0, MAX_URLS);
  const urls = unique.map((path) => `  <url><loc>${escapeXml(site + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'GET');
    const body = sitemapXml(env('SITE_URL'), await organizationSlugs());
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
