import { MoneyBadge } from '@/components/admin/money-badge';
import { PersonCards } from '@/components/admin/person-cards';
import { formatEventDate, formatEventTime, labelBesideTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import type { RsvpListRow } from '../types';
import { guestCount } from '@/lib/words';

/** Phones: the reservations that hold an RSVP slot. */
export function RsvpList({ rows }: { rows: RsvpListRow[] }) {
  return (
    <PersonCards label="RSVPs" rows={rows} rowKey={(r) => r.id} name={(r) => r.name} count={(r) => guestCount(r.num_guests)}>
      {(r) => (
        <>
          <p>{r.event_title}</p>
          <p className="text-xs text-muted-foreground">
            {[
              formatEventDate(r.event_date, 'EEE, MMM d, yyyy'),
              formatEventTime(r.slot_time ?? r.event_time),
              labelBesideTime(r.slot_label, r.slot_time ?? r.event_time),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="font-mono text-xs text-muted-foreground">
            <span className="sr-only">Booking code </span>
            {r.booking_code}
          </p>
          <p className="break-all">{r.email}</p>
          {r.phone ? <p>{r.phone}</p> : null}
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <MoneyBadge badge={r.money_badge} />
            {r.paid_cents > 0 ? (
              <span className="text-xs tabular-nums text-muted-foreground">
                Paid {formatCents(r.paid_cents)} · Net {formatCents(r.net_cents)}
              </span>
            ) : null}
          </div>
        </>
      )}
    </PersonCards>
  );
}
