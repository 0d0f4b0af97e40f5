import { useMutation } from '@tanstack/react-query';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import type { MutationCallbacks } from '@/hooks/use-invalidating-mutation';

/**
 * Starts connecting Square (function square-oauth-start: owners only) and answers Square's
 * authorize URL; the browser then goes there, and Square sends it back to the Payments screen.
 */
export async function startSquareConnect(orgId: string): Promise<string> {
  const answer = await invokeFunction<{ authorizeUrl?: string }>('square-oauth-start', { orgId });
  if (answer.status !== 200 || !answer.body?.authorizeUrl)
    throw new Error(serverMessage(answer.body) ?? `Square could not be reached (${answer.status})`);
  return answer.body.authorizeUrl;
}

export function useConnectSquare(options: MutationCallbacks<string, string> = {}) {
  return useMutation({ mutationFn: startSquareConnect, onSuccess: options.onSuccess, onError: options.onError });
}
