// The supper club (org slug 'magnolia', or the SUPPER_CLUB_ORG_SLUG secret): 6500 cents per ticket, fixed here on the server
// (the browser's ticket_price is ignored), two seatings of 20 tickets ('5:30pm', '8:00pm'),
// 1 to 6 tickets per order. Same booking path as every flavour: hold -> charge -> confirm.
import { handler } from '../_shared/http.ts';
import { SUPPER_CLUB, supperClubOrgSlug } from '../_shared/pricing.ts';
import { ticketCheckoutHandler } from '../_shared/ticket-checkout.ts';

Deno.serve(handler(ticketCheckoutHandler({
  pricing: 'fixed',
  unitPriceCents: SUPPER_CLUB.unitPriceCents,
  orgSlug: supperClubOrgSlug(),
  maxGuests: SUPPER_CLUB.maxGuests,
  timeSlots: SUPPER_CLUB.timeSlots,
  // 20 tickets per seating, checked under the event lock in hold_booking (not only by the
  // slot's stored max_capacity, which staff may set higher).
  slotCap: SUPPER_CLUB.ticketsPerSlot,
  messages: {
    minGuests: 'Minimum 1 ticket per order.',
    maxGuests: `Maximum ${SUPPER_CLUB.maxGuests} tickets per order.`,
    wholeGuests: 'The number of tickets must be a whole number.',
  },
})));
