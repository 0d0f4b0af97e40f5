import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatCents } from '@/lib/money';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { ConfirmedBooking } from '../types';

export function BookingConfirmation({ booking, onAnother }: { booking: ConfirmedBooking; onAnother(): void }) {
  const rows: [string, string][] = [
    ['Event', booking.eventTitle],
    ['Date & Time', `${formatEventDate(booking.date)} at ${formatEventTime(booking.time)}`],
    ['Tickets', `${booking.guests} × ${booking.ticketName}`],
    ['Total paid', formatCents(booking.amountCents)],
  ];
  if (booking.dietaryRestrictions) rows.push(['Dietary restrictions', booking.dietaryRestrictions]);
  if (booking.specialRequests) rows.push(['Special requests', booking.specialRequests]);
  return (
    <Card role="status" aria-labelledby="booking-confirmed-title">
      <CardHeader className="items-center text-center">
        <CircleCheck className="h-10 w-10 text-emerald-600" aria-hidden />
        <h2 id="booking-confirmed-title" className="font-serif text-2xl font-semibold">Reservation Confirmed</h2>
        <p className="text-sm text-muted-foreground">
          Thank you, {booking.name}. A confirmation has been sent to {booking.email}.
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <Button variant="outline" className="w-full" onClick={onAnother}>
          Make another reservation
        </Button>
      </CardContent>
    </Card>
  );
}
