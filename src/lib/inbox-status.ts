/**
 * Where a message in one of the admin's inboxes is (a pop-up chef's inquiry, a guest's private
 * dinner request): new until someone replies, then replied, and archived once dealt with. The SQL
 * tables' status checks say the same.
 */
export type InboxStatus = 'new' | 'replied' | 'archived';

export const inboxStatuses: readonly InboxStatus[] = ['new', 'replied', 'archived'];
