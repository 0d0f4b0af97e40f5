import { useQuery } from '@tanstack/react-query';
import { quoteQueryOptions, type QuoteRequest } from '../api/get-quote';
import { CheckoutError, type QuoteState } from '../types';
import { useDebouncedValue } from './use-debounced-value';

const NOTHING: QuoteRequest = { key: ['none'], fetch: () => Promise.reject(new Error('nothing to quote')) };
const keyOf = (request: QuoteRequest | null) => (request ? JSON.stringify(request.key) : null);

/**
 * The server's live quote of a form's selection (null while it is incomplete). The selection is
 * debounced (400 ms of no change by default) before it is asked for; until the answer for the
 * current selection is in, the state is 'loading' (forms show a skeleton, never their own sum).
 * A refusal is silent here ('error'): the submit asks again and reports the server's message.
 */
export function useQuote(request: QuoteRequest | null, delayMs = 400): QuoteState {
  // The request is new on every render: it is keyed by what it asks, so it settles.
  const settled = useDebouncedValue(request, delayMs, keyOf);
  const upToDate = keyOf(settled) === keyOf(request);
  const query = useQuery({ ...quoteQueryOptions(settled ?? NOTHING), enabled: settled !== null });

  if (request === null) return { status: 'idle' };
  if (!upToDate) return { status: 'loading' };
  if (query.isError) return { status: 'error', message: query.error instanceof CheckoutError ? query.error.message || null : null };
  if (query.data !== undefined) return { status: 'ready', quote: query.data };
  return { status: 'loading' };
}
