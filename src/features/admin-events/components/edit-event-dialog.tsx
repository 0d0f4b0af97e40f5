import { useForm, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { useUpdateEvent } from '../api/update-event';
import { eventMessages } from '../messages';
import { editEventSchema, type EditEventValues, type GuestEmailSettings } from '../schemas';
import { eventTimezones, type AdminEvent } from '../types';
import { GuestEmailFields } from './guest-email-fields';
import { RefundPolicyFields } from './refund-policy-fields';

function toValues(event: AdminEvent): EditEventValues {
  return {
    title: event.title,
    date: event.date,
    eventTime: event.event_time.slice(0, 5),
    eventTimezone: event.event_timezone,
    locationName: event.location_name ?? '',
    locationAddress: event.location_address ?? '',
    maxGuests: event.max_guests === null ? '' : String(event.max_guests),
    disclosures: event.event_details_disclosures ?? '',
    refundWindowHours: event.refund_window_hours === null ? '' : String(event.refund_window_hours),
    lateRefundPercent: String(event.late_refund_percent),
    reminderHours: String(event.reminder_hours),
    privateAddress: event.private_address ?? '',
    addressDelivery: event.address_delivery,
  };
}

interface Props {
  orgId: string;
  event: AdminEvent;
  onClose(): void;
}

export function EditEventDialog({ orgId, event, onClose }: Props) {
  const form = useForm<EditEventValues>({ resolver: zodResolver(editEventSchema), defaultValues: toValues(event) });
  const { errors } = form.formState;
  const [refundWindowHours, lateRefundPercent] = form.watch(['refundWindowHours', 'lateRefundPercent']);
  const update = useUpdateEvent(orgId, {
    onSuccess: () => {
      toast.success(eventMessages.success, { description: eventMessages.updated });
      onClose();
    },
    onError: (error) =>
      toast.error(eventMessages.error, {
        description: error.message ? `${eventMessages.updateFailed}: ${error.message}` : eventMessages.updateFailed,
      }),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Event</DialogTitle>
          <DialogDescription>Changes show on the public page right away.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate({ id: event.id, values }))}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Title" error={errors.title?.message} className="sm:col-span-2">
              <Input {...form.register('title')} />
            </FormField>
            <FormField label="Date" error={errors.date?.message}>
              <Input type="date" {...form.register('date')} />
            </FormField>
            <FormField label="Time" error={errors.eventTime?.message}>
              <Input type="time" {...form.register('eventTime')} />
            </FormField>
            <FormField label="Timezone" className="sm:col-span-2">
              <OptionSelect options={eventTimezones} {...form.register('eventTimezone')} />
            </FormField>
            <FormField label="Location name" error={errors.locationName?.message}>
              <Input {...form.register('locationName')} />
            </FormField>
            <FormField label="Location address" error={errors.locationAddress?.message}>
              <Input {...form.register('locationAddress')} />
            </FormField>
            <FormField label="Max guests" error={errors.maxGuests?.message}>
              <Input inputMode="numeric" {...form.register('maxGuests')} />
            </FormField>
            <FormField label="Event details and disclosures" error={errors.disclosures?.message} className="sm:col-span-2">
              <Textarea rows={3} {...form.register('disclosures')} />
            </FormField>
          </div>
          <RefundPolicyFields
            windowField={form.register('refundWindowHours')}
            percentField={form.register('lateRefundPercent')}
            windowValue={refundWindowHours}
            percentValue={lateRefundPercent}
            windowError={errors.refundWindowHours?.message}
            percentError={errors.lateRefundPercent?.message}
          />
          <GuestEmailFields
            // The form's values hold the guest-email settings among the event's fields.
            register={form.register as unknown as UseFormRegister<GuestEmailSettings>}
            errors={errors}
          />
          <FormDialogFooter onCancel={onClose} pending={update.isPending} pendingLabel="Saving…" submitLabel="Save Changes" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
