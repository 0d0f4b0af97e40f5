import { queryOptions, useQuery } from '@tanstack/react-query';
import { supperClubFunctions } from '@/config/site';
import { env } from '@/config/env';
import { linkedEventId } from '@/lib/linked-event';
import type { SupperClubAvailability, SupperClubEvent, SupperClubVenue } from '../types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * The availability function's answer (the organization's upcoming events, as
 * get-rsvp-availability gives them): each supper (date YYYY-MM-DD) with the seats it can still
 * sell (total_available), when its online booking closes (booking_closes_at) and its seatings
 * (rsvp_slots: slot_label, available_spots), checked field by field (a hand-written reader
 * rather than zod, which would add ~25 KB gzip to the page's first render); unknown fields are
 * dropped. The page sells seatings: a dinner of another kind (`kind` tickets or rsvp, which its
 * organization's own page sells) is left out rather than failing the page. Throws on anything else.
 */
export function parseAvailability(answer: unknown): SupperClubEvent[] {
  const fail = (what: string): never => {
    throw new Error(`Unexpected availability answer: ${what}`);
  };
  if (!isObject(answer) || !Array.isArray(answer.events)) return fail('events');
  // The page sells seatings: a dinner of another kind is its organization page's to sell.
  const seatings = answer.events.filter((e: unknown) => !(isObject(e) && typeof e.kind === 'string' && e.kind !== 'seatings'));
  return seatings.map((e: unknown, i) => {
    if (!isObject(e) || typeof e.id !== 'string' || typeof e.date !== 'string' || !isInt(e.total_available)) return fail(`events.${i}`);
    if (e.refund_policy !== undefined && e.refund_policy !== null && typeof e.refund_policy !== 'string') return fail(`events.${i}.refund_policy`);
    if (e.booking_closes_at !== undefined && e.booking_closes_at !== null && typeof e.booking_closes_at !== 'string')
      return fail(`events.${i}.booking_closes_at`);
    if (e.rsvp_slots !== undefined && !Array.isArray(e.rsvp_slots)) return fail(`events.${i}.rsvp_slots`);
    const slots = ((e.rsvp_slots ?? []) as unknown[]).map((s, j) =>
      isObject(s) && typeof s.slot_label === 'string' && isInt(s.available_spots)
        ? { ...(typeof s.id === 'string' ? { id: s.id } : {}), label: s.slot_label, available: s.available_spots }
        : fail(`events.${i}.rsvp_slots.${j}`),
    );
    return {
      id: e.id,
      date: e.date,
      available_seats: e.total_available,
      seat_price_cents: isInt(e.seat_price_cents) ? e.seat_price_cents : fail(`events.${i}.seat_price_cents`),
      party_limit: isInt(e.party_limit) ? e.party_limit : fail(`events.${i}.party_limit`),
      ...(e.refund_policy !== undefined ? { refund_policy: e.refund_policy as string | null } : {}),
      ...(e.booking_closes_at !== undefined ? { booking_closes_at: e.booking_closes_at as string | null } : {}),
      slots,
    };
  });
}

/**
 * What the venue's page names (the answer's `venue`: the organization's branding), checked as
 * parseAvailability checks the events. Throws on anything else.
 */
export function parseVenue(answer: unknown): SupperClubVenue {
  const venue = isObject(answer) ? answer.venue : undefined;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  if (!isObject(venue) || !text(venue.name)) throw new Error('Unexpected availability answer: venue');
  return { name: venue.name as string, city: text(venue.city), address: text(venue.address), instagramUrl: text(venue.instagram_url) };
}

/**
 * The request `invokeFunction(name)` makes (a bare POST to /functions/v1/<name> with the publishable
 * key), written with fetch so the page's first render does not wait for supabase-js (~52 KB
 * gzip), which loads with the payment step. The answer's body when 200, else an Error with the
 * server's message, as okBody.
 */
async function callFunction(name: string, payload?: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${env.SUPABASE_URL}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${env.SUPABASE_PUBLISHABLE_KEY}`,
      ...(payload ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.ok) return body;
  const { error, message } = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown };
  const said = typeof error === 'string' && error.trim() ? error : typeof message === 'string' && message.trim() ? message : null;
  throw new Error(said ?? `${name} failed (${response.status})`);
}

/**
 * The venue (its organization's name, city and address) and its upcoming suppers with their
 * remaining seats, from the venue's availability function; `event` (a supper's own link) adds
 * that supper when it is unlisted.
 */
export async function getSupperClubAvailability(event: string | null = null): Promise<SupperClubAvailability> {
  const answer = await callFunction(supperClubFunctions.availability, event ? { event } : undefined);
  const events = parseAvailability(answer);
  return { venue: parseVenue(answer), events: [...events].sort((a, b) => a.date.localeCompare(b.date)) };
}

/** The page's suppers, with the one its link names (`?event=`, read from the address when not given). */
export const supperClubAvailabilityQueryOptions = (event: string | null = linkedEventId()) =>
  queryOptions({ queryKey: ['supper-club', 'availability', event], queryFn: () => getSupperClubAvailability(event) });

export function useSupperClubAvailability() {
  return useQuery(supperClubAvailabilityQueryOptions());
}
