import { toast } from 'sonner';
import { useRefundReservation } from '../api/refund-reservation';
import { refundedMessage, reservationMessages } from '../messages';

/** A refund from a dialog: says how it went, then closes the dialog; a failure is said and the dialog stays. */
export function useRefundThenClose(orgId: string, onClose: () => void) {
  return useRefundReservation(orgId, {
    onSuccess: (result, input) => {
      const description = refundedMessage(input.amountCents, result.refundStatus, result.refundNote);
      // A refund left pending for a reason staff must act on is a warning, not a success.
      if (result.refundNote) toast.warning(reservationMessages.success, { description, duration: Infinity });
      else toast.success(reservationMessages.success, { description });
      onClose();
    },
    onError: (error) => toast.error(reservationMessages.refundErrorTitle, { description: error.message }),
  });
}
