import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { refundTallies } from '../../../../supabase/functions/_shared/event-cancellation.ts';
import type { EventCancellation } from '../types';

export const eventCancellationKey = (eventId: string) => ['admin-event-cancellation', eventId] as const;

const mode = (value: string | null): EventCancellation['refundMode'] => (value === 'full' || value === 'none' || value === 'percent' ? value : null);
const state = (value: string): EventCancellation['state'] => (value === 'in_progress' || value === 'done' ? value : 'none');

/** The event's cancellation, or what one would touch (staff_event_cancellation: members only). */
async function getEventCancellation(eventId: string): Promise<EventCancellation> {
  const { data, error } = await supabase.rpc('staff_event_cancellation', { p_event_id: eventId }).single();
  if (error) throw new Error(error.message);
  return {
    state: state(data.state),
    refundMode: mode(data.refund_mode),
    refundPercent: data.refund_percent,
    message: data.message,
    cancelledByEmail: data.cancelled_by_email,
    startedAt: data.started_at,
    finishedAt: data.finished_at,
    bookingsOpen: data.bookings_open,
    holdsOpen: data.holds_open,
    heldCents: data.held_cents,
    heldByBooking: data.held_by_booking ?? [],
    waitlistOpen: data.waitlist_open,
    bookingsCancelled: data.bookings_cancelled,
    holdsReleased: data.holds_released,
    waitlistClosed: data.waitlist_closed,
    refunds: refundTallies(data),
  };
}

/** Read fresh; while refunds are pending it is read again every few seconds (the reconciler finishes them). */
export function useEventCancellation(eventId: string) {
  return useQuery(
    queryOptions({
      queryKey: eventCancellationKey(eventId),
      queryFn: () => getEventCancellation(eventId),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.state === 'in_progress' ? 5000 : false),
    }),
  );
}
