/**
 * What every booking flavour tells the guest, in one place: the toasts of the forms' checks, the
 * refusals and the confirmations. Titles and descriptions are the product's exact words.
 */
import type { ToastText } from '../types';

export const bookingMessages = {
  missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields.' },
  minimumGuests: { title: 'Minimum Guests Required', description: 'At least 1 guest is required.' },
  minimumTickets: { title: 'Minimum Guests Required', description: 'Minimum 1 ticket per order.' },
  eventNotFound: { title: 'Event Not Found', description: 'Please select a valid event.' },
  ticketTypeNotFound: { title: 'Ticket Type Not Found', description: 'Please select a valid ticket type.' },
  timeSlotNotFound: { title: 'Time Slot Not Found', description: 'Please select a valid time slot.' },
  loadEventsFailed: { title: 'Error loading events', description: 'Unable to load available dates. Please refresh the page.' },
  /** A ticket booking the server refused before payment (its message, or this text). */
  reservationFailed: { title: 'Reservation Failed', description: 'There was an error creating your reservation. Please try again.' },
  ticketsReserved: { title: 'Reservation Confirmed!', description: 'Your tickets have been reserved. Check your email for confirmation.' },
  freeReservationConfirmed: { title: 'Reservation Confirmed!', description: 'Your reservation is confirmed. Check your email for confirmation.' },
  paymentNotReady: { title: 'Payment Error', description: 'Payment system not ready. Please wait a moment and try again.' },
  /** The server refused what the guest typed (400): nothing was charged, the fields are to fix. */
  detailsRefused: { title: 'Please check your details', description: 'Some details could not be accepted. You have not been charged.' },
  /** The card could not be tokenized. */
  cardFailed: { title: 'Payment Failed', description: 'There was an error processing your payment. Please try again.' },
  /** The server refused the payment (its message, or this text). */
  paymentFailed: { title: 'Payment Failed', description: 'Failed to process payment. Please try again.' },
  /** No answer came back: the outcome is unknown (the retry reuses the idempotency key). */
  paymentError: { title: 'Payment Error', description: 'Failed to process payment. Please try again.' },
  rsvpFailed: { title: 'RSVP Failed', description: 'Failed to process your RSVP. Please try again.' },
  rsvpDepositPaid: { title: 'RSVP Confirmed!', description: 'Your deposit has been processed and your spot is reserved.' },
  freeRsvpConfirmed: { title: 'RSVP Confirmed!', description: 'Your spot has been reserved. Check your email for confirmation.' },
} as const satisfies Record<string, ToastText>;

/** Whether the server refused what the guest typed (a field invalid or missing), before any charge. */
export function refusedDetails(refusal: { status: number | null; code: string | null }): boolean {
  return refusal.status === 400 && (refusal.code === 'invalid_input' || refusal.code === 'missing_fields');
}

/**
 * The toast of a refusal at the payment step. 'Payment Failed' (or the flavour's `chargeTitle`)
 * only when the card was involved: a decline (402), a charge refunded because the seats were gone,
 * or an outcome the server could not settle (5xx). What is refused before any charge says so:
 * 'Please check your details' for the guest's input, else `refusedTitle` (sold out, not found, a
 * code no longer valid, too many attempts).
 */
export function paymentRefusal(
  refusal: { status: number | null; code: string | null; message: string | null },
  titles: { chargeTitle: string; refusedTitle: string; fallback: string },
): ToastText {
  const description = refusal.message || titles.fallback;
  const { status, code } = refusal;
  if (refusedDetails(refusal))
    return { title: bookingMessages.detailsRefused.title, description: refusal.message || bookingMessages.detailsRefused.description };
  const charged = status === null || status === 402 || status >= 500 || code === 'refunded';
  return { title: charged ? titles.chargeTitle : titles.refusedTitle, description };
}

/** The card field could not start (its configuration or Square's SDK): toasted 'Payment Error', shown with Retry. */
export function paymentInitFailed(message: string): string {
  return `Failed to initialize payment system: ${message}. Please try refreshing the page.`;
}

/** Square's script could not be fetched. */
export const PAYMENT_LOAD_FAILED = 'Failed to load payment system. Please check your internet connection and try again.';

/** 'Not Enough Tickets Available': fewer tickets of the type remain than the guests asked for. */
export function notEnoughTickets(left: number, ticketName: string): ToastText {
  return { title: 'Not Enough Tickets Available', description: `Only ${left} ${left === 1 ? 'ticket' : 'tickets'} available for ${ticketName}.` };
}

/** 'Sold Out' (supper club): the date, or its seating once chosen, has fewer seats than tickets asked for. */
export function supperSoldOut(date: string, slotLabel?: string): ToastText {
  return slotLabel
    ? { title: 'Sold Out', description: `Not enough tickets for ${date} at ${slotLabel}. Please select another time or reduce tickets.` }
    : { title: 'Sold Out', description: `Not enough tickets for ${date}. Please select another date or reduce tickets.` };
}

/** 'Too Many Tickets' (supper club) with the form's own limit message. */
export function tooManyTickets(description: string | undefined): ToastText {
  return { title: 'Too Many Tickets', description: description ?? '' };
}

/** 'Large Party' (dinner series) with the form's own limit message. */
export function largeParty(description: string | undefined): ToastText {
  return { title: 'Large Party', description: description ?? '' };
}
