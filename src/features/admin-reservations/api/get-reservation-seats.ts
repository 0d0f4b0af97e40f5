import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The seats of one booking with their guests and needs (SQL staff_reservation_seats). */
export function useReservationSeats(reservationId: string) {
  return useQuery({
    queryKey: ['admin', 'reservation-seats', reservationId],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('staff_reservation_seats', { p_reservation_id: reservationId });
      if (error) throw new Error(error.message);
      return data;
    },
  });
}
