import { Check, Minus, Plus, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCheckIn } from '../api/check-in';
import { bookedAs } from '../lib/door-list';
import type { DoorParty } from '../types';
import { SeatGuests } from './seat-guests';
import { StaffNotes } from './staff-notes';
import { guestCount } from '@/lib/words';

/** One confirmed party: who, what they booked, what the kitchen must know, and the check-in controls. */
export function PartyCard({ eventId, party }: { eventId: string; party: DoorParty }) {
  const checkIn = useCheckIn(eventId, party.id);
  const set = (count: number) => checkIn.mutate({ reservationId: party.id, checkedInGuests: count });
  const arrived = party.checkedInGuests;
  const all = arrived >= party.numGuests;
  const booked = bookedAs(party);

  return (
    <article
      aria-label={party.name}
      data-party-id={party.id}
      className={cn('space-y-3 rounded-lg border bg-card p-4 shadow-sm', all && 'border-emerald-600/50 bg-emerald-50')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold leading-tight">{party.name}</h2>
          <p className="text-sm text-muted-foreground">
            {guestCount(party.numGuests)}
            {booked ? ` · ${booked}` : ''} · <span className="font-mono">{party.bookingCode}</span>
          </p>
        </div>
        <p className="shrink-0 text-right tabular-nums" data-testid="party-arrived">
          <span className="text-xl font-semibold">
            {arrived}/{party.numGuests}
          </span>
          <span className="block text-xs text-muted-foreground">arrived</span>
        </p>
      </div>

      <SeatGuests seats={party.seats} />
      <GuestNote term="Dietary" text={party.dietaryRestrictions} className="bg-amber-100 text-amber-950" />
      <GuestNote term="Requests" text={party.specialRequests} className="bg-sky-100 text-sky-950" />
      <GuestNote term="Add-ons" text={party.addons} className="bg-violet-100 text-violet-950" />

      <StaffNotes eventId={eventId} party={party} />

      <div className="flex items-center gap-2">
        {all ? (
          <p className="flex h-12 flex-1 items-center gap-2 font-medium text-emerald-800">
            <Check className="h-5 w-5" aria-hidden />
            Checked in
          </p>
        ) : (
          <Button size="lg" className="flex-1 px-4" onClick={() => set(party.numGuests)} aria-label={`Check in ${party.name}`}>
            <Check className="h-5 w-5" aria-hidden />
            Check in
          </Button>
        )}
        <div className="flex items-center gap-1" role="group" aria-label={`Guests arrived: ${party.name}`}>
          <Button
            variant="outline"
            size="icon"
            className="h-12 w-12"
            onClick={() => set(arrived - 1)}
            disabled={arrived <= 0}
            aria-label={`One fewer guest of ${party.name}`}
          >
            <Minus className="h-5 w-5" aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="h-12 w-12"
            onClick={() => set(arrived + 1)}
            disabled={all}
            aria-label={`One more guest of ${party.name}`}
          >
            <Plus className="h-5 w-5" aria-hidden />
          </Button>
        </div>
      </div>
      {arrived > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => set(0)} aria-label={`Undo check-in of ${party.name}`}>
          <Undo2 className="h-4 w-4" aria-hidden />
          Undo
        </Button>
      ) : null}
    </article>
  );
}

/** What the guest wrote for the host, when they wrote anything, in its own color. */
function GuestNote({ term, text, className }: { term: string; text: string | null; className: string }) {
  return text ? (
    <p className={cn('rounded-md px-3 py-2 text-sm', className)}>
      <span className="font-semibold">{term}: </span>
      {text}
    </p>
  ) : null;
}
