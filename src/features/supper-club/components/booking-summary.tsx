import { supperClub } from '@/config/site';
import { QuoteAmount } from '@/features/checkout/components/quote-amount';
import type { QuoteState } from '@/features/checkout/types';
import { formatCents } from '@/lib/money';
import { supperDate } from '../lib/schedule';

/** The live summary: which supper, which seating, and "N x $65.00 = the server's total". */
export function BookingSummary({
  date,
  timeSlot,
  tickets,
  priceCents,
  quote,
  refundPolicy,
}: {
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
  return (
    <section aria-label="Order summary" aria-live="polite" className="rounded-lg bg-muted p-4">
      <p className="font-serif text-lg font-semibold">{supperClub.fullName}</p>
      <p className="text-sm text-muted-foreground">{when || 'Choose a date and time'}</p>
      <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="supper-summary-line">
          {tickets} x {formatCents(priceCents ?? 0)} = {tickets === 0 ? formatCents(0) : <QuoteAmount state={quote} />}
        </span>
      </p>
      {refundPolicy ? (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="supper-refund-policy">
          <span className="font-medium text-foreground">Cancellation policy:</span> {refundPolicy}
        </p>
      ) : null}
    </section>
  );
}
