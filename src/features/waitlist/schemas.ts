import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, RESERVATION_MAX_GUESTS } from '@/config/product';

/** The join dialog: the server's messages for the same fields (supabase/functions/join-waitlist). */
export const joinWaitlistSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
  email: z.string().trim().max(MAX_EMAIL_LENGTH, 'Valid email is required').pipe(z.email('Valid email is required')),
  partySize: z
    .string()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= RESERVATION_MAX_GUESTS,
      `Party size must be between 1 and ${RESERVATION_MAX_GUESTS}`,
    ),
});

export type JoinWaitlistValues = z.input<typeof joinWaitlistSchema>;

export const emptyJoinWaitlist: JoinWaitlistValues = { name: '', email: '', partySize: '1' };
