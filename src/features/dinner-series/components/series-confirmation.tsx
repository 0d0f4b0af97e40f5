import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatCents } from '@/lib/money';
import { dinnerDateTime, inviteHref, isMobileDevice, reservationDetailsHref } from '../lib/booking-rules';
import type { SeriesBooking } from '../types';

export function SeriesConfirmation({ booking, onReset }: { booking: SeriesBooking; onReset: () => void }) {
  const invite = useMemo(
    () => inviteHref(booking, { origin: window.location.origin, mobile: isMobileDevice(navigator, window.innerWidth) }),
    [booking],
  );
  const rows: [string, string][] = [
    ['Event', booking.eventTitle],
    ['Date', dinnerDateTime(booking.eventDate)],
    ['Guests', String(booking.guests)],
    ['Ticket', booking.ticketName],
    ['Total', formatCents(booking.totalPaidCents)],
  ];
  if (booking.dietaryRestrictions) rows.push(['Dietary restrictions', booking.dietaryRestrictions]);
  if (booking.specialRequests) rows.push(['Special requests', booking.specialRequests]);
  return (
    <Card className="mx-auto max-w-xl" role="region" aria-labelledby="series-confirmed-title">
      <CardHeader className="items-center text-center">
        <CircleCheck className="h-12 w-12 text-emerald-700" aria-hidden />
        <h2 id="series-confirmed-title" className="font-serif text-3xl font-semibold tracking-wide">RESERVATION CONFIRMED</h2>
        <p className="text-lg">We can't wait to feed you</p>
        <p className="text-sm text-muted-foreground">A confirmation email is on its way to {booking.email}.</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="divide-y rounded-lg border" data-testid="series-confirmation-details">
          {rows.map(([term, value]) => (
            <div key={term} className="flex flex-wrap justify-between gap-2 px-4 py-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button asChild variant="outline">
            <Link to={reservationDetailsHref(booking)} target="_blank" rel="noopener">
              Reservation Details
            </Link>
          </Button>
          <Button asChild variant="secondary" className="tracking-widest">
            <a href={invite}>INVITE YOUR PARTY</a>
          </Button>
        </div>
        <Button size="lg" className="w-full tracking-widest" onClick={onReset}>
          MAKE ANOTHER RESERVATION
        </Button>
      </CardContent>
    </Card>
  );
}
