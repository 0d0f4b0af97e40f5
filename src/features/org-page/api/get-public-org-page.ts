import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, type PublicRpcAnswer, readPublicRpc } from '@/lib/public-rpc';
import { OrgPageLoadError, type OrgPageRow, toOrgPage } from '../lib/org-page-row';
import type { PublicOrgPage } from '../types';

type Args = Database['public']['Functions']['get_public_org_page']['Args'];

declare global {
  interface Window {
    /** The request index.html starts for /{orgSlug} (?event=<id>) while the app loads (taken over once, below). */
    __orgPagePrefetch?: { slug: string; event: string | null; answer: Promise<PublicRpcAnswer> };
  }
}

/**
 * get_public_org_page through the public API (src/lib/public-rpc.ts: fetch, no supabase-js
 * before the first render; budget 110 KB gzip for the page). On the page's first load the
 * same request has already been started by index.html: its answer is used (once) instead of
 * asking again.
 */
async function callRpc(args: Args): Promise<OrgPageRow[]> {
  const prefetched = window.__orgPagePrefetch;
  let answer: PublicRpcAnswer;
  if (prefetched && prefetched.slug === args.p_slug && prefetched.event === (args.p_event ?? null)) {
    window.__orgPagePrefetch = undefined;
    answer = await prefetched.answer;
  } else {
    answer = await postPublicRpc('get_public_org_page', args);
  }
  return readPublicRpc<OrgPageRow[]>(answer, (message) => new OrgPageLoadError(message)) ?? [];
}

/**
 * One round trip: organization, branding and upcoming events with ticket types, slots and
 * availability; `event` (a dinner's own link) adds that dinner when it is unlisted. Resolves null
 * for an unknown slug.
 */
export async function getPublicOrgPage(slug: string, event: string | null = null, now: Date = new Date()): Promise<PublicOrgPage | null> {
  const [row] = await callRpc(event ? { p_slug: slug, p_event: event } : { p_slug: slug });
  return row ? toOrgPage(row, now) : null;
}

export const orgPageQueryKey = (slug: string, event: string | null = null) => ['org-page', slug.toLowerCase(), event] as const;

export function orgPageQueryOptions(slug: string, event: string | null = null) {
  return queryOptions({
    queryKey: orgPageQueryKey(slug, event),
    queryFn: () => getPublicOrgPage(slug, event),
  });
}

export function useOrgPage(slug: string, event: string | null = null) {
  return useQuery(orgPageQueryOptions(slug, event));
}
