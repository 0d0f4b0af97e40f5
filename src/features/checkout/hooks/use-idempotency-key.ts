import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../lib/idempotency';

/**
 * One key per checkout attempt. It is kept across retries of the same attempt (a double click,
 * a timeout, a 5xx whose outcome is unknown), so the server answers a retry with the first
 * result and never charges twice; it is renewed only once the server has definitively refused
 * the attempt (a decline, a sold-out refusal), so the guest's next try is a new attempt.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const renew = useCallback(() => {
    key.current = newIdempotencyKey();
  }, []);
  return { current, renew } as const;
}
