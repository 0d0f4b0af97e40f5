import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { InvitationPreview, InvitationStatus } from '../types';

const statuses: readonly InvitationStatus[] = ['pending', 'expired', 'revoked', 'accepted'];

function toStatus(value: string): InvitationStatus {
  const found = statuses.find((s) => s === value);
  if (!found) throw new Error(`Unknown invitation status ${value}`);
  return found;
}

/** What the join page shows (SQL team_invitation_preview: the token is the key; anyone holding the link). */
export async function getInvitation(token: string): Promise<InvitationPreview> {
  const { data, error } = await supabase.rpc('team_invitation_preview', { p_token: token }).single();
  if (error) throw new Error(error.message);
  return { email: data.email, orgName: data.org_name, expiresAt: data.expires_at, status: toStatus(data.status) };
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['team-invitation', token], queryFn: () => getInvitation(token), retry: false, staleTime: 0 });

/** `enabled` false: no request (e.g. no token to read). */
export function useInvitation(token: string, enabled = true) {
  return useQuery({ ...invitationQueryOptions(token), enabled });
}
