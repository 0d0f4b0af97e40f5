import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';

/**
 * Cancelling stamps cancelled_at (the server uses its own clock) and status 'cancelled';
 * a database trigger gives the seats or spots back. Nothing is deleted.
 */
export async function cancelReservation(id: string) {
  const { data, error } = await supabase
    .from('reservations')
    .update({ cancelled_at: new Date().toISOString(), status: 'cancelled' })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  expectRows(data, 'Reservation not found');
}

export function useCancelReservation(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(cancelReservation, ['admin', orgId], options);
}
