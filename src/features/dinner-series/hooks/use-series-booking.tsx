import type { FieldErrors } from 'react-hook-form';
import { fetchQuote } from '@/features/checkout/api/get-quote';
import { DEFAULT_PAYMENT_FUNCTION, ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, stillOffered, type PublicAddon } from '@/features/checkout/api/event-addons';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useVenueForm, venueAddonRows, venueFormValidation, venueReservationData } from '@/features/checkout/hooks/use-venue-form';
import { bookingMessages, largeParty } from '@/features/checkout/lib/messages';
import { sayError } from '@/features/checkout/lib/say-error';
import { checkTicketBooking } from '@/features/checkout/lib/ticket-rules';
import type { TicketSelection } from '@/features/checkout/types';
import type { TicketType } from '@/lib/booking';
import { formatCents } from '@/lib/money';
import { seriesDinnersQueryOptions } from '../api/get-dinners';
import { ConfirmationLinks } from '../components/confirmation-links';
import { dinnerDateTime, openDinners, ticketsLeft } from '../lib/booking-rules';
import { emptySeriesForm, type SeriesBookingInput, type SeriesFormValues } from '../form-values';
import type { SeriesBooking, SeriesDinner, SeriesPage, SeriesVenue } from '../types';

interface SeriesOrder {
  input: SeriesBookingInput;
  dinner: SeriesDinner;
  ticket: TicketType;
  venue: SeriesVenue;
  /** The add-ons chosen, as the dinner offers them. */
  addons: PublicAddon[];
}

/** The order's add-ons as a summary row, or none. */
const orderAddonRows = (order: SeriesOrder) => venueAddonRows(order, order.input.guests);

/** What the order buys: the server quotes it, then books it. */
const selectionOf = ({ dinner, ticket, input, addons }: SeriesOrder): TicketSelection => ({
  eventId: dinner.id,
  ticketTypeId: ticket.id,
  guests: input.guests,
  addons: addonChoices(addons.map((a) => a.id)),
});

/** The dinners a link may preselect: those the date list offers (online booking still open). */
const bookableDinners = ({ dinners }: SeriesPage) => openDinners(dinners).map((d) => d.id);

const validation = venueFormValidation<SeriesFormValues, SeriesBookingInput>(() => import('../schemas').then((m) => m.seriesBookingSchema));
export const { preloadValidation } = validation;

/**
 * The dinner series' form and rules; the steps after it are the shared checkout's. RESERVE checks
 * required fields and guests (zod), then — on the dinners re-read, since others book too — the
 * event, the ticket type and what remains of it; the server then quotes the order.
 */
export function useSeriesBooking() {
  const { queryClient, form, startOver, refreshEvents, rereadEvents } = useVenueForm(
    validation,
    emptySeriesForm,
    seriesDinnersQueryOptions(),
    bookableDinners,
  );

  const checkout = useCheckout<SeriesOrder>({
    quote: (order) => fetchQuote(queryClient, ticketQuoteRequest(DEFAULT_PAYMENT_FUNCTION, selectionOf(order))),
    refusal: { title: bookingMessages.reservationFailed.title, fallback: bookingMessages.reservationFailed.description },
    payment: (order) => ({
      className: 'mx-auto max-w-xl',
      summary: [
        { label: 'Event', value: order.dinner.title },
        { label: 'Date', value: dinnerDateTime({ date: order.dinner.date, time: order.dinner.event_time }) },
        { label: 'Guests', value: String(order.input.guests) },
        { label: 'Ticket', value: `${order.ticket.name} (${formatCents(order.ticket.price)} each)` },
        ...orderAddonRows(order),
      ],
      refundPolicy: order.dinner.refund_policy,
      checkout: {
        kind: 'ticket',
        reservationData: venueReservationData(order, selectionOf(order), {
          dietaryRestrictions: order.input.dietaryRestrictions || null,
          specialRequests: order.input.specialRequests || null,
          ticket_price: order.ticket.price,
        }),
      },
    }),
    confirmation: (order, paid) => {
      const { input, dinner, ticket, venue } = order;
      const booking: SeriesBooking = {
        name: input.name,
        email: input.email,
        eventTitle: dinner.title,
        eventDate: dinner.date,
        eventTime: dinner.event_time,
        guests: input.guests,
        ticketName: ticket.name,
        totalPaidCents: paid.amountCents,
        dietaryRestrictions: input.dietaryRestrictions,
        specialRequests: input.specialRequests,
        manageToken: paid.manageToken ?? null,
        venue,
      };
      return {
        variant: 'page',
        spaced: true,
        title: 'RESERVATION CONFIRMED',
        greeting: "We can't wait to feed you",
        note: `A confirmation email is on its way to ${booking.email}.`,
        rowsTestId: 'series-confirmation-details',
        rows: [
          { label: 'Event', value: booking.eventTitle },
          { label: 'Date', value: dinnerDateTime({ date: booking.eventDate, time: booking.eventTime }) },
          { label: 'Guests', value: String(booking.guests) },
          { label: 'Ticket', value: booking.ticketName },
          ...orderAddonRows(order),
          { label: 'Total', value: formatCents(booking.totalPaidCents) },
          ...(booking.dietaryRestrictions ? [{ label: 'Dietary restrictions', value: booking.dietaryRestrictions }] : []),
          ...(booking.specialRequests ? [{ label: 'Special requests', value: booking.specialRequests }] : []),
        ],
        actions: <ConfirmationLinks booking={booking} />,
        refundPolicy: dinner.refund_policy,
        anotherLabel: 'MAKE ANOTHER RESERVATION',
      };
    },
    onConfirmed: refreshEvents,
    onAnother: startOver,
  });

  const onInvalid = (errors: FieldErrors<SeriesFormValues>) => {
    const missing = errors.name || errors.email || errors.eventId || errors.ticketTypeId || form.getValues('guests') === '';
    if (missing) sayError(bookingMessages.missingInformation);
    else if (errors.guests && Number(form.getValues('guests')) < 1) sayError(bookingMessages.minimumGuests);
    else if (errors.guests) sayError(largeParty(errors.guests.message));
  };

  const onValid = (input: SeriesBookingInput) =>
    checkout.submit(async () => {
      const fresh = await rereadEvents();
      if (!fresh) return null;
      const { dinners, venue } = fresh;
      const dinner = dinners.find((d) => d.id === input.eventId) ?? null;
      const problem = checkTicketBooking(input, dinner, (ticket) => ticketsLeft(dinner!, ticket));
      const ticket = dinner?.ticket_types.find((t) => t.id === input.ticketTypeId);
      if (problem || !dinner || !ticket) {
        if (problem) sayError(problem);
        return null;
      }
      return { input, dinner, ticket, venue, addons: await stillOffered(queryClient, dinner.id, input.addons) };
    });

  return { form, checkout, submit: form.handleSubmit(onValid, onInvalid) };
}
