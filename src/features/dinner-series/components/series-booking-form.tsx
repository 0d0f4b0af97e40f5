import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { DEFAULT_PAYMENT_FUNCTION, ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, useChosenAddons } from '@/features/checkout/api/event-addons';
import { OfferedAddons } from '@/features/checkout/components/offered-addons';
import { VenueBookingFrame } from '@/features/checkout/components/venue-booking-frame';
import { useQuote } from '@/features/checkout/hooks/use-quote';
import type { VenueBookingFormProps } from '@/features/checkout/types';
import { isBookingClosed } from '@/lib/booking';
import { dinnerOptionLabel, guestChoices, guestOptionLabel, ticketOptionLabel, ticketsLeft } from '../lib/booking-rules';
import type { SeriesBookingInput, SeriesFormValues } from '../form-values';
import { preloadValidation } from '../hooks/use-series-booking';
import type { SeriesDinner } from '../types';
import { LargePartyTip } from './large-party-tip';
import { TotalSummary } from './total-summary';

interface Props extends VenueBookingFormProps<SeriesFormValues, SeriesBookingInput> {
  dinners: SeriesDinner[];
}

/** 'BOOK YOUR TABLE': event → ticket type → guests cascade; each choice clears what depends on it. */
export function SeriesBookingForm({ form, dinners, busy, onSubmit }: Props) {
  const { register, watch, setValue, formState } = form;
  const { errors } = formState;
  const dinner = dinners.find((d) => d.id === watch('eventId'));
  const ticket = dinner?.ticket_types.find((t) => t.id === watch('ticketTypeId'));
  const left = dinner && ticket ? ticketsLeft(dinner, ticket) : 0;
  const guests = Number(watch('guests')) || 0;
  // Only what the chosen dinner offers.
  const { offered, chosen } = useChosenAddons(dinner?.id ?? null, watch('addons'));
  // The total is the server's quote for the dinner, ticket type, guests and add-ons (debounced).
  const quote = useQuote(
    dinner && ticket && guests > 0
      ? ticketQuoteRequest(DEFAULT_PAYMENT_FUNCTION, { eventId: dinner.id, ticketTypeId: ticket.id, guests, addons: addonChoices(chosen) })
      : null,
  );

  const eventField = register('eventId', {
    onChange: () => {
      setValue('ticketTypeId', '');
      setValue('guests', '');
    },
  });
  const ticketField = register('ticketTypeId', {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const next = dinner?.ticket_types.find((t) => t.id === e.target.value);
      if (!next || !dinner || Number(form.getValues('guests')) > ticketsLeft(dinner, next)) setValue('guests', '');
    },
  });

  return (
    <VenueBookingFrame
      titleId="series-form-title"
      title="BOOK YOUR TABLE"
      titleClassName="tracking-wide"
      nameLabel="Name"
      register={register}
      errors={errors}
      choices={
        <>
          <FormField label="Upcoming dinner" error={errors.eventId?.message} className="sm:col-span-2">
            <OptionSelect
              placeholder="Select a dinner"
              options={dinners.map((d) => ({ value: d.id, label: dinnerOptionLabel(d), disabled: isBookingClosed(d) }))}
              {...eventField}
            />
          </FormField>
          {dinner ? (
            <FormField label="Ticket type" error={errors.ticketTypeId?.message} className="sm:col-span-2">
              <OptionSelect
                placeholder="Select a ticket type"
                options={dinner.ticket_types.map((t) => {
                  const remaining = ticketsLeft(dinner, t);
                  return { value: t.id, label: ticketOptionLabel(t, remaining), disabled: remaining < 1 };
                })}
                {...ticketField}
              />
            </FormField>
          ) : null}
          {dinner && ticket ? (
            <FormField label="Number of guests" error={errors.guests?.message} hint={<LargePartyTip />}>
              <OptionSelect
                placeholder="Select guests"
                options={guestChoices.map((n) => ({ value: String(n), label: guestOptionLabel(n, left), disabled: n > left }))}
                {...register('guests')}
              />
            </FormField>
          ) : null}
        </>
      }
      submitLabel="RESERVE"
      submitClassName="tracking-widest"
      footer={
        dinner?.event_details_disclosures ? (
          <p className="whitespace-pre-line text-sm text-muted-foreground" data-testid="event-disclosures">
            {dinner.event_details_disclosures}
          </p>
        ) : null
      }
      busy={busy}
      onSubmit={onSubmit}
      onFocusCapture={preloadValidation}
    >
      {ticket ? <OfferedAddons addons={offered} chosen={chosen} guests={guests} onChange={(next) => setValue('addons', next)} /> : null}
      {ticket && guests > 0 ? (
        <TotalSummary guests={guests} priceCents={ticket.price} withAddons={chosen.length > 0} quote={quote} startTime={dinner?.event_time ?? null} />
      ) : null}
      <FormField label="Dietary restrictions (optional)" error={errors.dietaryRestrictions?.message}>
        <Input {...register('dietaryRestrictions')} placeholder="Allergies, vegetarian…" />
      </FormField>
      <FormField label="Special requests (optional)" error={errors.specialRequests?.message}>
        <Textarea rows={3} {...register('specialRequests')} />
      </FormField>
    </VenueBookingFrame>
  );
}
