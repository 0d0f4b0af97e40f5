/** One supper date with its remaining seats and seatings, as `magnolia-availability` answers it. */
export interface SupperClubEvent {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  available_seats: number;
  /** Price of one seat, in cents (the event's own: the server charges it). */
  seat_price_cents: number;
  /** Most tickets one order may have (the event's own limit). */
  party_limit: number;
  /** The event's cancellation policy in words (SQL refund_policy_text). */
  refund_policy?: string | null;
  /** When online booking closes (ISO): the start less the event's cutoff. */
  booking_closes_at?: string | null;
  /** The seatings: id (the waitlist's target), label ('8:00pm') and tickets left. */
  slots: { id?: string; label: string; available: number }[];
}

/** What the venue's page names: its organization's (branded) name, city, address and social page. */
export interface SupperClubVenue {
  name: string;
  city: string | null;
  address: string | null;
  instagramUrl: string | null;
}

/** The availability function's answer: the venue and its upcoming suppers, soonest first. */
export interface SupperClubAvailability {
  venue: SupperClubVenue;
  events: SupperClubEvent[];
}
