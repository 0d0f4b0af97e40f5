import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import type { AcceptedInvitation } from '../types';

/**
 * Joins the organization (SQL accept_team_invitation): the signed-in account's confirmed email
 * must be the invited one, and the invitation open and unexpired; a refusal throws the server's
 * message.
 */
export async function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  const { data, error } = await supabase.rpc('accept_team_invitation', { p_token: token }).single();
  if (error) throw new Error(error.message);
  return { orgId: data.org_id, orgName: data.org_name };
}

// The panel's list of organizations now has one more.
export function useAcceptInvitation(options: MutationCallbacks<AcceptedInvitation, string> = {}) {
  return useInvalidatingMutation(acceptInvitation, ['admin'], options);
}
