import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
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
  expectRows(data, 'Reservation not found');
}

/** Guest count changes move seats (database trigger), so every admin list of the org refreshes. */
export function useUpdateReservation(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(updateReservation, ['admin', orgId], options);
}
