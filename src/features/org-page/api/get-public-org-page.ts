import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';
import { OrgPageLoadError, parseOrgPage } from '../lib/parse-org-page';
import type { PublicOrgPage } from '../types';

type Args = Database['public']['Functions']['get_public_org_page']['Args'];

/**
 * Exactly the request `supabase.rpc('get_public_org_page', { p_slug })` makes (PostgREST
 * `POST /rest/v1/rpc/…` with the anon key), written with fetch on purpose: the public page's
 * first render must not wait for supabase-js (~74 KB gzip) to stay within the page's 150 KB gzip
 * budget. supabase-js is loaded later, only when the guest books (edge function calls).
 */
async function callRpc(args: Args): Promise<unknown> {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/get_public_org_page`, {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_ANON_KEY,
      Authorization: `Bearer ${env.SUPABASE_ANON_KEY}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Accept: 'application/json',
    },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the status
    }
    throw new OrgPageLoadError(message);
  }
  return text.trim() ? JSON.parse(text) : null;
}

/**
 * One round trip: organization, branding and upcoming events with ticket types, slots and
 * availability. Resolves null for an unknown slug.
 */
export async function getPublicOrgPage(slug: string, now: Date = new Date()): Promise<PublicOrgPage | null> {
  const data = await callRpc({ p_slug: slug });
  if (data === null || data === undefined) return null;
  return parseOrgPage(data, now);
}

export const orgPageQueryKey = (slug: string) => ['org-page', slug.toLowerCase()] as const;

export function orgPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: orgPageQueryKey(slug),
    queryFn: () => getPublicOrgPage(slug),
  });
}

export function useOrgPage(slug: string) {
  return useQuery(orgPageQueryOptions(slug));
}
