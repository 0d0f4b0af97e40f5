import { needsText } from '../../../../supabase/functions/_shared/allergens.ts';
import { useReservationSeats } from '../api/get-reservation-seats';

/** Who sits at each seat of the booking and what they cannot eat (staff only: emails shown). */
export function ReservationSeats({ reservationId }: { reservationId: string }) {
  const seats = useReservationSeats(reservationId);
  if (seats.isPending || seats.isError || seats.data.length === 0) return null;
  const claimed = seats.data.filter((s) => s.claimed).length;
  return (
    <details className="rounded-md border p-3 text-sm" data-testid="reservation-seats" open>
      <summary className="cursor-pointer font-medium">
        Seats ({claimed} of {seats.data.length} claimed)
      </summary>
      <ul className="mt-2 space-y-1.5">
        {seats.data.map((seat) => {
          const needs = needsText(seat.allergens, seat.dietary_notes);
          return (
            <li key={seat.seat_no} className="break-words">
              <span className={seat.claimed ? 'font-medium' : 'text-muted-foreground'}>{seat.guest_name}</span>
              {seat.guest_email ? <span className="text-muted-foreground"> · {seat.guest_email}</span> : null}
              {needs ? <span className="block font-semibold text-amber-900">{needs}</span> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
