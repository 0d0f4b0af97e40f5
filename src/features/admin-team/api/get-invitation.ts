import { queryOptions, useQuery } from '@tanstack/react-query';
import { object, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import type { InvitationPreview, InvitationStatus } from '../types';

const statuses: readonly InvitationStatus[] = ['pending', 'expired', 'revoked', 'accepted'];

function readStatus(value: string): InvitationStatus {
  const found = statuses.find((s) => s === value);
  if (!found) throw new Error(`Unknown invitation status ${value}`);
  return found;
}

/** What the join page shows (SQL team_invitation_preview: the token is the key; anyone holding the link). */
export async function getInvitation(token: string): Promise<InvitationPreview> {
  const { data, error } = await supabase.rpc('team_invitation_preview', { p_token: token });
  if (error) throw new Error(error.message);
  const o = object(data);
  return { email: string(o.email), orgName: string(o.org_name), expiresAt: string(o.expires_at), status: readStatus(string(o.status)) };
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['team-invitation', token], queryFn: () => getInvitation(token), retry: false, staleTime: 0 });

/** `enabled` false: no request (e.g. no token to read). */
export function useInvitation(token: string, enabled = true) {
  return useQuery({ ...invitationQueryOptions(token), enabled });
}
