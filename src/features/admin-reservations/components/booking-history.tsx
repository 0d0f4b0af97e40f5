import { formatInstant } from '@/lib/dates';
import { useBookingHistory } from '../api/get-booking-history';

/** The booking's history under the edit form: booked, refunds, what the guest changed. */
export function BookingHistory({ reservationId, timeZone }: { reservationId: string; timeZone: string }) {
  const history = useBookingHistory(reservationId);
  if (history.isPending) return null;
  if (history.isError) return <p className="text-sm text-muted-foreground">The booking's history could not be loaded.</p>;
  if (history.data.length === 0) return null;
  return (
    <details className="rounded-md border p-3 text-sm" data-testid="booking-history">
      <summary className="cursor-pointer font-medium">History ({history.data.length})</summary>
      <ol className="mt-2 space-y-1.5">
        {history.data.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className="flex flex-col sm:flex-row sm:gap-3">
            <time dateTime={entry.at} className="shrink-0 text-muted-foreground tabular-nums">
              {formatInstant(entry.at, timeZone, 'MMM d, h:mm a')}
            </time>
            <span className="break-words">{entry.summary}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
