import { dinnerSeries } from '@/config/site';
import { QuoteAmount } from '@/features/checkout/components/quote-amount';
import type { QuoteState } from '@/features/checkout/types';
import { formatCents } from '@/lib/money';

/** "3 guests x $125.00 each" and the server's total for them. */
export function TotalSummary({ guests, priceCents, quote }: { guests: number; priceCents: number; quote: QuoteState }) {
  return (
    <section aria-label="Total" aria-live="polite" className="rounded-lg bg-muted p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="series-summary-line">
          {guests} {guests === 1 ? 'guest' : 'guests'} x {formatCents(priceCents)} each
        </span>
        <span className="text-lg font-semibold" data-testid="series-summary-total">
          Total: <QuoteAmount state={quote} />
        </span>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Dinner starts at {dinnerSeries.displayTime}</p>
    </section>
  );
}
