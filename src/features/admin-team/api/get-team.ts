import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Team } from '../types';

export const teamQueryKey = (orgId: string) => ['admin', orgId, 'team'] as const;

/** The members and the open invitations of an organization (SQL staff_list_team and staff_list_team_invitations: members and the super admin only). */
export async function getTeam(orgId: string): Promise<Team> {
  const [members, invitations] = await Promise.all([
    supabase.rpc('staff_list_team', { p_org_id: orgId }),
    supabase.rpc('staff_list_team_invitations', { p_org_id: orgId }),
  ]);
  if (members.error) throw new Error(members.error.message);
  if (invitations.error) throw new Error(invitations.error.message);
  return {
    members: members.data.map((m) => ({ userId: m.user_id, email: m.email, joinedAt: m.joined_at, isYou: m.is_you })),
    invitations: invitations.data.map((i) => ({
      id: i.id,
      email: i.email,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
      expired: i.expired,
      invitedByEmail: i.invited_by_email,
    })),
  };
}

export const teamQueryOptions = (orgId: string) => queryOptions({ queryKey: teamQueryKey(orgId), queryFn: () => getTeam(orgId) });

export function useTeam(orgId: string) {
  return useQuery(teamQueryOptions(orgId));
}
