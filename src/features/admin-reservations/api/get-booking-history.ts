import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** What happened to a booking, in the server's words, oldest first (SQL staff_booking_history). */
export async function getBookingHistory(reservationId: string) {
  const { data, error } = await supabase.rpc('staff_booking_history', { p_reservation_id: reservationId });
  if (error) throw error;
  return data;
}

export function useBookingHistory(reservationId: string) {
  return useQuery({ queryKey: ['admin', 'booking-history', reservationId], queryFn: () => getBookingHistory(reservationId) });
}
