import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';

export interface ConfirmedRsvp {
  reservationId: string | null;
  name: string;
  email: string;
  eventTitle: string;
  date: string;
  slotTime: string;
  slotLabel: string;
  guests: number;
  paidCents: number;
}

export function RsvpConfirmation({ rsvp, onAnother }: { rsvp: ConfirmedRsvp; onAnother(): void }) {
  const rows: [string, string][] = [
    ['Event', rsvp.eventTitle],
    ['Date & Time', `${formatEventDate(rsvp.date)} at ${formatEventTime(rsvp.slotTime)}${rsvp.slotLabel ? ` (${rsvp.slotLabel})` : ''}`],
    ['Guests', String(rsvp.guests)],
    ['Deposit paid', rsvp.paidCents > 0 ? formatCents(rsvp.paidCents) : 'None (free RSVP)'],
  ];
  return (
    <Card role="status" aria-labelledby="rsvp-confirmed-title">
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
        <h2 id="rsvp-confirmed-title" className="font-serif text-2xl font-semibold">RSVP Confirmed</h2>
        <p className="text-sm text-muted-foreground">
          See you there, {rsvp.name}! A confirmation has been sent to {rsvp.email}.
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
          RSVP for another time
        </Button>
      </CardContent>
    </Card>
  );
}
