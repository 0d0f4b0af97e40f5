import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLinkQuery } from '@/hooks/use-link-query';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { RpcRow } from '@/lib/rpc-rows';
import { invokeCharge } from '@/features/checkout/hooks/use-card-charge';

export type SeatInvitation = RpcRow<'seat_invitation'>;

/** The link opens no seat (wrong, tampered or unknown token, or a seat the party no longer has). */
export class SeatLinkInvalidError extends Error {
  override name = 'SeatLinkInvalidError';
}

/** What /seat/{token} shows (SQL seat_invitation): one row, or none for a link that opens nothing. */
async function getSeatInvitation(token: string): Promise<SeatInvitation> {
  const rows = readPublicRpc<SeatInvitation[]>(await postPublicRpc('seat_invitation', { p_token: token }));
  const row = rows?.[0];
  if (!row) throw new SeatLinkInvalidError('This seat link is not valid.');
  return row;
}

export const seatKey = (token: string) => ['seat', token] as const;

export function useSeatInvitation(token: string) {
  return useLinkQuery(seatKey(token), () => getSeatInvitation(token), SeatLinkInvalidError);
}

export interface ClaimSeatInput {
  token: string;
  name: string;
  email: string;
  allergens: string[];
  dietaryNotes: string;
}

/** Claims the seat (or the party's next free one) or saves its guest's changes; answers the seat's own link. */
export function useClaimSeat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, name, email, allergens, dietaryNotes }: ClaimSeatInput) => {
      const rows = readPublicRpc<RpcRow<'claim_seat'>[]>(
        await postPublicRpc('claim_seat', { p_token: token, p_name: name, p_email: email, p_allergens: allergens, p_dietary_notes: dietaryNotes }),
      );
      const seat = rows?.[0];
      if (!seat) throw new Error('The seat could not be saved. Please try again.');
      return seat;
    },
    onSuccess: (seat, { token }) => {
      void client.invalidateQueries({ queryKey: seatKey(token) });
      void client.invalidateQueries({ queryKey: seatKey(seat.seat_token) });
    },
  });
}

/**
 * Pays this seat (pay-seat): the card token, the price the guest was shown and the attempt's
 * key. A refusal is a ChargeRefusedError with the server's words.
 */
export function usePaySeat(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sourceId: string; expectedCents: number; idempotencyKey: string }) =>
      (await invokeCharge('pay-seat', { token, ...input })) as { chargedCents: number },
    onSettled: () => client.invalidateQueries({ queryKey: seatKey(token) }),
  });
}

/** Gives up this seat (cancel-seat): it goes back and its guest's payment is refunded per the policy. */
export function useGiveUpSeat(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await invokeCharge('cancel-seat', { token })) as { refundedCents: number; refundStatus: string },
    onSuccess: () => client.removeQueries({ queryKey: seatKey(token) }),
  });
}
