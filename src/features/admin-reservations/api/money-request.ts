import type { Json } from '@/lib/database.types';
import { invokeFunction } from '@/lib/invoke-function';
import type { JsonObject } from '@/lib/read-json';

/**
 * Posts a staff money decision (cancel-reservation, refund-reservation): the input as typed, its
 * reason trimmed and left out when blank.
 */
export function postMoneyRequest<T extends { reason?: string }>(name: 'cancel-reservation' | 'refund-reservation', { reason, ...input }: T) {
  const trimmed = reason?.trim();
  return invokeFunction<Json>(name, { ...input, ...(trimmed ? { reason: trimmed } : {}) });
}

/** The answer's note on a refund left pending (why it is not sent yet), when it has one. */
export function refundNoteOf(body: JsonObject): { refundNote?: string } {
  return typeof body.refundNote === 'string' && body.refundNote ? { refundNote: body.refundNote } : {};
}
