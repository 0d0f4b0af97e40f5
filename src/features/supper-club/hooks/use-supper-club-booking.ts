import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { supperClub } from '@/config/site';
import { supperClubAvailabilityQueryOptions } from '../api/get-availability';
import { supperDate } from '../lib/schedule';
import { emptySupperClubForm, supperClubBookingSchema, type SupperClubBookingInput, type SupperClubFormValues } from '../schemas';
import type { SupperClubBooking, SupperClubEvent } from '../types';

export type SupperClubStep =
  | { kind: 'form' }
  | { kind: 'payment'; input: SupperClubBookingInput; event: SupperClubEvent }
  | { kind: 'confirmed'; booking: SupperClubBooking };

/**
 * Form → payment → confirmed. The submit handler re-reads the availability (other guests book
 * too) before the payment step, and checks in the spec's order: tickets, required fields, the
 * event, then the seats.
 */
export function useSupperClubBooking() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SupperClubStep>({ kind: 'form' });
  const [checking, setChecking] = useState(false);
  const form = useForm<SupperClubFormValues, unknown, SupperClubBookingInput>({
    resolver: zodResolver(supperClubBookingSchema),
    defaultValues: emptySupperClubForm,
  });

  const onInvalid = (errors: FieldErrors<SupperClubFormValues>) => {
    const tickets = Number(form.getValues('tickets')) || 0;
    if (errors.tickets && tickets < 1) {
      toast.error('Minimum Guests Required', { description: 'Minimum 1 ticket per order.' });
    } else if (errors.name || errors.email || errors.eventId || errors.timeSlot) {
      toast.error('Missing Information', { description: 'Please fill in all required fields.' });
    } else {
      toast.error('Too Many Tickets', { description: errors.tickets?.message });
    }
  };

  const onValid = async (input: SupperClubBookingInput) => {
    setChecking(true);
    try {
      let events: SupperClubEvent[];
      try {
        events = await queryClient.fetchQuery({ ...supperClubAvailabilityQueryOptions(), staleTime: 0 });
      } catch {
        toast.error('Error loading events', { description: 'Unable to load available dates. Please refresh the page.' });
        return;
      }
      const event = events.find((e) => e.id === input.eventId);
      if (!event) {
        toast.error('Event Not Found', { description: 'Please select a valid event.' });
        return;
      }
      if (event.available_seats < input.tickets) {
        toast.error('Sold Out', {
          description: `Not enough tickets for ${supperDate(event.date)}. Please select another date or reduce tickets.`,
        });
        return;
      }
      const slot = event.slots.find((s) => s.label === input.timeSlot);
      if (!slot) {
        toast.error('Missing Information', { description: 'Please fill in all required fields.' });
        return;
      }
      if (slot.available < input.tickets) {
        toast.error('Sold Out', {
          description: `Not enough tickets for ${supperDate(event.date)} at ${slot.label}. Please select another time or reduce tickets.`,
        });
        return;
      }
      setStep({ kind: 'payment', input, event });
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
    confirm: (input: SupperClubBookingInput, event: SupperClubEvent, totalPaidCents: number) => {
      setStep({
        kind: 'confirmed',
        booking: { name: input.name, email: input.email, date: event.date, timeSlot: input.timeSlot, tickets: input.tickets, totalPaidCents },
      });
      void queryClient.invalidateQueries({ queryKey: supperClubAvailabilityQueryOptions().queryKey });
    },
    reset: () => {
      form.reset(emptySupperClubForm);
      setStep({ kind: 'form' });
      window.scrollTo({ top: 0 });
    },
    ticketPriceCents: supperClub.ticketPriceCents,
  };
}
