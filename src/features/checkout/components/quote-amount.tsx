import { formatCents } from '@/lib/money';
import type { QuoteState } from '../types';

/**
 * The server's total for a form's selection (or its subtotal, before service charge and tax: a
 * line "N x price = subtotal"): the amount once quoted, a skeleton ('Calculating…' to screen
 * readers) while the quote loads, and a dash when there is none (incomplete selection, or
 * refused — the submit then says why).
 */
export function QuoteAmount({ state, line = 'total' }: { state: QuoteState; line?: 'total' | 'subtotal' }) {
  if (state.status === 'ready') return <>{formatCents(line === 'subtotal' ? state.quote.subtotalCents : state.quote.totalCents)}</>;
  if (state.status === 'loading') {
    return (
      <span className="inline-block h-[1em] w-16 animate-pulse rounded bg-muted-foreground/20 align-middle" aria-busy="true">
        <span className="sr-only">Calculating…</span>
      </span>
    );
  }
  return <>—</>;
}
