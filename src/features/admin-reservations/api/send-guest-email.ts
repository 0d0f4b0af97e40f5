import { useMutation } from '@tanstack/react-query';
import { invokeFunction, okBody } from '@/lib/invoke-function';
import { guestEmailSchema, type GuestEmailValues } from '../schemas';

export interface SendGuestEmailInput extends GuestEmailValues {
  guestName: string;
  reservationId: string;
}

/** The send-guest-email function checks that the caller belongs to the reservation's organization. */
export async function sendGuestEmail(input: SendGuestEmailInput): Promise<{ success: boolean; id: string | null }> {
  const v = guestEmailSchema.parse(input);
  const answer = await invokeFunction<{ success?: unknown; id?: unknown }>('send-guest-email', {
    email: v.email,
    subject: v.subject,
    message: v.message,
    guestName: input.guestName,
    reservationId: input.reservationId,
  });
  const body = okBody(answer, 'send-guest-email');
  return { success: body?.success === true, id: typeof body?.id === 'string' ? body.id : null };
}

export function useSendGuestEmail(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: sendGuestEmail, ...options });
}
