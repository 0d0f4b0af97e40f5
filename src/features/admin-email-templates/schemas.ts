import { z } from 'zod';
import { MAX_EMAIL_SUBJECT_LENGTH } from '@/config/product';

/** The longest template body (SQL: email_templates.body, at most 20000 characters). */
export const MAX_TEMPLATE_BODY_LENGTH = 20_000;

export const emailTemplateSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject')
    .max(MAX_EMAIL_SUBJECT_LENGTH, `At most ${MAX_EMAIL_SUBJECT_LENGTH} characters`)
    .refine((v) => !/[\r\n]/.test(v), 'The subject must be one line'),
  body: z.string().max(MAX_TEMPLATE_BODY_LENGTH, `At most ${MAX_TEMPLATE_BODY_LENGTH} characters`),
});

export type EmailTemplateValues = z.input<typeof emailTemplateSchema>;
export type EmailTemplateOutput = z.output<typeof emailTemplateSchema>;
