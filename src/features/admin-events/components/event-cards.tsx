import { useId } from 'react';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { AdminEvent } from '../types';
import { EventMoreActions, type EventActionHandlers } from './event-actions';
import { EventStatusBadge, EventTypeBadge, EventUnlistedBadge } from './event-badges';
import { EventPageLinks } from './event-page-links';

interface Props extends EventActionHandlers {
  events: readonly AdminEvent[];
}

/** An event at a phone's width: every action stays visible, the row wrapping as it needs. */
function EventCard({ event, onEdit, onDelete, onToggle, onWaitlist, onAddBooking, onDuplicate }: Omit<Props, 'events'> & { event: AdminEvent }) {
  const switchId = useId();
  return (
    <Card data-event-id={event.id}>
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-serif text-lg font-semibold leading-tight">{event.title}</h3>
          <EventTypeBadge event={event} />
        </div>
        <p className="text-sm text-muted-foreground">
          {formatEventDate(event.date, 'EEE, MMM d, yyyy')} · {formatEventTime(event.event_time)}
        </p>
        {event.location_name ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="h-3.5 w-3.5" aria-hidden />
            {event.location_name}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center justify-between text-sm">
          <span>
            {event.reservation_count} {event.reservation_count === 1 ? 'reservation' : 'reservations'}
          </span>
          <span className="flex items-center gap-2">
            <EventUnlistedBadge event={event} />
            <EventStatusBadge event={event} />
          </span>
        </div>
        <div className="flex items-center gap-2 border-t pt-3">
          <Switch id={switchId} checked={event.is_active} disabled={event.cancelled} onCheckedChange={(checked) => onToggle(event, checked)} />
          <label htmlFor={switchId} className="text-sm">
            Active
          </label>
        </div>
        <div className="flex flex-wrap gap-1" data-testid="event-card-actions">
          <EventPageLinks event={event} />
          <EventMoreActions event={event} variant="ghost" onWaitlist={onWaitlist} onAddBooking={onAddBooking} onDuplicate={onDuplicate} />
          <Button variant="ghost" size="sm" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={() => onDelete(event)} aria-label={`Delete ${event.title}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function EventCards({ events, ...handlers }: Props) {
  return (
    <ul className="space-y-3" aria-label="Events">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} {...handlers} />
        </li>
      ))}
    </ul>
  );
}
