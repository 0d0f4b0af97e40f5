import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { MoneyBadge } from '@/components/admin/money-badge';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { AdminReservation } from '../types';
import { ChargesLine, MoneySummary } from './money-summary';
import { ReservationActions, type ReservationHandlers } from './reservation-actions';
import { guestCount } from '@/lib/words';

/** Phones: one card per confirmed reservation (cancelled ones are not listed). */
export function ReservationCards({ rows, ...handlers }: ReservationHandlers & { rows: AdminReservation[] }) {
  return (
    <ul className="space-y-3" aria-label="Reservations">
      {rows.map((r) => (
        <li key={r.id}>
          <Card data-reservation-id={r.id} className="min-w-0">
            <CardHeader className="gap-1 pb-2">
              <div className="flex items-start justify-between gap-2">
                <h3 className="min-w-0 break-words font-semibold">{r.name}</h3>
                <span className="shrink-0 text-sm text-muted-foreground">{guestCount(r.num_guests)}</span>
              </div>
              <p className="text-sm">{r.event_title}</p>
              <p className="text-xs text-muted-foreground">
                {formatEventDate(r.event_date, 'EEE, MMM d, yyyy')} · {formatEventTime(r.slot_time ?? r.event_time)}
              </p>
              <p className="font-mono text-xs text-muted-foreground">
                <span className="sr-only">Booking code </span>
                {r.booking_code}
              </p>
            </CardHeader>
            <CardContent className="space-y-1 text-sm">
              <p className="break-all">{r.email}</p>
              {r.phone ? <p>{r.phone}</p> : null}
              {r.dietary_restrictions ? <p className="text-muted-foreground">Dietary: {r.dietary_restrictions}</p> : null}
              {r.special_requests ? <p className="text-muted-foreground">Requests: {r.special_requests}</p> : null}
              <div className="space-y-2 border-t pt-2" data-testid="reservation-money">
                <MoneyBadge badge={r.money.badge} />
                {r.money.paid_cents > 0 ? <MoneySummary money={r.money} /> : null}
                <ChargesLine reservation={r} />
              </div>
              <div className="border-t pt-2">
                <ReservationActions reservation={r} {...handlers} />
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
