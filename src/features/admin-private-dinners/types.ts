import { inboxStatuses, type InboxStatus } from '@/lib/inbox-status';

/** Where a private dinner request is (SQL private_dinner_requests.status): new → replied → archived. */
export type PrivateDinnerStatus = InboxStatus;

export const privateDinnerStatuses = inboxStatuses;

/** A guest's request for a private dinner, as its organization's members read it. */
export interface PrivateDinnerRequest {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  /** The date the guest would like, a calendar date (YYYY-MM-DD). */
  preferredDate: string;
  guests: number;
  message: string;
  status: PrivateDinnerStatus;
  /** When it was sent (a timestamp). */
  createdAt: string;
}
