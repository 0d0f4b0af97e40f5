// waitlist-offer: the claim page of a booking held for a guest: a waitlist offer
// (/waitlist/{token}, from the offer email) or a booking staff entered with a payment link
// (/pay/{token}, from its email; SQL staff_create_booking).
//
// verify_jwt = false: the token (the offer hold's manage token, stored only as a hash) is the
// key. An offer is a held reservation for exactly the offered seats at the server's price;
// 'pay' books it through the one booking path (bookAndPay with the hold's own idempotency
// key: 'charging' on record, the charge, the confirmation), so a retry never charges twice.
// A lapsed offer is refused before any charge.
//
// Request: { token, action: 'view' }
//        | { token, action: 'pay', paymentToken?, amount? (the total the guest saw, cents) }
// → view: 200 { success: true, offer } (status 'open' | 'claimed' | 'expired')
// → pay:  200 { success: true, reservationId, subtotalCents, discountCents, serviceChargeCents, taxCents, amountCents, priceDisplay, bookingCode, manageToken }
// → 404 'This waitlist link is not valid.' | 409 'This offer has expired…' | other 4xx as booking
import { z } from 'npm:zod@4.6.7';
import { bookAndPay, bookedAnswer, payOptions } from '../_shared/booking.ts';
import { clientAddress, handler, json, refusal } from '../_shared/http.ts';
import { amountSchema, linkNotFound, linkTokenField, readLinkBody } from '../_shared/input.ts';
import { callRpc } from '../_shared/rpc.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const inputSchema = z.object({
  token: linkTokenField,
  action: z.enum(['view', 'pay'], 'action must be "view" or "pay"'),
  paymentToken: z.string().trim().min(1).max(1000).optional(),
  amount: amountSchema.optional(),
});

interface Offer {
  reservation_id: string;
  /** A waitlist offer, or a booking staff entered with a payment link (/pay/{token}). */
  kind: 'waitlist_offer' | 'payment_link';
  idempotency_key: string;
  status: 'open' | 'claimed' | 'expired';
  name: string;
  email: string;
  guests: number;
  total_cents: number;
  event_id: string;
  ticket_type_id: string | null;
  rsvp_slot_id: string | null;
}

Deno.serve(
  handler(async (req) => {
    const input = await readLinkBody(req, inputSchema, 'waitlist');
    const db = sharedAdminClient();
    const offer = await callRpc<(Offer & Record<string, unknown>) | null>(db, 'waitlist_offer_view', { p_token: input.token });
    if (!offer) throw linkNotFound('waitlist');
    const { idempotency_key: key, email, ...shown } = offer;
    if (input.action === 'view') return json({ success: true, offer: { ...shown, email } });

    if (offer.status === 'expired') {
      throw refusal(
        409,
        offer.kind === 'payment_link'
          ? 'This payment link has expired and the seats were released. Please contact the host to book again.'
          : 'This offer has expired and the seats have gone to the next party on the waitlist.',
        'offer_expired',
      );
    }
    const booked = await bookAndPay(
      db,
      {
        eventId: offer.event_id,
        guests: offer.guests,
        ticketType: offer.ticket_type_id,
        rsvpSlotId: offer.rsvp_slot_id,
        clientKey: clientAddress(req),
      },
      { name: offer.name, email },
      payOptions(input.paymentToken, input.amount ?? offer.total_cents, key),
    );
    return json(bookedAnswer(booked));
  }),
);
