import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import { leaveMessages } from '../messages';
import type { WaitlistPlace } from '../types';
import { OfferLinkInvalidError } from './get-waitlist-offer';

const LEAVE_FUNCTION = 'leave-waitlist';

const text = z.string().nullable();

/** The server's `entry`, read field by field (never cast). */
const placeSchema = z.object({
  status: z.enum(['waiting', 'offered', 'left', 'claimed', 'expired', 'cancelled']),
  name: z.string(),
  party_size: z.number().int(),
  ticket_type_name: text,
  time_slot: text,
  event: z.object({ title: z.string(), date: z.string(), time: z.string(), timezone: z.string() }),
  organization: z.object({ name: z.string(), slug: z.string(), primary_color: text }),
}) satisfies z.ZodType<WaitlistPlace>;

const answerSchema = z.object({ success: z.literal(true), entry: placeSchema });

/** 'view' only reads (a mail scanner opening the link changes nothing); 'leave' is the page's button. */
async function callLeave(token: string, action: 'view' | 'leave'): Promise<WaitlistPlace> {
  const answer = await invokeFunction<unknown>(LEAVE_FUNCTION, { token, action });
  if (answer.status === 404) throw new OfferLinkInvalidError(serverMessage(answer.body) ?? leaveMessages.invalid);
  const failed = action === 'view' ? leaveMessages.loadFailed : leaveMessages.leaveFailed;
  if (answer.status !== 200) throw new Error(serverMessage(answer.body) ?? failed);
  const parsed = answerSchema.safeParse(answer.body);
  if (!parsed.success) throw new Error(failed);
  return parsed.data.entry;
}

const placeQueryKey = (token: string) => ['waitlist-place', token] as const;

export function useWaitlistPlace(token: string) {
  return useQuery(
    queryOptions({
      queryKey: placeQueryKey(token),
      queryFn: () => callLeave(token, 'view'),
      retry: (count, error) => !(error instanceof OfferLinkInvalidError) && count < 1,
      refetchOnWindowFocus: false,
    }),
  );
}

/** Leaves the list (idempotent on the server); the page then shows the answer's state. */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callLeave(token, 'leave'),
    onSuccess: (place) => queryClient.setQueryData(placeQueryKey(token), place),
  });
}
