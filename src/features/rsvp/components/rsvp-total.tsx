import type { QuoteState } from '@/features/checkout/types';
import { formatCents } from '@/lib/money';
import { guestCount } from '@/lib/words';

/** Deposit for the party, the add-ons, the discount and the total due — the server's quote only. */
export function RsvpTotal({ quote, guests }: { quote: QuoteState; guests: number }) {
  return (
    <div className="rounded-lg bg-muted/60 p-4 text-sm" aria-live="polite" data-testid="rsvp-total">
      {quote.status === 'ready' ? (
        <dl className="space-y-2">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Deposit for {guestCount(guests)}</dt>
            <dd className="font-medium">{formatCents(quote.quote.subtotalCents - (quote.quote.addonsCents ?? 0))}</dd>
          </div>
          {quote.quote.addonsCents ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Add-ons</dt>
              <dd className="font-medium">{formatCents(quote.quote.addonsCents)}</dd>
            </div>
          ) : null}
          {quote.quote.discountCents > 0 ? (
            <div className="flex justify-between gap-4 text-emerald-700">
              <dt>Discount</dt>
              <dd className="font-medium">-{formatCents(quote.quote.discountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t pt-2 text-base">
            <dt className="font-semibold">Total due</dt>
            <dd className="font-semibold">{formatCents(quote.quote.totalCents)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted-foreground">{quote.status === 'loading' ? 'Calculating your total...' : 'Choose a time slot to see your total.'}</p>
      )}
    </div>
  );
}
