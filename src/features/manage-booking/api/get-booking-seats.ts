import { useQuery } from '@tanstack/react-query';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { RpcRow } from '@/lib/rpc-rows';

export type BookingSeat = RpcRow<'booking_seats'>;

/** The booker's party, seat by seat, with each seat's link and the party link (SQL booking_seats). */
export function useBookingSeats(manageToken: string) {
  return useQuery({
    queryKey: ['booking-seats', manageToken],
    queryFn: async () => readPublicRpc<BookingSeat[]>(await postPublicRpc('booking_seats', { p_manage_token: manageToken })) ?? [],
  });
}
