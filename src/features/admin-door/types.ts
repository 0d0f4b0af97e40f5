/** The event at the top of the door list. */
export interface DoorEvent {
  id: string;
  orgId: string;
  orgName: string;
  title: string;
  /** YYYY-MM-DD (a calendar date). */
  date: string;
  /** HH:MM in the event's timezone. */
  eventTime: string;
  locationName: string | null;
}

/** One confirmed party on the door list. */
export interface DoorParty {
  id: string;
  bookingCode: string;
  name: string;
  email: string;
  phone: string | null;
  numGuests: number;
  checkedInGuests: number;
  checkedInAt: string | null;
  ticketTypeName: string | null;
  slotLabel: string | null;
  /** The seating the party sits at (its time slot), or null when the event has one seating. */
  seating: string | null;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  staffNotes: string | null;
  /** The party's add-ons in words ("2 × Wine pairing, 1 × Corkage"), or null. */
  addons: string | null;
  /** Every seat of the party, the booker's first; unclaimed ones read "Guest of {booker}". */
  seats: DoorSeat[];
}

/** One guest of a party: who sits there and what the kitchen must know. */
export interface DoorSeat {
  seatNo: number;
  guestName: string;
  claimed: boolean;
  /** Keys of the 14 declared allergens (supabase/functions/_shared/allergens.ts). */
  allergens: string[];
  dietaryNotes: string | null;
}

/** Confirmed guests and parties of the event, and how many have arrived. */
export interface DoorTotals {
  expectedGuests: number;
  arrivedGuests: number;
  parties: number;
  partiesArrived: number;
}

export interface DoorList {
  event: DoorEvent;
  parties: DoorParty[];
  totals: DoorTotals;
}
