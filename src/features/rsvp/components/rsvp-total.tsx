import { formatCents } from '@/lib/money';
import type { RsvpPricing } from '../types';

/** Deposit for the party, the discount and the total due — the server's figures only. */
export function RsvpTotal({ pricing, guests, loading }: { pricing: RsvpPricing | undefined; guests: number; loading: boolean }) {
  return (
    <div className="rounded-lg bg-muted/60 p-4 text-sm" aria-live="polite" data-testid="rsvp-total">
      {pricing ? (
        <dl className="space-y-2">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Deposit for {guests} {guests === 1 ? 'guest' : 'guests'}</dt>
            <dd className="font-medium">{formatCents(pricing.totalDeposit + pricing.discountApplied)}</dd>
          </div>
          {pricing.discountApplied > 0 ? (
            <div className="flex justify-between gap-4 text-emerald-700">
              <dt>Discount</dt>
              <dd className="font-medium">-{formatCents(pricing.discountApplied)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t pt-2 text-base">
            <dt className="font-semibold">Total due</dt>
            <dd className="font-semibold">{formatCents(pricing.totalDeposit)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted-foreground">{loading ? 'Calculating your total...' : 'Choose a time slot to see your total.'}</p>
      )}
    </div>
  );
}
