import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { AddonChoice, TicketSelection } from '../types';
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

// The event's add-ons, beside the quote: both booking forms that offer them load this module
// already, so they cost no chunk of their own.

type AddonRow = Database['public']['Functions']['get_event_addons']['Returns'][number];

/** An add-on a booking page offers (get_event_addons). */
export interface PublicAddon extends Omit<AddonRow, 'available' | 'description' | 'per'> {
  description: string | null;
  per: 'guest' | 'booking';
  /** How many are left of a limited add-on; null: unlimited. */
  available: number | null;
}

export const publicAddonsQueryOptions = (eventId: string | null) =>
  queryOptions({
    queryKey: ['checkout', 'addons', eventId],
    queryFn: async () => readPublicRpc<PublicAddon[]>(await postPublicRpc('get_event_addons', { p_event_id: eventId })) ?? [],
    enabled: eventId !== null,
    staleTime: 30_000,
  });

/** The event's active add-ons (none for most events: the form then shows nothing). */
export const usePublicAddons = (eventId: string | null) => useQuery(publicAddonsQueryOptions(eventId));

/** The chosen add-ons as the server takes them (its default quantity: every guest, or once). */
export const addonChoices = (chosen: readonly string[]): AddonChoice[] => chosen.map((id) => ({ id }));

/** "2 × Wine pairing, 1 × Corkage": the chosen add-ons in words (empty when none). */
export function addonsText(addons: readonly PublicAddon[], chosen: readonly string[], guests: number): string {
  return (
    addons
      .filter((a) => chosen.includes(a.id))
      // One per guest, or one per booking.
      .map((a) => `${a.per === 'guest' ? guests : 1} × ${a.name}`)
      .join(', ')
  );
}
