import type { TicketType } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

/** An upcoming dinner of the series, as the public read API returns it (date YYYY-MM-DD). */
export interface SeriesDinner extends Pick<
  Tables<'events'>,
  'id' | 'title' | 'date' | 'event_time' | 'event_timezone' | 'event_details_disclosures'
> {
  /** The dinner's overall cap (its event-wide capacity pool's size); null when it has none. */
  max_guests: number | null;
  available_seats: number;
  /** Price per guest in cents, quantity still available. */
  ticket_types: TicketType[];
  /** The cancellation policy in the server's words (SQL refund_policy_text). */
  refund_policy?: string | null;
  /** When online booking closes (ISO): the start less the dinner's cutoff. */
  booking_closes_at?: string | null;
}

/** What the series' page names: its organization's (branded) name and its city. */
export interface SeriesVenue {
  name: string;
  city: string | null;
}

/** The series' page: the venue and its upcoming dinners, soonest first. */
export interface SeriesPage {
  venue: SeriesVenue;
  dinners: SeriesDinner[];
}

/** A confirmed booking, kept for the confirmation screen and the reservation-details link. */
export interface SeriesBooking {
  name: string;
  email: string;
  eventTitle: string;
  eventDate: string;
  /** The dinner's start on its own clock ('20:30'). */
  eventTime: string;
  guests: number;
  ticketName: string;
  totalPaidCents: number;
  dietaryRestrictions: string;
  specialRequests: string;
  /** The token of the booking's private link, when the server gave one. */
  manageToken: string | null;
  /** The series it was booked at (the save-the-date names it). */
  venue: SeriesVenue;
}
