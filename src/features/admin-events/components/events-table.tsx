import { Fragment, useState } from 'react';
import { ChevronDown, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { AdminEvent } from '../types';
import { EventMoreActions, type EventActionHandlers } from './event-actions';
import { EventStatusBadge, EventTypeBadge, EventUnlistedBadge } from './event-badges';
import { EventPageLinks } from './event-page-links';

interface Props extends EventActionHandlers {
  events: readonly AdminEvent[];
}

const COLUMNS = ['Title', 'Date', 'Time', 'Type', 'Status', 'Reservations', 'Actions'] as const;

/**
 * The events at 768 px and wider. The everyday actions (Overview, Door list, Edit and Delete as
 * icons) sit on the row's one line; the less common ones (Waitlist, Add booking, Duplicate) would
 * not fit beside them at 1280 px, so 'More' opens them in a line of their own right under the
 * row (a disclosure: in the page's flow and tab order, never clipped by the table's scroll box).
 */
export function EventsTable({ events, onEdit, onDelete, onToggle, onWaitlist, onAddBooking, onDuplicate }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const hasMore = Boolean(onWaitlist ?? onAddBooking ?? onDuplicate);
  return (
    <DataTable label="Events" columns={COLUMNS} rightAligned={['Reservations', 'Actions']}>
      {events.map((event) => {
        const open = expanded === event.id;
        const moreId = `event-more-${event.id}`;
        return (
          <Fragment key={event.id}>
            <TableRow data-event-id={event.id} className={cn(open && 'border-b-0 bg-muted/20')}>
              <TableCell className="font-medium">{event.title}</TableCell>
              <TableCell>{formatEventDate(event.date, 'MMM d, yyyy')}</TableCell>
              <TableCell>{formatEventTime(event.event_time)}</TableCell>
              <TableCell>
                <EventTypeBadge event={event} />
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  <Switch
                    checked={event.is_active}
                    disabled={event.cancelled}
                    onCheckedChange={(checked) => onToggle(event, checked)}
                    aria-label={`Active: ${event.title}`}
                  />
                  {/* One above the other: side by side they would widen the table past 1280 px. */}
                  <div className="flex flex-col items-start gap-1">
                    <EventStatusBadge event={event} />
                    <EventUnlistedBadge event={event} />
                  </div>
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{event.reservation_count}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <EventPageLinks event={event} />
                  {/* Icons only (named for screen readers, titled for the pointer): seven labelled buttons do not fit a row at 1280 px. */}
                  <Button variant="ghost" size="sm" className="px-2.5" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`} title="Edit">
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2.5 text-destructive"
                    onClick={() => onDelete(event)}
                    aria-label={`Delete ${event.title}`}
                    title="Delete"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                  {hasMore ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={open}
                      aria-controls={open ? moreId : undefined}
                      aria-label={`More actions for ${event.title}`}
                      onClick={() => setExpanded(open ? null : event.id)}
                    >
                      More
                      <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
            {open ? (
              <TableRow id={moreId} data-event-more={event.id} className="bg-muted/20">
                <TableCell colSpan={COLUMNS.length} className="pt-0">
                  <div className="flex flex-wrap justify-end gap-1">
                    <EventMoreActions event={event} variant="outline" onWaitlist={onWaitlist} onAddBooking={onAddBooking} onDuplicate={onDuplicate} />
                  </div>
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        );
      })}
    </DataTable>
  );
}
