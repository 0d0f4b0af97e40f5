import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { formatCents } from '@/lib/money';
import { type SeatInvitation, useGiveUpSeat } from '../api/seats';

/**
 * "Give up my seat" on a guest's own seat of a booking whose guests each pay theirs: a
 * confirmation that says what comes back of their payment, then the seat goes back (and the link
 * with it: `onGivenUp` shows the page that says so).
 */
export function GiveUpSeat({ token, seat, onGivenUp }: { token: string; seat: SeatInvitation; onGivenUp(refundedCents: number): void }) {
  const [open, setOpen] = useState(false);
  const giveUp = useGiveUpSeat(token);
  const paid = seat.payment === 'paid';
  const back = seat.cancel_refund_cents ?? 0;
  const money = !paid ? 'Nothing was paid for it.' : back > 0 ? `You get ${formatCents(back)} back.` : 'What you paid for it is not refunded.';

  return (
    <>
      <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Give up my seat
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !giveUp.isPending && setOpen(next)}
        title="Give up your seat?"
        description={`${money} The seat goes back and this link stops working.`}
        confirmLabel={giveUp.isPending ? 'Giving up…' : 'Yes, give up my seat'}
        cancelLabel="Keep my seat"
        destructive
        pending={giveUp.isPending}
        onConfirm={() =>
          giveUp.mutate(undefined, {
            onSuccess: (outcome) => onGivenUp(outcome.refundedCents),
            onError: (error) => {
              setOpen(false);
              toast.error('Could not give up the seat', { description: error.message });
            },
          })
        }
      />
    </>
  );
}
