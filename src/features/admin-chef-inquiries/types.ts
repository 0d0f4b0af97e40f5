import { inboxStatuses, type InboxStatus } from '@/lib/inbox-status';

/** Where an inquiry is in the inbox (SQL chef_signups.status). */
export type ChefInquiryStatus = InboxStatus;

export const chefInquiryStatuses = inboxStatuses;

/** One pop-up chef inquiry, as SQL super_admin_list_chef_inquiries gives it. */
export interface ChefInquiry {
  id: string;
  name: string;
  email: string;
  concept: string;
  nextEventDates: string | null;
  sourceDomain: string | null;
  status: ChefInquiryStatus;
  createdAt: string;
  repliedAt: string | null;
  archivedAt: string | null;
  replyCount: number;
}

/** A reply sent to a chef (SQL super_admin_chef_inquiry_replies), with where its email is. */
export interface ChefInquiryReply {
  id: string;
  subject: string;
  body: string;
  sentByEmail: string | null;
  createdAt: string;
  /** The outbox's status of its email: pending, sending, sent or failed (null: no email row any more). */
  deliveryStatus: string | null;
  deliveredAt: string | null;
}
