import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { DialogFooter } from '@/components/ui/dialog';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RESERVATION_MAX_GUESTS } from '@/config/product';
import { newIdempotencyKey } from '@/features/checkout/lib/idempotency';
import { formatCents } from '@/lib/money';
import { useRefundThenClose } from '../hooks/use-refund-then-close';
import { useUpdateReservation, type UpdateReservationResult } from '../api/update-reservation';
import { reservationMessages } from '../messages';
import { editReservationSchema, type EditReservationOutput, type EditReservationValues } from '../schemas';
import type { ReservationDialogProps } from '../types';
import { BookingHistory } from './booking-history';
import { ReservationSeats } from './reservation-seats';
import { guestCount } from '@/lib/words';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { withReason } from '@/lib/error-reason';
import { SubmitButton } from '@/components/forms/submit-button';
import { GuestNotesFields } from '@/components/forms/guest-contact-fields';
import { SubmitForm } from '@/components/forms/submit-form';

/** After fewer guests on a paid booking: offers to refund what the policy gives for the guests who no longer come. */
function RefundOffer({ orgId, reservation, result, onClose }: ReservationDialogProps & { result: UpdateReservationResult }) {
  const [refundIt, setRefundIt] = useState(true);
  const [notifyGuest, setNotifyGuest] = useState(true);
  const [requestKey] = useState(newIdempotencyKey);
  const gone = result.guestsBefore - result.guestsAfter;
  const amount = result.suggestedRefundCents;
  const refund = useRefundThenClose(orgId, onClose);

  return (
    <SubmitForm
      className="space-y-4"
      noValidate
      onSubmit={() => {
        if (!refundIt) return onClose();
        refund.mutate({
          reservationId: reservation.id,
          amountCents: amount,
          reason: `Party reduced from ${guestCount(result.guestsBefore)} to ${guestCount(result.guestsAfter)}`,
          notifyGuest,
          requestKey,
        });
      }}
    >
      <p className="text-sm">
        The reservation now has {guestCount(result.guestsAfter)} (was {result.guestsBefore}). Under the booking&apos;s refund policy the{' '}
        {gone === 1 ? 'guest' : `${gone} guests`} no longer coming paid {formatCents(amount)}.
      </p>
      <CheckboxField
        label={`Refund ${formatCents(amount)} for the ${guestCount(gone)} no longer coming`}
        checked={refundIt}
        onChange={(e) => setRefundIt(e.target.checked)}
      />
      {refundIt ? <CheckboxField label="Email the guest" checked={notifyGuest} onChange={(e) => setNotifyGuest(e.target.checked)} /> : null}
      <DialogFooter>
        <SubmitButton pending={refund.isPending} pendingLabel="Refunding…">
          {refundIt ? `Refund ${formatCents(amount)}` : 'Done'}
        </SubmitButton>
      </DialogFooter>
    </SubmitForm>
  );
}

export function EditReservationDialog({ orgId, reservation, onClose }: ReservationDialogProps) {
  const form = useForm<EditReservationValues, unknown, EditReservationOutput>({
    resolver: zodResolver(editReservationSchema),
    mode: 'onTouched',
    defaultValues: {
      name: reservation.name,
      email: reservation.email,
      phone: reservation.phone ?? '',
      numGuests: String(reservation.num_guests),
      dietaryRestrictions: reservation.dietary_restrictions ?? '',
      specialRequests: reservation.special_requests ?? '',
      complimentary: false,
    },
  });
  const { errors } = form.formState;
  const [offer, setOffer] = useState<UpdateReservationResult | null>(null);
  const update = useUpdateReservation(orgId, {
    onSuccess: (result) => {
      toast.success(reservationMessages.success, { description: reservationMessages.updated });
      if (result.suggestedRefundCents > 0) setOffer(result);
      else onClose();
    },
    onError: (error) => toast.error(reservationMessages.error, { description: withReason(reservationMessages.updateFailed, error) }),
  });

  // A booking that still holds a payment (as the server counts it: paid less refunds given or under
  // way): a new party size has money consequences.
  const holdsMoney = reservation.money.refundable_cents > 0;
  const typed = Number(form.watch('numGuests'));
  const more = holdsMoney && Number.isInteger(typed) && typed > reservation.num_guests;
  const fewer = holdsMoney && Number.isInteger(typed) && typed >= 1 && typed < reservation.num_guests;

  return (
    <ClosingDialog
      title={offer ? 'Refund the guests no longer coming?' : 'Edit Reservation'}
      description={reservation.event_title}
      busy={update.isPending}
      onClose={onClose}
    >
      {offer ? (
        <RefundOffer orgId={orgId} reservation={reservation} result={offer} onClose={onClose} />
      ) : (
        <form
          className="min-w-0 space-y-4"
          noValidate
          onSubmit={form.handleSubmit((values) => update.mutate({ id: reservation.id, values, guestsBefore: reservation.num_guests }))}
        >
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="off" {...form.register('phone')} />
            </FormField>
            <FormField label="Guests" error={errors.numGuests?.message}>
              <Input type="number" min={1} max={RESERVATION_MAX_GUESTS} {...form.register('numGuests')} />
            </FormField>
          </div>
          {more ? (
            <CheckboxField
              label="Mark the extra guests as complimentary"
              hint={`This booking was paid for ${guestCount(reservation.num_guests)}. Extra guests are free of charge, or booked and paid for separately.`}
              aria-required
              {...form.register('complimentary')}
            />
          ) : null}
          {fewer ? (
            <p className="rounded-md bg-muted/50 p-3 text-sm text-muted-foreground">
              Their seats are given back. After saving you can refund what the policy gives for the guests no longer coming.
            </p>
          ) : null}
          <GuestNotesFields register={form.register} errors={errors} labels={['Dietary restrictions', 'Special requests']} />
          <ReservationSeats reservationId={reservation.id} />
          <BookingHistory reservationId={reservation.id} timeZone={reservation.event_timezone} />
          <FormDialogFooter onCancel={onClose} pending={update.isPending} pendingLabel="Saving…" submitLabel="Save Changes" />
        </form>
      )}
    </ClosingDialog>
  );
}
