// The card checkout of an event that sells tickets or seatings (process-square-payment, and
// a venue's own payment function restricted to its organization). What is sold, its price
// and the party limit are the event's data: SQL decides them and says what is wrong, in the
// words of the event's kind.
//
// Request: { validateOnly?, token?, amount?, reservationData: { name, email, phone?, eventId,
//   guests | num_guests, ticketTypeId | ticketType (tickets), timeSlot (seatings: label or id),
//   dietaryRestrictions?, specialRequests?, ticket_price? (ignored) }, promoCode?, addons? ([{ id, quantity? }]),
//   idempotencyKey?, payOwnSeat? (each guest pays their own seat: the amount is then one seat's) }
// validateOnly → 200 { success: true, finalAmountCents, subtotalCents, discountCents, serviceChargeCents, taxCents, amountCents, priceDisplay, promo, addons,
//                      split: { cutoffHours, seatCents, seat } | null (whether each guest may pay their own seat) }
// paying call  → 200 { success: true, reservationId, subtotalCents, discountCents, serviceChargeCents, taxCents, amountCents, priceDisplay, bookingCode, manageToken, addons, status: 'confirmed' }
// addons (answers): [{ id, name, per: 'guest' | 'booking', quantity, unitPriceCents, totalCents }]
// refusals     → 4xx/5xx { success: false, error, code }
//
// Top layer: imports http.ts, input.ts, supabase.ts, product.ts, pricing.ts and booking.ts.
import { z } from 'npm:zod@4.6.7';
import { bookAndPay, bookedAnswer, payOptions } from './booking.ts';
import { allowMethods, clientAddress, json, readBody, refusal } from './http.ts';
import { EMAIL_INVALID_MESSAGE, isEmail, tooLongMessage } from './guest-input.ts';
import { addonsSchema, amountSchema, idempotencyKeySchema, optionalText, phoneSchema, UUID } from './input.ts';
import { priceLines } from './price-lines.ts';
import { type BookingSelection, publicPromo, quoteBooking } from './pricing.ts';
import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_PROMO_CODE_LENGTH, MAX_TIME_SLOT_LENGTH } from './product.ts';
import { sharedAdminClient } from './supabase.ts';

export interface CheckoutOptions {
  /** Book only events of this organization (a venue's own payment function). */
  orgSlug?: string | null;
}

const MISSING = 'Please fill in all required fields.';

const looseNumber = z.union([z.number(), z.string()], { error: 'Guests must be a number' }).nullish();
const looseText = z.string({ error: 'Expected text' }).nullish();

// Name and email may be absent from a pricing call; when given, they are checked with the other
// guest fields, so that one refusal names every field to fix.
const reservationDataSchema = z.looseObject(
  {
    name: looseText.refine((name) => !name || name.trim().length <= MAX_NAME_LENGTH, { message: tooLongMessage('Name', MAX_NAME_LENGTH) }),
    email: looseText.refine((email) => !email?.trim() || isEmail(email.trim()), { message: EMAIL_INVALID_MESSAGE }),
    phone: phoneSchema,
    eventId: looseText,
    guests: looseNumber,
    num_guests: looseNumber,
    ticketTypeId: looseText,
    ticketType: looseText,
    timeSlot: looseText,
    dietaryRestrictions: optionalText(MAX_NOTE_LENGTH, 'Dietary restrictions'),
    specialRequests: optionalText(MAX_NOTE_LENGTH, 'Special requests'),
  },
  { error: 'reservationData is required' },
);

const bodySchema = z.object(
  {
    validateOnly: z.boolean({ error: 'validateOnly must be true or false' }).nullish(),
    token: z.string({ error: 'token must be a string' }).max(1024, { message: 'token is too long' }).nullish(),
    amount: amountSchema,
    reservationData: reservationDataSchema,
    promoCode: z.string({ error: 'promoCode must be a string' }).max(MAX_PROMO_CODE_LENGTH, { message: 'Invalid promo code' }).nullish(),
    addons: addonsSchema,
    idempotencyKey: idempotencyKeySchema,
    payOwnSeat: z.boolean({ error: 'payOwnSeat must be true or false' }).nullish(),
  },
  { error: 'The request body must be a JSON object' },
);

function guestsOf(data: z.output<typeof reservationDataSchema>): number | null {
  const raw = data.guests ?? data.num_guests;
  if (raw === null || raw === undefined || raw === '') return null;
  // NaN for text that is not a number; Infinity ('1e400') is simply too many.
  return typeof raw === 'number' ? raw : Number(raw);
}

/** A number the booking SQL can read: a count past any party limit stands for "too many". */
const TOO_MANY_GUESTS = 1000;

export function ticketCheckoutHandler(options: CheckoutOptions = {}) {
  return async (req: Request): Promise<Response> => {
    allowMethods(req, 'POST');
    const body = await readBody(req, bodySchema, { summary: 'first' });
    const data = body.reservationData;

    // What is booked (needed by both calls). The limits are the event's: SQL checks them.
    const eventId = data.eventId?.trim() ?? '';
    const guests = guestsOf(data);
    const ticketType = (data.ticketTypeId ?? data.ticketType)?.trim() || null;
    const timeSlot = data.timeSlot?.trim() || null;
    if (!eventId) throw refusal(400, MISSING, 'missing_fields');
    if (!UUID.test(eventId)) throw refusal(404, 'Event not found. Please select a valid event.', 'not_found');
    if (guests === null) throw refusal(400, MISSING, 'missing_fields');
    if (Number.isNaN(guests) || (Number.isFinite(guests) && !Number.isInteger(guests))) {
      throw refusal(400, 'The number of guests must be a whole number.', 'invalid_guests');
    }
    if (timeSlot && timeSlot.length > MAX_TIME_SLOT_LENGTH) {
      throw refusal(400, `Time slot must be at most ${MAX_TIME_SLOT_LENGTH} characters`, 'invalid_time_slot');
    }

    const selection: BookingSelection = {
      eventId,
      guests: Math.max(Math.min(guests, TOO_MANY_GUESTS), -1),
      ticketType,
      timeSlot,
      promoCode: body.promoCode,
      addons: body.addons,
      orgSlug: options.orgSlug ?? null,
      clientKey: clientAddress(req),
      payOwnSeat: body.payOwnSeat ?? false,
    };
    const db = sharedAdminClient();

    if (body.validateOnly) {
      const quote = await quoteBooking(db, selection);
      return json({
        success: true,
        finalAmountCents: quote.totalCents,
        ...priceLines(quote),
        promo: publicPromo(quote.promo),
        split: quote.split,
        addons: quote.addons,
      });
    }

    const name = data.name?.trim() ?? '';
    const email = data.email?.trim() ?? '';
    if (!name || !email) throw refusal(400, MISSING, 'missing_fields');

    const result = await bookAndPay(
      db,
      selection,
      {
        name,
        email,
        phone: data.phone,
        dietaryRestrictions: data.dietaryRestrictions,
        specialRequests: data.specialRequests,
      },
      payOptions(body.token, body.amount, body.idempotencyKey),
    );
    return json({ ...bookedAnswer(result), status: 'confirmed' });
  };
}
