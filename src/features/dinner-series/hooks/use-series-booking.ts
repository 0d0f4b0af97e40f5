import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { seriesDinnersQueryOptions } from '../api/get-dinners';
import { ticketsLeft } from '../lib/booking-rules';
import { emptySeriesForm, seriesBookingSchema, type SeriesBookingInput, type SeriesFormValues } from '../schemas';
import type { DinnerTicketType, SeriesBooking, SeriesDinner } from '../types';

export type SeriesStep =
  | { kind: 'form' }
  | { kind: 'payment'; input: SeriesBookingInput; dinner: SeriesDinner; ticket: DinnerTicketType }
  | { kind: 'confirmed'; booking: SeriesBooking };

/**
 * Form → payment → confirmed. RESERVE re-reads the dinners (others book too) and checks in the
 * spec's order: required fields, guests, the event, the ticket type, then what remains of it.
 */
export function useSeriesBooking() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SeriesStep>({ kind: 'form' });
  const [checking, setChecking] = useState(false);
  const form = useForm<SeriesFormValues, unknown, SeriesBookingInput>({
    resolver: zodResolver(seriesBookingSchema),
    defaultValues: emptySeriesForm,
  });

  const onInvalid = (errors: FieldErrors<SeriesFormValues>) => {
    const missing = errors.name || errors.email || errors.eventId || errors.ticketTypeId || form.getValues('guests') === '';
    if (missing) {
      toast.error('Missing Information', { description: 'Please fill in all required fields.' });
    } else if (errors.guests && Number(form.getValues('guests')) < 1) {
      toast.error('Minimum Guests Required', { description: 'At least 1 guest is required.' });
    } else if (errors.guests) {
      toast.error('Large Party', { description: errors.guests.message });
    }
  };

  const onValid = async (input: SeriesBookingInput) => {
    setChecking(true);
    try {
      let dinners: SeriesDinner[];
      try {
        dinners = await queryClient.fetchQuery({ ...seriesDinnersQueryOptions(), staleTime: 0 });
      } catch {
        toast.error('Error loading events', { description: 'Unable to load available dates. Please refresh the page.' });
        return;
      }
      const dinner = dinners.find((d) => d.id === input.eventId);
      if (!dinner) {
        toast.error('Event Not Found', { description: 'Please select a valid event.' });
        return;
      }
      const ticket = dinner.ticket_types.find((t) => t.id === input.ticketTypeId);
      if (!ticket) {
        toast.error('Ticket Type Not Found', { description: 'Please select a valid ticket type.' });
        return;
      }
      const left = ticketsLeft(dinner, ticket);
      if (input.guests > left) {
        toast.error('Not Enough Tickets Available', { description: `Only ${left} tickets available for ${ticket.name}.` });
        return;
      }
      setStep({ kind: 'payment', input, dinner, ticket });
    } finally {
      setChecking(false);
    }
  };

  return {
    form,
    step,
    checking,
    submit: form.handleSubmit(onValid, onInvalid),
    back: () => setStep({ kind: 'form' }),
    confirm: (input: SeriesBookingInput, dinner: SeriesDinner, ticket: DinnerTicketType, totalPaidCents: number) => {
      setStep({
        kind: 'confirmed',
        booking: {
          name: input.name,
          email: input.email,
          eventTitle: dinner.title,
          eventDate: dinner.date,
          guests: input.guests,
          ticketName: ticket.name,
          totalPaidCents,
          dietaryRestrictions: input.dietaryRestrictions,
          specialRequests: input.specialRequests,
        },
      });
      void queryClient.invalidateQueries({ queryKey: seriesDinnersQueryOptions().queryKey });
    },
    reset: () => {
      form.reset(emptySeriesForm);
      setStep({ kind: 'form' });
      window.scrollTo({ top: 0 });
    },
  };
}
