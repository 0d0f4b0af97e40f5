/** The admin toasts for reservations, in the product's exact words (the e2e tests look for them). */
export const reservationMessages = {
  success: 'Success',
  error: 'Error',
  updated: 'Reservation updated successfully',
  cancelled: 'Reservation cancelled successfully',
  emailSent: 'Email sent successfully',
  fetchFailed: 'Failed to fetch reservations',
  updateFailed: 'Failed to update reservation',
  cancelFailed: 'Failed to cancel reservation',
  emailFailed: 'Failed to send email',
} as const;

/** The guest email's defaults: a subject naming an RSVP or a reservation, and a greeting body signed by the organization team. */
export function defaultGuestEmail(reservation: { name: string; rsvp_slot_id: string | null; event_rsvp_mode?: boolean }, orgName: string) {
  const isRsvp = reservation.rsvp_slot_id !== null || reservation.event_rsvp_mode === true;
  const firstName = reservation.name.trim().split(/\s+/)[0] || reservation.name;
  return {
    subject: isRsvp ? 'Regarding your RSVP' : 'Regarding your reservation',
    message: `Hi ${firstName},\n\n\n\nBest regards,\nThe ${orgName} Team`,
  };
}
