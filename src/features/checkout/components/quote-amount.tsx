import { formatCents } from '@/lib/money';
import type { QuoteState } from '../types';

/**
 * The server's total for a form's selection: the amount once quoted, a skeleton ('Calculating…'
 * to screen readers) while the quote loads, and a dash when there is none (incomplete selection,
 * or refused — the submit then says why).
 */
export function QuoteAmount({ state }: { state: QuoteState }) {
  if (state.status === 'ready') return <>{formatCents(state.quote.totalCents)}</>;
  if (state.status === 'loading') {
    return (
      <span className="inline-block h-[1em] w-16 animate-pulse rounded bg-muted-foreground/20 align-middle" aria-busy="true">
        <span className="sr-only">Calculating…</span>
      </span>
    );
  }
  return <>—</>;
}
