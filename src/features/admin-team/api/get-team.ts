import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { arrayOf, boolean, nullable, object, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import type { Team, TeamInvitation, TeamMember } from '../types';

export const teamQueryKey = (orgId: string) => ['admin', orgId, 'team'] as const;

function readMember(value: Json | undefined): TeamMember {
  const o = object(value);
  return { userId: string(o.user_id), email: string(o.email), joinedAt: string(o.joined_at), isYou: boolean(o.is_you) };
}

function readInvitation(value: Json | undefined): TeamInvitation {
  const o = object(value);
  return {
    id: string(o.id),
    email: string(o.email),
    createdAt: string(o.created_at),
    expiresAt: string(o.expires_at),
    expired: boolean(o.expired),
    invitedByEmail: nullable(string)(o.invited_by_email),
  };
}

/** The members and the open invitations of an organization (SQL staff_list_team: members and the super admin only). */
export async function getTeam(orgId: string): Promise<Team> {
  const { data, error } = await supabase.rpc('staff_list_team', { p_org_id: orgId });
  if (error) throw new Error(error.message);
  const o = object(data);
  return { members: arrayOf(readMember)(o.members), invitations: arrayOf(readInvitation)(o.invitations) };
}

export const teamQueryOptions = (orgId: string) => queryOptions({ queryKey: teamQueryKey(orgId), queryFn: () => getTeam(orgId) });

export function useTeam(orgId: string) {
  return useQuery(teamQueryOptions(orgId));
}
