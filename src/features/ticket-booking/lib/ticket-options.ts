import { TICKET_MAX_GUESTS } from '@/config/product';
import type { TicketType } from '@/lib/booking';
import { formatCents } from '@/lib/money';

/** 'Food Only - $125.00 per person (12 available)' or 'Food Only - $125.00 per person (Sold Out)'. */
export function ticketOptionLabel(ticket: TicketType): string {
  const base = `${ticket.name} - ${formatCents(ticket.price)} per person`;
  return ticket.quantity > 0 ? `${base} (${ticket.quantity} available)` : `${base} (Sold Out)`;
}

/** Guests 1..TICKET_MAX_GUESTS (6); counts above what remains are disabled and marked '(unavailable)'. */
export function guestOptions(remaining: number, max = TICKET_MAX_GUESTS): { value: number; label: string; disabled: boolean }[] {
  return Array.from({ length: max }, (_, i) => {
    const value = i + 1;
    const noun = value === 1 ? 'Guest' : 'Guests';
    const disabled = value > remaining;
    return { value, label: disabled ? `${value} ${noun} (unavailable)` : `${value} ${noun}`, disabled };
  });
}
