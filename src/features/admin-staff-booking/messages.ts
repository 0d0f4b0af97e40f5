/** The staff booking dialog's words, once. */
export const staffBookingMessages = {
  success: 'Success',
  error: 'Error',
  confirmed: (code: string, name: string) => `Booking ${code} confirmed for ${name}.`,
  linkSent: (code: string, email: string) => `Booking ${code} is held. Payment link sent to ${email}.`,
  createFailed: 'Failed to add the booking',
  nothingToBook: 'This event has no ticket types or time slots to book yet. Add one in Edit first.',
} as const;
