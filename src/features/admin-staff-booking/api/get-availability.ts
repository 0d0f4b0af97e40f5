import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * What the event can still sell now, per ticket type or slot, within its cap (SQL
 * event_availability: the count every page and the booking path use). Read fresh each time the
 * dialog opens.
 */
export async function getEventAvailability(eventId: string): Promise<Map<string, number>> {
  const { data, error } = await supabase.rpc('event_availability', { p_event_id: eventId });
  if (error) throw error;
  return new Map(data.filter((row) => row.option_kind !== 'event').map((row) => [row.option_id, row.available]));
}

export const eventAvailabilityQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: ['admin', 'event-availability', eventId], queryFn: () => getEventAvailability(eventId), staleTime: 0 });

export function useEventAvailability(eventId: string) {
  return useQuery(eventAvailabilityQueryOptions(eventId));
}
