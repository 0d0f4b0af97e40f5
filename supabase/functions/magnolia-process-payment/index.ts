// The supper club's payment function, named by the spec: process-square-payment restricted
// to the supper club's organization (configuration only; its price, seatings and limits are
// its events' data). SUPPER_CLUB_ORG_SLUG names another organization (tests run their own).
import { handler } from '../_shared/http.ts';
import { venueOrgSlug } from '../_shared/venue.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(handler(ticketCheckoutHandler({ orgSlug: venueOrgSlug() })));
