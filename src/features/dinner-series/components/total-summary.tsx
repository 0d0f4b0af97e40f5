import { QuoteAmount } from '@/features/checkout/components/quote-amount';
import type { QuoteState } from '@/features/checkout/types';
import { formatEventTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { guestCount } from '@/lib/words';

/** "3 guests x $125.00 each" (+ add-ons), the server's total for them and the chosen dinner's start. */
export function TotalSummary({
  guests,
  priceCents,
  withAddons,
  quote,
  startTime,
}: {
  guests: number;
  priceCents: number;
  /** Add-ons are chosen (the total includes them). */
  withAddons: boolean;
  quote: QuoteState;
  /** The dinner's start on its own clock ('20:30'). */
  startTime: string | null;
}) {
  return (
    <section aria-label="Total" aria-live="polite" className="rounded-lg bg-muted p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="series-summary-line">
          {guestCount(guests)} x {formatCents(priceCents)} each
          {withAddons ? ' + add-ons' : ''}
        </span>
        <span className="text-lg font-semibold" data-testid="series-summary-total">
          Total: <QuoteAmount state={quote} />
        </span>
      </div>
      {startTime ? (
        <p className="mt-1 text-sm text-muted-foreground" data-testid="series-summary-time">
          Dinner starts at {formatEventTime(startTime)}
        </p>
      ) : null}
    </section>
  );
}
