import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

/** Removes a member (SQL staff_remove_member: an owner, or the member leaving; never the last owner; the server's message otherwise). */
export async function removeMember({ orgId, userId }: { orgId: string; userId: string }): Promise<void> {
  const { error } = await supabase.rpc('staff_remove_member', { p_org_id: orgId, p_user_id: userId });
  if (error) throw new Error(error.message);
}

export function useRemoveMember(options: MutationCallbacks<void, { orgId: string; userId: string }> = {}) {
  // A member who leaves loses the organization: the panel's list refreshes with the team.
  return useInvalidatingMutation(removeMember, ['admin'], options);
}
