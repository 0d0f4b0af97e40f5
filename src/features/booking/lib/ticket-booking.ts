import { formatCents } from '@/lib/money';
import { MAX_GUESTS_PER_ORDER } from '../schemas';
import type { TicketTypeOption } from '../types';

/** 'Food Only - $125.00 per person (12 available)' or 'Food Only - $125.00 per person (Sold Out)'. */
export function ticketOptionLabel(ticket: TicketTypeOption): string {
  const base = `${ticket.name} - ${formatCents(ticket.price)} per person`;
  return ticket.quantity > 0 ? `${base} (${ticket.quantity} available)` : `${base} (Sold Out)`;
}

/** Guests 1..6; counts above what remains are disabled and marked '(unavailable)'. */
export function guestOptions(remaining: number, max = MAX_GUESTS_PER_ORDER): { value: number; label: string; disabled: boolean }[] {
  return Array.from({ length: max }, (_, i) => {
    const value = i + 1;
    const noun = value === 1 ? 'Guest' : 'Guests';
    const disabled = value > remaining;
    return { value, label: disabled ? `${value} ${noun} (unavailable)` : `${value} ${noun}`, disabled };
  });
}

export interface BookingProblem {
  title: string;
  description: string;
  /** The form field the problem concerns, for an inline message. */
  field?: 'guests' | 'ticketTypeId';
}

/**
 * SPEC 5 'Dinner series booking', in its order. `event` is the freshest copy available (null when
 * it is no longer listed); `values` are the form's.
 */
export function checkTicketBooking(
  values: { name: string; email: string; ticketTypeId: string; guests: string | number; eventId: string | null },
  event: { id: string; ticket_types: readonly TicketTypeOption[] } | null,
): BookingProblem | null {
  const guests = Number(values.guests);
  if (!values.name.trim() || !values.email.trim() || !values.eventId || !values.ticketTypeId || values.guests === '') {
    return { title: 'Missing Information', description: 'Please fill in all required fields.' };
  }
  if (!Number.isFinite(guests) || guests < 1) {
    return { title: 'Minimum Guests Required', description: 'At least 1 guest is required.', field: 'guests' };
  }
  if (!event || event.id !== values.eventId) {
    return { title: 'Event Not Found', description: 'Please select a valid event.' };
  }
  const ticket = event.ticket_types.find((t) => t.id === values.ticketTypeId);
  if (!ticket) {
    return { title: 'Ticket Type Not Found', description: 'Please select a valid ticket type.', field: 'ticketTypeId' };
  }
  if (guests > ticket.quantity) {
    return {
      title: 'Not Enough Tickets Available',
      description: `Only ${ticket.quantity} tickets available for ${ticket.name}.`,
      field: 'guests',
    };
  }
  return null;
}
