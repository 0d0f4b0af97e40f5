import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { OfferedAddons } from '@/features/checkout/components/offered-addons';
import { DEFAULT_PAYMENT_FUNCTION, ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, type PublicAddon } from '@/features/checkout/api/event-addons';
import { QuoteAmount } from '@/features/checkout/components/quote-amount';
import { useEventChange } from '@/features/checkout/hooks/use-event-change';
import { useQuote } from '@/features/checkout/hooks/use-quote';
import { lazyZodResolver } from '@/features/checkout/lib/lazy-zod-resolver';
import { bookingMessages } from '@/features/checkout/lib/messages';
import type { BookingProblem } from '@/features/checkout/lib/ticket-rules';
import { formatCents } from '@/lib/money';
import { bookingOptions, guestOptions, optionWords, ticketOptionLabel } from '../lib/ticket-options';
import { REQUIRED_FIELDS, type TicketBookingValues } from '../form-values';
import type { TicketedEvent } from '../types';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { GuestNameEmailFields, GuestNotesFields, GuestPhoneField } from '@/components/forms/guest-contact-fields';

interface Props {
  event: TicketedEvent;
  defaultValues: TicketBookingValues;
  checking: boolean;
  /** The event's add-ons and the ids chosen (kept by the booking, so they outlive the form). */
  addons: readonly PublicAddon[];
  chosenAddons: readonly string[];
  onChooseAddons(next: string[]): void;
  /** Resolves with the problem that stops the booking (already toasted), if any. */
  onSubmit(values: TicketBookingValues): Promise<BookingProblem | null>;
}

// Validation (zod) loads with the first submit, or as soon as the guest starts filling the form in.
const ticketResolver = lazyZodResolver<TicketBookingValues>(() => import('../schemas').then((m) => m.ticketBookingSchema));
const seatingResolver = lazyZodResolver<TicketBookingValues>(() => import('../schemas').then((m) => m.seatingBookingSchema));

// Loaded only for an event that offers add-ons.

export function TicketBookingForm({ event, defaultValues, checking, addons, chosenAddons, onChooseAddons, onSubmit }: Props) {
  const resolver = event.kind === 'seatings' ? seatingResolver : ticketResolver;
  const preload = () => {
    resolver.preload();
    void import('@/features/checkout/api/process-ticket-payment').catch(() => undefined);
  };
  const form = useForm<TicketBookingValues>({ resolver, defaultValues, mode: 'onTouched' });
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;

  // Changing the event clears the ticket type and guests; the guest's details stay.
  useEventChange(event.id, () => {
    setValue('ticketTypeId', '');
    setValue('guests', '');
  });

  const ticketTypeId = watch('ticketTypeId');
  const guests = Number(watch('guests') || 0);
  const options = bookingOptions(event);
  const words = optionWords(event);
  const ticket = options.find((t) => t.id === ticketTypeId) ?? null;
  const selection = ticket?.kind === 'seating' ? { timeSlot: ticket.id } : { ticketTypeId: ticket?.id };
  // The total is the server's quote for the selection (debounced), never the browser's sum.
  const quote = useQuote(
    ticket && guests > 0
      ? ticketQuoteRequest(DEFAULT_PAYMENT_FUNCTION, { eventId: event.id, ...selection, guests, addons: addonChoices(chosenAddons) })
      : null,
  );

  async function submit(values: TicketBookingValues) {
    const problem = await onSubmit(values);
    if (problem?.field) form.setError(problem.field, { message: problem.description }, { shouldFocus: true });
  }

  function onInvalid(invalid: FieldErrors<TicketBookingValues>) {
    const values = form.getValues();
    if (REQUIRED_FIELDS.some((field) => invalid[field] && !String(values[field] ?? '').trim())) {
      toast.error(bookingMessages.missingInformation.title, { description: bookingMessages.missingInformation.description });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit, onInvalid)}
      onFocusCapture={preload}
      className="space-y-5"
      aria-label={`Book ${event.title}`}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <GuestNameEmailFields register={register} errors={errors} nameLabel="Full name" />
      </div>
      <GuestPhoneField register={register} errors={errors} />
      <FormField label={words.field} error={errors.ticketTypeId?.message}>
        <NativeSelect
          {...register('ticketTypeId', {
            onChange: () => setValue('guests', ''),
          })}
        >
          <option value="">{words.placeholder}</option>
          {options.map((t) => (
            <option key={t.id} value={t.id} disabled={t.quantity <= 0}>
              {ticketOptionLabel(t)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {ticket ? (
        <FormField
          label="Number of guests"
          error={errors.guests?.message}
          hint={`Parties larger than ${event.party_limit}: please email the host with your preferred date and party size.`}
        >
          <NativeSelect {...register('guests')}>
            <option value="">Select guests</option>
            {guestOptions(ticket.quantity, event.party_limit).map((o) => (
              <option key={o.value} value={String(o.value)} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      {ticket ? <OfferedAddons addons={addons} chosen={chosenAddons} guests={guests} onChange={onChooseAddons} /> : null}
      {ticket && guests > 0 ? (
        <div className="rounded-lg bg-muted/60 p-4 text-sm" aria-live="polite" data-testid="booking-total">
          <div className="flex justify-between">
            <span>
              {guests} × {formatCents(ticket.price)}
              {chosenAddons.length > 0 ? ' + add-ons' : ''}
            </span>
            <span className="font-semibold">
              Total <QuoteAmount state={quote} />
            </span>
          </div>
        </div>
      ) : null}
      <GuestNotesFields register={register} errors={errors} />
      <Button type="submit" size="lg" className="w-full" disabled={checking} {...keepFieldFocus}>
        {checking ? 'Checking availability...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}
