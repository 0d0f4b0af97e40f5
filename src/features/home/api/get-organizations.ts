import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { OrganizationLink } from '../types';

export async function getOrganizations(): Promise<OrganizationLink[]> {
  const { data, error } = await supabase.from('organizations').select('name, slug').order('name');
  if (error) throw error;
  return data ?? [];
}

export const organizationsQueryOptions = () => queryOptions({ queryKey: ['home', 'organizations'], queryFn: getOrganizations });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
