/**
 * The demo's images, shipped with the project so that a fresh clone looks real offline.
 *
 * The files live in supabase/seed-assets/<org slug>/<folder>/<file> (folder: logos, gallery,
 * menus or misc, as the admin's uploads). supabase/seed.sql points the demo organizations'
 * branding at their public URLs in the org-assets bucket on the default local API URL:
 * http://127.0.0.1:54321/storage/v1/object/public/org-assets/<org id>/<folder>/<file>.
 *
 * loadSeedAssets() uploads every file with the service role through the Storage API (upsert,
 * so it can run again) to <org id>/<folder>/<file>, the org id looked up by slug, then rewrites
 * the branding URLs that name one of those objects on another origin to the given API URL (the
 * stack's port, a hosted project). Any other URL (one staff set) is left alone; organizations
 * that do not exist are skipped.
 *
 * The local stack calls it on every start, once the gateway is up (stack/stack.ts). For a
 * project of your own (README.md, "Deploy to Supabase"), after seed.sql:
 *
 *   npm run seed:assets -- --url https://<ref>.supabase.co --service-key <service_role key>
 *
 * (or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY in the environment).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/database.types.ts';
import { ROOT } from './postgres.ts';

export const SEED_ASSETS_DIR = join(ROOT, 'supabase', 'seed-assets');
const BUCKET = 'org-assets';
const PUBLIC_PATH = `/storage/v1/object/public/${BUCKET}/`;
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

/** The branding columns that hold a URL of an uploaded file (gallery_images is an array). */
const URL_COLUMNS = ['logo_url', 'menu_file_url', 'empty_state_image_url'] as const;

export interface SeedAsset {
  slug: string;
  /** Inside the organization's folder: "<folder>/<file>". */
  path: string;
  file: string;
  contentType: string;
}

/** Every file under supabase/seed-assets, by organization slug. */
export function listSeedAssets(dir = SEED_ASSETS_DIR): SeedAsset[] {
  if (!existsSync(dir)) return [];
  const assets: SeedAsset[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (CONTENT_TYPES[extname(name).toLowerCase()]) {
        const [slug, ...rest] = relative(dir, full).split(sep);
        if (rest.length) assets.push({ slug, path: rest.join('/'), file: full, contentType: CONTENT_TYPES[extname(name).toLowerCase()] });
      }
    }
  };
  walk(dir);
  return assets;
}

/**
 * The URL at apiUrl when url is the public URL of one of `keys` (object names in org-assets)
 * on any origin; otherwise url unchanged.
 */
export function rebaseSeedUrl(url: string, apiUrl: string, keys: ReadonlySet<string>): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.pathname.startsWith(PUBLIC_PATH) || parsed.search || parsed.hash) return url;
  const key = decodeURIComponent(parsed.pathname.slice(PUBLIC_PATH.length));
  if (!keys.has(key)) return url;
  return `${apiUrl.replace(/\/+$/, '')}${PUBLIC_PATH}${key}`;
}

class NoWebSocket {}

export interface SeedAssetsResult {
  uploaded: number;
  /** Branding rows whose URLs were pointed at apiUrl. */
  rewritten: number;
  problems: string[];
}

export async function loadSeedAssets(opts: {
  apiUrl: string;
  serviceRoleKey: string;
  dir?: string;
  log?: (line: string) => void;
}): Promise<SeedAssetsResult> {
  const log = opts.log ?? (() => undefined);
  const result: SeedAssetsResult = { uploaded: 0, rewritten: 0, problems: [] };
  const assets = listSeedAssets(opts.dir);
  if (!assets.length) return result;
  const supabase = createClient<Database>(opts.apiUrl, opts.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never }, // Node 20 has no WebSocket; realtime is not used
  });

  const slugs = [...new Set(assets.map((a) => a.slug))];
  const orgs = await supabase.from('organizations').select('id, slug').in('slug', slugs);
  if (orgs.error) {
    result.problems.push(`organizations: ${orgs.error.message}`);
    log(`Demo images not loaded: ${orgs.error.message}`);
    return result;
  }
  const orgId = new Map(orgs.data.map((o) => [o.slug, o.id]));
  if (!orgId.size) return result; // no demo organizations (not seeded)

  const keysOf = new Map<string, Set<string>>();
  for (const asset of assets) {
    const id = orgId.get(asset.slug);
    if (!id) continue;
    const key = `${id}/${asset.path}`;
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(key, readFileSync(asset.file), { contentType: asset.contentType, cacheControl: '3600', upsert: true });
    if (error) {
      result.problems.push(`${asset.slug}/${asset.path}: ${error.message}`);
      continue;
    }
    result.uploaded++;
    if (!keysOf.has(id)) keysOf.set(id, new Set());
    keysOf.get(id)!.add(key);
  }

  const rows = !keysOf.size
    ? { data: [], error: null }
    : await supabase
        .from('org_branding')
        .select('org_id, logo_url, menu_file_url, empty_state_image_url, gallery_images')
        .in('org_id', [...keysOf.keys()]);
  if (rows.error) result.problems.push(`org_branding: ${rows.error.message}`);
  for (const row of rows.data ?? []) {
    const keys = keysOf.get(row.org_id)!;
    const change: Partial<Record<(typeof URL_COLUMNS)[number], string>> & { gallery_images?: string[] } = {};
    for (const column of URL_COLUMNS) {
      const url = row[column];
      const rebased = url ? rebaseSeedUrl(url, opts.apiUrl, keys) : url;
      if (url && rebased !== url) change[column] = rebased!;
    }
    const gallery = (row.gallery_images ?? []).map((url) => rebaseSeedUrl(url, opts.apiUrl, keys));
    if (gallery.some((url, i) => url !== row.gallery_images[i])) change.gallery_images = gallery;
    if (!Object.keys(change).length) continue;
    const { error } = await supabase.from('org_branding').update(change).eq('org_id', row.org_id);
    if (error) result.problems.push(`org_branding ${row.org_id}: ${error.message}`);
    else result.rewritten++;
  }

  log(
    `Demo images: ${result.uploaded} file(s) in ${BUCKET}${result.rewritten ? `, ${result.rewritten} branding row(s) pointed at ${opts.apiUrl}` : ''}` +
      (result.problems.length ? `; not loaded: ${result.problems.join('; ')}` : ''),
  );
  return result;
}

/** `npm run seed:assets -- --url <API URL> --service-key <service_role key>` */
async function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const apiUrl = arg('url') ?? process.env.SUPABASE_URL;
  const serviceRoleKey = arg('service-key') ?? process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!apiUrl || !/^https?:\/\//.test(apiUrl) || !serviceRoleKey) {
    console.error('Usage: npm run seed:assets -- --url https://<ref>.supabase.co --service-key <service_role key>');
    process.exit(2);
  }
  const result = await loadSeedAssets({ apiUrl, serviceRoleKey, log: (line) => console.log(line) });
  if (!result.uploaded && !result.problems.length)
    console.log('No demo organization (eatathome, magnolia, garden-table) found: run supabase/seed.sql first.');
  process.exit(result.problems.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
