import { z } from 'zod';
import { dollarsToCents } from '@/lib/money';

export const createPromoCodeSchema = z
  .object({
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
  })
  .superRefine((v, ctx) => {
    if (v.discountType === 'percent') {
      if (!/^\d+$/.test(v.amount) || Number(v.amount) < 1 || Number(v.amount) > 100) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a percentage from 1 to 100' });
      }
    } else if (dollarsToCents(v.amount) === null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in dollars, e.g. 10 or 12.50' });
    }
  });

export type CreatePromoCodeValues = z.input<typeof createPromoCodeSchema>;
export type CreatePromoCodeOutput = z.output<typeof createPromoCodeSchema>;
