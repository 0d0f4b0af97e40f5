import { useEffect } from 'react';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { supperClubFunctions } from '@/config/site';
import { ticketQuoteRequest } from '@/features/checkout/api/ticket-quote';
import { addonChoices, useChosenAddons } from '@/features/checkout/api/event-addons';
import { OfferedAddons } from '@/features/checkout/components/offered-addons';
import { VenueBookingFrame } from '@/features/checkout/components/venue-booking-frame';
import { useQuote } from '@/features/checkout/hooks/use-quote';
import type { VenueBookingFormProps } from '@/features/checkout/types';
import { dateOption, seatPriceOf, seatsNote, ticketChoicesOf, ticketsLeft } from '../lib/schedule';
import type { SupperClubBookingInput, SupperClubFormValues } from '../form-values';
import { preloadValidation } from '../hooks/use-supper-club-booking';
import type { SupperClubEvent, SupperClubVenue } from '../types';
import { BookingSummary } from './booking-summary';

interface Props extends VenueBookingFormProps<SupperClubFormValues, SupperClubBookingInput> {
  events: SupperClubEvent[];
  venue: SupperClubVenue;
}

// Loaded only for a supper that offers add-ons.

export function BookingForm({ form, events, venue, busy, onSubmit }: Props) {
  const { register, watch, setValue, getValues, formState } = form;
  const { errors } = formState;
  const eventId = watch('eventId');
  const timeSlot = watch('timeSlot');
  const tickets = watch('tickets');
  const event = events.find((e) => e.id === eventId);
  const left = ticketsLeft(event, timeSlot || undefined);
  const count = Number(tickets) || 0;
  const ticketChoices = ticketChoicesOf(events, event);
  // Only what the chosen date offers.
  const { offered, chosen } = useChosenAddons(event?.id ?? null, watch('addons'));
  // The total is the server's quote for the date, seating, tickets and add-ons (debounced).
  const quote = useQuote(
    event && timeSlot && count > 0
      ? ticketQuoteRequest(supperClubFunctions.payment, { eventId: event.id, timeSlot, guests: count, addons: addonChoices(chosen) })
      : null,
  );

  // A new date (or fresher availability) can make the chosen slot or ticket count impossible.
  useEffect(() => {
    const slot = event?.slots.find((s) => s.label === getValues('timeSlot'));
    if (getValues('timeSlot') && (!slot || slot.available < 1)) setValue('timeSlot', '');
    if (event && Number(getValues('tickets')) > ticketsLeft(event, getValues('timeSlot') || undefined)) setValue('tickets', '');
  }, [event, getValues, setValue]);

  return (
    <VenueBookingFrame
      titleId="booking-form-title"
      title="Reserve your seats"
      nameLabel="Full name"
      register={register}
      errors={errors}
      choices={
        <>
          <FormField label="Date" error={errors.eventId?.message} className="sm:col-span-2">
            <OptionSelect placeholder="Select a date" options={events.map((e) => dateOption(e))} {...register('eventId')} />
          </FormField>
          <FormField label="Time slot" error={errors.timeSlot?.message} hint={event ? undefined : 'Choose a date to see its seatings.'}>
            <OptionSelect
              disabled={!event}
              placeholder="Select a time"
              options={(event?.slots ?? []).map((s) => ({
                value: s.label,
                label: `${s.label}${seatsNote(s.available, ' (Full)')}`,
                disabled: s.available < 1,
              }))}
              {...register('timeSlot')}
            />
          </FormField>
          <FormField label="Number of tickets" error={errors.tickets?.message}>
            <OptionSelect
              placeholder="Select tickets"
              options={ticketChoices.map((n) => ({
                value: String(n),
                label: `${n} ${n === 1 ? 'ticket' : 'tickets'}${event && n > left ? ' (unavailable)' : ''}`,
                disabled: event ? n > left : false,
              }))}
              {...register('tickets')}
            />
          </FormField>
        </>
      }
      submitLabel="Continue to Payment"
      busy={busy}
      onSubmit={onSubmit}
      onFocusCapture={preloadValidation}
    >
      {event ? <OfferedAddons addons={offered} chosen={chosen} guests={count} onChange={(next) => setValue('addons', next)} /> : null}
      <BookingSummary
        venueName={venue.name}
        date={event?.date}
        timeSlot={timeSlot}
        tickets={count}
        priceCents={event?.seat_price_cents ?? seatPriceOf(events)}
        quote={quote}
        refundPolicy={event?.refund_policy}
      />
    </VenueBookingFrame>
  );
}
