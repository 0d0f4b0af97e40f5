import type { PublicRsvpSlot, TicketType } from '@/lib/booking';

/** What the join dialog waits for: one sold-out ticket type or RSVP slot of an event. */
export type WaitlistTarget = { kind: 'ticket'; ticketTypeId: string; label: string } | { kind: 'slot'; slotId: string; label: string };

/** One line of a sold-out list: what to wait for, of which event. */
export interface WaitlistChoice {
  eventId: string;
  /** The event as the join dialog names it, above the target's label. */
  eventTitle: string;
  target: WaitlistTarget;
  /** The line's text when it must say more than the target's label (e.g. the date). */
  label?: string;
}

/** The event of an organization page's booking panel, as far as the waitlist needs it. */
export interface WaitlistEvent {
  id: string;
  title: string;
  ticket_types: readonly TicketType[];
  rsvp_slots: readonly PublicRsvpSlot[];
}

/** What a held booking's link is: a waitlist offer (/waitlist/{token}) or a payment link staff sent (/pay/{token}). */
export type OfferKind = 'waitlist_offer' | 'payment_link';

/** A waitlist offer (or a staff payment link) as its claim page shows it (the server's `offer`). */
export interface WaitlistOffer {
  reservation_id: string;
  kind: OfferKind;
  status: 'open' | 'claimed' | 'expired';
  expires_at: string | null;
  name: string;
  email: string;
  guests: number;
  total_cents: number;
  /** The lines of total_cents (absent from older answers). */
  subtotal_cents?: number | null;
  discount_cents?: number | null;
  service_charge_cents?: number | null;
  tax_cents?: number | null;
  price_display?: 'itemized' | 'all_in' | null;
  event_id: string;
  ticket_type_id: string | null;
  ticket_type_name: string | null;
  rsvp_slot_id: string | null;
  time_slot: string | null;
  booking_code: string | null;
  refund_policy: string | null;
  event: { title: string; date: string; time: string; timezone: string; location_name: string | null };
  organization: { name: string; slug: string; primary_color: string | null; logo_url: string | null };
}

/** What the server answered a claim: the confirmed booking. */
export interface ClaimedOffer {
  reservationId: string | null;
  amountCents: number;
  bookingCode: string | null;
  manageToken: string | null;
}

/**
 * A party's place on a waitlist as the leave page shows it (the server's `entry`): still on the
 * list ('waiting', or 'offered' with seats held), or off it ('left', 'claimed', 'expired', or 'cancelled':
 * the host cancelled the dinner).
 */
export interface WaitlistPlace {
  status: 'waiting' | 'offered' | 'left' | 'claimed' | 'expired' | 'cancelled';
  name: string;
  party_size: number;
  ticket_type_name: string | null;
  time_slot: string | null;
  event: { title: string; date: string; time: string; timezone: string };
  organization: { name: string; slug: string; primary_color: string | null };
}
