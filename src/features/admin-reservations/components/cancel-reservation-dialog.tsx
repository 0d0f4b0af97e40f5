import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { dollarsToCents, formatCents } from '@/lib/money';
import { useCancelReservation } from '../api/cancel-reservation';
import { cancelledMessage, reservationMessages } from '../messages';
import { cancelReservationSchema, type CancelChoice, type CancelReservationValues } from '../schemas';
import type { CancelRefund, ReservationDialogProps } from '../types';
import { guestCount } from '@/lib/words';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PaymentPanel } from './money-summary';
import { SubmitButton } from '@/components/forms/submit-button';
import { radioChoices } from '@/components/forms/radio-choice';

/**
 * Cancelling a reservation. One that still holds money asks what happens to it: refund it all
 * (the default when the booking's policy allows it), what the policy gives now, a part, or keep
 * it with a reason; a free or comp one (or one refunded already) is a plain confirmation. Either
 * way the cancel-reservation function cancels, and emails the guest unless told not to.
 */
export function CancelReservationDialog({ orgId, reservation, onClose }: ReservationDialogProps) {
  const { money, policy_refund_cents: policyCents } = reservation;
  const refundable = money.refundable_cents;
  const holdsMoney = refundable > 0;
  // The policy refunds less than everything, but something: offer it as its own choice.
  const policyChoice = policyCents > 0 && policyCents < refundable;
  const defaultChoice: CancelChoice = policyCents >= refundable ? 'full' : policyChoice ? 'policy' : 'none';

  const form = useForm<CancelReservationValues>({
    resolver: zodResolver(cancelReservationSchema(refundable)),
    defaultValues: { choice: holdsMoney ? defaultChoice : 'none', amount: '', reason: '', notifyGuest: true },
  });
  const { errors } = form.formState;
  const choice = form.watch('choice');

  const cancel = useCancelReservation(orgId, {
    onSuccess: (result, input) => {
      if (result.refundStatus === 'failed') {
        // The server's own words: the reservation is cancelled, the processor refused the refund.
        toast.error(reservationMessages.refundFailedTitle, { description: result.refundError ?? undefined });
      } else {
        // The function answers the total refunded so far; this cancellation's share is what it added.
        const before = money.refunded_cents + money.pending_refund_cents;
        const refundedNow = typeof input.refund === 'object' ? input.refund.amountCents : Math.max(0, result.refundedCents - before);
        const description = cancelledMessage({ ...result, refundedCents: result.alreadyCancelled ? result.refundedCents : refundedNow });
        // A refund left pending for a reason staff must act on is a warning, not a success.
        if (result.refundNote) toast.warning(reservationMessages.success, { description: `${description} ${result.refundNote}`, duration: Infinity });
        else toast.success(reservationMessages.success, { description });
      }
      onClose();
    },
    onError: (error) => toast.error(reservationMessages.cancelFailed, { description: error.message }),
  });

  function submit(values: CancelReservationValues) {
    let refund: CancelRefund = 'none';
    if (holdsMoney && values.choice === 'full') refund = 'full';
    if (holdsMoney && values.choice === 'policy') refund = { amountCents: policyCents };
    if (holdsMoney && values.choice === 'part') refund = { amountCents: dollarsToCents(values.amount) ?? 0 };
    cancel.mutate({ reservationId: reservation.id, refund, notifyGuest: values.notifyGuest, reason: values.reason });
  }

  const radio = radioChoices(form.register('choice'), choice, 'space-y-2');

  return (
    <ClosingDialog
      className="max-w-md"
      title="Cancel this reservation?"
      description={
        <>
          {reservation.name}&apos;s reservation for {reservation.event_title} ({guestCount(reservation.num_guests)}, booking{' '}
          {reservation.booking_code}) will be cancelled and the seats returned. This cannot be undone.
        </>
      }
      busy={cancel.isPending}
      onClose={onClose}
    >
      <form className="min-w-0 space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
        {money.paid_cents > 0 ? (
          <PaymentPanel money={money}>
            <p className="text-xs text-muted-foreground">Refund policy: {reservation.refund_policy}.</p>
            {holdsMoney ? (
              <p className="text-xs text-muted-foreground">
                Still refundable: {formatCents(refundable)}. Under the policy, cancelling now refunds {formatCents(policyCents)}.
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">Nothing is left to refund.</p>
            )}
          </PaymentPanel>
        ) : null}

        {holdsMoney ? (
          <fieldset className="min-w-0 space-y-2">
            <legend className="mb-2 text-sm font-medium">What happens to the money?</legend>
            {radio('full', `Refund in full: ${formatCents(refundable)}`)}
            {policyChoice ? radio('policy', `Refund per policy: ${formatCents(policyCents)}`) : null}
            {radio(
              'part',
              'Refund part',
              <FormField label="Amount to refund ($)" error={errors.amount?.message} hint={`At most ${formatCents(refundable)}`}>
                <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register('amount')} />
              </FormField>,
            )}
            {radio('none', 'Keep the money')}
          </fieldset>
        ) : null}

        {holdsMoney || money.paid_cents > 0 ? (
          <FormField
            label={choice === 'none' && holdsMoney ? 'Reason for keeping the money' : 'Reason (optional)'}
            error={errors.reason?.message}
            hint={choice === 'none' && holdsMoney ? 'Required. Kept with the booking for your records.' : undefined}
          >
            <Textarea rows={2} aria-required={choice === 'none' && holdsMoney ? true : undefined} {...form.register('reason')} />
          </FormField>
        ) : null}

        <CheckboxField label="Email the guest" hint="Tells them it is cancelled and what is refunded." {...form.register('notifyGuest')} />

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            Keep reservation
          </Button>
          <SubmitButton variant="destructive" pending={cancel.isPending} pendingLabel="Cancelling…">
            Cancel reservation
          </SubmitButton>
        </DialogFooter>
      </form>
    </ClosingDialog>
  );
}
