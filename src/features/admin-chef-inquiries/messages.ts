import type { ChefInquiryStatus } from './types';

/** The pop-up chef inbox's words (the e2e tests look for them). */
export const chefInquiryMessages = {
  title: 'Pop-up chefs',
  intro: 'Inquiries sent from the pop-up chef page. Each chef got an email saying we received it.',
  loading: 'Loading inquiries…',
  loadFailed: 'Failed to load the inquiries',
  empty: {
    new: 'No new inquiries.',
    replied: 'No replied inquiries.',
    archived: 'No archived inquiries.',
  } satisfies Record<ChefInquiryStatus, string>,
  pick: 'Choose an inquiry to read it.',
  status: { new: 'New', replied: 'Replied', archived: 'Archived' } satisfies Record<ChefInquiryStatus, string>,
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  replySent: 'Reply sent',
  replySentDescription: (email: string) => `We emailed your reply to ${email}.`,
  replyFailed: 'Could not send the reply',
  archived: 'Inquiry archived',
  unarchived: 'Inquiry moved back to the inbox',
  archiveFailed: 'Could not change the inquiry',
  repliesLoadFailed: 'Failed to load the replies',
  fallback: 'Something went wrong. Please try again.',
  defaultSubject: 'Your pop-up dinner with SupperHost',
} as const;

/** What the outbox's status of a reply's email means to the reader. */
export function deliveryWords(status: string | null): string {
  if (status === 'sent') return 'Delivered';
  if (status === 'failed') return 'Not delivered';
  if (status === 'pending' || status === 'sending') return 'Sending';
  return 'Sent';
}
