import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { AdminEvent } from '../types';
import { EventStatusBadge, EventTypeBadge } from './event-badges';

interface Props {
  events: AdminEvent[];
  onEdit(event: AdminEvent): void;
  onDelete(event: AdminEvent): void;
  onToggle(event: AdminEvent, isActive: boolean): void;
  /** Opens the event's waitlist (composed by the admin route). */
  onWaitlist?(event: AdminEvent): void;
}

export function EventsTable({ events, onEdit, onDelete, onToggle, onWaitlist }: Props) {
  return (
    <DataTable
      label="Events"
      columns={['Title', 'Date', 'Time', 'Type', 'Status', 'Reservations', 'Actions']}
      rightAligned={['Reservations', 'Actions']}
    >
      {events.map((event) => (
        <TableRow key={event.id} data-event-id={event.id}>
          <TableCell className="font-medium">{event.title}</TableCell>
          <TableCell>{formatEventDate(event.date, 'MMM d, yyyy')}</TableCell>
          <TableCell>{formatEventTime(event.event_time)}</TableCell>
          <TableCell>
            <EventTypeBadge event={event} />
          </TableCell>
          <TableCell>
            <div className="flex items-center gap-2">
              <Switch checked={event.is_active} onCheckedChange={(checked) => onToggle(event, checked)} aria-label={`Active: ${event.title}`} />
              <EventStatusBadge event={event} />
            </div>
          </TableCell>
          <TableCell className="text-right tabular-nums">{event.reservation_count}</TableCell>
          <TableCell>
            <div className="flex justify-end gap-1">
              {onWaitlist ? (
                <Button variant="ghost" size="sm" onClick={() => onWaitlist(event)} aria-label={`Waitlist of ${event.title}`}>
                  Waitlist
                </Button>
              ) : null}
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.adminDoor.getHref(event.id)} aria-label={`Door list of ${event.title}`}>
                  Door list
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
                <Pencil className="h-4 w-4" aria-hidden />
                Edit
              </Button>
              <Button variant="ghost" size="sm" className="text-destructive" onClick={() => onDelete(event)} aria-label={`Delete ${event.title}`}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete
              </Button>
            </div>
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
