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

/** The claim page's words for each kind of link: a waitlist offer, or a payment link staff sent. */
export const offerPageMessages = {
  waitlist_offer: {
    pageTitle: 'Waitlist offer',
    loading: 'Loading your offer…',
    heading: 'Seats are held for you',
    payTitle: 'Claim your seats',
    payDescription: 'Pay for exactly the seats held for you; nothing is charged before you press Pay.',
    payFailed: waitlistMessages.claimFailed,
    alreadyDone: waitlistMessages.alreadyClaimed,
    expiredHeading: 'This offer has expired',
    expired: waitlistMessages.offerExpired,
    invalidTitle: 'Waitlist link not valid',
    invalidHeading: 'This waitlist link is not valid',
    loadFailed: waitlistMessages.loadFailed,
  },
  payment_link: {
    pageTitle: 'Complete your booking',
    loading: 'Loading your booking…',
    heading: 'Complete your booking',
    payTitle: 'Pay for your booking',
    payDescription: 'Pay for exactly the seats your host held for you; nothing is charged before you press Pay.',
    payFailed: 'Could not complete your booking',
    alreadyDone: 'Already paid',
    expiredHeading: 'This payment link has expired',
    expired: 'This payment link has expired and the seats were released. Please contact the host to book again.',
    invalidTitle: 'Payment link not valid',
    invalidHeading: 'This payment link is not valid',
    loadFailed: 'We could not load this booking. Please reload the page.',
  },
} as const;

/** The leave page's words (/waitlist/leave/{token}, the link in every waitlist email). */
export const leaveMessages = {
  pageTitle: 'Leave the waitlist',
  loading: 'Loading your place on the waitlist…',
  heading: 'Leave the waitlist?',
  button: 'Leave the waitlist',
  offeredNote: 'Seats are held for you right now. If you leave, they go to the next party on the waitlist.',
  waitingNote: 'You will lose your place in line, and we will not email you about this dinner again.',
  leftHeading: 'You have left the waitlist',
  leftBody: 'Your place in line is freed, and we will not email you about this dinner again.',
  claimedHeading: 'You already booked these seats',
  claimedBody: 'Your booking stands. To change or cancel it, use the link in your confirmation email.',
  expiredHeading: 'You are no longer on the waitlist',
  expiredBody: 'The offer made to you has lapsed, so there is nothing to leave.',
  cancelledHeading: 'This dinner was cancelled',
  cancelledBody: 'The host cancelled this dinner and closed its waitlist, so there is nothing to leave. We emailed you their message.',
  leaveFailed: 'Could not leave the waitlist',
  loadFailed: 'We could not load your place on the waitlist. Please reload the page.',
  invalid: 'This waitlist link is not valid.',
} as const;
