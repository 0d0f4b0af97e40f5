import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AdminOrg } from '../types';

const orgState = (value: string): AdminOrg['state'] => (value === 'unpublished' || value === 'suspended' ? value : 'published');

export interface AdminOrgs {
  isSuperAdmin: boolean;
  orgs: AdminOrg[];
}

/**
 * The organizations the caller may manage, ordered by name (`admin_orgs`: a super admin gets
 * every organization, anyone else their memberships), and whether the caller is the super admin
 * (the platform's tabs).
 * The super-admin role itself is kept in step by the database, so this never waits on a
 * sign-in.
 */
export async function getAdminOrgs(): Promise<AdminOrgs> {
  const [orgs, superAdmin] = await Promise.all([supabase.rpc('admin_orgs'), supabase.rpc('is_super_admin')]);
  if (orgs.error) throw orgs.error;
  if (superAdmin.error) throw superAdmin.error;
  return {
    orgs: orgs.data.map((o) => ({ id: o.id, name: o.name, slug: o.slug, role: o.role === 'owner' ? 'owner' : 'staff', state: orgState(o.state) })),
    isSuperAdmin: superAdmin.data === true,
  };
}

export const adminOrgsQueryOptions = (userId: string) => queryOptions({ queryKey: ['admin', 'orgs', userId], queryFn: () => getAdminOrgs() });

export function useAdminOrgs(userId: string) {
  return useQuery(adminOrgsQueryOptions(userId));
}
