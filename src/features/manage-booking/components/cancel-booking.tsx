import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useCancelBooking } from '../api/cancel-booking';
import { cancelOutcomeText, refundNowText } from '../lib/booking-text';
import type { ManagedBooking } from '../types';

/** "Cancel booking" with a confirmation that says what the refund would be right now. */
export function CancelBooking({ token, booking }: { token: string; booking: ManagedBooking }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBooking(token);
  const refund = refundNowText(booking);

  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: (outcome) => {
        setOpen(false);
        toast.success('Booking cancelled', { description: cancelOutcomeText(outcome.refundStatus, outcome.refundedCents) });
      },
      onError: (error) => {
        setOpen(false);
        toast.error('Could not cancel the booking', { description: error.message });
      },
    });
  }

  return (
    <>
      <Button variant="destructive" size="lg" className="w-full" onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title="Cancel this booking?"
        description={`${refund}. Your ${booking.guests === 1 ? 'seat is' : `${booking.guests} seats are`} given up and this cannot be undone.`}
        confirmLabel={cancel.isPending ? 'Cancelling…' : 'Yes, cancel booking'}
        cancelLabel="Keep booking"
        destructive
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
