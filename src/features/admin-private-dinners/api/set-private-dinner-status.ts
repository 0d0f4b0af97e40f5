import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { readStatus } from '../lib/status';
import type { PrivateDinnerStatus } from '../types';
import { privateDinnerRequestsQueryKey } from './get-private-dinner-requests';

export interface SetStatusInput {
  requestId: string;
  status: PrivateDinnerStatus;
}

/**
 * Files a request as new, replied or archived (SQL staff_set_private_dinner_status: members of
 * its organization only). Answers the new status; a refusal throws the server's message.
 */
export async function setPrivateDinnerStatus({ requestId, status }: SetStatusInput): Promise<PrivateDinnerStatus> {
  const { data, error } = await supabase.rpc('staff_set_private_dinner_status', { p_request_id: requestId, p_status: status });
  if (error) throw new Error(error.message);
  return readStatus(data);
}

export function useSetPrivateDinnerStatus(orgId: string, options: MutationCallbacks<PrivateDinnerStatus, SetStatusInput> = {}) {
  return useInvalidatingMutation(setPrivateDinnerStatus, privateDinnerRequestsQueryKey(orgId), options);
}
