import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { OrgState, PlatformOrg } from '../types';

export const platformOrgsQueryKey = ['admin', 'platform-orgs'] as const;

const toState = (value: string): OrgState => (value === 'unpublished' || value === 'suspended' ? value : 'published');

/** Every organization, newest first (SQL super_admin_list_organizations: the super admin only). */
export async function getOrganizations(): Promise<PlatformOrg[]> {
  const { data, error } = await supabase.rpc('super_admin_list_organizations');
  if (error) throw new Error(error.message);
  return data.map((o) => ({
    id: o.id,
    name: o.name,
    slug: o.slug,
    state: toState(o.state),
    createdAt: o.created_at,
    ownerEmails: o.owner_emails,
    members: o.members,
    activeEvents: o.active_events,
    contactEmail: o.contact_email,
    platformPayments: o.platform_payments,
  }));
}

export function useOrganizations() {
  return useQuery(queryOptions({ queryKey: platformOrgsQueryKey, queryFn: getOrganizations }));
}
