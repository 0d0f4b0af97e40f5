/** What the RSVP form needs of an event (the org page's event satisfies it). */
export interface RsvpSlotOption {
  id: string;
  /** 'HH:MM' in the event's timezone. */
  slot_time: string;
  slot_label: string;
  max_capacity: number;
  current_rsvps: number;
  is_active: boolean;
  available_spots: number;
}

export interface RsvpEvent {
  id: string;
  title: string;
  date: string;
  event_time: string;
  location_name: string | null;
  event_details_disclosures: string | null;
  /** Per-guest deposit in cents; null when none is configured (the server applies its default). */
  deposit_amount: number | null;
  rsvp_slots: readonly RsvpSlotOption[];
}

/** The server's price for an RSVP (cents): what is due after the discount, and the discount. */
export interface RsvpPricing {
  totalDeposit: number;
  discountApplied: number;
}
