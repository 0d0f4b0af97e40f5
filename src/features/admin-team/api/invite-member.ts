import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { inviteSchema, type InviteOutput } from '../schemas';
import { teamQueryKey } from './get-team';

/**
 * Invites a member by email with a role (SQL staff_invite_member): the database checks that the
 * caller is an owner, refuses an address that is already a member, replaces an open invitation to the same
 * address and queues the email with the link. A refusal throws the server's message.
 */
export async function inviteMember({ orgId, values }: { orgId: string; values: InviteOutput }): Promise<string> {
  const { email, role } = inviteSchema.parse(values);
  const { error } = await supabase.rpc('staff_invite_member', { p_org_id: orgId, p_email: email, p_role: role });
  if (error) throw new Error(error.message);
  return email;
}

export function useInviteMember(orgId: string, options: MutationCallbacks<string, { orgId: string; values: InviteOutput }> = {}) {
  return useInvalidatingMutation(inviteMember, teamQueryKey(orgId), options);
}
