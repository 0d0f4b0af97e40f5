/** The event at the top of the overview. */
export interface OverviewEvent {
  id: string;
  /** Its organization (the back link opens the admin on it). */
  orgId: string;
  title: string;
  /** YYYY-MM-DD (a calendar date in the event's timezone). */
  date: string;
  /** HH:MM in the event's timezone. */
  eventTime: string;
  /** IANA name, e.g. 'America/New_York'. */
  timezone: string;
  maxGuests: number | null;
  /** What the event sells: ticket types, RSVP slots or seatings. */
  kind: 'tickets' | 'rsvp' | 'seatings';
  /** Seats the event can still sell within its cap (null: no cap). */
  seatsLeft: number | null;
  /** Hours before the start when online booking closes (null: at the start), and that moment (ISO). */
  bookingCutoffHours: number | null;
  bookingClosesAt: string;
  /** Off the public pages: only its booking link shows it. */
  unlisted: boolean;
}

/** Guests of a ticket type: sold (confirmed), held (in checkout now), remaining (what can be sold now, within the event's cap), and its capacity. */
export interface OverviewTicketType {
  id: string;
  name: string;
  priceCents: number;
  sold: number;
  held: number;
  remaining: number;
  capacity: number;
}

/** Guests of an RSVP slot or seating against its capacity, and what can be sold now (within the event's cap). */
export interface OverviewSlot {
  id: string;
  label: string;
  /** HH:MM in the event's timezone. */
  time: string;
  isActive: boolean;
  capacity: number;
  sold: number;
  held: number;
  remaining: number;
}

export interface OverviewTotals {
  /** Confirmed reservations. */
  parties: number;
  /** Guests of the confirmed reservations. */
  guests: number;
  /** Guests of live holds (checkouts in progress). */
  heldGuests: number;
  cancelled: number;
  discountsCents: number;
  /** Guests checked in at the door (confirmed reservations only). */
  checkedInGuests: number;
  /** Confirmed parties with at least one guest checked in. */
  checkedInParties: number;
}

/** The payment ledger of the event, in cents. */
export interface OverviewMoney {
  grossCents: number;
  refundedCents: number;
  pendingRefundCents: number;
  compCents: number;
  netCents: number;
}

export interface BookingsDay {
  /** YYYY-MM-DD in the event's timezone. */
  day: string;
  bookings: number;
  guests: number;
}

export interface EventOverview {
  event: OverviewEvent;
  ticketTypes: OverviewTicketType[];
  slots: OverviewSlot[];
  totals: OverviewTotals;
  money: OverviewMoney;
  waitlist: { waiting: number; offered: number };
  bookingsByDay: BookingsDay[];
  addons: OverviewAddon[];
}

/** An add-on's sales: how many are sold (confirmed) and held, and the confirmed sales in cents before discounts and tax. */
export interface OverviewAddon {
  id: string;
  name: string;
  priceCents: number;
  per: 'guest' | 'booking';
  /** How many may be sold in all; null: unlimited. */
  limit: number | null;
  isActive: boolean;
  sold: number;
  held: number;
  salesCents: number;
}

/** One row of the capacity list: a ticket type or an RSVP slot. */
export interface CapacityLine {
  id: string;
  name: string;
  /** The price of a ticket type ("$85.00") or the time of a slot ("7:30 PM"). */
  detail: string;
  sold: number;
  held: number;
  remaining: number;
  capacity: number;
  /** An RSVP slot turned off (not offered to guests). */
  inactive: boolean;
}
