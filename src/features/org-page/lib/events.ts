import { limits } from '@/config/site';
import { isBookingClosed, rsvpDepositCents } from '@/lib/booking';
import { formatCents } from '@/lib/money';
import { momentOnClock, parseTimeOfDay, zoneAbbreviation, zonedInstant } from '../../../../supabase/functions/_shared/event-time.ts';

/**
 * What the 'Upcoming Experiences' cards and the booking panel derive from an event.
 * Pure, so it is unit tested.
 */

interface EventLike {
  id: string;
  kind: 'tickets' | 'rsvp' | 'seatings';
  rsvp_mode: boolean;
  /** An RSVP-mode event takes RSVPs only while open (the server refuses otherwise). */
  rsvp_open?: boolean;
  /** When online booking closes (ISO); absent or null: open until the start. */
  booking_closes_at?: string | null;
  deposit_amount: number | null;
  total_available: number;
  is_fully_booked: boolean;
}

/** The RSVP form is used for an event that takes RSVPs (its kind: the server prices it so). */
export function isRsvpBooking(event: Pick<EventLike, 'kind'>): boolean {
  return event.kind === 'rsvp';
}

/** An RSVP-mode event whose RSVPs staff have closed. */
export function isRsvpClosed(event: Partial<Pick<EventLike, 'rsvp_mode' | 'rsvp_open'>>): boolean {
  return event.rsvp_mode === true && event.rsvp_open === false;
}

/** Whether a guest can book the event online now: RSVPs open, online booking not closed, seats left. */
export function hasAvailability(event: Pick<EventLike, 'total_available' | 'is_fully_booked'> & Partial<EventLike>, now = Date.now()): boolean {
  return !isRsvpClosed(event) && !isBookingClosed(event, now) && !event.is_fully_booked && event.total_available > 0;
}

/** The first event with availability is preselected; none when every event is full or closed. */
export function initialEventId(events: readonly EventLike[], now = Date.now()): string | null {
  return events.find((e) => hasAvailability(e, now))?.id ?? null;
}

export type BadgeVariant = 'destructive' | 'warning' | 'success';

/** 'RSVPs Closed', 'Booking Closed', 'Fully Booked', 'N spots left' (limited: 3 or fewer) or 'N available'. */
export function eventBadge(
  event: Pick<EventLike, 'total_available' | 'is_fully_booked'> & Partial<EventLike>,
  now = Date.now(),
): {
  text: string;
  variant: BadgeVariant;
} {
  if (isRsvpClosed(event)) return { text: 'RSVPs Closed', variant: 'destructive' };
  if (isBookingClosed(event, now)) return { text: 'Booking Closed', variant: 'destructive' };
  if (!hasAvailability(event, now)) return { text: 'Fully Booked', variant: 'destructive' };
  const n = event.total_available;
  if (n <= limits.limitedSpotsThreshold) return { text: n === 1 ? '1 spot left' : `${n} spots left`, variant: 'warning' };
  return { text: `${n} available`, variant: 'success' };
}

/** The card's button: 'RSVPs Closed', 'Booking Closed' or 'Fully Booked' (disabled), 'RSVP - $X deposit' or 'Reserve Your Spot'. */
export function eventAction(event: EventLike, now = Date.now()): { label: string; disabled: boolean } {
  if (isRsvpClosed(event)) return { label: 'RSVPs Closed', disabled: true };
  if (isBookingClosed(event, now)) return { label: 'Booking Closed', disabled: true };
  if (!hasAvailability(event, now)) return { label: 'Fully Booked', disabled: true };
  const deposit = rsvpDepositCents(event);
  if (isRsvpBooking(event) && deposit > 0) {
    return { label: `RSVP - ${formatCents(deposit)} deposit`, disabled: false };
  }
  return { label: 'Reserve Your Spot', disabled: false };
}

/** Only http(s) URLs become links or images; anything else is dropped. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url.trim() : null;
  } catch {
    return null;
  }
}

/** The first gallery image is the hero; the gallery shows the ones after it, at most 9. */
export function heroImage(images: readonly string[]): string | null {
  return safeHttpUrl(images[0]);
}
export function galleryImages(images: readonly string[]): string[] {
  return images
    .slice(1)
    .map((u) => safeHttpUrl(u))
    .filter((u): u is string => u !== null)
    .slice(0, limits.galleryMaxImages);
}

/** "EST" / "PDT" for an event's date and time in its own timezone, at that start ("" when unknown). */
export function timeZoneAbbreviation(date: string, time: string, timeZone: string): string {
  return parseTimeOfDay(time) ? zoneAbbreviation(date, timeZone, time) : '';
}

/**
 * "Online booking closes Thu, Dec 3, 2026 at 7:00 PM EST" (on the event's own clock) for an event
 * still open whose online booking closes before it starts; null otherwise (no cutoff, or closed:
 * the badge says so).
 */
export function bookingClosesNote(
  event: { date: string; event_time: string; event_timezone: string; booking_closes_at?: string | null },
  now = Date.now(),
): string | null {
  const closesAt = event.booking_closes_at ? new Date(event.booking_closes_at) : null;
  const start = zonedInstant(event.date, event.event_time, event.event_timezone);
  if (!closesAt || !start || !(closesAt < start) || isBookingClosed(event, now)) return null;
  return `Online booking closes ${momentOnClock(closesAt, event.event_timezone)}`;
}
