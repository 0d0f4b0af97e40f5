import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { formatEventDate } from '@/lib/dates';
import { withReason } from '@/lib/error-reason';
import { dollarsToCents, formatCents } from '@/lib/money';
import { useCreateStaffBooking } from '../api/create-staff-booking';
import { useEventAvailability } from '../api/get-availability';
import { centsToDollarInput, expectedPriceCents } from '../lib/price';
import { staffBookingMessages as messages } from '../messages';
import { MAX_GUESTS, staffBookingSchema, type StaffBookingOutput, type StaffBookingValues } from '../schemas';
import type { StaffBookingEventRef } from '../types';
import { radioChoices } from '@/components/forms/radio-choice';
import { GuestNotesFields } from '@/components/forms/guest-contact-fields';

interface Props {
  orgId: string;
  event: StaffBookingEventRef;
  onClose(): void;
}

/**
 * The choices of the ticket type or time slot select, with what the server will sell of each now
 * (`left`: event_availability, within the event's cap; nothing is said until it is read).
 */
function targetOptions(event: StaffBookingEventRef, left: Map<string, number> | undefined): { value: string; label: string; disabled: boolean }[] {
  const says = (id: string, noun: [string, string]) => {
    const n = left?.get(id);
    return n === undefined ? '' : ` · ${n} ${n === 1 ? noun[0] : noun[1]} left`;
  };
  if (event.kind !== 'tickets') {
    return event.rsvp_slots.map((s) => ({ value: s.id, label: `${s.slot_label}${says(s.id, ['spot', 'spots'])}`, disabled: !s.is_active }));
  }
  return event.ticket_types.map((t) => ({
    value: t.id,
    label: `${t.name} · ${formatCents(t.price)}${says(t.id, ['ticket', 'tickets'])}`,
    disabled: false,
  }));
}

/**
 * 'Add booking': staff enter a booking for a guest who called or paid at the door, through the
 * guest checkout's booking path (the server checks capacity and prices it). Paid how:
 * complimentary, cash (the amount received; prefilled with the price) or a payment link emailed to
 * the guest (the seats are held until they pay). A random request key per opening makes a double
 * submit book once.
 */
export function StaffBookingDialog({ orgId, event, onClose }: Props) {
  const [requestKey] = useState(() => crypto.randomUUID());
  const availability = useEventAvailability(event.id);
  const options = targetOptions(event, availability.data);
  const bySlot = event.kind !== 'tickets';
  const targetLabel = bySlot ? 'a time slot' : 'a ticket type';
  const bookable = options.filter((o) => !o.disabled);
  const form = useForm<StaffBookingValues, unknown, StaffBookingOutput>({
    resolver: zodResolver(staffBookingSchema(targetLabel)),
    mode: 'onTouched',
    defaultValues: {
      target: bookable.length === 1 ? bookable[0].value : '',
      guests: '2',
      name: '',
      email: '',
      phone: '',
      dietaryRestrictions: '',
      specialRequests: '',
      mode: 'comp',
      cash: '',
      sendConfirmation: true,
    },
  });
  const { errors } = form.formState;
  const [target, guests, mode] = form.watch(['target', 'guests', 'mode']);
  const price = expectedPriceCents(event, target, Number(guests));

  // The cash amount follows the price until staff type their own.
  const cashEdited = useRef(false);
  const { setValue } = form;
  useEffect(() => {
    if (!cashEdited.current) setValue('cash', price === null ? '' : centsToDollarInput(price));
  }, [price, setValue]);

  const create = useCreateStaffBooking(orgId, {
    onSuccess: (result, input) => {
      toast.success(messages.success, {
        description: result.paymentPath ? messages.linkSent(result.bookingCode, input.email) : messages.confirmed(result.bookingCode, input.name),
      });
      onClose();
    },
    onError: (error) => toast.error(messages.error, { description: withReason(messages.createFailed, error) }),
  });

  function submit(v: StaffBookingOutput) {
    create.mutate({
      eventId: event.id,
      ticketTypeId: bySlot ? null : v.target,
      rsvpSlotId: bySlot ? v.target : null,
      guests: v.guests,
      name: v.name,
      email: v.email,
      phone: v.phone,
      dietaryRestrictions: v.dietaryRestrictions,
      specialRequests: v.specialRequests,
      mode: v.mode,
      cashCents: v.mode === 'cash' ? dollarsToCents(v.cash) : null,
      sendConfirmation: v.sendConfirmation,
      requestKey,
    });
  }

  const cashField = form.register('cash');
  const radio = radioChoices(form.register('mode'), mode, 'space-y-3');

  return (
    <ClosingDialog
      className="max-w-lg"
      data-testid="staff-booking-dialog"
      title="Add booking"
      description={
        <>
          {event.title} · {formatEventDate(event.date, 'EEE, MMM d, yyyy')}. For a guest who called or paid at the door: the same seats, prices and
          limits as an online booking.
        </>
      }
      busy={create.isPending}
      onClose={onClose}
    >
      {options.length === 0 ? (
        <p role="alert" className="text-sm">
          {messages.nothingToBook}
        </p>
      ) : (
        <form className="min-w-0 space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <FormField label={bySlot ? 'Time slot' : 'Ticket type'} error={errors.target?.message}>
              <OptionSelect placeholder={bySlot ? 'Choose a time slot' : 'Choose a ticket type'} options={options} {...form.register('target')} />
            </FormField>
            <FormField label="Guests" error={errors.guests?.message}>
              <NativeSelect {...form.register('guests')}>
                {Array.from({ length: MAX_GUESTS }, (_, i) => String(i + 1)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField label="Phone (optional)" error={errors.phone?.message}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...form.register('phone')} />
            </FormField>
          </div>
          <GuestNotesFields register={form.register} errors={errors} />

          <fieldset className="min-w-0 space-y-2">
            <legend className="mb-2 text-sm font-medium">How is it paid?</legend>
            {radio('comp', 'Complimentary')}
            {radio(
              'cash',
              'Paid in cash',
              <FormField
                label="Amount paid ($)"
                error={errors.cash?.message}
                hint={price === null ? 'Recorded as a cash payment.' : `The price is ${formatCents(price)}. Recorded as a cash payment.`}
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  {...cashField}
                  onChange={(e) => {
                    cashEdited.current = true;
                    void cashField.onChange(e);
                  }}
                />
              </FormField>,
            )}
            {radio(
              'payment_link',
              'Send a payment link',
              <p className="pl-8 text-xs text-muted-foreground">
                The seats are held for 24 hours (never past the start) and the guest is emailed a link to pay
                {price === null ? '' : ` ${formatCents(price)}`}. If they do not pay in time, the seats are released.
              </p>,
            )}
          </fieldset>

          {mode === 'payment_link' ? (
            <p className="text-sm text-muted-foreground" data-testid="payment-link-email-note">
              The email with the payment link is always sent; the confirmation email follows once the guest pays.
            </p>
          ) : (
            <CheckboxField
              label="Send the confirmation email"
              hint="The guest gets their booking code and the link to manage their booking."
              {...form.register('sendConfirmation')}
            />
          )}

          <FormDialogFooter onCancel={onClose} pending={create.isPending} pendingLabel="Adding…" submitLabel="Add booking" />
        </form>
      )}
    </ClosingDialog>
  );
}
