import { dinnerSeries } from '@/config/site';
import { formatCents } from '@/lib/money';

export function TotalSummary({ guests, priceCents }: { guests: number; priceCents: number }) {
  return (
    <section aria-label="Total" aria-live="polite" className="rounded-lg bg-muted p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="series-summary-line">
          {guests} {guests === 1 ? 'guest' : 'guests'} x {formatCents(priceCents)} each
        </span>
        <span className="text-lg font-semibold" data-testid="series-summary-total">
          Total: {formatCents(guests * priceCents)}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Dinner starts at {dinnerSeries.displayTime}</p>
    </section>
  );
}
