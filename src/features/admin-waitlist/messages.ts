/** The staff waitlist's words, once. */
export const adminWaitlistMessages = {
  success: 'Success',
  error: 'Error',
  offered: (name: string) => `Seats offered to ${name}; they have been emailed a link to claim them.`,
  removed: (name: string) => `${name} was removed from the waitlist.`,
  fetchFailed: 'Failed to load the waitlist',
  offerFailed: 'Could not offer the seats',
  removeFailed: 'Could not remove the party',
  empty: 'Nobody is waiting for this event.',
} as const;
