import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import type { TeamRole } from '../types';

interface RoleChange {
  orgId: string;
  userId: string;
  role: TeamRole;
}

/** Makes a member an owner or staff (SQL staff_set_member_role: owners only, never the last owner; the server's message otherwise). */
export async function setMemberRole({ orgId, userId, role }: RoleChange): Promise<void> {
  const { error } = await supabase.rpc('staff_set_member_role', { p_org_id: orgId, p_user_id: userId, p_role: role });
  if (error) throw new Error(error.message);
}

export function useSetMemberRole(options: MutationCallbacks<void, RoleChange> = {}) {
  // The caller's own role may have changed too: the panel's organizations (with the caller's role) refresh with the team.
  return useInvalidatingMutation(setMemberRole, ['admin'], options);
}
