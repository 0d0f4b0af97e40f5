import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AdminOrg } from '../types';

export interface AdminOrgs {
  isSuperAdmin: boolean;
  orgs: AdminOrg[];
}

function readOrg(value: unknown): AdminOrg | null {
  if (!value || typeof value !== 'object') return null;
  const { id, name, slug } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof slug === 'string' ? { id, name, slug } : null;
}

/**
 * The organizations the caller may manage, ordered by name, from one SQL function
 * (`admin_orgs`): a super admin gets every organization, anyone else their memberships.
 * The super-admin role itself is kept in step by the database, so this never waits on a
 * sign-in.
 */
export async function getAdminOrgs(): Promise<AdminOrgs> {
  const { data, error } = await supabase.rpc('admin_orgs');
  if (error) throw error;
  const answer = (data ?? {}) as { is_super_admin?: unknown; orgs?: unknown };
  const orgs = Array.isArray(answer.orgs) ? answer.orgs.map(readOrg).filter((o): o is AdminOrg => o !== null) : [];
  return { isSuperAdmin: answer.is_super_admin === true, orgs };
}

export const adminOrgsQueryOptions = (userId: string) => queryOptions({ queryKey: ['admin', 'orgs', userId], queryFn: () => getAdminOrgs() });

export function useAdminOrgs(userId: string) {
  return useQuery(adminOrgsQueryOptions(userId));
}
