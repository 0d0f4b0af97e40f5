import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { teamQueryKey } from './get-team';

interface BookingEmailsChange {
  orgId: string;
  on: boolean;
}

/** Turns the signed-in member's own booking emails on or off (SQL staff_set_booking_emails). */
export async function setBookingEmails({ orgId, on }: BookingEmailsChange): Promise<void> {
  const { error } = await supabase.rpc('staff_set_booking_emails', { p_org_id: orgId, p_on: on });
  if (error) throw new Error(error.message);
}

export function useSetBookingEmails(orgId: string, options: MutationCallbacks<void, BookingEmailsChange> = {}) {
  return useInvalidatingMutation(setBookingEmails, teamQueryKey(orgId), options);
}
