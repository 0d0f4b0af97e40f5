import type { PrivateDinnerStatus } from './types';

/** The private dinner requests' words (the e2e tests look for them). */
export const privateDinnerMessages = {
  title: 'Private dinners',
  intro: 'Requests guests sent from your page to book you for their own party. Reply by email, then mark them replied.',
  loading: 'Loading requests…',
  loadFailed: 'Failed to load the private dinner requests',
  empty: 'No private dinner requests yet.',
  turnOn: 'Turn them on in Branding to invite requests from your page.',
  openBranding: 'Open Branding',
  off: 'Your page does not invite requests now: turn them on in Branding.',
  noOpen: 'No open requests.',
  showArchived: 'Show archived',
  status: { new: 'New', replied: 'Replied', archived: 'Archived' } satisfies Record<PrivateDinnerStatus, string>,
  statusLabel: (name: string) => `Status of ${name}'s request`,
  changed: { new: 'Marked new', replied: 'Marked replied', archived: 'Archived' } satisfies Record<PrivateDinnerStatus, string>,
  archivedHint: 'Show archived to see it again.',
  changeFailed: 'Could not change the request',
  fallback: 'Something went wrong. Please try again.',
  replySubject: 'Your private dinner request',
  replyByEmail: 'Reply by email',
} as const;
