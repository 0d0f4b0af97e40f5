import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PaymentStep } from '@/features/payment/components/payment-step';
import type { PaymentSuccess } from '@/features/payment/types';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { checkTicketBooking, type BookingProblem } from '../lib/ticket-booking';
import { emptyTicketBooking, type TicketBookingValues } from '../schemas';
import type { ConfirmedBooking, TicketedEvent, TicketTypeOption } from '../types';
import { BookingConfirmation } from './booking-confirmation';
import { TicketBookingForm } from './ticket-booking-form';

export interface TicketBookingProps {
  event: TicketedEvent;
  /** Fresh availability for the event just before payment (null when it is no longer listed). */
  refreshEvent(): Promise<TicketedEvent | null>;
  /** Called after a confirmed booking (the page refetches its availability). */
  onBooked?(): void;
}

type Step =
  | { kind: 'form' }
  | { kind: 'payment'; values: TicketBookingValues; ticket: TicketTypeOption; guests: number }
  | { kind: 'confirmed'; booking: ConfirmedBooking };

/** Ticketed booking for one event: form → shared payment step → confirmation. */
export function TicketBooking({ event, refreshEvent, onBooked }: TicketBookingProps) {
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [draft, setDraft] = useState<TicketBookingValues>(emptyTicketBooking);
  const [checking, setChecking] = useState(false);

  // Another event was chosen: start over on the form for it.
  useEffect(() => {
    setStep({ kind: 'form' });
    setDraft((d) => ({ ...d, ticketTypeId: '', guests: '' }));
  }, [event.id]);

  async function submit(values: TicketBookingValues): Promise<BookingProblem | null> {
    setChecking(true);
    // Seats may have gone since the page loaded: check against fresh availability.
    const fresh = await refreshEvent().catch(() => event);
    setChecking(false);
    const problem = checkTicketBooking({ ...values, eventId: event.id }, fresh);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return problem;
    }
    const ticket = fresh!.ticket_types.find((t) => t.id === values.ticketTypeId)!;
    setDraft(values);
    setStep({ kind: 'payment', values, ticket, guests: Number(values.guests) });
    return null;
  }

  function paid(result: PaymentSuccess, current: Extract<Step, { kind: 'payment' }>) {
    const { values, ticket, guests } = current;
    if (!result.free) {
      toast.success('Reservation Confirmed!', { description: 'Your tickets have been reserved. Check your email for confirmation.' });
    }
    setStep({
      kind: 'confirmed',
      booking: {
        reservationId: result.reservationId,
        name: values.name.trim(),
        email: values.email.trim(),
        eventTitle: event.title,
        date: event.date,
        time: event.event_time,
        ticketName: ticket.name,
        guests,
        amountCents: result.amountCents,
        dietaryRestrictions: values.dietaryRestrictions.trim(),
        specialRequests: values.specialRequests.trim(),
      },
    });
    setDraft(emptyTicketBooking);
    onBooked?.();
  }

  if (step.kind === 'confirmed') {
    return <BookingConfirmation booking={step.booking} onAnother={() => setStep({ kind: 'form' })} />;
  }

  if (step.kind === 'payment') {
    const { values, ticket, guests } = step;
    return (
      <PaymentStep
        summary={[
          { label: 'Event', value: event.title },
          { label: 'Date', value: `${formatEventDate(event.date)} at ${formatEventTime(event.event_time)}` },
          { label: 'Ticket', value: ticket.name },
          { label: 'Guests', value: `${guests} × ${formatCents(ticket.price)}` },
        ]}
        amountCents={ticket.price * guests}
        checkout={{
          kind: 'ticket',
          reservationData: {
            eventId: event.id,
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim() || null,
            num_guests: guests,
            ticketTypeId: ticket.id,
            dietaryRestrictions: values.dietaryRestrictions.trim() || null,
            specialRequests: values.specialRequests.trim() || null,
            ticket_price: ticket.price,
          },
        }}
        onBack={() => setStep({ kind: 'form' })}
        onSuccess={(result) => paid(result, step)}
      />
    );
  }

  return (
    <div className="space-y-4 rounded-lg border bg-card p-5 shadow-sm sm:p-6">
      <div>
        <h2 className="font-serif text-2xl font-semibold">Reserve: {event.title}</h2>
        <p className="text-sm text-muted-foreground">
          {formatEventDate(event.date)} at {formatEventTime(event.event_time)}
          {event.location_name ? ` · ${event.location_name}` : ''}
        </p>
      </div>
      <TicketBookingForm event={event} defaultValues={draft} checking={checking} onSubmit={submit} />
      {event.event_details_disclosures ? (
        <p className="whitespace-pre-line text-xs text-muted-foreground">{event.event_details_disclosures}</p>
      ) : null}
    </div>
  );
}
