import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { supperClub } from '@/config/site';
import { formatCents } from '@/lib/money';
import { supperDate } from '../lib/schedule';
import type { SupperClubBooking } from '../types';

export function ConfirmationCard({ booking, onReset }: { booking: SupperClubBooking; onReset: () => void }) {
  const rows: [string, string][] = [
    ['Event', supperClub.fullName],
    ['Date & time', `${supperDate(booking.date)} at ${booking.timeSlot}`],
    ['Tickets', `${booking.tickets} x ${formatCents(supperClub.ticketPriceCents)}`],
    ['Total paid', formatCents(booking.totalPaidCents)],
  ];
  return (
    <Card className="mx-auto max-w-xl" role="region" aria-labelledby="confirmed-title">
      <CardHeader className="items-center text-center">
        <CircleCheck className="h-12 w-12 text-emerald-700" aria-hidden />
        <CardTitle id="confirmed-title" className="text-3xl">Reservation Confirmed</CardTitle>
        <p className="text-lg">Thank you, {booking.name}!</p>
        <p className="text-sm text-muted-foreground">A confirmation email is on its way to {booking.email}.</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="divide-y rounded-lg border">
          {rows.map(([term, value]) => (
            <div key={term} className="flex flex-wrap justify-between gap-2 px-4 py-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <Button size="lg" className="w-full" onClick={onReset}>
          Make another reservation
        </Button>
      </CardContent>
    </Card>
  );
}
