import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { editReservationSchema, type EditReservationOutput } from '../schemas';

export interface UpdateReservationInput {
  id: string;
  values: EditReservationOutput;
  /** The party size before the edit: a change goes through staff_set_guests. */
  guestsBefore: number;
}

export interface UpdateReservationResult {
  guestsBefore: number;
  guestsAfter: number;
  /** What the frozen policy would refund for the guests who no longer come (0 when none, or nothing was paid). */
  suggestedRefundCents: number;
}

/**
 * A new party size goes first, through staff_set_guests (seats move in the same transaction; more
 * guests on a paid booking must be marked complimentary, or the server refuses with its reason;
 * fewer answer what the policy would refund). The guest's details follow as a direct update.
 */
export async function updateReservation({ id, values, guestsBefore }: UpdateReservationInput): Promise<UpdateReservationResult> {
  const v = editReservationSchema.parse(values);
  let suggestedRefundCents = 0;
  if (v.numGuests !== guestsBefore) {
    const { data, error } = await supabase
      .rpc('staff_set_guests', {
        p_reservation_id: id,
        p_guests: v.numGuests,
        p_complimentary: v.complimentary,
      })
      .single();
    if (error) throw new Error(error.message);
    suggestedRefundCents = data.suggested_refund_cents;
  }
  const { data, error } = await supabase
    .from('reservations')
    .update({
      name: v.name,
      email: v.email,
      phone: v.phone || null,
      dietary_restrictions: v.dietaryRestrictions || null,
      special_requests: v.specialRequests || null,
    })
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  expectRows(data, 'Reservation not found');
  return { guestsBefore, guestsAfter: v.numGuests, suggestedRefundCents };
}

/** Guest count changes move seats (database trigger), so every admin list of the org refreshes. */
export function useUpdateReservation(orgId: string, options: MutationCallbacks<UpdateReservationResult, UpdateReservationInput> = {}) {
  return useInvalidatingMutation(updateReservation, ['admin', orgId], options);
}
