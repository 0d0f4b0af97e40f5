import { z } from 'zod';
import { invokeFunction, serverCode, serverMessage } from '@/lib/invoke-function';
import { quoteLines, type PriceLines } from '@/lib/price-lines';
import { priceLinesAnswer, readPriceLines } from '@/lib/price-lines-answer';
import { CheckoutError, type BookingHandle, type Quote, type TicketReservationData, type TicketSelection } from '../types';

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
export function completeReservationData(data: Partial<TicketReservationData>): Record<string, unknown> {
  // The add-ons go beside reservationData (the request's `addons`).
  const { addons: _addons, ...rest } = data;
  const complete: Record<string, unknown> = { ...rest };
  for (const field of RESERVATION_FIELDS) if (complete[field] === undefined) complete[field] = null;
  if (complete.guests === null) complete.guests = data.num_guests ?? null;
  return complete;
}

/** The part of a booking the server prices. */
export function ticketSelection(data: TicketReservationData): TicketSelection {
  return {
    eventId: data.eventId,
    guests: data.num_guests,
    ticketTypeId: data.ticketTypeId ?? null,
    timeSlot: data.timeSlot ?? null,
    addons: data.addons ?? [],
  };
}

const cents = z.number().int().nonnegative();
const quoteAnswer = priceLinesAnswer.extend({
  success: z.boolean(),
  finalAmountCents: cents.optional(),
  subtotalCents: cents.nullish(),
  discountCents: cents.nullish(),
  promo: z.object({ id: z.string(), discount_type: z.string(), discount_amount: z.number() }).nullish(),
  split: z
    .object({
      cutoffHours: z.number().int(),
      seatCents: cents,
      seat: z.object({
        subtotalCents: cents,
        discountCents: cents,
        serviceChargeCents: cents,
        taxCents: cents,
        amountCents: cents,
        priceDisplay: z.enum(['itemized', 'all_in']),
      }),
    })
    .nullish(),
  error: z.string().nullish(),
});

export type TicketQuote = Quote & { promo: { id: string; discount_type: string; discount_amount: number } | null };

/**
 * The validation call (`validateOnly: true`): the server prices the selection — with the code,
 * if any — and checks that it can be booked; nothing is reserved. Throws CheckoutError with the
 * server's message when it refuses.
 */
export async function quoteTicketBooking(input: {
  paymentFunction: string;
  selection: TicketSelection;
  promoCode?: string | null;
}): Promise<TicketQuote> {
  const { eventId, guests, ticketTypeId, timeSlot, addons } = input.selection;
  const answer = await invokeFunction<unknown>(input.paymentFunction, {
    validateOnly: true,
    reservationData: completeReservationData({ eventId, num_guests: guests, guests, ticketTypeId, timeSlot }),
    promoCode: input.promoCode || undefined,
    ...(addons?.length ? { addons } : {}),
  });
  const parsed = quoteAnswer.safeParse(answer.body);
  if (answer.status === 200 && parsed.success && parsed.data.success && parsed.data.finalAmountCents !== undefined) {
    const { finalAmountCents, subtotalCents, discountCents, promo, split } = parsed.data;
    const lines = readPriceLines(parsed.data, {
      subtotalCents: subtotalCents ?? finalAmountCents + (discountCents ?? 0),
      discountCents: discountCents ?? 0,
      amountCents: finalAmountCents,
    });
    return {
      totalCents: finalAmountCents,
      discountCents: lines.discountCents,
      subtotalCents: lines.subtotalCents,
      serviceChargeCents: lines.serviceChargeCents,
      taxCents: lines.taxCents,
      priceDisplay: lines.priceDisplay,
      promo: promo ?? null,
      split: split ?? null,
    };
  }
  throw new CheckoutError(serverMessage(answer.body), answer.status < 500, answer.status, serverCode(answer.body));
}

export type PromoValidation =
  { ok: true; finalAmountCents: number; lines: PriceLines; promo: TicketQuote['promo'] } | { ok: false; message: string | null };

/** Apply in the payment step: the validation call with the code. */
export async function validatePromoCode(input: {
  paymentFunction: string;
  reservationData: TicketReservationData;
  promoCode: string;
}): Promise<PromoValidation> {
  try {
    const quote = await quoteTicketBooking({
      paymentFunction: input.paymentFunction,
      selection: ticketSelection(input.reservationData),
      promoCode: input.promoCode,
    });
    return { ok: true, finalAmountCents: quote.totalCents, lines: quoteLines(quote), promo: quote.promo };
  } catch (error) {
    if (error instanceof CheckoutError) return { ok: false, message: error.message || null };
    throw error;
  }
}

const payingAnswer = priceLinesAnswer.extend({
  success: z.boolean(),
  reservationId: z.string().nullish(),
  amountCents: z.number().int().nullish(),
  subtotalCents: cents.nullish(),
  discountCents: cents.nullish(),
  bookingCode: z.string().nullish(),
  manageToken: z.string().nullish(),
  error: z.string().nullish(),
});

export type TicketPaymentResult =
  | ({ ok: true; reservationId: string | null; amountCents: number | null; lines: PriceLines | null } & BookingHandle)
  | { ok: false; message: string | null; definitive: boolean; status: number; code: string | null };

/** The paying call. Throws FunctionUnreachableError when no answer came back. */
export async function processTicketPayment(input: {
  paymentFunction: string;
  token: string | null;
  amountCents: number;
  reservationData: TicketReservationData;
  promoCode: string | null;
  idempotencyKey: string;
  /** Each guest pays their own seat: amountCents is the booker's one seat. */
  payOwnSeat?: boolean;
}): Promise<TicketPaymentResult> {
  const answer = await invokeFunction<unknown>(input.paymentFunction, {
    token: input.token,
    amount: input.amountCents,
    reservationData: completeReservationData(input.reservationData),
    promoCode: input.promoCode ?? undefined,
    idempotencyKey: input.idempotencyKey,
    payOwnSeat: input.payOwnSeat || undefined,
    ...(input.reservationData.addons?.length ? { addons: input.reservationData.addons } : {}),
  });
  const parsed = payingAnswer.safeParse(answer.body);
  if (answer.status === 200 && parsed.success && parsed.data.success) {
    const { reservationId, amountCents, subtotalCents, discountCents, bookingCode, manageToken } = parsed.data;
    const lines =
      amountCents != null && subtotalCents != null
        ? readPriceLines(parsed.data, { subtotalCents, discountCents: discountCents ?? 0, amountCents })
        : null;
    return { ok: true, reservationId: reservationId ?? null, amountCents: amountCents ?? null, lines, bookingCode, manageToken };
  }
  // A 5xx may hide a charge that went through: the retry must reuse the key.
  return { ok: false, message: serverMessage(answer.body), definitive: answer.status < 500, status: answer.status, code: serverCode(answer.body) };
}
