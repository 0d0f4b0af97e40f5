import { publicTicketTypes } from '@/lib/booking';
import type { Database } from '@/lib/database.types';
import { isUpcoming } from '@/lib/calendar-dates';
import type { Branding, PublicEvent, PublicOrgPage } from '../types';

/** get_public_org_page's row, as the generated types describe it. */
export type OrgPageRow = Database['public']['Functions']['get_public_org_page']['Returns'][number];
type EventRow = Database['public']['Views']['events_with_availability']['Row'];
type BrandingRow = Database['public']['Tables']['org_branding']['Row'];

/** Thrown when the page could not be loaded at all (network, server, an answer without its organization). */
export class OrgPageLoadError extends Error {
  override name = 'OrgPageLoadError';
}

/**
 * A view's columns and a composite's fields are all nullable to PostgreSQL, so the generated
 * types say `| null` everywhere; the page's words for "none" are filled in here. An event
 * without its identity (id, title, date, time) cannot be shown: null.
 */
export function toPublicEvent(e: EventRow): PublicEvent | null {
  if (!e.id || !e.org_id || !e.title || !e.date || !e.event_time) return null;
  const rsvpMode = e.rsvp_mode ?? false;
  const kind = e.kind === 'tickets' || e.kind === 'rsvp' || e.kind === 'seatings' ? e.kind : rsvpMode ? 'rsvp' : 'tickets';
  return {
    id: e.id,
    org_id: e.org_id,
    title: e.title,
    date: e.date,
    event_time: e.event_time,
    event_timezone: e.event_timezone ?? 'America/New_York',
    max_guests: e.max_guests,
    location_name: e.location_name,
    location_address: e.location_address,
    event_details_disclosures: e.event_details_disclosures,
    is_active: e.is_active ?? true,
    rsvp_mode: rsvpMode,
    kind,
    seat_price_cents: e.seat_price_cents,
    party_limit: e.party_limit ?? (kind === 'rsvp' ? 10 : 6),
    rsvp_open: e.rsvp_open ?? false,
    deposit_amount: e.deposit_amount,
    ticket_types: publicTicketTypes(e.ticket_types),
    rsvp_slots: (e.rsvp_slots ?? []).map((s) => ({
      id: s.id ?? '',
      slot_time: s.slot_time ?? '',
      slot_label: s.slot_label ?? '',
      max_capacity: s.max_capacity ?? 0,
      current_rsvps: s.current_rsvps ?? 0,
      is_active: s.is_active ?? true,
      available_spots: s.available_spots ?? 0,
    })),
    available_seats: e.available_seats ?? 0,
    total_available: e.total_available ?? 0,
    is_fully_booked: e.is_fully_booked ?? false,
    booking_closes_at: e.booking_closes_at ?? null,
    unlisted: e.unlisted ?? false,
    refund_policy: e.refund_policy,
  };
}

/** The branding row as the page shows it: its columns but the bookkeeping and what other pages show (Branding). */
function toBranding(b: BrandingRow): Branding {
  const {
    id: _id,
    org_id: _org,
    address: _address,
    city: _city,
    created_at: _created,
    updated_at: _updated,
    private_dinner_note: _note,
    ...shown
  } = b;
  return { ...shown, gallery_images: b.gallery_images ?? [], reservation_mode: b.reservation_mode === 'rsvp' ? 'rsvp' : 'reservations' };
}

/** The page from get_public_org_page's row: only upcoming, active events, soonest first. */
export function toOrgPage(row: OrgPageRow, now: Date = new Date()): PublicOrgPage {
  const o = row.organization;
  if (!o?.id || !o.name || !o.slug) throw new OrgPageLoadError('The organization page data could not be read.');
  const state = o.state === 'unpublished' || o.state === 'suspended' ? o.state : 'published';
  const events = (row.events ?? []).map(toPublicEvent);
  const readable = events.every((e) => e !== null);
  return {
    organization: { id: o.id, name: o.name, slug: o.slug, state },
    branding: row.branding ? toBranding(row.branding) : null,
    // The SQL lists only upcoming events; the client checks again so an event that starts
    // while the page is open (or a skewed server clock) is not offered.
    events: readable ? events.filter((e) => e.is_active && isUpcoming(e, now)) : [],
    eventsFailed: !readable,
  };
}
