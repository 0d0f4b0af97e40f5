import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { teamQueryKey } from './get-team';

/** Removes a member (SQL staff_remove_member: never the last one; the server's message otherwise). */
export async function removeMember({ orgId, userId }: { orgId: string; userId: string }): Promise<void> {
  const { error } = await supabase.rpc('staff_remove_member', { p_org_id: orgId, p_user_id: userId });
  if (error) throw new Error(error.message);
}

export function useRemoveMember(orgId: string, options: MutationCallbacks<void, { orgId: string; userId: string }> = {}) {
  return useInvalidatingMutation(removeMember, teamQueryKey(orgId), options);
}
