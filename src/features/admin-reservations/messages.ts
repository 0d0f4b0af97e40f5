import { formatCents } from '@/lib/money';

/** The admin toasts for reservations, in the product's exact words (the e2e tests look for them). */
export const reservationMessages = {
  success: 'Success',
  error: 'Error',
  updated: 'Reservation updated successfully',
  emailSent: 'Email sent successfully',
  fetchFailed: 'Failed to fetch reservations',
  updateFailed: 'Failed to update reservation',
  cancelFailed: 'Failed to cancel reservation',
  emailFailed: 'Failed to send email',
  refundFailedTitle: 'Cancelled, but the refund failed',
  refundErrorTitle: 'Refund failed',
} as const;

/** What a cancellation did, for its toast: 'Cancelled. $315.00 refunded.' and the like. */
export function cancelledMessage(result: {
  refundedCents: number;
  refundStatus: 'completed' | 'pending' | 'none' | 'failed';
  alreadyCancelled: boolean;
}) {
  const prefix = result.alreadyCancelled ? 'Already cancelled.' : 'Cancelled.';
  if (result.refundStatus === 'completed' && result.refundedCents > 0) return `${prefix} ${formatCents(result.refundedCents)} refunded.`;
  if (result.refundStatus === 'pending' && result.refundedCents > 0) return `${prefix} Refund of ${formatCents(result.refundedCents)} is pending.`;
  return `${prefix} No refund.`;
}

/** What a refund did, for its toast (with why a pending one is not sent yet, when known). */
export function refundedMessage(amountCents: number, status: 'completed' | 'pending' | 'none', note?: string) {
  if (status !== 'pending') return `${formatCents(amountCents)} refunded.`;
  return note ? `Refund of ${formatCents(amountCents)} is pending. ${note}` : `Refund of ${formatCents(amountCents)} is pending.`;
}

/** The guest email's defaults: a subject naming an RSVP or a reservation, and a greeting body signed by the organization team. */
export function defaultGuestEmail(reservation: { name: string; rsvp_slot_id: string | null; event_rsvp_mode?: boolean }, orgName: string) {
  const isRsvp = reservation.rsvp_slot_id !== null || reservation.event_rsvp_mode === true;
  const firstName = reservation.name.trim().split(/\s+/)[0] || reservation.name;
  return {
    subject: isRsvp ? 'Regarding your RSVP' : 'Regarding your reservation',
    message: `Hi ${firstName},\n\n\n\nBest regards,\nThe ${orgName} Team`,
  };
}
