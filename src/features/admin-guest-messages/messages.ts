/** The words of messages to a dinner's guests (the e2e tests look for them). */
export const guestMessageWords = {
  open: 'Email guests',
  title: 'Email everyone booked',
  description: (eventTitle: string) =>
    `Every confirmed booking of ${eventTitle} gets its own email, in your branding, and so does each guest who has claimed a seat. Write {{guest_name}} to greet each guest by name.`,
  submit: 'Send to all guests',
  pending: 'Sending…',
  /** How many people a message went to: bookers, and guests who claimed a seat. */
  people: (recipients: number) => `${recipients} ${recipients === 1 ? 'guest' : 'guests'}`,
  sent: (recipients: number) => `Sent to ${guestMessageWords.people(recipients)}`,
  sentDescription: 'The emails go out within a minute.',
  failed: 'Could not send the message',
  listTitle: 'Messages to guests',
  loadFailed: 'Failed to load the messages sent to guests',
} as const;
