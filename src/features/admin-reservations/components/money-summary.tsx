import type { ReactNode } from 'react';
import { MoneyBadge } from '@/components/admin/money-badge';
import { formatCents, type ReservationMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { AdminReservation } from '../types';

/** Refunded so far, and what is still on its way to the guest's card. */
function RefundedAmount({ money }: { money: ReservationMoney }) {
  return (
    <>
      {formatCents(money.refunded_cents)}
      {money.pending_refund_cents > 0 ? (
        <span className="block text-xs text-amber-800">+{formatCents(money.pending_refund_cents)} pending</span>
      ) : null}
      {money.failed_refund_cents > 0 ? <span className="block text-xs text-destructive">{formatCents(money.failed_refund_cents)} failed</span> : null}
    </>
  );
}

/** Paid, refunded and net of a reservation, as a small three-column list (cards and dialogs). */
export function MoneySummary({ money, className }: { money: ReservationMoney; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-3 gap-2 text-sm', className)}>
      <div>
        <dt className="text-xs text-muted-foreground">Paid</dt>
        <dd className="tabular-nums">{formatCents(money.paid_cents)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Refunded</dt>
        <dd className="tabular-nums">
          <RefundedAmount money={money} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Net</dt>
        <dd className="tabular-nums">{formatCents(money.net_cents)}</dd>
      </div>
    </dl>
  );
}

/** A dialog's 'Payment' panel: the badge, paid, refunded and net, then the dialog's own lines about the money. */
export function PaymentPanel({ money, children }: { money: ReservationMoney; children: ReactNode }) {
  return (
    <section aria-label="Payment" className="space-y-2 rounded-md bg-muted/50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">Payment</span>
        <MoneyBadge badge={money.badge} />
      </div>
      <MoneySummary money={money} />
      {children}
    </section>
  );
}

/** Paid, refunded and net as three short lines (a table cell). */
export function MoneyLines({ money }: { money: ReservationMoney }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-2 whitespace-nowrap text-xs">
      <dt className="text-muted-foreground">Paid</dt>
      <dd className="text-right tabular-nums">{formatCents(money.paid_cents)}</dd>
      <dt className="text-muted-foreground">Refunded</dt>
      <dd className="text-right tabular-nums">
        <RefundedAmount money={money} />
      </dd>
      <dt className="text-muted-foreground">Net</dt>
      <dd className="text-right tabular-nums">{formatCents(money.net_cents)}</dd>
    </dl>
  );
}

/** What the booking's price carries of service charge and tax (nothing when none). */
export function ChargesLine({
  reservation,
  className,
}: {
  reservation: Pick<AdminReservation, 'service_charge_cents' | 'tax_cents'>;
  className?: string;
}) {
  const { service_charge_cents: service, tax_cents: tax } = reservation;
  if (service + tax === 0) return null;
  const parts = [service > 0 ? `service charge ${formatCents(service)}` : null, tax > 0 ? `tax ${formatCents(tax)}` : null].filter(Boolean);
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="reservation-charges">
      Includes {parts.join(' and ')}
    </p>
  );
}
