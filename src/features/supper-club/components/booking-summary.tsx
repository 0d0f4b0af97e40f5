import { QuoteAmount } from '@/features/checkout/components/quote-amount';
import type { Quote, QuoteState } from '@/features/checkout/types';
import { formatCents } from '@/lib/money';
import { ALL_IN_NOTE, hasCharges, quoteLines } from '@/lib/price-lines';
import { supperDate } from '../lib/schedule';

/** What the quote adds to the tickets: "+ $26.00 service charge = $156.00" (or the all-in note), else null. */
function chargesText(quote: Quote): string | null {
  const lines = quoteLines(quote);
  if (!hasCharges(lines)) return null;
  if (lines.priceDisplay === 'all_in') return `${formatCents(lines.amountCents)}: ${ALL_IN_NOTE.toLowerCase()}`;
  const added = [
    lines.serviceChargeCents > 0 ? `${formatCents(lines.serviceChargeCents)} service charge` : null,
    lines.taxCents > 0 ? `${formatCents(lines.taxCents)} tax` : null,
  ].filter(Boolean);
  return `+ ${added.join(' + ')} = ${formatCents(lines.amountCents)}`;
}

/** The live summary: which supper, which seating, and "N x $65.00 = the server's total". */
export function BookingSummary({
  venueName,
  date,
  timeSlot,
  tickets,
  priceCents,
  quote,
  refundPolicy,
}: {
  venueName: string;
  date?: string;
  timeSlot?: string;
  tickets: number;
  /** The supper's price per seat (the page's while no date is chosen). */
  priceCents: number | null;
  quote: QuoteState;
  /** The chosen supper's cancellation policy, in the server's words. */
  refundPolicy?: string | null;
}) {
  const when = [date ? supperDate(date) : null, timeSlot || null].filter(Boolean).join(' at ');
  const charges = quote.status === 'ready' ? chargesText(quote.quote) : null;
  return (
    <section aria-label="Order summary" aria-live="polite" className="rounded-lg bg-muted p-4">
      <p className="font-serif text-lg font-semibold">{venueName}</p>
      <p className="text-sm text-muted-foreground">{when || 'Choose a date and time'}</p>
      <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="supper-summary-line">
          {tickets} x {formatCents(priceCents ?? 0)} = {tickets === 0 ? formatCents(0) : <QuoteAmount state={quote} line="subtotal" />}
        </span>
      </p>
      {tickets > 0 && charges ? (
        <p className="text-sm" data-testid="supper-charges-line">
          {charges}
        </p>
      ) : null}
      {refundPolicy ? (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="supper-refund-policy">
          <span className="font-medium text-foreground">Cancellation policy:</span> {refundPolicy}
        </p>
      ) : null}
    </section>
  );
}
