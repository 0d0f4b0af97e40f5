import { z } from 'zod';
import { tooLongMessage } from '@/config/guest-input';
import { MAX_EMAIL_MESSAGE_LENGTH, MAX_EMAIL_SUBJECT_LENGTH } from '@/config/product';
import { chefInquiryMessages } from './messages';

/** A reply to a chef: the limits of SQL super_admin_reply_chef_inquiry (and chef_signup_replies' checks). */
export const replySchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, chefInquiryMessages.subjectRequired)
    .max(MAX_EMAIL_SUBJECT_LENGTH, tooLongMessage('Subject', MAX_EMAIL_SUBJECT_LENGTH))
    .regex(/^[^\p{Cc}]*$/u, 'The subject must be one line'),
  message: z
    .string()
    .trim()
    .min(1, chefInquiryMessages.messageRequired)
    .max(MAX_EMAIL_MESSAGE_LENGTH, tooLongMessage('Message', MAX_EMAIL_MESSAGE_LENGTH)),
});

export type ReplyValues = z.input<typeof replySchema>;
export type ReplyOutput = z.output<typeof replySchema>;
