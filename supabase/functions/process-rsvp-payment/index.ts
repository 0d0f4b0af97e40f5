// RSVP with a deposit per guest (the event's deposit_amount, default 500 cents), less any
// promo code; a free RSVP (total 0) is confirmed without a card.
//
// Request: { eventId, slotId, guestDetails: { name, email, phone?, numGuests,
//   dietaryRestrictions?, specialRequests? }, promoCode?, validateOnly?, paymentToken?,
//   idempotencyKey?, amount? (the total the guest saw, cents; checked when sent) }
// validateOnly → { success: true, totalDeposit, discountApplied, subtotal, promo } (cents)
// final        → { success: true, reservationId, totalDeposit, discountApplied }
// refusals     → { success: false, error, code } with 400/402/404/409/503
import { z } from 'npm:zod@4';
import { handler, json } from '../_shared/http.ts';
import { amountSchema, bookAndPay, bookingDb, idempotencyKeySchema, optionalText, readBody, refusal, UUID } from '../_shared/booking.ts';
import { type BookingSelection, publicPromo, quoteBooking, RSVP_MAX_GUESTS } from '../_shared/pricing.ts';

const guestDetailsSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { message: 'Name is required' }).max(200, { message: 'Name must be at most 200 characters' }),
  email: z.string({ error: 'Valid email is required' }).trim().max(320, { message: 'Valid email is required' })
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: 'Valid email is required' }),
  phone: optionalText(40, 'Phone'),
  numGuests: z.union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)], { error: 'At least 1 guest required' })
    // Range first, so that a huge number (not a safe integer) reads 'Maximum 10 guests'.
    .pipe(z.number()
      .min(1, { message: 'At least 1 guest required' })
      .max(RSVP_MAX_GUESTS, { message: `Maximum ${RSVP_MAX_GUESTS} guests` })
      .int({ message: 'The number of guests must be a whole number' })),
  dietaryRestrictions: optionalText(2000, 'Dietary restrictions'),
  specialRequests: optionalText(2000, 'Special requests'),
}, { error: 'guestDetails is required' });

// Pricing calls may come before the guest has typed a name or email.
const pricingGuestSchema = guestDetailsSchema.extend({
  name: z.string().nullish(),
  email: z.string().nullish(),
});

const common = {
  eventId: z.string({ error: 'Event not found. Please select a valid event.' }).trim()
    .regex(UUID, { message: 'Event not found. Please select a valid event.' }),
  slotId: z.string({ error: 'Please select a time slot' }).trim()
    .regex(UUID, { message: 'Please select a time slot' }),
  promoCode: z.string({ error: 'promoCode must be a string' }).max(40, { message: 'Invalid promo code' }).nullish(),
  paymentToken: z.string({ error: 'paymentToken must be a string' }).max(1024, { message: 'paymentToken is too long' }).nullish(),
  idempotencyKey: idempotencyKeySchema,
  amount: amountSchema,
};

const pricingSchema = z.object({ ...common, validateOnly: z.literal(true), guestDetails: pricingGuestSchema });
const finalSchema = z.object({ ...common, validateOnly: z.literal(false).nullish(), guestDetails: guestDetailsSchema });

Deno.serve(handler(async (req) => {
  if (req.method !== 'POST') throw refusal(405, 'Use POST', 'method_not_allowed');
  const body = await readBody(req, z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object' }));
  // A pricing call needs no name or email yet; the booking call needs every guest detail.
  const parsed = body.validateOnly === true ? pricingSchema.safeParse(body) : finalSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    const error = refusal(400, issues[0]?.message ?? 'Invalid request', 'invalid_input');
    error.extra.issues = issues;
    throw error;
  }
  const input = parsed.data;

  const selection: BookingSelection = {
    pricing: 'deposit',
    eventId: input.eventId,
    guests: input.guestDetails.numGuests,
    rsvpSlotId: input.slotId,
    promoCode: input.promoCode,
    maxGuests: RSVP_MAX_GUESTS,
  };
  const db = bookingDb();

  if (input.validateOnly === true) {
    const quote = await quoteBooking(db, selection);
    return json({
      success: true,
      totalDeposit: quote.totalCents,
      discountApplied: quote.discountCents,
      subtotal: quote.subtotalCents,
      promo: publicPromo(quote.promo),
    });
  }

  const guest = guestDetailsSchema.parse(input.guestDetails);
  const result = await bookAndPay(db, selection, guest, {
    token: input.paymentToken ?? null,
    expectedTotalCents: input.amount ?? null,
    idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
  });
  return json({
    success: true,
    reservationId: result.reservationId,
    totalDeposit: result.amountCents,
    discountApplied: result.discountCents,
  });
}));
