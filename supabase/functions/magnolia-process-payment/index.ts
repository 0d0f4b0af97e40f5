// The supper club (org slug 'magnolia', or the SUPPER_CLUB_ORG_SLUG secret): 6500 cents per ticket, fixed here on the server
// (the browser's ticket_price is ignored), two seatings of 20 tickets ('5:30pm', '8:00pm'),
// 1 to 6 tickets per order (the numbers: _shared/product.ts). Same booking path as every
// flavour: hold -> charge -> confirm.
import { handler } from '../_shared/http.ts';
import { supperClubOrgSlug } from '../_shared/pricing.ts';
import {
  SUPPER_CLUB_MAX_TICKETS_PER_ORDER,
  SUPPER_CLUB_MIN_TICKETS_PER_ORDER,
  SUPPER_CLUB_TICKET_PRICE_CENTS,
  SUPPER_CLUB_TICKETS_PER_SEATING,
  SUPPER_CLUB_TIME_SLOTS,
} from '../_shared/product.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(
  handler(
    ticketCheckoutHandler({
      pricing: 'fixed',
      unitPriceCents: SUPPER_CLUB_TICKET_PRICE_CENTS,
      orgSlug: supperClubOrgSlug(),
      minGuests: SUPPER_CLUB_MIN_TICKETS_PER_ORDER,
      maxGuests: SUPPER_CLUB_MAX_TICKETS_PER_ORDER,
      timeSlots: SUPPER_CLUB_TIME_SLOTS,
      // 20 tickets per seating, checked under the event lock in hold_booking (not only by the
      // slot's stored max_capacity, which staff may set higher).
      slotCap: SUPPER_CLUB_TICKETS_PER_SEATING,
      messages: {
        minGuests: `Minimum ${SUPPER_CLUB_MIN_TICKETS_PER_ORDER} ticket per order.`,
        maxGuests: `Maximum ${SUPPER_CLUB_MAX_TICKETS_PER_ORDER} tickets per order.`,
        wholeGuests: 'The number of tickets must be a whole number.',
      },
    }),
  ),
);
