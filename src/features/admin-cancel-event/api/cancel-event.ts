import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import type { CancelEventRefund } from '../types';
import { eventCancellationKey } from './get-event-cancellation';

export interface CancelEventInput {
  eventId: string;
  refund: CancelEventRefund;
  message: string;
}

/**
 * The cancel-event function decides everything in one transaction and then sends the refunds;
 * calling it again sends only what is still pending. Its answer is re-read as the progress
 * (staff_event_cancellation), so only success or its refusal matters here.
 */
async function cancelEvent(input: CancelEventInput): Promise<void> {
  const answer = await invokeFunction<Json>('cancel-event', { eventId: input.eventId, refund: input.refund, message: input.message.trim() });
  if (answer.status !== 200) throw new Error(serverMessage(answer.body) ?? `Cancelling failed (${answer.status})`);
}

/** Cancelling changes the event, its bookings, money and waitlist: the overview and every admin list refresh. */
export function useCancelEvent(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: eventCancellationKey(eventId) }),
        client.invalidateQueries({ queryKey: ['admin-overview', eventId] }),
        client.invalidateQueries({ queryKey: ['admin'] }),
      ]);
    },
  });
}
