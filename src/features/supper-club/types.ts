/** One time slot of a supper (from the venue's availability function). */
export interface SupperClubSlot {
  label: string;
  /** Tickets still available in this slot. */
  available: number;
}

/** One supper date with its remaining seats (from `magnolia-availability`). */
export interface SupperClubEvent {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  available_seats: number;
  slots: SupperClubSlot[];
}

/** What the guest booked, kept for the confirmation card. */
export interface SupperClubBooking {
  name: string;
  email: string;
  date: string;
  timeSlot: string;
  tickets: number;
  totalPaidCents: number;
}
