/** The door list's words. */
export const doorMessages = {
  reconnecting: 'Reconnecting… changes will be saved',
  checkInFailed: 'Check-in not saved',
  notesSaved: 'Notes saved',
  notesFailed: 'Notes not saved',
  loadFailed: 'Could not load the door list',
  noMatch: 'No party matches your search.',
  empty: 'No confirmed reservations for this event yet.',
  csvReady: 'CSV downloaded',
} as const;
