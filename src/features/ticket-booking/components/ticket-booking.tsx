import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchQuote } from '@/features/checkout/api/get-quote';
import { DEFAULT_PAYMENT_FUNCTION, ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, addonRows, usePublicAddons } from '@/features/checkout/api/event-addons';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { EventBookingPanel } from '@/features/checkout/components/event-booking-panel';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useStartOverForEvent } from '@/features/checkout/hooks/use-event-change';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { checkTicketBooking, type BookingProblem } from '@/features/checkout/lib/ticket-rules';
import { formatEventDate, formatEventTime } from '@/lib/calendar-dates';
import { formatCents } from '@/lib/money';
import { emptyTicketBooking, type TicketBookingValues } from '../form-values';
import { bookingOptions, optionWords, type BookingOption } from '../lib/ticket-options';
import type { TicketedEvent } from '../types';
import { TicketBookingForm } from './ticket-booking-form';

export interface TicketBookingProps {
  event: TicketedEvent;
  /** Fresh availability for the event just before payment (null when it is no longer listed). */
  refreshEvent(): Promise<TicketedEvent | null>;
  /** Called after a confirmed booking (the page refetches its availability). */
  onBooked?(): void;
}

interface TicketOrder {
  values: TicketBookingValues;
  ticket: BookingOption;
  guests: number;
  /** The chosen add-ons' ids. */
  addons: string[];
}

/** What the server is asked to book: a ticket type, or a seating (by its id). */
function selectionOf(ticket: BookingOption) {
  return ticket.kind === 'seating' ? { timeSlot: ticket.id } : { ticketTypeId: ticket.id };
}

/**
 * Ticketed booking for one event of an organization page (ticket types, or seatings at one price
 * per seat): its form, then the shared checkout steps.
 */
export function TicketBooking({ event, refreshEvent, onBooked }: TicketBookingProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TicketBookingValues>(emptyTicketBooking);
  const [chosenAddons, setChosenAddons] = useState<string[]>([]);
  const offered = usePublicAddons(event.id).data ?? [];
  const orderAddonRows = (order: TicketOrder) => addonRows(offered, order.addons, order.guests);
  const dateTime = `${formatEventDate(event.date)} at ${formatEventTime(event.event_time)}`;
  const words = optionWords(event);

  const checkout = useCheckout<TicketOrder>({
    quote: ({ ticket, guests, addons }) =>
      fetchQuote(
        queryClient,
        ticketQuoteRequest(DEFAULT_PAYMENT_FUNCTION, { eventId: event.id, ...selectionOf(ticket), guests, addons: addonChoices(addons) }),
      ),
    refusal: { title: bookingMessages.reservationFailed.title, fallback: bookingMessages.reservationFailed.description },
    payment: (order) => ({
      summary: [
        { label: 'Event', value: event.title },
        { label: 'Date', value: dateTime },
        { label: words.summary, value: order.ticket.name },
        { label: 'Guests', value: `${order.guests} × ${formatCents(order.ticket.price)}` },
        ...orderAddonRows(order),
      ],
      refundPolicy: event.refund_policy,
      checkout: {
        kind: 'ticket',
        reservationData: {
          eventId: event.id,
          name: order.values.name.trim(),
          email: order.values.email.trim(),
          phone: order.values.phone.trim() || null,
          num_guests: order.guests,
          ...selectionOf(order.ticket),
          dietaryRestrictions: order.values.dietaryRestrictions.trim() || null,
          specialRequests: order.values.specialRequests.trim() || null,
          ticket_price: order.ticket.price,
          addons: addonChoices(order.addons),
        },
      },
    }),
    paidToast: bookingMessages.ticketsReserved,
    confirmation: (order, paid) => {
      const { values, ticket, guests } = order;
      const dietaryRestrictions = values.dietaryRestrictions.trim();
      const specialRequests = values.specialRequests.trim();
      return {
        variant: 'panel',
        title: 'Reservation Confirmed',
        note: `Thank you, ${values.name.trim()}. A confirmation has been sent to ${values.email.trim()}.`,
        rows: [
          { label: 'Event', value: event.title },
          { label: 'Date & Time', value: dateTime },
          { label: ticket.kind === 'seating' ? 'Seating' : 'Tickets', value: `${guests} × ${ticket.name}` },
          ...orderAddonRows(order),
          { label: 'Total paid', value: formatCents(paid.amountCents) },
          ...(dietaryRestrictions ? [{ label: 'Dietary restrictions', value: dietaryRestrictions }] : []),
          ...(specialRequests ? [{ label: 'Special requests', value: specialRequests }] : []),
        ],
        refundPolicy: event.refund_policy,
        anotherLabel: 'Make another reservation',
      };
    },
    onConfirmed: () => {
      setDraft(emptyTicketBooking);
      setChosenAddons([]);
      onBooked?.();
    },
  });
  useStartOverForEvent(event.id, checkout.restart, () => {
    setDraft((d) => ({ ...d, ticketTypeId: '', guests: '' }));
    setChosenAddons([]);
  });

  /** Resolves with the problem that stops the booking (already toasted), for the form's inline message. */
  async function submit(values: TicketBookingValues): Promise<BookingProblem | null> {
    const outcome: { problem: BookingProblem | null } = { problem: null };
    await checkout.submit(async () => {
      // Seats may have gone since the page loaded: check against fresh availability.
      const fresh = await refreshEvent().catch(() => event);
      const options = fresh ? { id: fresh.id, ticket_types: bookingOptions(fresh) } : null;
      const problem = checkTicketBooking({ ...values, eventId: event.id }, options, undefined, words.notFound);
      const ticket = options?.ticket_types.find((t) => t.id === values.ticketTypeId);
      if (problem || !ticket) {
        outcome.problem = problem;
        if (problem) toast.error(problem.title, { description: problem.description });
        return null;
      }
      setDraft(values);
      // Only what this event still offers.
      return { values, ticket, guests: Number(values.guests), addons: chosenAddons.filter((id) => offered.some((a) => a.id === id)) };
    });
    return outcome.problem;
  }

  if (checkout.step.kind !== 'form') return <CheckoutSteps checkout={checkout} />;

  return (
    <EventBookingPanel
      title={`Reserve: ${event.title}`}
      details={
        <>
          {formatEventDate(event.date)} at {formatEventTime(event.event_time)}
          {event.location_name ? ` · ${event.location_name}` : ''}
        </>
      }
      policyLabel="Cancellation policy:"
      refundPolicy={event.refund_policy}
      disclosures={event.event_details_disclosures}
    >
      <TicketBookingForm
        event={event}
        defaultValues={draft}
        checking={checkout.busy}
        addons={offered}
        chosenAddons={chosenAddons}
        onChooseAddons={setChosenAddons}
        onSubmit={submit}
      />
    </EventBookingPanel>
  );
}
