import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import type { Json } from '@/lib/database.types';
import { serverMessage } from '@/lib/invoke-function';
import { boolean, integer, object, string } from '@/lib/read-json';
import type { CancelRefund, CancelResult } from '../types';
import { postMoneyRequest, refundNoteOf } from './money-request';

export interface CancelReservationInput {
  reservationId: string;
  /** 'full' refunds everything still refundable; 'none' keeps it (with a reason when money is held). */
  refund: CancelRefund;
  notifyGuest: boolean;
  reason?: string;
}

function readRefundStatus(value: Json | undefined): CancelResult['refundStatus'] {
  const status = string(value);
  return status === 'completed' || status === 'pending' || status === 'failed' ? status : 'none';
}

/**
 * Every cancellation goes through the cancel-reservation function, free or paid: it cancels,
 * gives the seats back, takes the money decision in the same transaction, asks the processor for
 * the refund and emails the guest. Cancelling a cancelled reservation again answers its state
 * (alreadyCancelled) and refunds nothing more. A 502 `refund_failed` means the reservation IS
 * cancelled but the processor refused the refund: that is a result (the list must refresh), not a
 * failure of the cancellation.
 */
export async function cancelReservation(input: CancelReservationInput): Promise<CancelResult> {
  const answer = await postMoneyRequest('cancel-reservation', input);
  const body = answer.body === null || typeof answer.body !== 'object' || Array.isArray(answer.body) ? {} : answer.body;
  if (answer.status === 502 && body.code === 'refund_failed') {
    return {
      refundedCents: typeof body.refundedCents === 'number' ? body.refundedCents : 0,
      refundStatus: 'failed',
      alreadyCancelled: false,
      refundError: serverMessage(body) ?? 'The card processor refused the refund.',
    };
  }
  if (answer.status !== 200) throw new Error(serverMessage(body) ?? `Cancelling failed (${answer.status})`);
  const ok = object(answer.body);
  return {
    refundedCents: integer(ok.refundedCents),
    refundStatus: readRefundStatus(ok.refundStatus),
    alreadyCancelled: ok.alreadyCancelled === undefined ? false : boolean(ok.alreadyCancelled),
    refundError: null,
    ...refundNoteOf(ok),
  };
}

/** Cancelling gives seats back and changes money: every admin list of the org refreshes. */
export function useCancelReservation(orgId: string, options: MutationCallbacks<CancelResult, CancelReservationInput> = {}) {
  return useInvalidatingMutation(cancelReservation, ['admin', orgId], options);
}
