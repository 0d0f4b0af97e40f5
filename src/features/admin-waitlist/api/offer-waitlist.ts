import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { waitlistQueryKey } from './get-waitlist';

/** Offers the seats to this party now, even out of turn (SQL staff_offer_waitlist; its refusal's words are the error). */
export async function offerWaitlist(entryId: string): Promise<void> {
  const { error } = await supabase.rpc('staff_offer_waitlist', { p_entry_id: entryId });
  if (error) throw new Error(error.message);
}

export function useOfferWaitlist(orgId: string, eventId: string, options: MutationCallbacks<void, string> = {}) {
  return useInvalidatingMutation(offerWaitlist, waitlistQueryKey(orgId, eventId), options);
}
