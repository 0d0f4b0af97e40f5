import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { OrgPageLoadError, parseOrgPage } from '../lib/parse-org-page';
import type { PublicOrgPage } from '../types';

/**
 * One round trip: organization, branding and upcoming events with ticket types, slots and
 * availability. Resolves null for an unknown slug.
 */
export async function getPublicOrgPage(slug: string, now: Date = new Date()): Promise<PublicOrgPage | null> {
  const { data, error } = await supabase.rpc('get_public_org_page', { p_slug: slug });
  if (error) throw new OrgPageLoadError(error.message);
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
