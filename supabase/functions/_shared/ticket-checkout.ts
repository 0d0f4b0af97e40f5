// The ticket payment functions (process-square-payment, magnolia-process-payment) share this
// handler; a flavour says how the booking is priced and which messages guests read.
//
// Request: { validateOnly?, token?, amount?, reservationData: { name, email, phone?, eventId,
//   guests | num_guests, ticketTypeId | ticketType, timeSlot?, dietaryRestrictions?,
//   specialRequests?, ticket_price? (ignored) }, promoCode?, idempotencyKey? }
// validateOnly → 200 { success: true, finalAmountCents, subtotalCents, discountCents, promo }
// paying call  → 200 { success: true, reservationId, amountCents, subtotalCents, discountCents, bookingCode, manageToken, status: 'confirmed' }
// refusals     → 4xx/5xx { success: false, error, code }
//
// Top layer: imports http.ts, input.ts, supabase.ts, product.ts, pricing.ts and booking.ts.
import { z } from 'npm:zod@4.6.7';
import { bookAndPay, payOptions } from './booking.ts';
import { allowMethods, clientAddress, json, readBody, refusal } from './http.ts';
import { EMAIL_INVALID_MESSAGE, isEmail, tooLongMessage } from './guest-input.ts';
import { amountSchema, idempotencyKeySchema, optionalText, phoneSchema, UUID } from './input.ts';
import { type BookingSelection, publicPromo, quoteBooking } from './pricing.ts';
import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_PROMO_CODE_LENGTH, MAX_TIME_SLOT_LENGTH } from './product.ts';
import { sharedAdminClient } from './supabase.ts';

export interface TicketFlavour {
  pricing: 'ticket' | 'fixed';
  /** 'fixed' pricing: the function's own constant price per ticket. */
  unitPriceCents?: number;
  orgSlug?: string;
  minGuests: number;
  maxGuests: number;
  /** Allowed slot labels when a time slot is required ('fixed'). */
  timeSlots?: readonly string[];
  /** Most guests one time slot takes (supper club: 20), whatever its stored capacity says. */
  slotCap?: number;
  messages: { minGuests: string; maxGuests: string; wholeGuests?: string };
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
    idempotencyKey: idempotencyKeySchema,
  },
  { error: 'The request body must be a JSON object' },
);

function guestsOf(data: z.output<typeof reservationDataSchema>): number | null {
  const raw = data.guests ?? data.num_guests;
  if (raw === null || raw === undefined || raw === '') return null;
  // NaN for text that is not a number; Infinity ('1e400') is simply too many.
  return typeof raw === 'number' ? raw : Number(raw);
}

export function ticketCheckoutHandler(flavour: TicketFlavour) {
  return async (req: Request): Promise<Response> => {
    allowMethods(req, 'POST');
    const body = await readBody(req, bodySchema, { summary: 'first' });
    const data = body.reservationData;

    // What is booked (needed by both calls).
    const eventId = data.eventId?.trim() ?? '';
    const guests = guestsOf(data);
    const ticketType = (data.ticketTypeId ?? data.ticketType)?.trim() || null;
    const timeSlot = data.timeSlot?.trim() || null;
    if (!eventId) throw refusal(400, MISSING, 'missing_fields');
    if (!UUID.test(eventId)) throw refusal(404, 'Event not found. Please select a valid event.', 'not_found');
    if (guests === null) throw refusal(400, MISSING, 'missing_fields');
    if (Number.isNaN(guests) || guests < flavour.minGuests) throw refusal(400, flavour.messages.minGuests, 'invalid_guests');
    if (guests > flavour.maxGuests) throw refusal(400, flavour.messages.maxGuests, 'invalid_guests');
    if (!Number.isInteger(guests)) {
      throw refusal(400, flavour.messages.wholeGuests ?? 'The number of guests must be a whole number.', 'invalid_guests');
    }
    if (flavour.pricing === 'ticket' && !ticketType) throw refusal(400, MISSING, 'missing_fields');
    if (flavour.timeSlots) {
      if (!timeSlot || !flavour.timeSlots.some((slot) => slot.toLowerCase() === timeSlot.toLowerCase())) {
        throw refusal(400, 'Please select a time slot', 'invalid_time_slot');
      }
    } else if (timeSlot && timeSlot.length > MAX_TIME_SLOT_LENGTH) {
      throw refusal(400, `Time slot must be at most ${MAX_TIME_SLOT_LENGTH} characters`, 'invalid_time_slot');
    }

    const selection: BookingSelection = {
      pricing: flavour.pricing,
      eventId,
      guests,
      ticketType: flavour.pricing === 'ticket' ? ticketType : null,
      timeSlot,
      promoCode: body.promoCode,
      // The browser's ticket_price is never a price: only the function's own constant is.
      unitPriceCents: flavour.pricing === 'fixed' ? flavour.unitPriceCents : null,
      maxGuests: flavour.maxGuests,
      orgSlug: flavour.orgSlug ?? null,
      slotCap: flavour.slotCap ?? null,
      clientKey: clientAddress(req),
    };
    const db = sharedAdminClient();

    if (body.validateOnly) {
      const quote = await quoteBooking(db, selection);
      return json({
        success: true,
        finalAmountCents: quote.totalCents,
        subtotalCents: quote.subtotalCents,
        discountCents: quote.discountCents,
        promo: publicPromo(quote.promo),
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
    return json({
      success: true,
      reservationId: result.reservationId,
      amountCents: result.amountCents,
      subtotalCents: result.subtotalCents,
      discountCents: result.discountCents,
      bookingCode: result.bookingCode,
      manageToken: result.manageToken,
      status: 'confirmed',
    });
  };
}
