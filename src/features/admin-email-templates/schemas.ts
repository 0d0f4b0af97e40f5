import { z } from 'zod';
import { MAX_EMAIL_SUBJECT_LENGTH } from '@/config/product';
import { templateMessages } from './messages';

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

/** The longest review link (SQL: staff_set_review_link, at most 500 characters). */
export const MAX_REVIEW_URL_LENGTH = 500;

/** A web address as staff_set_review_link takes it: http(s)://, a host with a dot, no spaces; and one the browser can parse. */
function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.\S*$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The thank-you email's review link, checked as the database does (trimmed; blank removes it), in
 * its words. Its length is counted in characters, as Postgres counts them, not UTF-16 units.
 */
export const reviewLinkSchema = z.object({
  review_url: z
    .string()
    .trim()
    .refine((v) => Array.from(v).length <= MAX_REVIEW_URL_LENGTH, templateMessages.reviewLinkTooLong)
    .refine((v) => v === '' || isWebAddress(v), templateMessages.reviewLinkInvalid),
});

export type ReviewLinkValues = z.input<typeof reviewLinkSchema>;
export type ReviewLinkOutput = z.output<typeof reviewLinkSchema>;
