import type { QuoteRequest } from '@/features/checkout/api/get-quote';

// The RSVP calls' shapes and the quote request, without the calling code: process-rsvp.ts (zod
// and supabase-js) loads with the first quote or confirmation, not with the form.

/** What the server prices: the slot, the party size, the code and the add-ons. */
export interface RsvpSelection {
  eventId: string;
  slotId: string;
  numGuests: number;
  promoCode: string | null;
  /** The add-ons chosen (ids): one per guest, or once per booking. */
  addons: readonly string[];
}

export interface RsvpRequest {
  eventId: string;
  slotId: string;
  guestDetails: {
    name: string;
    email: string;
    phone: string | null;
    numGuests: number;
    dietaryRestrictions: string | null;
    specialRequests: string | null;
  };
  promoCode: string | null;
  addons: readonly string[];
}

/** The server's quote of an RSVP selection, as the form shows it and the submit asks again. */
export function rsvpQuoteRequest(selection: RsvpSelection): QuoteRequest {
  return {
    key: ['rsvp', selection.eventId, selection.slotId, selection.numGuests, selection.promoCode ?? '', selection.addons.join(',')],
    fetch: async () => (await import('./process-rsvp')).quoteRsvp(selection),
  };
}

/** The final call (process-rsvp.ts's confirmRsvp), loaded when the guest confirms. */
export async function confirmRsvp(request: RsvpRequest & { paymentToken: string | null; idempotencyKey: string; amount: number }) {
  return (await import('./process-rsvp')).confirmRsvp(request);
}
