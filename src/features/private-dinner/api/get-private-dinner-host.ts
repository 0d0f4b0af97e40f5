import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { PrivateDinnerHostPage } from '../types';

type PageRow = Database['public']['Functions']['get_public_org_page']['Returns'][number];

/**
 * The host at /{slug} as its private dinner page shows it, from get_public_org_page (the page's
 * one public answer: an alias path answers for its organization): null for an unknown slug.
 * The org page's own reader is not shared: importing it here would split the org page's
 * first-render chunk (docs/BENCHMARKS.md, `page`).
 */
export async function getPrivateDinnerHost(slug: string): Promise<PrivateDinnerHostPage | null> {
  const [row] = readPublicRpc<PageRow[]>(await postPublicRpc('get_public_org_page', { p_slug: slug })) ?? [];
  const o = row?.organization;
  if (!o?.id || !o.name || !o.slug) return null;
  const b = row.branding;
  return {
    host: { name: b?.brand_name || o.name, slug: o.slug, note: b?.private_dinner_note || null },
    colors: { primary_color: b?.primary_color ?? null, secondary_color: b?.secondary_color ?? null },
    // The server takes requests for a published host that has them on (request_private_dinner).
    open: o.state === 'published' && b?.private_dinners === true,
  };
}

export const privateDinnerHostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['private-dinner', 'host', slug.toLowerCase()], queryFn: () => getPrivateDinnerHost(slug) });

export function usePrivateDinnerHost(slug: string) {
  return useQuery(privateDinnerHostQueryOptions(slug));
}
