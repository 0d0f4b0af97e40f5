import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { waitlistQueryKey } from './get-waitlist';

/** Takes a party off the list; an open offer lapses now and its seats go on (SQL staff_remove_waitlist). */
export async function removeWaitlist(entryId: string): Promise<void> {
  const { error } = await supabase.rpc('staff_remove_waitlist', { p_entry_id: entryId });
  if (error) throw new Error(error.message);
}

export function useRemoveWaitlist(orgId: string, eventId: string, options: MutationCallbacks<void, string> = {}) {
  return useInvalidatingMutation(removeWaitlist, waitlistQueryKey(orgId, eventId), options);
}
