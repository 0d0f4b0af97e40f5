import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { inviteSchema, type InviteOutput } from '../schemas';
import { teamQueryKey } from './get-team';

/**
 * Invites a staff member by email (SQL staff_invite_member): the database checks that the caller
 * may, refuses an address that is already a member, replaces an open invitation to the same
 * address and queues the email with the link. A refusal throws the server's message.
 */
export async function inviteMember({ orgId, values }: { orgId: string; values: InviteOutput }): Promise<string> {
  const { email } = inviteSchema.parse(values);
  const { error } = await supabase.rpc('staff_invite_member', { p_org_id: orgId, p_email: email });
  if (error) throw new Error(error.message);
  return email;
}

export function useInviteMember(orgId: string, options: MutationCallbacks<string, { orgId: string; values: InviteOutput }> = {}) {
  return useInvalidatingMutation(inviteMember, teamQueryKey(orgId), options);
}
