import { useEffect } from 'react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { supperClub } from '@/config/site';
import { PaymentStep } from '@/features/payment/components/payment-step';
import { formatCents } from '@/lib/money';
import { useSupperClubAvailability } from '../api/get-availability';
import { useSupperClubBooking } from '../hooks/use-supper-club-booking';
import { supperDate } from '../lib/schedule';
import { BookingForm } from './booking-form';
import { ComingSoonCard } from './coming-soon-card';
import { ConfirmationCard } from './confirmation-card';
import { SupperClubHeader } from './supper-club-header';

export function SupperClubPage() {
  const availability = useSupperClubAvailability();
  const booking = useSupperClubBooking();
  const { step } = booking;

  useEffect(() => {
    if (availability.isError) {
      toast.error('Error loading events', { description: 'Unable to load available dates. Please refresh the page.' });
    }
  }, [availability.isError]);

  const events = availability.data;
  let body: React.ReactNode;
  if (step.kind === 'confirmed') {
    body = <ConfirmationCard booking={step.booking} onReset={booking.reset} />;
  } else if (step.kind === 'payment') {
    const { input, event } = step;
    const amountCents = input.tickets * supperClub.ticketPriceCents;
    body = (
      <div className="mx-auto max-w-xl">
        <PaymentStep
          summary={[
            { label: 'Event', value: supperClub.fullName },
            { label: 'Date & time', value: `${supperDate(event.date)} at ${input.timeSlot}` },
            { label: 'Tickets', value: `${input.tickets} x ${formatCents(supperClub.ticketPriceCents)}` },
            { label: 'Name', value: input.name },
          ]}
          amountCents={amountCents}
          configFunction={supperClub.functions.config}
          checkout={{
            kind: 'ticket',
            paymentFunction: supperClub.functions.payment,
            reservationData: {
              eventId: event.id,
              name: input.name,
              email: input.email,
              phone: input.phone || null,
              num_guests: input.tickets,
              guests: input.tickets,
              timeSlot: input.timeSlot,
              ticket_price: supperClub.ticketPriceCents,
            },
          }}
          onBack={booking.back}
          onSuccess={(result) => {
            if (!result.free) {
              toast.success('Reservation Confirmed!', {
                description: 'Your tickets have been reserved. Check your email for confirmation.',
              });
            }
            booking.confirm(input, event, result.amountCents);
          }}
        />
      </div>
    );
  } else if (availability.isPending) {
    body = <PageSpinner label="Loading available dates…" />;
  } else if (availability.isError) {
    body = (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        Unable to load available dates. Please refresh the page.
      </Alert>
    );
  } else if (!events || events.length === 0) {
    body = <ComingSoonCard />;
  } else {
    body = (
      <Card className="mx-auto max-w-2xl">
        <CardContent className="pt-5 sm:pt-6">
          <BookingForm form={booking.form} events={events} busy={booking.checking} onSubmit={booking.submit} />
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <PageMeta
        title={supperClub.fullName}
        description={`Reserve your seats at the ${supperClub.fullName} in ${supperClub.city}: ${formatCents(supperClub.ticketPriceCents)} per person for four shared savory courses and one shared sweet course.`}
        canonical={paths.supperClub.getHref()}
      />
      <SupperClubHeader events={events} />
      <main className="container py-10 sm:py-14">{body}</main>
    </>
  );
}
