// Ticketed bookings (dinner series, organization pages): the ticket type's price x guests,
// less any promo code, priced on the server; hold -> charge -> confirm.
// Shapes and messages: supabase/functions/_shared/ticket-checkout.ts and docs/BOOKING.md.
import { handler } from '../_shared/http.ts';
import { TICKET_MAX_GUESTS } from '../_shared/pricing.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(handler(ticketCheckoutHandler({
  pricing: 'ticket',
  maxGuests: TICKET_MAX_GUESTS,
  messages: {
    minGuests: 'At least 1 guest is required.',
    maxGuests: `Parties larger than ${TICKET_MAX_GUESTS}: please email the host with your preferred date and party size.`,
  },
})));
