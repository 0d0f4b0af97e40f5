// Ticketed bookings (dinner series, organization pages): the ticket type's price x guests,
// less any promo code, priced on the server; hold -> charge -> confirm.
// Shapes and messages: supabase/functions/_shared/ticket-checkout.ts and docs/BOOKING.md.
import { handler } from '../_shared/http.ts';
import { TICKET_MAX_GUESTS, TICKET_MIN_GUESTS } from '../_shared/product.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(
  handler(
    ticketCheckoutHandler({
      pricing: 'ticket',
      minGuests: TICKET_MIN_GUESTS,
      maxGuests: TICKET_MAX_GUESTS,
      messages: {
        minGuests: `At least ${TICKET_MIN_GUESTS} guest is required.`,
        maxGuests: `Parties larger than ${TICKET_MAX_GUESTS}: please email the host with your preferred date and party size.`,
      },
    }),
  ),
);
