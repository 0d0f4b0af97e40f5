// Pricing: the server-side quote. What an event sells, its prices and its limits are the
// event's own data (events.kind: 020_events.sql); every amount comes from SQL
// (public.quote_booking / hold_booking). Nothing the browser sends is a price.
// Imports rpc.ts and price-lines.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { PriceDisplay, PriceLines, SplitOffer } from './price-lines.ts';
import { callRpc, countingPromoMisses } from './rpc.ts';

/** What is being booked: enough for the server to price it. */
export interface BookingSelection {
  eventId: string;
  guests: number;
  /** Ticket type id (or name): an event that sells tickets. */
  ticketType?: string | null;
  /** RSVP slot or seating id. */
  rsvpSlotId?: string | null;
  /** A slot or seating by its label ('5:30pm') or id; kept as the reservation's time_slot otherwise. */
  timeSlot?: string | null;
  promoCode?: string | null;
  /** The add-ons chosen (addonsSchema): SQL prices them and refuses what cannot be sold. */
  addons?: AddonChoice[] | null;
  /** Restrict the event to one organization (a venue's own payment function). */
  orgSlug?: string | null;
  /** The guest's address (clientAddress(req)): promo code guesses are throttled per client. */
  clientKey?: string | null;
  /** Each guest pays their own seat (the event must allow it): the booker pays one seat now. */
  payOwnSeat?: boolean | null;
}

interface SqlLines {
  subtotal_cents: number;
  discount_cents: number;
  service_charge_cents: number;
  tax_cents: number;
  amount_cents: number;
  price_display: PriceDisplay;
}

export interface AddonChoice {
  id: string;
  quantity?: number | null;
}

/** A priced add-on as SQL answers it (booking_addons, reservation_addons_of). */
export interface AddonRow {
  id: string;
  name: string;
  per: 'guest' | 'booking';
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

/** A priced add-on as the paying functions answer it. */
export interface AddonLine {
  id: string;
  name: string;
  per: 'guest' | 'booking';
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export function addonLines(rows: AddonRow[] | null | undefined): AddonLine[] {
  return (rows ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    per: row.per,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    totalCents: row.total_cents,
  }));
}

export interface QuotePromo {
  id: string;
  code: string;
  discount_type: 'percent' | 'fixed';
  discount_amount: number;
}

export interface Quote extends PriceLines {
  eventId: string;
  orgId: string;
  totalCents: number;
  unitPriceCents: number;
  promo: QuotePromo | null;
  ticketTypeId: string | null;
  rsvpSlotId: string | null;
  timeSlot: string | null;
  split: SplitOffer | null;
  addons: AddonLine[];
}

export function selectionArgs(selection: BookingSelection): Record<string, unknown> {
  const promo = selection.promoCode?.trim();
  return {
    p_event_id: selection.eventId,
    p_guests: selection.guests,
    p_ticket_type: selection.ticketType ?? null,
    p_rsvp_slot_id: selection.rsvpSlotId ?? null,
    p_time_slot: selection.timeSlot ?? null,
    p_promo_code: promo ? promo : null,
    p_org_slug: selection.orgSlug ?? null,
    p_addons: selection.addons ?? [],
  };
}

interface QuoteRow {
  event_id: string;
  org_id: string;
  subtotal_cents: number;
  discount_cents: number;
  service_charge_cents: number;
  tax_cents: number;
  amount_cents: number;
  total_cents: number;
  unit_price_cents: number;
  charges: { price_display: PriceDisplay };
  promo: QuotePromo | null;
  ticket_type_id: string | null;
  rsvp_slot_id: string | null;
  time_slot: string | null;
  split: { cutoff_hours: number; seat: SqlLines } | null;
  addons: AddonRow[] | null;
}

/** Prices a booking (nothing is reserved). Throws an HttpError with the guest's message when it cannot be made. */
export async function quoteBooking(db: SupabaseClient, selection: BookingSelection): Promise<Quote> {
  const row = await countingPromoMisses(db, selection.eventId, selection.clientKey, () =>
    callRpc<QuoteRow>(db, 'quote_booking', selectionArgs(selection), { clientKey: selection.clientKey }),
  );
  return {
    eventId: row.event_id,
    orgId: row.org_id,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    serviceChargeCents: row.service_charge_cents,
    taxCents: row.tax_cents,
    amountCents: row.amount_cents,
    priceDisplay: row.charges.price_display,
    totalCents: row.total_cents,
    unitPriceCents: row.unit_price_cents,
    promo: row.promo ?? null,
    ticketTypeId: row.ticket_type_id,
    rsvpSlotId: row.rsvp_slot_id,
    timeSlot: row.time_slot,
    split: row.split ? splitOffer(row.split.cutoff_hours, row.split.seat) : null,
    addons: addonLines(row.addons),
  };
}

/** The promo object of the public answers: {id, discount_type, discount_amount} (and code). */
export function publicPromo(promo: QuotePromo | null) {
  return promo ? { id: promo.id, code: promo.code, discount_type: promo.discount_type, discount_amount: promo.discount_amount } : null;
}

function splitOffer(cutoffHours: number, seat: SqlLines): SplitOffer {
  return {
    cutoffHours,
    seatCents: seat.amount_cents,
    seat: {
      subtotalCents: seat.subtotal_cents,
      discountCents: seat.discount_cents,
      serviceChargeCents: seat.service_charge_cents,
      taxCents: seat.tax_cents,
      amountCents: seat.amount_cents,
      priceDisplay: seat.price_display,
    },
  };
}
