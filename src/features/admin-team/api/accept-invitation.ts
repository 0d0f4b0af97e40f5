import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export function useAcceptInvitation(options: { onSuccess?: (joined: AcceptedInvitation) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (joined) => {
      // The panel's list of organizations now has one more.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      options.onSuccess?.(joined);
    },
    onError: options.onError,
  });
}
