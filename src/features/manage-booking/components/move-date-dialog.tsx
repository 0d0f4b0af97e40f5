import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { eventTimeWithZone, formatEventDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { guestCount } from '@/lib/words';
import { useMoveBooking } from '../api/change-booking';
import type { ManagedBooking, OtherDate } from '../types';

/** What a date has left, next to it: too few seats for the whole party makes it unavailable. */
function seatsText(date: OtherDate, guests: number): string {
  if (date.enough_seats) return `${date.seats_left} ${date.seats_left === 1 ? 'seat' : 'seats'} left`;
  if (date.seats_left === 0) return 'Full';
  return `Only ${date.seats_left} ${date.seats_left === 1 ? 'seat' : 'seats'} left: not enough for ${guestCount(guests)}`;
}

/**
 * "Another date": the series' other dates at the same price, each with its seats left; one
 * without seats for the whole party is shown but cannot be chosen. The booking keeps its money,
 * code, policy and this link.
 */
export function MoveDateDialog({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose(): void }) {
  const [eventId, setEventId] = useState(booking.other_dates.find((d) => d.enough_seats)?.event_id ?? '');
  const moveBooking = useMoveBooking(token);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!eventId) return;
    moveBooking.mutate(eventId, {
      onSuccess: (outcome) => {
        onClose();
        toast.success(`Your booking is now for ${formatEventDate(outcome.booking.event.date)}`, {
          description: 'We have emailed you the new date. Your booking code and this link stay the same.',
        });
      },
      onError: (error) => toast.error('Could not move the booking', { description: error.message }),
    });
  }

  return (
    <Dialog open onOpenChange={(next) => !next && !moveBooking.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Move to another date</DialogTitle>
            <DialogDescription>
              Your booking for {guestCount(booking.guests)} moves as it is: what you paid, your booking code, this link and the cancellation policy (
              {booking.refund_policy}) stay the same.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium">Dates of this dinner at the same price</legend>
            {booking.other_dates.map((date) => {
              const checked = eventId === date.event_id;
              return (
                <label
                  key={date.event_id}
                  data-testid="other-date"
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    checked && 'border-primary bg-primary/5',
                    date.enough_seats ? 'cursor-pointer' : 'cursor-not-allowed bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="other-date"
                    value={date.event_id}
                    checked={checked}
                    disabled={!date.enough_seats || moveBooking.isPending}
                    onChange={() => setEventId(date.event_id)}
                    className="mt-1 h-4 w-4 shrink-0 accent-[hsl(var(--primary))]"
                  />
                  <span className="flex min-w-0 flex-col gap-0.5 text-sm">
                    <span className="font-semibold">
                      {formatEventDate(date.date)} at {eventTimeWithZone(date)}
                    </span>
                    <span className="text-muted-foreground">{seatsText(date, booking.guests)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <FormDialogFooter
            onCancel={onClose}
            submitLabel="Move booking"
            pendingLabel="Moving…"
            pending={moveBooking.isPending}
            disabled={!eventId}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
