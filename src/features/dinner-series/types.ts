/** A ticket type of a dinner: price per guest in cents, quantity still available. */
export interface DinnerTicketType {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

/** An upcoming dinner of the series, as the public read API returns it. */
export interface SeriesDinner {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  event_time: string;
  event_timezone: string;
  max_guests: number | null;
  available_seats: number;
  event_details_disclosures: string | null;
  ticket_types: DinnerTicketType[];
}

/** A confirmed booking, kept for the confirmation screen and the reservation-details link. */
export interface SeriesBooking {
  name: string;
  email: string;
  eventTitle: string;
  eventDate: string;
  guests: number;
  ticketName: string;
  totalPaidCents: number;
  dietaryRestrictions: string;
  specialRequests: string;
}
