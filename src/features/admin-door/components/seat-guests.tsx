import { needsText } from '../../../../supabase/functions/_shared/allergens.ts';
import type { DoorSeat } from '../types';
import { cn } from '@/lib/utils';

const seatNeeds = (seat: DoorSeat) => needsText(seat.allergens, seat.dietaryNotes);

/**
 * Who sits at each seat of a party and what they cannot eat. A party of one booker without
 * needs says nothing more than the party line does.
 */
export function SeatGuests({ seats, className }: { seats: DoorSeat[]; className?: string }) {
  if (seats.length <= 1 && !seats.some((s) => seatNeeds(s))) return null;
  return (
    <ul className={cn('space-y-0.5 text-sm', className)} aria-label="Guests and their needs">
      {seats.map((seat) => {
        const needs = seatNeeds(seat);
        return (
          <li key={seat.seatNo} data-testid="seat-guest">
            <span className={seat.claimed ? 'font-medium' : 'text-muted-foreground print:text-black'}>{seat.guestName}</span>
            {needs ? <span className="font-semibold text-amber-900 print:text-black">: {needs}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
