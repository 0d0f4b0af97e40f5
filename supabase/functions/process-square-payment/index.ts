// The card checkout of any organization's event that sells tickets or seatings: priced on
// the server from the event's own data; hold -> charge -> confirm.
// Shapes and messages: supabase/functions/_shared/ticket-checkout.ts and docs/BOOKING.md.
import { handler } from '../_shared/http.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(handler(ticketCheckoutHandler()));
