/**
 * A booking as the server holds it (the manage-booking function's answer, opened with the booking's
 * private token): what the page shows when it was opened with ?booking={token}.
 */
export interface ServerBooking {
  bookingCode: string;
  status: 'confirmed' | 'cancelled';
  organizationName: string;
  /** Its page's path (/{slug}), where the page leads back to. */
  organizationSlug: string;
  eventTitle: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM in `timeZone` (the seating's or slot's own time). */
  time: string;
  timeZone: string;
  guests: number;
  ticketName: string | null;
  totalCents: number;
  location: string | null;
}

/** The page's booking when opened with a token: being read, not valid, or the server's booking. */
export type ServerBookingState = { status: 'loading' } | { status: 'invalid'; message: string } | { status: 'ready'; booking: ServerBooking };
