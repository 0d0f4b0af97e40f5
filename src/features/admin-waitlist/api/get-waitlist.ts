import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { isWaitlistStatus } from '../lib/rows';
import type { WaitlistEntry } from '../types';

export const waitlistQueryKey = (orgId: string, eventId: string) => ['admin', orgId, 'waitlist', eventId] as const;

/** An event's waitlist (members only, by RLS), in arrival order. */
export async function getWaitlist(eventId: string): Promise<WaitlistEntry[]> {
  const { data, error } = await supabase
    .from('waitlist_entries')
    .select('id, event_id, ticket_type_id, rsvp_slot_id, name, email, party_size, status, offer_expires_at, created_at')
    .eq('event_id', eventId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data.flatMap((row) => (isWaitlistStatus(row.status) ? [{ ...row, status: row.status }] : []));
}

export function useWaitlist(orgId: string, eventId: string) {
  return useQuery(queryOptions({ queryKey: waitlistQueryKey(orgId, eventId), queryFn: () => getWaitlist(eventId) }));
}
