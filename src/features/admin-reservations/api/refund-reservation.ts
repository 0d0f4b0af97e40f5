import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import type { Json } from '@/lib/database.types';
import { invokeFunction, okBody } from '@/lib/invoke-function';
import { integer, object, string } from '@/lib/read-json';
import type { RefundResult } from '../types';

export interface RefundReservationInput {
  reservationId: string;
  amountCents: number;
  reason?: string;
  notifyGuest: boolean;
  /** One random key per dialog opening: the same request twice (a double click) refunds once. */
  requestKey: string;
}

/** Refunds part or all of what a booking still holds, without cancelling it (refund-reservation). */
export async function refundReservation(input: RefundReservationInput): Promise<RefundResult> {
  const reason = input.reason?.trim();
  const answer = await invokeFunction<Json>('refund-reservation', {
    reservationId: input.reservationId,
    amountCents: input.amountCents,
    notifyGuest: input.notifyGuest,
    requestKey: input.requestKey,
    ...(reason ? { reason } : {}),
  });
  const body = object(okBody(answer, 'Refund'));
  const status = string(body.refundStatus);
  const note = typeof body.refundNote === 'string' ? body.refundNote : '';
  return {
    refundedCents: integer(body.refundedCents),
    refundStatus: status === 'completed' || status === 'pending' ? status : 'none',
    ...(note ? { refundNote: note } : {}),
  };
}

/** A refund changes the money every admin list of the org shows. */
export function useRefundReservation(orgId: string, options: MutationCallbacks<RefundResult, RefundReservationInput> = {}) {
  return useInvalidatingMutation(refundReservation, ['admin', orgId], options);
}
