import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Team, TeamRole } from '../types';

function toRole(value: string): TeamRole {
  if (value === 'owner' || value === 'staff') return value;
  throw new Error(`Unknown team role ${value}`);
}

export const teamQueryKey = (orgId: string) => ['admin', orgId, 'team'] as const;

/**
 * The members with their roles and booking emails (SQL staff_list_team: any member) and, for an owner, the open
 * invitations (SQL staff_list_team_invitations: owners and the super admin only).
 */
export async function getTeam(orgId: string, isOwner: boolean): Promise<Team> {
  const [members, invitations] = await Promise.all([
    supabase.rpc('staff_list_team', { p_org_id: orgId }),
    isOwner ? supabase.rpc('staff_list_team_invitations', { p_org_id: orgId }) : Promise.resolve({ data: [], error: null }),
  ]);
  if (members.error) throw new Error(members.error.message);
  if (invitations.error) throw new Error(invitations.error.message);
  return {
    members: members.data.map((m) => ({
      userId: m.user_id,
      email: m.email,
      joinedAt: m.joined_at,
      isYou: m.is_you,
      role: toRole(m.role),
      bookingEmails: m.booking_emails,
      bookingEmailsDaily: m.booking_emails_daily,
    })),
    invitations: invitations.data.map((i) => ({
      id: i.id,
      email: i.email,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
      expired: i.expired,
      invitedByEmail: i.invited_by_email,
      role: toRole(i.role),
    })),
  };
}

export const teamQueryOptions = (orgId: string, isOwner: boolean) =>
  queryOptions({ queryKey: [...teamQueryKey(orgId), isOwner], queryFn: () => getTeam(orgId, isOwner) });

export function useTeam(orgId: string, isOwner: boolean) {
  return useQuery(teamQueryOptions(orgId, isOwner));
}
