import type { EventKind, PublicRsvpSlot, TicketType } from '@/lib/booking';
import { isUpcoming } from './dates';
import type { Branding, Organization, PublicEvent, PublicOrgPage } from '../types';

/**
 * Hand-written readers rather than zod: this runs before the first render of every
 * organization page, where zod would add ~24 KB gzip (docs/BENCHMARKS.md).
 */

/** Thrown when the page could not be loaded at all (network, server, malformed payload). */
export class OrgPageLoadError extends Error {
  override name = 'OrgPageLoadError';
}

class Malformed extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function obj(v: unknown): Json {
  if (!isObject(v)) throw new Malformed();
  return v;
}
function str(v: unknown): string {
  if (typeof v !== 'string') throw new Malformed();
  return v;
}
function int(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Malformed();
  return v;
}
/** null/undefined → fallback; otherwise the reader must accept the value. */
function orElse<T, F>(v: unknown, read: (v: unknown) => T, fallback: F): T | F {
  return v === null || v === undefined ? fallback : read(v);
}
function bool(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new Malformed();
  return v;
}
function list<T>(v: unknown, read: (v: unknown) => T): T[] {
  if (!Array.isArray(v)) throw new Malformed();
  return v.map(read);
}
const text = (v: unknown) => orElse(v, str, null);
const count = (v: unknown) => orElse(v, int, 0);

function readOrganization(v: unknown): Organization {
  const o = obj(v);
  return { id: str(o.id), name: str(o.name), slug: str(o.slug), state: o.state === 'unpublished' || o.state === 'suspended' ? o.state : 'published' };
}

function readTicketType(v: unknown): TicketType {
  const t = obj(v);
  return { id: str(t.id), name: str(t.name), price: int(t.price), quantity: int(t.quantity) };
}

function readSlot(v: unknown): PublicRsvpSlot {
  const s = obj(v);
  return {
    id: str(s.id),
    slot_time: str(s.slot_time),
    slot_label: orElse(s.slot_label, str, ''),
    max_capacity: count(s.max_capacity),
    current_rsvps: count(s.current_rsvps),
    is_active: orElse(s.is_active, bool, true),
    available_spots: count(s.available_spots),
  };
}

function readKind(v: unknown): EventKind {
  if (v === 'tickets' || v === 'rsvp' || v === 'seatings') return v;
  throw new Malformed();
}

export function readEvent(v: unknown): PublicEvent {
  const e = obj(v);
  const rsvpMode = orElse(e.rsvp_mode, bool, false);
  const kind = orElse(e.kind, readKind, rsvpMode ? 'rsvp' : 'tickets');
  return {
    id: str(e.id),
    org_id: str(e.org_id),
    title: str(e.title),
    date: str(e.date),
    event_time: str(e.event_time),
    event_timezone: orElse(e.event_timezone, str, 'America/New_York'),
    max_guests: orElse(e.max_guests, int, null),
    location_name: text(e.location_name),
    location_address: text(e.location_address),
    event_details_disclosures: text(e.event_details_disclosures),
    is_active: orElse(e.is_active, bool, true),
    rsvp_mode: rsvpMode,
    kind,
    seat_price_cents: orElse(e.seat_price_cents, int, null),
    party_limit: orElse(e.party_limit, int, kind === 'rsvp' ? 10 : 6),
    rsvp_open: orElse(e.rsvp_open, bool, false),
    deposit_amount: orElse(e.deposit_amount, int, null),
    ticket_types: orElse(e.ticket_types, (x) => list(x, readTicketType), []),
    rsvp_slots: orElse(e.rsvp_slots, (x) => list(x, readSlot), []),
    available_seats: count(e.available_seats),
    total_available: count(e.total_available),
    is_fully_booked: orElse(e.is_fully_booked, bool, false),
    refund_policy: text(e.refund_policy),
  };
}

function readBranding(v: unknown): Branding {
  const b = obj(v);
  return {
    brand_name: text(b.brand_name),
    primary_color: text(b.primary_color),
    secondary_color: text(b.secondary_color),
    logo_url: text(b.logo_url),
    menu_content: text(b.menu_content),
    menu_file_url: text(b.menu_file_url),
    instagram_url: text(b.instagram_url),
    website_url: text(b.website_url),
    gallery_images: orElse(b.gallery_images, (x) => list(x, str), []),
    reservation_mode: b.reservation_mode === 'rsvp' ? 'rsvp' : 'reservations',
    bookings_description: text(b.bookings_description),
    empty_state_title: text(b.empty_state_title),
    empty_state_message: text(b.empty_state_message),
    empty_state_cta_text: text(b.empty_state_cta_text),
    empty_state_image_url: text(b.empty_state_image_url),
  };
}

/** Runs a reader; a malformed value gives `undefined` instead of throwing. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

export function parseOrgPage(data: unknown, now: Date = new Date()): PublicOrgPage {
  const organization = isObject(data) ? attempt(() => readOrganization(data.organization)) : undefined;
  if (!isObject(data) || !organization) throw new OrgPageLoadError('The organization page data could not be read.');
  const branding = data.branding == null ? null : (attempt(() => readBranding(data.branding)) ?? null);
  const events = attempt(() => list(data.events ?? [], readEvent));
  return {
    organization,
    branding,
    // The SQL lists only upcoming events; the client checks again so an event that starts
    // while the page is open (or a skewed server clock) is not offered.
    events: events ? events.filter((e) => e.is_active && isUpcoming(e, now)) : [],
    eventsFailed: !events,
  };
}
