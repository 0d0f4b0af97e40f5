import type { FieldErrors } from 'react-hook-form';
import { supperClubFunctions } from '@/config/site';
import { fetchQuote } from '@/features/checkout/api/get-quote';
import { ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, stillOffered, type PublicAddon } from '@/features/checkout/api/event-addons';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useVenueForm, venueAddonRows, venueFormValidation, venueReservationData } from '@/features/checkout/hooks/use-venue-form';
import { bookingMessages, tooManyTickets } from '@/features/checkout/lib/messages';
import { sayError } from '@/features/checkout/lib/say-error';
import type { TicketSelection } from '@/features/checkout/types';
import { formatCents } from '@/lib/money';
import { supperClubAvailabilityQueryOptions } from '../api/get-availability';
import { checkSupperClubBooking, dateOption, supperDate } from '../lib/schedule';
import { emptySupperClubForm, type SupperClubBookingInput, type SupperClubFormValues } from '../form-values';
import type { SupperClubAvailability, SupperClubEvent, SupperClubVenue } from '../types';

interface SupperClubOrder {
  input: SupperClubBookingInput;
  event: SupperClubEvent;
  venue: SupperClubVenue;
  /** The add-ons chosen, as the supper offers them. */
  addons: PublicAddon[];
}

/** The order's add-ons as a summary row, or none. */
const orderAddonRows = (order: SupperClubOrder) => venueAddonRows(order, order.input.tickets);

/** What the order buys: the server quotes it, then books it. */
const selectionOf = ({ input, event, addons }: SupperClubOrder): TicketSelection => ({
  eventId: event.id,
  timeSlot: input.timeSlot,
  guests: input.tickets,
  addons: addonChoices(addons.map((a) => a.id)),
});

/** The suppers a link may preselect: those the date list offers (not closed, not sold out). */
const bookableSuppers = ({ events }: SupperClubAvailability) => events.filter((e) => !dateOption(e).disabled).map((e) => e.id);

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
    bookableSuppers,
  );

  const checkout = useCheckout<SupperClubOrder>({
    quote: (order) => fetchQuote(queryClient, ticketQuoteRequest(supperClubFunctions.payment, selectionOf(order))),
    refusal: { title: bookingMessages.reservationFailed.title, fallback: bookingMessages.reservationFailed.description },
    payment: (order) => ({
      className: 'mx-auto max-w-xl',
      summary: [
        { label: 'Event', value: order.venue.name },
        { label: 'Date & time', value: `${supperDate(order.event.date)} at ${order.input.timeSlot}` },
        { label: 'Tickets', value: `${order.input.tickets} x ${formatCents(order.event.seat_price_cents)}` },
        ...orderAddonRows(order),
        { label: 'Name', value: order.input.name },
      ],
      configFunction: supperClubFunctions.config,
      checkout: {
        kind: 'ticket',
        paymentFunction: supperClubFunctions.payment,
        reservationData: venueReservationData(order, selectionOf(order), { ticket_price: order.event.seat_price_cents }),
      },
    }),
    paidToast: bookingMessages.ticketsReserved,
    confirmation: (order, paid) => ({
      variant: 'page',
      title: 'Reservation Confirmed',
      greeting: `Thank you, ${order.input.name}!`,
      note: `A confirmation email is on its way to ${order.input.email}.`,
      rows: [
        { label: 'Event', value: order.venue.name },
        { label: 'Date & time', value: `${supperDate(order.event.date)} at ${order.input.timeSlot}` },
        { label: 'Tickets', value: `${order.input.tickets} x ${formatCents(order.event.seat_price_cents)}` },
        ...orderAddonRows(order),
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
      const addons = await stillOffered(queryClient, input.eventId, input.addons);
      return { input, event: events.find((e) => e.id === input.eventId)!, venue, addons };
    });

  return { form, checkout, submit: form.handleSubmit(onValid, onInvalid) };
}
