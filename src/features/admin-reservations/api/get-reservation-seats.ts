import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The seats of one booking with their guests and needs (SQL staff_event_seats, this booking's rows). */
export function useReservationSeats(eventId: string, reservationId: string) {
  return useQuery({
    queryKey: ['admin', 'event-seats', eventId, reservationId],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('staff_event_seats', { p_event_id: eventId });
      if (error) throw new Error(error.message);
      return data.filter((s) => s.reservation_id === reservationId);
    },
  });
}
