import { z } from 'zod';
import { formatCents } from '@/lib/money';
import { refundAmountProblem } from './lib/refund-amount';
import { MAX_EMAIL_MESSAGE_LENGTH, MAX_EMAIL_SUBJECT_LENGTH, RESERVATION_MAX_GUESTS } from '@/config/product';
import { guestEmail, guestName, guestNoteFields, guestPhone } from '@/features/checkout/schemas';

export const editReservationSchema = z.object({
  name: guestName('Name is required'),
  email: guestEmail(),
  phone: guestPhone,
  numGuests: z.coerce
    .number<string>()
    .int('Guests must be a whole number')
    .min(1, 'At least 1 guest required')
    .max(RESERVATION_MAX_GUESTS, `Maximum ${RESERVATION_MAX_GUESTS} guests`),
  ...guestNoteFields,
  /** More guests on a paid booking: staff mark the extra guests complimentary (the server refuses otherwise). */
  complimentary: z.boolean(),
});

export type EditReservationValues = z.input<typeof editReservationSchema>;
export type EditReservationOutput = z.output<typeof editReservationSchema>;

/** Send email needs a recipient, a subject and a message. */
export const guestEmailSchema = z.object({
  email: z.string().trim().min(1, 'Recipient is required').pipe(z.email('Enter a valid email')),
  subject: z.string().trim().min(1, 'Subject is required').max(MAX_EMAIL_SUBJECT_LENGTH, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(MAX_EMAIL_MESSAGE_LENGTH, 'Message is too long'),
});

export type GuestEmailValues = z.infer<typeof guestEmailSchema>;

/** Longest reason staff give for a refund or for keeping the money (the payment ledger keeps 500 characters). */
const MAX_REASON_LENGTH = 500;

export const CANCEL_CHOICES = ['full', 'policy', 'part', 'none'] as const;
export type CancelChoice = (typeof CANCEL_CHOICES)[number];

/**
 * Cancelling a booking that still holds money: refund it all, what the policy gives, a part
 * (dollars, at most what is refundable), or keep it — which needs a reason.
 */
export function cancelReservationSchema(refundableCents: number) {
  return z
    .object({
      choice: z.enum(CANCEL_CHOICES),
      amount: z.string(),
      reason: z.string().trim().max(MAX_REASON_LENGTH, 'The reason is too long'),
      notifyGuest: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.choice === 'part') {
        const problem = refundAmountProblem(v.amount, refundableCents);
        if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
      }
      if (v.choice === 'none' && refundableCents > 0 && v.reason === '') {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: `Give a reason for keeping the ${formatCents(refundableCents)} paid` });
      }
    });
}

export type CancelReservationValues = z.infer<ReturnType<typeof cancelReservationSchema>>;

/** Refunding without cancelling: an amount of at most what is refundable, an optional reason. */
export function refundReservationSchema(refundableCents: number) {
  return z
    .object({
      amount: z.string(),
      reason: z.string().trim().max(MAX_REASON_LENGTH, 'The reason is too long'),
      notifyGuest: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const problem = refundAmountProblem(v.amount, refundableCents);
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    });
}

export type RefundReservationValues = z.infer<ReturnType<typeof refundReservationSchema>>;
