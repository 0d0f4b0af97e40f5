/**
 * An admin error toast's description: the product's own words, then the server's reason when
 * there is one ('Failed to update reservation: Only 2 tickets available for Seat.'). Generic
 * transport messages ('Failed to fetch', a bare status) add nothing and are left out.
 */
export function withReason(words: string, error: unknown): string {
  const reason =
    error instanceof Error ? error.message.trim() : typeof error === 'object' && error && 'message' in error ? String(error.message).trim() : '';
  if (!reason || reason === words || /^(failed to fetch|load failed|networkerror|.*failed \(\d+\))$/i.test(reason)) return words;
  return `${words}: ${reason}`;
}
