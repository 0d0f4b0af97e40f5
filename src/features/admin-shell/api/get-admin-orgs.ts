import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AdminOrg } from '../types';

/**
 * The organizations the caller may manage, ordered by name, from one SQL function
 * (`admin_orgs`): a super admin gets every organization, anyone else their memberships.
 * The super-admin role itself is kept in step by the database, so this never waits on a
 * sign-in.
 */
export async function getAdminOrgs(): Promise<AdminOrg[]> {
  const { data, error } = await supabase.rpc('admin_orgs');
  if (error) throw error;
  return data;
}

export const adminOrgsQueryOptions = (userId: string) => queryOptions({ queryKey: ['admin', 'orgs', userId], queryFn: () => getAdminOrgs() });

export function useAdminOrgs(userId: string) {
  return useQuery(adminOrgsQueryOptions(userId));
}
