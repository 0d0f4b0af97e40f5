import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';
import { paymentSettingsQueryKey } from './get-payment-settings';

/** Disconnects the Square account (function square-disconnect: RevokeToken, then the tokens are forgotten). */
export async function disconnectSquare(orgId: string): Promise<void> {
  const answer = await invokeFunction('square-disconnect', { orgId });
  if (answer.status !== 200) throw new Error(serverMessage(answer.body) ?? `Square could not be reached (${answer.status})`);
}

export function useDisconnectSquare(orgId: string, options: MutationCallbacks<void, string> = {}) {
  return useInvalidatingMutation(disconnectSquare, paymentSettingsQueryKey(orgId), options);
}
