import { z } from 'zod';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import { useLinkQuery } from '@/hooks/use-link-query';
import { waitlistMessages } from '../messages';
import type { WaitlistOffer } from '../types';

export const OFFER_FUNCTION = 'waitlist-offer';

/** The link opens no offer (wrong, tampered or unknown token). */
export class OfferLinkInvalidError extends Error {
  override name = 'OfferLinkInvalidError';
}

const text = z.string().nullable();

/** The server's `offer`, read field by field (never cast). */
const offerSchema = z.object({
  reservation_id: z.string(),
  kind: z.enum(['waitlist_offer', 'payment_link']),
  status: z.enum(['open', 'claimed', 'expired']),
  expires_at: text,
  name: z.string(),
  email: z.string(),
  guests: z.number().int(),
  total_cents: z.number().int(),
  subtotal_cents: z.number().int().nullish(),
  discount_cents: z.number().int().nullish(),
  service_charge_cents: z.number().int().nullish(),
  tax_cents: z.number().int().nullish(),
  price_display: z.enum(['itemized', 'all_in']).nullish(),
  event_id: z.string(),
  ticket_type_id: text,
  ticket_type_name: text,
  rsvp_slot_id: text,
  time_slot: text,
  booking_code: text,
  refund_policy: text,
  event: z.object({ title: z.string(), date: z.string(), time: z.string(), timezone: z.string(), location_name: text }),
  organization: z.object({ name: z.string(), slug: z.string(), primary_color: text, logo_url: text }),
}) satisfies z.ZodType<WaitlistOffer>;

const viewAnswer = z.object({ success: z.literal(true), offer: offerSchema });

export async function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  const answer = await invokeFunction<unknown>(OFFER_FUNCTION, { token, action: 'view' });
  if (answer.status === 404) throw new OfferLinkInvalidError(serverMessage(answer.body) ?? 'This waitlist link is not valid.');
  if (answer.status !== 200) throw new Error(serverMessage(answer.body) ?? waitlistMessages.loadFailed);
  const parsed = viewAnswer.safeParse(answer.body);
  if (!parsed.success) throw new Error(waitlistMessages.loadFailed);
  return parsed.data.offer;
}

export const waitlistOfferQueryKey = (token: string) => ['waitlist-offer', token] as const;

export function useWaitlistOffer(token: string) {
  return useLinkQuery(waitlistOfferQueryKey(token), () => getWaitlistOffer(token), OfferLinkInvalidError);
}
