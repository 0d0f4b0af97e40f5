import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { newIdempotencyKey } from '@/features/checkout/lib/idempotency';
import { dollarsToCents, formatCents } from '@/lib/money';
import { useRefundThenClose } from '../hooks/use-refund-then-close';
import { centsToDollarsInput } from '../lib/refund-amount';
import { refundReservationSchema, type RefundReservationValues } from '../schemas';
import type { ReservationDialogProps } from '../types';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ChargesLine, PaymentPanel } from './money-summary';

/** Refunds part or all of what a booking still holds, without cancelling it. */
export function RefundReservationDialog({ orgId, reservation, onClose }: ReservationDialogProps) {
  const { money } = reservation;
  const refundable = money.refundable_cents;
  // One key per opening of the dialog: sending the same refund twice (a double click, a retry) refunds once.
  const [requestKey] = useState(newIdempotencyKey);
  const form = useForm<RefundReservationValues>({
    resolver: zodResolver(refundReservationSchema(refundable)),
    defaultValues: { amount: centsToDollarsInput(refundable), reason: '', notifyGuest: true },
  });
  const { errors } = form.formState;
  const refund = useRefundThenClose(orgId, onClose);

  return (
    <ClosingDialog
      className="max-w-md"
      title={<>Refund {reservation.name}</>}
      description={
        <>
          {reservation.event_title} · booking {reservation.booking_code}. The reservation stays as it is.
        </>
      }
      busy={refund.isPending}
      onClose={onClose}
    >
      <form
        className="min-w-0 space-y-4"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          refund.mutate({
            reservationId: reservation.id,
            amountCents: dollarsToCents(values.amount) ?? 0,
            reason: values.reason,
            notifyGuest: values.notifyGuest,
            requestKey,
          }),
        )}
      >
        <PaymentPanel money={money}>
          <ChargesLine reservation={reservation} />
          <p className="text-xs text-muted-foreground">Still refundable: {formatCents(refundable)}.</p>
          {reservation.service_charge_cents + reservation.tax_cents > 0 ? (
            <p className="text-xs text-muted-foreground">A refund returns service charge and tax in proportion.</p>
          ) : null}
        </PaymentPanel>
        <FormField label="Amount to refund ($)" error={errors.amount?.message} hint={`At most ${formatCents(refundable)}`}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
        </FormField>
        <FormField label="Reason (optional)" error={errors.reason?.message}>
          <Textarea rows={2} {...form.register('reason')} />
        </FormField>
        <CheckboxField label="Email the guest" hint="Tells them the amount refunded." {...form.register('notifyGuest')} />
        <FormDialogFooter onCancel={onClose} pending={refund.isPending} pendingLabel="Refunding…" submitLabel="Refund" />
      </form>
    </ClosingDialog>
  );
}
