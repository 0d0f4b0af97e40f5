import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { supabase } from '@/lib/supabase';
import { doorTotals, withCheckIn } from '../lib/door-list';
import { doorMessages } from '../messages';
import type { DoorList, DoorTotals } from '../types';
import { doorListKey } from './get-door-list';

export interface CheckInInput {
  reservationId: string;
  /** The party's arrivals after the tap: an absolute count, so a retried request never counts twice. */
  checkedInGuests: number;
}

interface CheckInAnswer {
  reservationId: string;
  checkedInGuests: number;
  checkedInAt: string | null;
  totals: DoorTotals;
}

/** No answer came back, or the server could not answer now (retried with backoff). */
class ConnectionError extends Error {
  override name = 'ConnectionError';
}

/** A check-in's variables, read back from the mutation cache. */
export function isCheckInInput(value: unknown): value is CheckInInput {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'reservationId' in value && typeof value.reservationId === 'string' && 'checkedInGuests' in value && typeof value.checkedInGuests === 'number'
  );
}

export const checkInKey = (eventId: string) => ['admin-door', eventId, 'check-in'] as const;

async function checkIn({ reservationId, checkedInGuests }: CheckInInput): Promise<CheckInAnswer> {
  const { data, error, status } = await supabase
    .rpc('staff_check_in', {
      p_reservation_id: reservationId,
      p_checked_in_guests: checkedInGuests,
    })
    .single();
  if (error) {
    if (status === 0 || status === 408 || status === 429 || status >= 500) throw new ConnectionError(error.message);
    throw new Error(error.message);
  }
  return {
    reservationId: data.reservation_id,
    checkedInGuests: data.checked_in_guests,
    checkedInAt: data.checked_in_at,
    totals: {
      expectedGuests: data.expected_guests,
      arrivedGuests: data.arrived_guests,
      parties: data.parties,
      partiesArrived: data.parties_arrived,
    },
  };
}

const MAX_RETRIES = 10;

/**
 * Checks a party in (or undoes it): the list shows the new count and totals at once, the request
 * is retried with backoff while the connection is down (one party's taps are sent in order: one
 * mutation scope per party), and a refusal rolls the list back and is toasted.
 */
export function useCheckIn(eventId: string, reservationId: string) {
  const queryClient = useQueryClient();
  const queryKey = doorListKey(eventId);
  return useMutation({
    mutationKey: checkInKey(eventId),
    scope: { id: `door-check-in-${reservationId}` },
    mutationFn: checkIn,
    retry: (failures, error) => error instanceof ConnectionError && failures < MAX_RETRIES,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8000),
    onMutate: async (input: CheckInInput) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<DoorList>(queryKey);
      if (previous) {
        const parties = previous.parties.map((p) => (p.id === input.reservationId ? withCheckIn(p, input.checkedInGuests) : p));
        queryClient.setQueryData<DoorList>(queryKey, { ...previous, parties, totals: doorTotals(parties) });
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(doorMessages.checkInFailed, { description: error.message });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<DoorList>(queryKey, (list) =>
        list
          ? {
              ...list,
              parties: list.parties.map((p) =>
                p.id === answer.reservationId ? { ...p, checkedInGuests: answer.checkedInGuests, checkedInAt: answer.checkedInAt } : p,
              ),
              totals: answer.totals,
            }
          : list,
      );
    },
    onSettled: async () => {
      // The last one to settle brings the list up to date (other staff's check-ins too).
      if (queryClient.isMutating({ mutationKey: checkInKey(eventId) }) <= 1) await queryClient.invalidateQueries({ queryKey });
    },
  });
}
