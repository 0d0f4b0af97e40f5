import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { MoneyBadge } from '@/components/admin/money-badge';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { AdminReservation } from '../types';
import { ChargesLine, MoneyLines } from './money-summary';
import { ReservationActions, type ReservationHandlers } from './reservation-actions';
import { ReservationStatusBadge } from './reservation-status-badge';

export function ReservationsTable({ rows, ...handlers }: ReservationHandlers & { rows: AdminReservation[] }) {
  return (
    <DataTable
      label="Reservations"
      columns={['Guest', 'Event', 'Contact', 'Guests', 'Date', 'Status', 'Payment', 'Actions']}
      rightAligned={['Guests', 'Actions']}
    >
      {rows.map((r) => (
        <TableRow key={r.id} data-reservation-id={r.id} className={r.cancelled_at ? 'text-muted-foreground' : undefined}>
          <TableCell>
            <span className="font-medium">{r.name}</span>
            <span className="block whitespace-nowrap font-mono text-xs text-muted-foreground">
              <span className="sr-only">Booking code </span>
              {r.booking_code}
            </span>
          </TableCell>
          <TableCell>
            {r.event_title}
            {r.slot_label ? <span className="block text-xs text-muted-foreground">{r.slot_label}</span> : null}
          </TableCell>
          <TableCell className="break-all">
            <span className="block">{r.email}</span>
            {r.phone ? <span className="block text-xs text-muted-foreground">{r.phone}</span> : null}
          </TableCell>
          <TableCell className="text-right tabular-nums">{r.num_guests}</TableCell>
          <TableCell className="whitespace-nowrap">
            {formatEventDate(r.event_date, 'MMM d, yyyy')}
            <span className="block text-xs text-muted-foreground">{formatEventTime(r.slot_time ?? r.event_time)}</span>
          </TableCell>
          <TableCell>
            <ReservationStatusBadge reservation={r} />
          </TableCell>
          <TableCell>
            <MoneyBadge badge={r.money.badge} />
            <MoneyLines money={r.money} />
            <ChargesLine reservation={r} className="mt-1 max-w-[12rem]" />
          </TableCell>
          <TableCell>
            <ReservationActions reservation={r} {...handlers} className="flex-nowrap" />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
