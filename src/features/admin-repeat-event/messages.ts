/** The repeat-event dialog's words, once. */
export const repeatEventMessages = {
  success: 'Success',
  error: 'Error',
  created: (count: number, title: string) => `Created ${count} ${count === 1 ? 'event' : 'events'} from ${title}.`,
  createFailed: 'Failed to duplicate the event',
} as const;
