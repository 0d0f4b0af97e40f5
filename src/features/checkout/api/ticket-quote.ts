import type { TicketSelection } from '../types';
import type { QuoteRequest } from './get-quote';

export const DEFAULT_PAYMENT_FUNCTION = 'process-square-payment';

/**
 * The live quote of a ticket selection (no code): what the booking forms show. The calling
 * code (process-ticket-payment.ts: zod and supabase-js) loads with the first quote, not with
 * the form.
 */
export function ticketQuoteRequest(paymentFunction: string, selection: TicketSelection): QuoteRequest {
  return {
    key: [
      paymentFunction,
      selection.eventId,
      selection.ticketTypeId ?? null,
      selection.timeSlot ?? null,
      selection.guests,
      (selection.addons ?? []).map((a) => `${a.id}:${a.quantity ?? ''}`).join(','),
    ],
    fetch: async () => (await import('./process-ticket-payment')).quoteTicketBooking({ paymentFunction, selection }),
  };
}
