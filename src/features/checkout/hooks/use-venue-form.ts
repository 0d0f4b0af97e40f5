import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { linkedEventId } from '@/lib/linked-event';
import type { z } from 'zod';
import { addonRows, type PublicAddon } from '../api/event-addons';
import { lazyZodResolver } from '../lib/lazy-zod-resolver';
import { bookingMessages } from '../lib/messages';
import { sayError } from '../lib/say-error';
import type { SummaryRow, TicketReservationData, TicketSelection } from '../types';

/**
 * A venue page's form validation: zod loads with the first submit, or as soon as the guest focuses
 * a field (`preloadValidation`, which starts loading the payment step too).
 */
export function venueFormValidation<V extends FieldValues, I extends FieldValues>(loadSchema: () => Promise<z.ZodType<I, V>>) {
  const resolver = lazyZodResolver<V, I>(loadSchema);
  const preloadValidation = () => {
    resolver.preload();
    void import('../api/process-ticket-payment').catch(() => undefined);
  };
  return { resolver, preloadValidation };
}

/**
 * A venue page's booking form and its dates (`events`, the query the page shows): the dates are
 * re-read when the guest submits, since others book too, and refreshed once a booking is paid.
 * A dinner's own link (`?event=<id>`) preselects its date once the dates are read, when
 * `bookable` lists it (not closed, not sold out), and focuses the date list, which scrolls the
 * form into view; once only, so a refetch never overrides the guest's own choice.
 */
export function useVenueForm<V extends FieldValues & { eventId: string }, I extends FieldValues, T, K extends QueryKey>(
  { resolver }: ReturnType<typeof venueFormValidation<V, I>>,
  empty: DefaultValues<V>,
  events: UseQueryOptions<T, Error, T, K> & { queryKey: K },
  bookable: (data: T) => readonly string[],
) {
  const queryClient = useQueryClient();
  const form = useForm<V, unknown, I>({ resolver, defaultValues: empty, mode: 'onTouched' });
  useLinkedDate(form, useQuery(events).data, bookable);
  return {
    queryClient,
    form,
    startOver: () => {
      form.reset(empty);
      window.scrollTo({ top: 0 });
    },
    refreshEvents: () => void queryClient.invalidateQueries({ queryKey: events.queryKey }),
    /** The dates as they are now; null, said to the guest, when they cannot be read. */
    rereadEvents: async (): Promise<T | null> => {
      try {
        return await queryClient.fetchQuery({ ...events, staleTime: 0 });
      } catch {
        sayError(bookingMessages.loadEventsFailed);
        return null;
      }
    },
  };
}

/** useVenueForm's preselection of the date a shared link names (see there). */
function useLinkedDate<V extends FieldValues & { eventId: string }, I extends FieldValues, T>(
  form: UseFormReturn<V, unknown, I>,
  data: T | undefined,
  bookable: (data: T) => readonly string[],
) {
  const pending = useRef(linkedEventId());
  useEffect(() => {
    const linked = pending.current;
    if (linked === null || data === undefined) return;
    pending.current = null;
    const field = 'eventId' as Path<V>;
    if (form.getValues(field) || !bookable(data).includes(linked)) return;
    form.setValue(field, linked as PathValue<V, Path<V>>);
    form.setFocus(field);
  }, [data, form, bookable]);
}

/** What every venue page's order holds: the guest's details as entered, and the add-ons chosen, as the event offers them. */
interface VenueOrder {
  input: { name: string; email: string; phone?: string };
  addons: PublicAddon[];
}

/** A venue order's add-ons as a summary row, or none. */
export function venueAddonRows({ addons }: VenueOrder, guests: number): SummaryRow[] {
  const chosen = addons.map((a) => a.id);
  return addonRows(addons, chosen, guests);
}

/** A venue order's selection (the quote prices it) with the guest's details: what the ticket payment function books. */
export function venueReservationData(
  { input }: VenueOrder,
  selection: TicketSelection,
  extra: Omit<TicketReservationData, keyof TicketSelection | 'name' | 'email' | 'num_guests'>,
): TicketReservationData {
  return { ...selection, name: input.name, email: input.email, phone: input.phone || null, num_guests: selection.guests, ...extra };
}
