import { formatCents } from '@/lib/money';
import type { EventOverview } from '../types';

interface Stat {
  key: string;
  label: string;
  value: string;
  note: string;
}

function stats({ event, totals, money, waitlist }: EventOverview): Stat[] {
  const parties = `${totals.parties} ${totals.parties === 1 ? 'party' : 'parties'}`;
  const list: Stat[] = [
    {
      key: 'sold',
      label: 'Sold',
      value: String(totals.guests),
      note: [parties, event.maxGuests !== null ? `max ${event.maxGuests}` : null, totals.cancelled > 0 ? `${totals.cancelled} cancelled` : null]
        .filter(Boolean)
        .join(' · '),
    },
    { key: 'held', label: 'Held', value: String(totals.heldGuests), note: 'in checkout now' },
    {
      key: 'checked-in',
      label: 'Checked in',
      value: `${totals.checkedInGuests} / ${totals.guests}`,
      note: `${totals.checkedInParties} of ${parties} arrived`,
    },
    { key: 'gross', label: 'Gross', value: formatCents(money.grossCents), note: 'completed charges' },
    {
      key: 'discounts',
      label: 'Discounts',
      value: formatCents(totals.discountsCents),
      note: money.compCents > 0 ? `${formatCents(money.compCents)} comped` : 'promo codes',
    },
    {
      key: 'refunds',
      label: 'Refunds',
      value: formatCents(money.refundedCents),
      note: money.pendingRefundCents > 0 ? `${formatCents(money.pendingRefundCents)} pending` : 'completed refunds',
    },
    { key: 'net', label: 'Net', value: formatCents(money.netCents), note: 'gross − refunds' },
  ];
  if (waitlist.waiting + waitlist.offered > 0) {
    list.push({
      key: 'waitlist',
      label: 'Waitlist',
      value: String(waitlist.waiting + waitlist.offered),
      note: `${waitlist.waiting} waiting · ${waitlist.offered} offered`,
    });
  }
  return list;
}

/** The event's figures at a glance: seats, arrivals and money (dollars), and the waitlist when it has anyone. */
export function StatCards({ overview }: { overview: EventOverview }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {stats(overview).map((s) => (
        <div key={s.key} data-testid={`stat-${s.key}`} className="min-w-0 rounded-lg border bg-card p-3 shadow-sm sm:p-4">
          <dt className="text-sm font-medium text-muted-foreground">{s.label}</dt>
          <dd className="mt-1 break-words text-2xl font-semibold tabular-nums" data-testid="stat-value">
            {s.value}
          </dd>
          <dd className="mt-0.5 text-xs text-muted-foreground">{s.note}</dd>
        </div>
      ))}
    </dl>
  );
}
