import { z } from 'zod';
import { dollarsToCents } from '@/lib/money';

const promoFields = {
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .max(40, 'At most 40 characters')
    .regex(/^\S+$/, 'No spaces in a code')
    .transform((v) => v.toUpperCase()),
  discountType: z.enum(['percent', 'fixed']),
  amount: z.string().trim().min(1, 'Enter the discount'),
  maxUses: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), 'Enter a whole number, or leave empty for unlimited'),
};

function checkAmount(v: { discountType: 'percent' | 'fixed'; amount: string }, ctx: z.RefinementCtx) {
  if (v.discountType === 'percent') {
    if (!/^\d+$/.test(v.amount) || Number(v.amount) < 1 || Number(v.amount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a percentage from 1 to 100' });
    }
  } else if (dollarsToCents(v.amount) === null) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in dollars, e.g. 10 or 12.50' });
  }
}

export const createPromoCodeSchema = z.object(promoFields).superRefine(checkAmount);

export type CreatePromoCodeValues = z.input<typeof createPromoCodeSchema>;
export type CreatePromoCodeOutput = z.output<typeof createPromoCodeSchema>;

/** Editing a code: the same fields, plus an optional validity window and a limit to some events. */
export const editPromoCodeSchema = z
  .object({
    ...promoFields,
    startsAt: z.string().trim(),
    endsAt: z.string().trim(),
    eventIds: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    checkAmount(v, ctx);
    if (v.startsAt !== '' && v.endsAt !== '' && new Date(v.startsAt) >= new Date(v.endsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    }
  });

export type EditPromoCodeValues = z.input<typeof editPromoCodeSchema>;
export type EditPromoCodeOutput = z.output<typeof editPromoCodeSchema>;
