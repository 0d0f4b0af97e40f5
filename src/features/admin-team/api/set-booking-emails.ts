import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { teamQueryKey } from './get-team';

interface BookingEmailsChange {
  orgId: string;
  on: boolean;
  /** One summary each morning instead of an email per booking; left as it is when not given. */
  daily?: boolean;
}

/** Turns the signed-in member's own booking emails on or off, each or as a morning summary (SQL staff_set_booking_emails). */
export async function setBookingEmails({ orgId, on, daily }: BookingEmailsChange): Promise<void> {
  const { error } = await supabase.rpc('staff_set_booking_emails', { p_org_id: orgId, p_on: on, ...(daily === undefined ? {} : { p_daily: daily }) });
  if (error) throw new Error(error.message);
}

export function useSetBookingEmails(orgId: string, options: MutationCallbacks<void, BookingEmailsChange> = {}) {
  return useInvalidatingMutation(setBookingEmails, teamQueryKey(orgId), options);
}
