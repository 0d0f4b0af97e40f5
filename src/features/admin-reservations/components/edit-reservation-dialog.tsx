import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { RESERVATION_MAX_GUESTS } from '@/config/product';
import { useUpdateReservation } from '../api/update-reservation';
import { reservationMessages } from '../messages';
import { editReservationSchema, type EditReservationOutput, type EditReservationValues } from '../schemas';
import type { AdminReservation } from '../types';

interface Props {
  orgId: string;
  reservation: AdminReservation;
  onClose(): void;
}

export function EditReservationDialog({ orgId, reservation, onClose }: Props) {
  const form = useForm<EditReservationValues, unknown, EditReservationOutput>({
    resolver: zodResolver(editReservationSchema),
    defaultValues: {
      name: reservation.name,
      email: reservation.email,
      phone: reservation.phone ?? '',
      numGuests: String(reservation.num_guests),
      dietaryRestrictions: reservation.dietary_restrictions ?? '',
      specialRequests: reservation.special_requests ?? '',
    },
  });
  const { errors } = form.formState;
  const update = useUpdateReservation(orgId, {
    onSuccess: () => {
      toast.success(reservationMessages.success, { description: reservationMessages.updated });
      onClose();
    },
    onError: () => toast.error(reservationMessages.error, { description: reservationMessages.updateFailed }),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Reservation</DialogTitle>
          <DialogDescription>{reservation.event_title}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate({ id: reservation.id, values }))}>
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
          <FormField label="Dietary restrictions" error={errors.dietaryRestrictions?.message}>
            <Textarea rows={2} {...form.register('dietaryRestrictions')} />
          </FormField>
          <FormField label="Special requests" error={errors.specialRequests?.message}>
            <Textarea rows={2} {...form.register('specialRequests')} />
          </FormField>
          <FormDialogFooter onCancel={onClose} pending={update.isPending} pendingLabel="Saving…" submitLabel="Save Changes" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
