import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction, serverMessage } from './invoke-function';
import type { TicketReservationData } from '../types';

export const DEFAULT_PAYMENT_FUNCTION = 'process-square-payment';

const RESERVATION_FIELDS = [
  'name',
  'email',
  'phone',
  'eventId',
  'guests',
  'num_guests',
  'ticketTypeId',
  'ticketType',
  'timeSlot',
  'dietaryRestrictions',
  'specialRequests',
] as const;

/**
 * Every field of the functions' reservationData is sent, absent ones as null: the request is
 * explicit, and a function's schema that (wrongly) insists on each key still accepts it.
 */
export function completeReservationData(data: TicketReservationData): Record<string, unknown> {
  const complete: Record<string, unknown> = { ...data };
  for (const field of RESERVATION_FIELDS) if (complete[field] === undefined) complete[field] = null;
  if (complete.guests === null) complete.guests = data.num_guests;
  return complete;
}

const validationAnswer = z.object({
  success: z.boolean(),
  finalAmountCents: z.number().int().nonnegative().optional(),
  promo: z.object({ id: z.string(), discount_type: z.string(), discount_amount: z.number() }).nullish(),
  error: z.string().nullish(),
});

export type PromoValidation =
  | { ok: true; finalAmountCents: number; promo: { id: string; discount_type: string; discount_amount: number } | null }
  | { ok: false; message: string | null };

/** The validation call: the server prices the booking with the code (nothing is reserved). */
export async function validatePromoCode(input: {
  paymentFunction: string;
  reservationData: TicketReservationData;
  promoCode: string;
}): Promise<PromoValidation> {
  const answer = await invokeFunction<unknown>(input.paymentFunction, {
    validateOnly: true,
    reservationData: completeReservationData(input.reservationData),
    promoCode: input.promoCode,
  });
  const parsed = validationAnswer.safeParse(answer.body);
  if (answer.status === 200 && parsed.success && parsed.data.success && parsed.data.finalAmountCents !== undefined) {
    return { ok: true, finalAmountCents: parsed.data.finalAmountCents, promo: parsed.data.promo ?? null };
  }
  return { ok: false, message: serverMessage(answer.body) };
}

export function useValidatePromoCode() {
  return useMutation({ mutationFn: validatePromoCode });
}

const payingAnswer = z.object({
  success: z.boolean(),
  reservationId: z.string().nullish(),
  amountCents: z.number().int().nullish(),
  error: z.string().nullish(),
});

export type TicketPaymentResult =
  | { ok: true; reservationId: string | null; amountCents: number | null }
  | { ok: false; message: string | null; definitive: boolean };

/** The paying call. Throws FunctionUnreachableError when no answer came back. */
export async function processTicketPayment(input: {
  paymentFunction: string;
  token: string | null;
  amountCents: number;
  reservationData: TicketReservationData;
  promoCode: string | null;
  idempotencyKey: string;
}): Promise<TicketPaymentResult> {
  const answer = await invokeFunction<unknown>(input.paymentFunction, {
    token: input.token,
    amount: input.amountCents,
    reservationData: completeReservationData(input.reservationData),
    promoCode: input.promoCode ?? undefined,
    idempotencyKey: input.idempotencyKey,
  });
  const parsed = payingAnswer.safeParse(answer.body);
  if (answer.status === 200 && parsed.success && parsed.data.success) {
    return { ok: true, reservationId: parsed.data.reservationId ?? null, amountCents: parsed.data.amountCents ?? null };
  }
  // A 5xx may hide a charge that went through: the retry must reuse the key.
  return { ok: false, message: serverMessage(answer.body), definitive: answer.status < 500 };
}
