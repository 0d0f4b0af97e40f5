import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { formatEventDate, formatEventTime, labelBesideTime } from '@/lib/dates';
import type { RsvpOverviewEvent, RsvpOverviewSlot } from '../types';

function SlotSection({ slot }: { slot: RsvpOverviewSlot }) {
  const full = slot.current_rsvps >= slot.max_capacity;
  return (
    <div className="space-y-2" data-slot-id={slot.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium">
          {[formatEventTime(slot.slot_time), labelBesideTime(slot.slot_label, slot.slot_time)].filter(Boolean).join(' · ')}
        </h4>
        <span className="text-sm tabular-nums text-muted-foreground">
          {slot.current_rsvps}/{slot.max_capacity} filled
        </span>
        {!slot.is_active ? <Badge variant="secondary">Inactive</Badge> : full ? <Badge variant="destructive">Full</Badge> : null}
      </div>
      {slot.reservations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No RSVPs yet.</p>
      ) : (
        <DataTable label={`RSVPs for ${slot.slot_label}`} columns={['Guest', 'Email', 'Phone', 'Guests']} rightAligned={['Guests']}>
          {slot.reservations.map((r) => (
            <TableRow key={r.id}>
              <TableCell className="font-medium">{r.name}</TableCell>
              <TableCell>{r.email}</TableCell>
              <TableCell>{r.phone || '—'}</TableCell>
              <TableCell className="text-right tabular-nums">{r.num_guests}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** Desktop: each RSVP event with its slots and the reservations in each. */
export function RsvpOverview({ events }: { events: RsvpOverviewEvent[] }) {
  return (
    <div className="space-y-4">
      {events.map((event) => (
        <Card key={event.id} data-event-id={event.id}>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-serif text-xl font-semibold">{event.title}</h3>
              {!event.is_active ? <Badge variant="secondary">Inactive</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {formatEventDate(event.date)} · {formatEventTime(event.event_time)}
            </p>
          </CardHeader>
          <CardContent className="space-y-6">
            {event.slots.length === 0 ? (
              <p className="text-sm text-muted-foreground">This event has no time slots.</p>
            ) : (
              event.slots.map((slot) => <SlotSection key={slot.id} slot={slot} />)
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
