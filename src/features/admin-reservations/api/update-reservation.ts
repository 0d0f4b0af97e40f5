import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { editReservationSchema, type EditReservationOutput } from '../schemas';

export async function updateReservation({ id, values }: { id: string; values: EditReservationOutput }) {
  const v = editReservationSchema.parse(values);
  const { data, error } = await supabase
    .from('reservations')
    .update({
      name: v.name,
      email: v.email,
      phone: v.phone || null,
      num_guests: v.numGuests,
      dietary_restrictions: v.dietaryRestrictions || null,
      special_requests: v.specialRequests || null,
    })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('Reservation not found');
}

/** Guest count changes move seats (database trigger), so every admin list of the org refreshes. */
export function useUpdateReservation(orgId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReservation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', orgId] });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
