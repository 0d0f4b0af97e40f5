/**
 * The payload of `get_public_org_page(p_slug)`: everything /{orgSlug} shows, in one round trip.
 * It is parsed (not cast) by lib/parse-org-page.ts because it arrives as untyped JSON; fields the
 * page can live without are lenient so one odd value never blanks the page.
 */

export type ReservationMode = 'reservations' | 'rsvp';

export interface TicketType {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export interface RsvpSlot {
  id: string;
  slot_time: string;
  slot_label: string;
  max_capacity: number;
  current_rsvps: number;
  is_active: boolean;
  available_spots: number;
}

export interface PublicEvent {
  id: string;
  org_id: string;
  title: string;
  date: string;
  event_time: string;
  event_timezone: string;
  max_guests: number | null;
  location_name: string | null;
  location_address: string | null;
  event_details_disclosures: string | null;
  is_active: boolean;
  rsvp_mode: boolean;
  rsvp_open: boolean;
  deposit_amount: number | null;
  ticket_types: TicketType[];
  rsvp_slots: RsvpSlot[];
  available_seats: number;
  total_available: number;
  is_fully_booked: boolean;
}

export interface Branding {
  brand_name: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  logo_url: string | null;
  menu_content: string | null;
  menu_file_url: string | null;
  instagram_url: string | null;
  website_url: string | null;
  gallery_images: string[];
  reservation_mode: ReservationMode;
  bookings_description: string | null;
  empty_state_title: string | null;
  empty_state_message: string | null;
  empty_state_cta_text: string | null;
  empty_state_image_url: string | null;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
}

export interface PublicOrgPage {
  organization: Organization;
  branding: Branding | null;
  /** Upcoming events, soonest first. */
  events: PublicEvent[];
  /** True when the events part of the payload could not be read (the page still renders). */
  eventsFailed: boolean;
}
