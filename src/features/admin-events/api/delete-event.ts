import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { eventsQueryKey } from './get-events';

/** The database refuses to delete an event that has reservations (SQLSTATE SH423). */
export class EventHasReservationsError extends Error {
  constructor(
    message: string,
    public confirmedCount: number,
  ) {
    super(message);
    this.name = 'EventHasReservationsError';
  }
}

function confirmedFromDetails(details: unknown): number {
  try {
    const parsed = typeof details === 'string' ? (JSON.parse(details) as { confirmed?: number }) : null;
    return typeof parsed?.confirmed === 'number' ? parsed.confirmed : 0;
  } catch {
    return 0;
  }
}

export async function deleteEvent(id: string) {
  const { data, error } = await supabase.from('events').delete().eq('id', id).select('id');
  if (error) {
    // SH423 from our trigger; 23503 if a foreign key still points at the event.
    if (error.code === 'SH423' || error.code === '23503') {
      throw new EventHasReservationsError(error.message, confirmedFromDetails(error.details));
    }
    throw error;
  }
  expectRows(data, 'Event not found');
}

export function useDeleteEvent(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(deleteEvent, eventsQueryKey(orgId), options);
}
