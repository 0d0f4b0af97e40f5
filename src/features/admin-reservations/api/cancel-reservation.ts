import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  if (!data || data.length === 0) throw new Error('Reservation not found');
}

export function useCancelReservation(orgId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', orgId] });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
