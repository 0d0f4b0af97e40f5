import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction } from '@/lib/invoke-function';
import { invokeCharge } from '@/features/checkout/hooks/use-card-charge';
import type { ExtrasChoice } from '@/features/checkout/components/extras-form';
import type { AddOutcome, HandOverOutcome, MoveOutcome, ReduceOutcome } from '../types';
import { MANAGE_FUNCTION, managedBookingQueryKey, managedBookingSchema, refusalError } from './get-managed-booking';

const reduceAnswer = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
  refundedCents: z.number().int(),
  refundStatus: z.enum(['completed', 'pending', 'none', 'failed']),
});

const addAnswer = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
  added: z.number().int(),
  chargedCents: z.number().int(),
});

const moveAnswer = z.object({ success: z.literal(true), booking: managedBookingSchema });

const handOverAnswer = z.object({
  success: z.literal(true),
  handedOverTo: z.object({ name: z.string(), email: z.string() }),
});

async function call<T>(body: Record<string, unknown>, schema: z.ZodType<T>, unreadable: string): Promise<T> {
  const answer = await invokeFunction<unknown>(MANAGE_FUNCTION, body);
  if (answer.status !== 200) throw refusalError(answer.status, answer.body);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(unreadable);
  return parsed.data;
}

/** Fewer guests: the server frees the seats and refunds the missing guests' share per the policy. */
export function useReduceParty(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guests: number): Promise<ReduceOutcome> =>
      call(
        { token, action: 'reduce', guests },
        reduceAnswer,
        'The booking may have changed, but we could not read the answer. Please reload the page.',
      ),
    onSuccess: (outcome) => queryClient.setQueryData(managedBookingQueryKey(token), outcome.booking),
    onError: () => queryClient.invalidateQueries({ queryKey: managedBookingQueryKey(token) }),
  });
}

/** Another date of the series: the server moves the booking (same money, code and link) if that date can take the party. */
export function useMoveBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string): Promise<MoveOutcome> =>
      call({ token, action: 'move', eventId }, moveAnswer, 'The booking may have moved, but we could not read the answer. Please reload the page.'),
    onSuccess: (outcome) => queryClient.setQueryData(managedBookingQueryKey(token), outcome.booking),
    onError: () => queryClient.invalidateQueries({ queryKey: managedBookingQueryKey(token) }),
  });
}

/**
 * More guests: the server takes the seats, charges the card (`sourceId`, null when the booking
 * paid nothing) with this attempt's key, and gives the seats back if it is declined. A refusal
 * is a ChargeRefusedError with the server's words.
 */
export function useAddGuests(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { guests: number; sourceId: string | null; expectedCents: number; idempotencyKey: string }): Promise<AddOutcome> => {
      const parsed = addAnswer.safeParse(await invokeCharge(MANAGE_FUNCTION, { token, action: 'add', ...input }));
      if (!parsed.success) throw new Error('The booking may have changed, but we could not read the answer. Please reload the page.');
      return parsed.data;
    },
    onSuccess: (outcome) => queryClient.setQueryData(managedBookingQueryKey(token), outcome.booking),
    onError: () => queryClient.invalidateQueries({ queryKey: managedBookingQueryKey(token) }),
  });
}

/** Hands the booking to someone else: after it, this link opens nothing, so nothing is refetched. */
export function useHandOver(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: { name: string; email: string }): Promise<HandOverOutcome> =>
      call(
        { token, action: 'hand_over', name: to.name, email: to.email },
        handOverAnswer,
        'The booking may have been handed over, but we could not read the answer. Please check your email.',
      ),
    onSuccess: () => queryClient.removeQueries({ queryKey: managedBookingQueryKey(token) }),
  });
}

const addonsAnswer = z.object({ success: z.literal(true), booking: managedBookingSchema, chargedCents: z.number().int() });

/** Extras from the manage page (add_addons): taken while the card is charged, given back if declined. */
export function useAddExtras(token: string) {
  const queryClient = useQueryClient();
  return async (choice: ExtrasChoice): Promise<{ chargedCents: number }> => {
    const parsed = addonsAnswer.safeParse(await invokeCharge(MANAGE_FUNCTION, { token, action: 'add_addons', ...choice }));
    if (!parsed.success) throw new Error('The extras may have been added, but we could not read the answer. Please reload the page.');
    queryClient.setQueryData(managedBookingQueryKey(token), parsed.data.booking);
    return parsed.data;
  };
}
