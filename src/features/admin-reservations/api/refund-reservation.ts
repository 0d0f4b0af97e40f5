import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { okBody } from '@/lib/invoke-function';
import { integer, object, string } from '@/lib/read-json';
import type { RefundResult } from '../types';
import { postMoneyRequest, refundNoteOf } from './money-request';

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
  const body = object(okBody(await postMoneyRequest('refund-reservation', input), 'Refund'));
  const status = string(body.refundStatus);
  return {
    refundedCents: integer(body.refundedCents),
    refundStatus: status === 'completed' || status === 'pending' ? status : 'none',
    ...refundNoteOf(body),
  };
}

/** A refund changes the money every admin list of the org shows. */
export function useRefundReservation(orgId: string, options: MutationCallbacks<RefundResult, RefundReservationInput> = {}) {
  return useInvalidatingMutation(refundReservation, ['admin', orgId], options);
}
