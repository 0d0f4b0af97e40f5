// A booking's price lines: the shape every quote and paying answer gives.
//
// PURE TYPES AND FUNCTIONS: no imports, no Deno or browser APIs. The edge functions import this
// file, and the browser app (src/lib/price-lines.ts) imports this same file.

/** How a price is shown: each line, or one all-in amount ("includes tax and service charge"). */
export type PriceDisplay = 'itemized' | 'all_in';

/**
 * A booking's lines, as every quote and paying answer gives them (cents):
 * amountCents = subtotalCents - discountCents + serviceChargeCents + taxCents.
 * SQL computes them (public.price_lines: one rounding per line, half up).
 */
export interface PriceLines {
  subtotalCents: number;
  discountCents: number;
  serviceChargeCents: number;
  taxCents: number;
  amountCents: number;
  priceDisplay: PriceDisplay;
}

/**
 * A quote's offer that each guest pays their own seat (the event allows it): how many hours after
 * booking unpaid seats are held, and one seat's lines (seatCents is their amount).
 */
export interface SplitOffer {
  cutoffHours: number;
  seatCents: number;
  seat: PriceLines;
}

/** The lines of an answer, in the order the answers list them. */
export function priceLines(lines: PriceLines): PriceLines {
  return {
    subtotalCents: lines.subtotalCents,
    discountCents: lines.discountCents,
    serviceChargeCents: lines.serviceChargeCents,
    taxCents: lines.taxCents,
    amountCents: lines.amountCents,
    priceDisplay: lines.priceDisplay,
  };
}
