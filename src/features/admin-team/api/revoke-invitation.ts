import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { teamQueryKey } from './get-team';

/** The invitation's link stops working (SQL staff_revoke_invitation). */
export async function revokeInvitation(invitationId: string): Promise<void> {
  const { error } = await supabase.rpc('staff_revoke_invitation', { p_invitation_id: invitationId });
  if (error) throw new Error(error.message);
}

export function useRevokeInvitation(orgId: string, options: MutationCallbacks<void, string> = {}) {
  return useInvalidatingMutation(revokeInvitation, teamQueryKey(orgId), options);
}
