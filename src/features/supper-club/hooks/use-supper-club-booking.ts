import type { FieldErrors } from 'react-hook-form';
import { supperClubFunctions } from '@/config/site';
import { fetchQuote } from '@/features/checkout/api/get-quote';
import { ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useVenueForm, venueFormValidation } from '@/features/checkout/hooks/use-venue-form';
import { bookingMessages, tooManyTickets } from '@/features/checkout/lib/messages';
import { sayError } from '@/features/checkout/lib/say-error';
import { formatCents } from '@/lib/money';
import { supperClubAvailabilityQueryOptions } from '../api/get-availability';
import { checkSupperClubBooking, supperDate } from '../lib/schedule';
import { emptySupperClubForm, type SupperClubBookingInput, type SupperClubFormValues } from '../form-values';
import type { SupperClubEvent, SupperClubVenue } from '../types';

interface SupperClubOrder {
  input: SupperClubBookingInput;
  event: SupperClubEvent;
  venue: SupperClubVenue;
}

const validation = venueFormValidation<SupperClubFormValues, SupperClubBookingInput>(() =>
  import('../schemas').then((m) => m.supperClubBookingSchema),
);
export const { preloadValidation } = validation;

/**
 * The supper club's form and rules; the steps after it are the shared checkout's. The form's
 * handler checks in this order: tickets, required fields (zod), then — on availability re-read,
 * since others book too — the event and the seats; the server then quotes the order.
 */
export function useSupperClubBooking() {
  const { queryClient, form, startOver, refreshEvents, rereadEvents } = useVenueForm(
    validation,
    emptySupperClubForm,
    supperClubAvailabilityQueryOptions(),
  );

  const checkout = useCheckout<SupperClubOrder>({
    quote: ({ input, event }) =>
      fetchQuote(
        queryClient,
        ticketQuoteRequest(supperClubFunctions.payment, { eventId: event.id, timeSlot: input.timeSlot, guests: input.tickets }),
      ),
    refusal: { title: bookingMessages.reservationFailed.title, fallback: bookingMessages.reservationFailed.description },
    payment: ({ input, event, venue }) => ({
      className: 'mx-auto max-w-xl',
      summary: [
        { label: 'Event', value: venue.name },
        { label: 'Date & time', value: `${supperDate(event.date)} at ${input.timeSlot}` },
        { label: 'Tickets', value: `${input.tickets} x ${formatCents(event.seat_price_cents)}` },
        { label: 'Name', value: input.name },
      ],
      configFunction: supperClubFunctions.config,
      checkout: {
        kind: 'ticket',
        paymentFunction: supperClubFunctions.payment,
        reservationData: {
          eventId: event.id,
          name: input.name,
          email: input.email,
          phone: input.phone || null,
          num_guests: input.tickets,
          guests: input.tickets,
          timeSlot: input.timeSlot,
          ticket_price: event.seat_price_cents,
        },
      },
    }),
    paidToast: bookingMessages.ticketsReserved,
    confirmation: ({ input, event, venue }, paid) => ({
      variant: 'page',
      title: 'Reservation Confirmed',
      greeting: `Thank you, ${input.name}!`,
      note: `A confirmation email is on its way to ${input.email}.`,
      rows: [
        { label: 'Event', value: venue.name },
        { label: 'Date & time', value: `${supperDate(event.date)} at ${input.timeSlot}` },
        { label: 'Tickets', value: `${input.tickets} x ${formatCents(event.seat_price_cents)}` },
        { label: 'Total paid', value: formatCents(paid.amountCents) },
      ],
      anotherLabel: 'Make another reservation',
    }),
    onConfirmed: refreshEvents,
    onAnother: startOver,
  });

  const onInvalid = (errors: FieldErrors<SupperClubFormValues>) => {
    const tickets = Number(form.getValues('tickets')) || 0;
    if (errors.tickets && tickets < 1) sayError(bookingMessages.minimumTickets);
    else if (errors.name || errors.email || errors.eventId || errors.timeSlot) sayError(bookingMessages.missingInformation);
    else sayError(tooManyTickets(errors.tickets?.message));
  };

  const onValid = (input: SupperClubBookingInput) =>
    checkout.submit(async () => {
      const fresh = await rereadEvents();
      if (!fresh) return null;
      const { events, venue } = fresh;
      const problem = checkSupperClubBooking(input, events);
      if (problem) {
        sayError(problem);
        return null;
      }
      return { input, event: events.find((e) => e.id === input.eventId)!, venue };
    });

  return { form, checkout, submit: form.handleSubmit(onValid, onInvalid) };
}
