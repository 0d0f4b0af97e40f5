/** The waitlist's words, once. */
export const waitlistMessages = {
  join: 'Join the waitlist',
  soldOutIntro: "Sold out? Join the waitlist and we'll email you if seats free up.",
  joined: (position: number) => `You're on the waitlist — number ${position}. We'll email you if seats free up.`,
  joinFailed: 'Could not join the waitlist',
  unreachable: 'We could not reach the server. Please check your connection and try again.',
  offerExpired: 'This offer has expired and the seats have gone to the next party on the waitlist.',
  alreadyClaimed: 'Already claimed',
  claimFailed: 'Could not claim the seats',
  claimed: { title: 'Your seats are booked!', description: 'A confirmation is on its way to your inbox.' },
  loadFailed: 'We could not load this offer. Please reload the page.',
} as const;
