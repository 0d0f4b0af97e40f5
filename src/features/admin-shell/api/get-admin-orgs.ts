import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { signInSettled } from '@/lib/sign-in-settled';
import type { AdminOrg } from '../types';

export interface AdminOrgs {
  isSuperAdmin: boolean;
  orgs: AdminOrg[];
}

/**
 * A super admin sees every organization (ordered by name); anyone else the organizations
 * of their memberships. Row-level security enforces the same rule on the server.
 */
// The database orders by its collation (byte order with the C locale: 'Zeta' before 'alpha');
// staff expect dictionary order, the same in both branches.
const byName = (a: AdminOrg, b: AdminOrg) => a.name.localeCompare(b.name);

export async function getAdminOrgs(userId: string): Promise<AdminOrgs> {
  // Right after signing in, wait for the sign-in's super-admin grant (src/lib/sign-in-settled.ts).
  await signInSettled();
  const roles = await supabase.from('user_roles').select('role').eq('user_id', userId);
  if (roles.error) throw roles.error;
  const isSuperAdmin = (roles.data ?? []).some((r) => r.role === 'super_admin');

  if (isSuperAdmin) {
    const { data, error } = await supabase.from('organizations').select('id, name, slug').order('name');
    if (error) throw error;
    return { isSuperAdmin, orgs: [...(data ?? [])].sort(byName) };
  }

  const { data, error } = await supabase
    .from('user_memberships')
    .select('org_id, organizations(id, name, slug)')
    .eq('user_id', userId);
  if (error) throw error;
  const orgs = (data ?? [])
    .map((m) => m.organizations as AdminOrg | null)
    .filter((o): o is AdminOrg => o !== null)
    .sort(byName);
  return { isSuperAdmin, orgs };
}

export const adminOrgsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['admin', 'orgs', userId], queryFn: () => getAdminOrgs(userId) });

export function useAdminOrgs(userId: string) {
  return useQuery(adminOrgsQueryOptions(userId));
}
