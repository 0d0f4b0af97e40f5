import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { DEFAULT_DEPOSIT_CENTS } from '@/config/product';
import { withReason } from '@/lib/error-reason';
import { EventChargesFieldset } from '@/components/admin/charges/event-charges-fieldset';
import { formatCents } from '@/lib/money';
import { useTicketSales } from '../api/get-ticket-sales';
import { useUpdateEvent } from '../api/update-event';
import { eventMessages } from '../messages';
import { editEventSchema, type EditEventValues, type GuestEmailSettings } from '../schemas';
import { eventTimezones, type AdminEvent, type TicketSales } from '../types';
import { type BookingRules, BookingRulesFields } from './booking-rules-fields';
import { EditRsvpSlots } from './edit-rsvp-slots';
import { EditTicketTypes } from './edit-ticket-types';
import { EventAddonsFieldset } from './event-addons-fieldset';
import { GuestEmailFields } from './guest-email-fields';

type Kind = 'reservation' | 'rsvp';

/** As the create dialog made it: RSVP events sell seats in slots for a deposit, the others sell ticket types. */
const kindOf = (event: AdminEvent): Kind =>
  event.rsvp_mode || (event.ticket_types.length === 0 && event.rsvp_slots.length > 0) ? 'rsvp' : 'reservation';

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

function toValues(event: AdminEvent, sales: TicketSales[] | undefined): EditEventValues {
  // The overview lists ticket types in the order they were added.
  const order = new Map(sales?.map((s, i) => [s.id, i]));
  const capacityOf = new Map(sales?.map((s) => [s.id, s.capacity]));
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
    bookingCutoffHours: event.booking_cutoff_hours === null ? '' : String(event.booking_cutoff_hours),
    unlisted: event.unlisted,
    reminderHours: String(event.reminder_hours),
    privateAddress: event.private_address ?? '',
    addressDelivery: event.address_delivery,
    depositDollars: event.deposit_amount === null ? '' : centsToDollars(event.deposit_amount),
    ticketTypes: [...event.ticket_types]
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((t) => ({ id: t.id, name: t.name, price: centsToDollars(t.price), capacity: String(capacityOf.get(t.id) ?? '') })),
    rsvpSlots: event.rsvp_slots.map((s) => ({
      id: s.id,
      slotLabel: s.slot_label,
      slotTime: s.slot_time.slice(0, 5),
      maxCapacity: String(s.max_capacity),
      isActive: s.is_active,
    })),
  };
}

interface Props {
  orgId: string;
  event: AdminEvent;
  onClose(): void;
}

export function EditEventDialog({ orgId, event, onClose }: Props) {
  const kind = kindOf(event);
  // A reservation event's form starts from its capacities ("tickets in all"), so it waits for them.
  const sales = useTicketSales(orgId, event.id, kind === 'reservation');
  const ready = kind === 'rsvp' || !sales.isPending;
  return (
    <ClosingDialog className="max-w-2xl" title="Edit Event" description="Changes show on the public page right away." onClose={onClose}>
      {ready ? (
        <EditEventForm orgId={orgId} event={event} kind={kind} sales={sales.data} salesError={sales.error} onClose={onClose} />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the event…
        </p>
      )}
    </ClosingDialog>
  );
}

interface FormProps extends Props {
  kind: Kind;
  sales: TicketSales[] | undefined;
  salesError: Error | null;
}

function EditEventForm({ orgId, event, kind, sales, salesError, onClose }: FormProps) {
  const form = useForm<EditEventValues>({ resolver: zodResolver(editEventSchema), defaultValues: toValues(event, sales) });
  const { errors } = form.formState;
  const [refundWindowHours, lateRefundPercent, maxGuests] = useWatch({
    control: form.control,
    name: ['refundWindowHours', 'lateRefundPercent', 'maxGuests'],
  });
  const update = useUpdateEvent(orgId, {
    onSuccess: () => {
      toast.success(eventMessages.success, { description: eventMessages.updated });
      onClose();
    },
    onError: (error) => toast.error(eventMessages.error, { description: withReason(eventMessages.updateFailed, error) }),
  });

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate({ id: event.id, kind, values }))}>
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
        {kind === 'rsvp' ? (
          <FormField
            label="Deposit per guest ($)"
            error={errors.depositDollars?.message}
            hint={`New RSVPs only. Empty: the default ${formatCents(DEFAULT_DEPOSIT_CENTS)}; 0: no deposit.`}
          >
            <Input inputMode="decimal" {...form.register('depositDollars')} />
          </FormField>
        ) : null}
        <FormField label="Event details and disclosures" error={errors.disclosures?.message} className="sm:col-span-2">
          <Textarea rows={3} {...form.register('disclosures')} />
        </FormField>
      </div>
      {kind === 'reservation' ? (
        <>
          {salesError ? (
            <p role="alert" className="text-sm text-destructive">
              {withReason('Could not load what is sold', salesError)}
            </p>
          ) : null}
          <EditTicketTypes
            control={form.control}
            register={form.register}
            errors={errors}
            savedNames={new Map(event.ticket_types.map((t) => [t.id, t.name]))}
            sales={sales ? new Map(sales.map((s) => [s.id, s])) : undefined}
            maxGuests={maxGuests}
          />
        </>
      ) : (
        <EditRsvpSlots control={form.control} register={form.register} errors={errors} savedSlots={new Map(event.rsvp_slots.map((s) => [s.id, s]))} />
      )}
      <BookingRulesFields
        // The form's values hold the booking rules among the event's fields.
        register={form.register as unknown as UseFormRegister<BookingRules>}
        errors={errors}
        refundWindowHours={refundWindowHours}
        lateRefundPercent={lateRefundPercent}
        savedCutoff={event.booking_cutoff_hours}
      />
      <EventAddonsFieldset eventId={event.id} />
      <EventChargesFieldset orgId={orgId} eventId={event.id} />
      <GuestEmailFields
        // The form's values hold the guest-email settings among the event's fields.
        register={form.register as unknown as UseFormRegister<GuestEmailSettings>}
        errors={errors}
      />
      <FormDialogFooter onCancel={onClose} pending={update.isPending} pendingLabel="Saving…" submitLabel="Save Changes" />
    </form>
  );
}
