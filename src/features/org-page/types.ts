/**
 * The payload of `get_public_org_page(p_slug)`: everything /{orgSlug} shows, in one round trip.
 * lib/org-page-row.ts builds it from the function's generated row type, filling the page's words
 * for "none" where PostgreSQL allows a null.
 */

import type { EventKind, PublicRsvpSlot, TicketType } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

export type ReservationMode = 'reservations' | 'rsvp';

/** An upcoming event: its row's public columns, its ticket types and slots, and what is left. */
export interface PublicEvent extends Pick<
  Tables<'events'>,
  | 'id'
  | 'org_id'
  | 'title'
  | 'date'
  | 'event_time'
  | 'event_timezone'
  | 'location_name'
  | 'location_address'
  | 'event_details_disclosures'
  | 'is_active'
  | 'rsvp_mode'
  | 'rsvp_open'
  | 'deposit_amount'
  | 'seat_price_cents'
> {
  /** The event's overall cap (its event-wide capacity pool's size); null when it has none. */
  max_guests: number | null;
  /** What the event sells: ticket types, RSVP slots with a deposit, or seatings at seat_price_cents. */
  kind: EventKind;
  /** Most guests one booking may have (the event's limit, else its kind's). */
  party_limit: number;
  ticket_types: TicketType[];
  rsvp_slots: PublicRsvpSlot[];
  available_seats: number;
  total_available: number;
  is_fully_booked: boolean;
  /** When online booking closes (ISO): the start less the event's cutoff; null when the payload has none. */
  booking_closes_at: string | null;
  /** A private dinner, listed only because the page was opened with its link. */
  unlisted: boolean;
  /** The cancellation policy in the server's words (SQL refund_policy_text); null when the payload has none. */
  refund_policy: string | null;
}

/**
 * What the page shows of the organization's org_branding row: its columns but the bookkeeping, its
 * mode in the page's words. Of private dinners only the switch (its link): the note is for
 * /{slug}/private-dinner, which reads its own.
 */
export type Branding = Omit<
  Tables<'org_branding'>,
  'id' | 'org_id' | 'address' | 'city' | 'created_at' | 'updated_at' | 'reservation_mode' | 'private_dinner_note'
> & {
  reservation_mode: ReservationMode;
};

export interface Organization {
  id: string;
  name: string;
  slug: string;
  /** unpublished: "coming soon"; suspended: closed; only a published organization's page lists and books events. */
  state: 'unpublished' | 'published' | 'suspended';
}

export interface PublicOrgPage {
  organization: Organization;
  branding: Branding | null;
  /** Upcoming events, soonest first. */
  events: PublicEvent[];
  /** True when the events part of the payload could not be read (the page still renders). */
  eventsFailed: boolean;
}
