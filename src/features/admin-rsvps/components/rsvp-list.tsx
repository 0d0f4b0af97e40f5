import { Card, CardContent } from '@/components/ui/card';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { RsvpListRow } from '../types';

/** Phones: the reservations that hold an RSVP slot. */
export function RsvpList({ rows }: { rows: RsvpListRow[] }) {
  return (
    <ul className="space-y-3" aria-label="RSVPs">
      {rows.map((r) => (
        <li key={r.id}>
          <Card>
            <CardContent className="space-y-1 p-4 text-sm sm:p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{r.name}</h3>
                <span className="text-muted-foreground">
                  {r.num_guests} {r.num_guests === 1 ? 'guest' : 'guests'}
                </span>
              </div>
              <p>{r.event_title}</p>
              <p className="text-xs text-muted-foreground">
                {formatEventDate(r.event_date, 'EEE, MMM d, yyyy')} · {formatEventTime(r.slot_time ?? r.event_time)}
                {r.slot_label ? ` · ${r.slot_label}` : ''}
              </p>
              <p className="break-all">{r.email}</p>
              {r.phone ? <p>{r.phone}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
