import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RSVP_MAX_GUESTS } from '@/config/product';
import { useEventChange } from '@/features/checkout/hooks/use-event-change';
import { useQuote } from '@/features/checkout/hooks/use-quote';
import { lazyZodResolver } from '@/features/checkout/lib/lazy-zod-resolver';
import { formatCents } from '@/lib/money';
import { useChosenAddons } from '@/features/checkout/api/event-addons';
import { OfferedAddons } from '@/features/checkout/components/offered-addons';
import { rsvpQuoteRequest } from '../api/rsvp-request';
import { isSelectable, slotStatus } from '../lib/slot-status';
import { parseGuests, type RsvpFormValues } from '../form-values';
import type { RsvpEvent } from '../types';
import { RsvpTotal } from './rsvp-total';
import { SlotPicker } from './slot-picker';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { GuestNameEmailFields, GuestNotesFields, GuestPhoneField } from '@/components/forms/guest-contact-fields';

interface Props {
  event: RsvpEvent;
  defaultValues: RsvpFormValues;
  submitting: boolean;
  onSubmit(values: RsvpFormValues): void;
}

// Validation (zod) loads with the first submit, or as soon as the guest starts filling the form in.
const resolver = lazyZodResolver<RsvpFormValues>(() => import('../schemas').then((m) => m.rsvpFormSchema));
const preload = () => {
  resolver.preload();
  void import('../api/process-rsvp').catch(() => undefined);
};

export function RsvpForm({ event, defaultValues, submitting, onSubmit }: Props) {
  const form = useForm<RsvpFormValues>({ resolver, defaultValues, mode: 'onTouched' });
  const { register, control, watch, setValue, formState } = form;
  const errors = formState.errors;

  const slotId = watch('slotId');
  const guestsText = watch('numGuests');
  const promoCode = watch('promoCode').trim().toUpperCase();
  const guests = parseGuests(guestsText);

  // Changing the event clears the slot and the party size.
  useEventChange(event.id, () => {
    setValue('slotId', '');
    setValue('numGuests', '1');
  });

  // A larger party can make the chosen slot too small: it is then no longer chosen.
  useEffect(() => {
    const slot = event.rsvp_slots.find((s) => s.id === slotId);
    if (slot && !isSelectable(slotStatus(slot, guests ?? 1))) setValue('slotId', '');
  }, [event.rsvp_slots, slotId, guests, setValue]);

  // Only what the event offers.
  const { offered, chosen } = useChosenAddons(event.id, watch('addons'));

  // Re-priced by the server whenever slot, party size, code or add-ons change (debounced).
  const quote = useQuote(
    slotId && guests ? rsvpQuoteRequest({ eventId: event.id, slotId, numGuests: guests, promoCode: promoCode || null, addons: chosen }) : null,
  );
  const total = quote.status === 'ready' ? quote.quote : undefined;

  const label = submitting
    ? 'Processing...'
    : total === undefined
      ? 'Calculate Total'
      : total.totalCents === 0
        ? 'Confirm Free RSVP'
        : `Reserve Spot - ${formatCents(total.totalCents)}`;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} onFocusCapture={preload} className="space-y-6" aria-label={`RSVP for ${event.title}`}>
      <Controller
        control={control}
        name="slotId"
        render={({ field }) => (
          <SlotPicker slots={event.rsvp_slots} guests={guests ?? 1} value={field.value} error={errors.slotId?.message} onChange={field.onChange} />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <GuestNameEmailFields register={register} errors={errors} nameLabel="Name" />
        <GuestPhoneField register={register} errors={errors} />
        <FormField label="Number of Guests" error={errors.numGuests?.message}>
          <Input type="number" inputMode="numeric" min={1} max={RSVP_MAX_GUESTS} {...register('numGuests')} />
        </FormField>
      </div>
      <OfferedAddons addons={offered} chosen={chosen} guests={guests ?? 1} onChange={(next) => setValue('addons', next)} />
      <GuestNotesFields register={register} errors={errors} labels={['Dietary Restrictions (optional)', 'Special Requests (optional)']} />
      <FormField label="Promo Code (optional)" error={errors.promoCode?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          {...register('promoCode', { setValueAs: (v: string) => v.toUpperCase() })}
          onInput={(e) => {
            e.currentTarget.value = e.currentTarget.value.toUpperCase();
          }}
        />
      </FormField>
      <RsvpTotal quote={quote} guests={guests ?? 1} />
      <Button type="submit" size="lg" className="w-full" disabled={submitting} {...keepFieldFocus}>
        {label}
      </Button>
    </form>
  );
}
