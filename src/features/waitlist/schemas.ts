import { z } from 'zod';
import { RESERVATION_MAX_GUESTS } from '@/config/product';
import { guestEmail, guestName } from '@/features/checkout/schemas';

/** The join dialog: the server's messages for the same fields (supabase/functions/join-waitlist). */
export const joinWaitlistSchema = z.object({
  name: guestName('Name is required'),
  email: guestEmail(),
  partySize: z
    .string()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= RESERVATION_MAX_GUESTS,
      `Party size must be between 1 and ${RESERVATION_MAX_GUESTS}`,
    ),
});

export type JoinWaitlistValues = z.input<typeof joinWaitlistSchema>;

export const emptyJoinWaitlist: JoinWaitlistValues = { name: '', email: '', partySize: '1' };
