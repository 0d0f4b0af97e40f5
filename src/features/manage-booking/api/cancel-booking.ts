import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction } from '@/lib/invoke-function';
import type { CancelOutcome } from '../types';
import { MANAGE_FUNCTION, managedBookingQueryKey, managedBookingSchema, refusalError } from './get-managed-booking';

const cancelAnswer = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
  refundedCents: z.number().int(),
  refundStatus: z.enum(['completed', 'pending', 'none', 'failed']),
});

/** Cancels the booking; the server refunds what the booking's policy gives at this moment. */
export async function cancelBooking(token: string): Promise<CancelOutcome> {
  const answer = await invokeFunction<unknown>(MANAGE_FUNCTION, { token, action: 'cancel' });
  if (answer.status !== 200) throw refusalError(answer.status, answer.body);
  const parsed = cancelAnswer.safeParse(answer.body);
  if (!parsed.success) throw new Error('The booking may have been cancelled, but we could not read the answer. Please reload the page.');
  return parsed.data;
}

/** The cancel call; the page then shows the booking as the server answered it. */
export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (outcome) => queryClient.setQueryData(managedBookingQueryKey(token), outcome.booking),
    // Whatever happened, the page shows the booking as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: managedBookingQueryKey(token) }),
  });
}
