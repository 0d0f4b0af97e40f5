import { bookingMessages } from '@/features/checkout/lib/messages';
import type { TicketType } from '@/lib/booking';
import { formatCents } from '@/lib/money';
import type { TicketedEvent } from '../types';

/**
 * What the guest chooses on the ticketed form: a ticket type, or a seating of an event sold by
 * seating (its slots at the event's price per seat). `quantity` is what the server will sell of
 * it now (the public view's numbers, within the event's cap).
 */
export interface BookingOption extends TicketType {
  kind: 'ticket' | 'seating';
}

export function bookingOptions(event: TicketedEvent): BookingOption[] {
  if (event.kind === 'seatings') {
    return event.rsvp_slots
      .filter((s) => s.is_active)
      .map((s) => ({ kind: 'seating', id: s.id, name: s.slot_label, price: event.seat_price_cents ?? 0, quantity: s.available_spots }));
  }
  return event.ticket_types.map((t) => ({ kind: 'ticket', ...t }));
}

/** The form's words for what is chosen: a ticket type, or a seating. */
export function optionWords(event: Pick<TicketedEvent, 'kind'>) {
  return event.kind === 'seatings'
    ? {
        field: 'Seating',
        placeholder: 'Select a seating',
        missing: 'Please select a time slot',
        summary: 'Seating',
        notFound: bookingMessages.timeSlotNotFound,
      }
    : {
        field: 'Ticket type',
        placeholder: 'Select a ticket type',
        missing: 'Please select a ticket type',
        summary: 'Ticket',
        notFound: bookingMessages.ticketTypeNotFound,
      };
}

/** 'Food Only - $125.00 per person (12 available)' or 'Food Only - $125.00 per person (Sold Out)'. */
export function ticketOptionLabel(ticket: TicketType): string {
  const base = `${ticket.name} - ${formatCents(ticket.price)} per person`;
  return ticket.quantity > 0 ? `${base} (${ticket.quantity} available)` : `${base} (Sold Out)`;
}

/** Guests 1..max (the event's party limit); counts above what remains are disabled and marked '(unavailable)'. */
export function guestOptions(remaining: number, max: number): { value: number; label: string; disabled: boolean }[] {
  return Array.from({ length: max }, (_, i) => {
    const value = i + 1;
    const noun = value === 1 ? 'Guest' : 'Guests';
    const disabled = value > remaining;
    return { value, label: disabled ? `${value} ${noun} (unavailable)` : `${value} ${noun}`, disabled };
  });
}
