import { z } from 'zod';

/**
 * The payload of `get_public_org_page(p_slug)`: everything /{orgSlug} shows, in one round trip.
 * It is parsed (not cast) because it arrives as untyped JSON; fields the page can live without
 * are lenient so one odd value never blanks the page.
 */

const text = z.string().nullish().transform((v) => v ?? null);
const count = z.number().int().nullish().transform((v) => v ?? 0);

export const ticketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
});

export const rsvpSlotSchema = z.object({
  id: z.string(),
  slot_time: z.string(),
  slot_label: z.string().nullish().transform((v) => v ?? ''),
  max_capacity: count,
  current_rsvps: count,
  is_active: z.boolean().nullish().transform((v) => v ?? true),
  available_spots: count,
});

export const publicEventSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  title: z.string(),
  date: z.string(),
  event_time: z.string(),
  event_timezone: z.string().nullish().transform((v) => v ?? 'America/New_York'),
  max_guests: z.number().int().nullish().transform((v) => v ?? null),
  location_name: text,
  location_address: text,
  event_details_disclosures: text,
  is_active: z.boolean().nullish().transform((v) => v ?? true),
  rsvp_mode: z.boolean().nullish().transform((v) => v ?? false),
  rsvp_open: z.boolean().nullish().transform((v) => v ?? false),
  deposit_amount: z.number().int().nullish().transform((v) => v ?? null),
  ticket_types: z.array(ticketTypeSchema).nullish().transform((v) => v ?? []),
  rsvp_slots: z.array(rsvpSlotSchema).nullish().transform((v) => v ?? []),
  available_seats: count,
  total_available: count,
  is_fully_booked: z.boolean().nullish().transform((v) => v ?? false),
});

export const brandingSchema = z.object({
  brand_name: text,
  primary_color: text,
  secondary_color: text,
  logo_url: text,
  menu_content: text,
  menu_file_url: text,
  instagram_url: text,
  website_url: text,
  gallery_images: z.array(z.string()).nullish().transform((v) => v ?? []),
  reservation_mode: z.string().nullish().transform((v) => (v === 'rsvp' ? 'rsvp' : 'reservations') as ReservationMode),
  bookings_description: text,
  empty_state_title: text,
  empty_state_message: text,
  empty_state_cta_text: text,
  empty_state_image_url: text,
});

export const organizationSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export type ReservationMode = 'reservations' | 'rsvp';
export type TicketType = z.infer<typeof ticketTypeSchema>;
export type RsvpSlot = z.infer<typeof rsvpSlotSchema>;
export type PublicEvent = z.infer<typeof publicEventSchema>;
export type Branding = z.infer<typeof brandingSchema>;
export type Organization = z.infer<typeof organizationSchema>;

export interface PublicOrgPage {
  organization: Organization;
  branding: Branding | null;
  /** Upcoming events, soonest first. */
  events: PublicEvent[];
  /** True when the events part of the payload could not be read (the page still renders). */
  eventsFailed: boolean;
}
