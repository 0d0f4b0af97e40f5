// RSVP with a deposit per guest (the event's deposit_amount, default 500 cents), less any
// promo code; a free RSVP (total 0) is confirmed without a card.
//
// Request: { eventId, slotId, guestDetails: { name, email, phone?, numGuests,
//   dietaryRestrictions?, specialRequests? }, promoCode?, addons? ([{ id, quantity? }]), validateOnly?,
//   paymentToken?, idempotencyKey?, amount? (the total the guest saw, cents; checked when sent) }
// validateOnly → { success: true, totalDeposit, discountApplied, subtotal, subtotalCents, discountCents, serviceChargeCents, taxCents, amountCents, priceDisplay, promo, addons } (cents)
// final        → { success: true, reservationId, totalDeposit, discountApplied, subtotalCents, discountCents, serviceChargeCents, taxCents, amountCents, priceDisplay, bookingCode, manageToken, addons }
// refusals     → { success: false, error, code } with 400/402/404/409/503
import { z } from 'npm:zod@4.6.7';
import { bookAndPay, bookedAnswer, payOptions } from '../_shared/booking.ts';
import { allowMethods, clientAddress, handler, json, readBody, validate } from '../_shared/http.ts';
import { EMAIL, EMAIL_INVALID_MESSAGE, tooLongMessage } from '../_shared/guest-input.ts';
import { addonsSchema, amountSchema, idempotencyKeySchema, optionalText, phoneSchema, UUID } from '../_shared/input.ts';
import { priceLines } from '../_shared/price-lines.ts';
import { type BookingSelection, publicPromo, quoteBooking } from '../_shared/pricing.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_PROMO_CODE_LENGTH, RSVP_MAX_GUESTS, RSVP_MIN_GUESTS } from '../_shared/product.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const FEWEST = `At least ${RSVP_MIN_GUESTS} guest required`;

const guestDetailsSchema = z.object(
  {
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { message: 'Name is required' })
      .max(MAX_NAME_LENGTH, { message: tooLongMessage('Name', MAX_NAME_LENGTH) }),
    email: z
      .string({ error: EMAIL_INVALID_MESSAGE })
      .trim()
      .max(MAX_EMAIL_LENGTH, { message: EMAIL_INVALID_MESSAGE })
      .regex(EMAIL, { message: EMAIL_INVALID_MESSAGE }),
    phone: phoneSchema,
    numGuests: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d+$/)
            .transform(Number),
        ],
        { error: FEWEST },
      )
      // Range first, so that a huge number (not a safe integer) reads 'Maximum 10 guests'.
      .pipe(
        z
          .number()
          .min(RSVP_MIN_GUESTS, { message: FEWEST })
          .max(RSVP_MAX_GUESTS, { message: `Maximum ${RSVP_MAX_GUESTS} guests` })
          .int({ message: 'The number of guests must be a whole number' }),
      ),
    dietaryRestrictions: optionalText(MAX_NOTE_LENGTH, 'Dietary restrictions'),
    specialRequests: optionalText(MAX_NOTE_LENGTH, 'Special requests'),
  },
  { error: 'guestDetails is required' },
);

// Pricing calls may come before the guest has typed a name or email.
const pricingGuestSchema = guestDetailsSchema.extend({
  name: z.string().nullish(),
  email: z.string().nullish(),
});

const common = {
  eventId: z
    .string({ error: 'Event not found. Please select a valid event.' })
    .trim()
    .regex(UUID, { message: 'Event not found. Please select a valid event.' }),
  slotId: z.string({ error: 'Please select a time slot' }).trim().regex(UUID, { message: 'Please select a time slot' }),
  promoCode: z.string({ error: 'promoCode must be a string' }).max(MAX_PROMO_CODE_LENGTH, { message: 'Invalid promo code' }).nullish(),
  paymentToken: z.string({ error: 'paymentToken must be a string' }).max(1024, { message: 'paymentToken is too long' }).nullish(),
  idempotencyKey: idempotencyKeySchema,
  amount: amountSchema,
  addons: addonsSchema,
};

const pricingSchema = z.object({ ...common, validateOnly: z.literal(true), guestDetails: pricingGuestSchema });
const finalSchema = z.object({ ...common, validateOnly: z.literal(false).nullish(), guestDetails: guestDetailsSchema });

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const body = await readBody(req, z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object' }), { summary: 'first' });
    // A pricing call needs no name or email yet; the booking call needs every guest detail.
    const input =
      body.validateOnly === true ? validate(pricingSchema, body, { summary: 'first' }) : validate(finalSchema, body, { summary: 'first' });

    const selection: BookingSelection = {
      eventId: input.eventId,
      guests: input.guestDetails.numGuests,
      rsvpSlotId: input.slotId,
      promoCode: input.promoCode,
      addons: input.addons,
      clientKey: clientAddress(req),
    };
    const db = sharedAdminClient();

    if (input.validateOnly === true) {
      const quote = await quoteBooking(db, selection);
      return json({
        success: true,
        totalDeposit: quote.totalCents,
        discountApplied: quote.discountCents,
        subtotal: quote.subtotalCents,
        ...priceLines(quote),
        promo: publicPromo(quote.promo),
        addons: quote.addons,
      });
    }

    const guest = guestDetailsSchema.parse(input.guestDetails);
    const result = await bookAndPay(db, selection, guest, payOptions(input.paymentToken, input.amount, input.idempotencyKey));
    return json({ ...bookedAnswer(result), totalDeposit: result.amountCents, discountApplied: result.discountCents });
  }),
);
