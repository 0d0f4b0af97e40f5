import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { FunctionUnreachableError, invokeFunction, serverMessage } from '@/lib/invoke-function';
import { waitlistMessages } from '../messages';
import type { WaitlistTarget } from '../types';

export interface JoinWaitlistRequest {
  eventId: string;
  target: WaitlistTarget;
  name: string;
  email: string;
  partySize: number;
}

/** The server refused (its words); `seatsAvailable` when the party can book now instead. */
export class JoinWaitlistRefusal extends Error {
  override name = 'JoinWaitlistRefusal';
  constructor(
    message: string,
    public readonly seatsAvailable: boolean,
  ) {
    super(message);
  }
}

const joinedAnswer = z.object({ success: z.literal(true), position: z.number().int() });

/** join-waitlist: resolves with the party's place in line, or throws a JoinWaitlistRefusal with the server's message. */
export async function joinWaitlist({ eventId, target, name, email, partySize }: JoinWaitlistRequest): Promise<number> {
  const body = {
    eventId,
    ...(target.kind === 'ticket' ? { ticketTypeId: target.ticketTypeId } : { slotId: target.slotId }),
    name: name.trim(),
    email: email.trim(),
    partySize,
  };
  let answer;
  try {
    answer = await invokeFunction<unknown>('join-waitlist', body);
  } catch (error) {
    if (error instanceof FunctionUnreachableError) throw new JoinWaitlistRefusal(waitlistMessages.unreachable, false);
    throw error;
  }
  if (answer.status !== 200) {
    throw new JoinWaitlistRefusal(serverMessage(answer.body) ?? `${waitlistMessages.joinFailed} (${answer.status})`, answer.status === 409);
  }
  const parsed = joinedAnswer.safeParse(answer.body);
  if (!parsed.success) throw new JoinWaitlistRefusal(waitlistMessages.joinFailed, false);
  return parsed.data.position;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
