// Zod-free (the booking forms render with it): the answers' reader is ./price-lines-answer.ts.

import type { PriceDisplay, PriceLines, SplitOffer } from '../../supabase/functions/_shared/price-lines.ts';

export type { PriceDisplay, PriceLines, SplitOffer };

/** The words under an all-in price. */
export const ALL_IN_NOTE = 'Includes tax and service charge';

/** True when the price carries a service charge or tax. */
export function hasCharges(lines: Pick<PriceLines, 'serviceChargeCents' | 'taxCents'>): boolean {
  return lines.serviceChargeCents + lines.taxCents > 0;
}

/**
 * The rows shown above a total: the subtotal (before an itemized service charge and tax), the
 * discount (unless the caller shows it already), the service charge and the tax, each when not
 * zero. An all-in price shows no charge rows (its note says what it includes).
 */
export function priceLineRows(
  lines: PriceLines,
  options: { promoCode?: string | null; withDiscount?: boolean } = {},
): { key: string; label: string; cents: number }[] {
  const itemized = lines.priceDisplay !== 'all_in' && hasCharges(lines);
  const discount = options.withDiscount !== false && lines.discountCents > 0;
  const rows: { key: string; label: string; cents: number }[] = [];
  if (itemized) rows.push({ key: 'subtotal', label: 'Subtotal', cents: lines.subtotalCents });
  if (discount) rows.push({ key: 'discount', label: `Discount${options.promoCode ? ` (${options.promoCode})` : ''}`, cents: -lines.discountCents });
  if (itemized && lines.serviceChargeCents > 0) rows.push({ key: 'service', label: 'Service charge', cents: lines.serviceChargeCents });
  if (itemized && lines.taxCents > 0) rows.push({ key: 'tax', label: 'Tax', cents: lines.taxCents });
  return rows;
}

/** The note under an all-in total that carries charges, else null. */
export function allInNote(lines: PriceLines): string | null {
  return lines.priceDisplay === 'all_in' && hasCharges(lines) ? ALL_IN_NOTE : null;
}

/**
 * The server's price for a selection, in cents: what its validation call answered (nothing is
 * reserved). The browser never computes an amount; it shows these.
 */
export interface Quote {
  /** Before any code. */
  subtotalCents: number;
  discountCents: number;
  /** What is due (service charge and tax included). */
  totalCents: number;
  /** The service charge and tax in totalCents (none: zero), and how the price is shown. */
  serviceChargeCents?: number;
  taxCents?: number;
  priceDisplay?: PriceDisplay;
  /** Whether each guest may pay their own seat instead (ticket checkouts); absent or null: not offered. */
  split?: SplitOffer | null;
  /** The add-ons in subtotalCents (an RSVP shows them apart from its deposit); absent: not said. */
  addonsCents?: number;
}

/** The lines of a quote whose service charge and tax may be absent (zero). */
export function quoteLines(quote: Quote): PriceLines {
  return {
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    serviceChargeCents: quote.serviceChargeCents ?? 0,
    taxCents: quote.taxCents ?? 0,
    amountCents: quote.totalCents,
    priceDisplay: quote.priceDisplay ?? 'itemized',
  };
}
