/** What the ticketed booking form needs of an event (the org page's event satisfies it). */
export interface TicketTypeOption {
  id: string;
  name: string;
  /** Price per guest in cents. */
  price: number;
  /** Tickets remaining. */
  quantity: number;
}

export interface TicketedEvent {
  id: string;
  title: string;
  date: string;
  event_time: string;
  location_name: string | null;
  event_details_disclosures: string | null;
  ticket_types: readonly TicketTypeOption[];
}

export interface ConfirmedBooking {
  reservationId: string | null;
  name: string;
  email: string;
  eventTitle: string;
  date: string;
  time: string;
  ticketName: string;
  guests: number;
  amountCents: number;
  dietaryRestrictions: string;
  specialRequests: string;
}
