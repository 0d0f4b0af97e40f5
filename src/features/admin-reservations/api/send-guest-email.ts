import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { guestEmailSchema, type GuestEmailValues } from '../schemas';

export interface SendGuestEmailInput extends GuestEmailValues {
  guestName: string;
  reservationId: string;
}

/** The send-guest-email function checks that the caller belongs to the reservation's organization. */
export async function sendGuestEmail(input: SendGuestEmailInput) {
  const v = guestEmailSchema.parse(input);
  const { data, error } = await supabase.functions.invoke('send-guest-email', {
    body: { email: v.email, subject: v.subject, message: v.message, guestName: input.guestName, reservationId: input.reservationId },
  });
  if (error) throw error;
  return data as { success: boolean; id: string };
}

export function useSendGuestEmail(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: sendGuestEmail, ...options });
}
