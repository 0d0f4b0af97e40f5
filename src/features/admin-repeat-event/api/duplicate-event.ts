import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

export interface DuplicateEventInput {
  eventId: string;
  /** YYYY-MM-DD, one copy each (the server ignores a repeated date). */
  dates: string[];
}

/** Copies the event to each date in one call (SQL staff_duplicate_event); answers the new events' ids. */
export async function duplicateEvent({ eventId, dates }: DuplicateEventInput): Promise<string[]> {
  const { data, error } = await supabase.rpc('staff_duplicate_event', { p_event_id: eventId, p_dates: dates });
  if (error) throw new Error(error.message);
  return data;
}

/** New events change the events list and every admin figure of the organization. */
export function useDuplicateEvent(orgId: string, options: MutationCallbacks<string[], DuplicateEventInput> = {}) {
  return useInvalidatingMutation(duplicateEvent, ['admin', orgId], options);
}
