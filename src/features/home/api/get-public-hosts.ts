import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import type { OrganizationLink } from '../types';

/**
 * Exactly the request `supabase.from('organizations').select('name, slug').order('name')` makes
 * (PostgREST with the publishable key; organizations are public), written with fetch so the home page's
 * first render does not wait for supabase-js (~52 KB gzip).
 */
export async function getOrganizations(): Promise<OrganizationLink[]> {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/organizations?select=name,slug&order=name.asc`, {
    headers: { apikey: env.SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${env.SUPABASE_PUBLISHABLE_KEY}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Loading the hosts failed: HTTP ${response.status}`);
  return ((await response.json()) as OrganizationLink[] | null) ?? [];
}

export const organizationsQueryOptions = () => queryOptions({ queryKey: ['home', 'organizations'], queryFn: getOrganizations });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
