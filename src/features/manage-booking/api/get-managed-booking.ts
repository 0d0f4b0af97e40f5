import { z } from 'zod';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import { useLinkQuery } from '@/hooks/use-link-query';
import type { ManagedBooking } from '../types';

export const MANAGE_FUNCTION = 'manage-booking';

/** The link opens no booking (wrong, tampered or unknown token): the page shows that and nothing else. */
export class BookingLinkInvalidError extends Error {
  override name = 'BookingLinkInvalidError';
}

const cents = z.number().int();
const text = z.string().nullable();

/** The server's `booking`, read field by field (never cast). */
export const managedBookingSchema = z.object({
  booking_code: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  name: z.string(),
  guests: z.number().int(),
  ticket_type_name: text,
  time_slot: text,
  dietary_restrictions: text,
  special_requests: text,
  cancelled_at: text,
  cancelled_by: text,
  event: z.object({
    title: z.string(),
    date: z.string(),
    time: z.string(),
    timezone: z.string(),
    location_name: text,
    location_address: text,
  }),
  organization: z.object({ name: z.string(), slug: z.string(), primary_color: text, logo_url: text }),
  money: z.object({
    paid_cents: cents,
    refunded_cents: cents,
    pending_refund_cents: cents,
    failed_refund_cents: cents,
    net_cents: cents,
    refundable_cents: cents,
    comp_cents: cents,
    badge: z.string(),
  }),
  subtotal_cents: cents,
  discount_cents: cents,
  service_charge_cents: cents.default(0),
  tax_cents: cents.default(0),
  price_display: z.enum(['itemized', 'all_in']).default('itemized'),
  total_cents: cents,
  refund_policy: z.string(),
  starts_at: z.string(),
  full_refund_until: text,
  refund_now_cents: cents,
  can_cancel: z.boolean(),
  fewer_guests: z.array(z.object({ guests: z.number().int(), refund_cents: cents, extras_dropped: z.string().nullable().default(null) })).default([]),
  more_guests: z.array(z.object({ guests: z.number().int(), charge_cents: cents })).default([]),
  payment_in_progress: z.boolean().default(false),
  addons: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int(), total_cents: cents })).default([]),
  addon_offers: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: text,
        per: z.enum(['guest', 'booking']),
        price_cents: cents,
        taken: z.number().int(),
        most: z.number().int(),
      }),
    )
    .default([]),
  addons_until: text.default(null),
  split: z.object({ seat_cents: cents, pay_by: z.string(), released: z.boolean() }).nullable().default(null),
  other_dates: z
    .array(
      z.object({
        event_id: z.string(),
        title: z.string(),
        date: z.string(),
        time: z.string(),
        timezone: z.string(),
        seats_left: z.number().int(),
        enough_seats: z.boolean(),
      }),
    )
    .default([]),
}) satisfies z.ZodType<ManagedBooking>;

/** A refusal of the manage-booking function: 404 not_found is an invalid link, anything else an Error with the server's message. */
export function refusalError(status: number, body: unknown): Error {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  if (status === 404 || code === 'not_found') return new BookingLinkInvalidError(serverMessage(body) ?? 'This booking link is not valid.');
  return new Error(serverMessage(body) ?? `We could not load this booking (error ${status}). Please try again.`);
}

const viewAnswer = z.object({ success: z.literal(true), booking: managedBookingSchema });

export async function getManagedBooking(token: string): Promise<ManagedBooking> {
  const answer = await invokeFunction<unknown>(MANAGE_FUNCTION, { token, action: 'view' });
  if (answer.status !== 200) throw refusalError(answer.status, answer.body);
  const parsed = viewAnswer.safeParse(answer.body);
  if (!parsed.success) throw new Error('We could not read this booking. Please reload the page.');
  return parsed.data.booking;
}

export const managedBookingQueryKey = (token: string) => ['manage-booking', token] as const;

export function useManagedBooking(token: string) {
  return useLinkQuery(managedBookingQueryKey(token), () => getManagedBooking(token), BookingLinkInvalidError);
}
