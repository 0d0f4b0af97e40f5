import { rsvpDepositCents } from '@/lib/booking';
import type { StaffBookingEventRef } from '../types';

/**
 * What the guest would pay for this booking before any promo code, in cents, as the event's kind
 * prices it: the ticket type's price, the RSVP deposit or the price per seat, × guests; null when
 * nothing is chosen. Only a prefill for the cash amount: the server prices the booking itself.
 */
export function expectedPriceCents(event: StaffBookingEventRef, targetId: string, guests: number): number | null {
  if (!Number.isInteger(guests) || guests < 1) return null;
  if (event.kind !== 'tickets') {
    const unit = event.kind === 'rsvp' ? rsvpDepositCents(event) : (event.seat_price_cents ?? 0);
    return event.rsvp_slots.some((s) => s.id === targetId) ? unit * guests : null;
  }
  const ticket = event.ticket_types.find((t) => t.id === targetId);
  return ticket ? ticket.price * guests : null;
}

/** Cents as the dollars staff type: 9000 → "90.00". */
export function centsToDollarInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
