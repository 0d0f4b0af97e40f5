import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { AdminReservation } from '../types';
import { ReservationActions, type ReservationHandlers } from './reservation-actions';
import { ReservationStatusBadge } from './reservation-status-badge';

export function ReservationsTable({ rows, ...handlers }: ReservationHandlers & { rows: AdminReservation[] }) {
  return (
    <DataTable
      label="Reservations"
      columns={['Guest', 'Event', 'Email', 'Phone', 'Guests', 'Date', 'Status', 'Actions']}
      rightAligned={['Guests', 'Actions']}
    >
      {rows.map((r) => (
        <TableRow key={r.id} data-reservation-id={r.id} className={r.cancelled_at ? 'text-muted-foreground' : undefined}>
          <TableCell className="font-medium">{r.name}</TableCell>
          <TableCell>
            {r.event_title}
            {r.slot_label ? <span className="block text-xs text-muted-foreground">{r.slot_label}</span> : null}
          </TableCell>
          <TableCell className="break-all">{r.email}</TableCell>
          <TableCell>{r.phone || '—'}</TableCell>
          <TableCell className="text-right tabular-nums">{r.num_guests}</TableCell>
          <TableCell className="whitespace-nowrap">
            {formatEventDate(r.event_date, 'MMM d, yyyy')}
            <span className="block text-xs text-muted-foreground">{formatEventTime(r.slot_time ?? r.event_time)}</span>
          </TableCell>
          <TableCell>
            <ReservationStatusBadge reservation={r} />
          </TableCell>
          <TableCell>
            <ReservationActions reservation={r} {...handlers} />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
