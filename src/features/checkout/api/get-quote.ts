import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Quote } from '../types';

/**
 * A server quote to ask for: `key` is what the price depends on (the selection: event, ticket
 * type or slot, guests, code) — the query's key — and `fetch` the flavour's validation call.
 */
export interface QuoteRequest {
  key: readonly unknown[];
  fetch(): Promise<Quote>;
}

export function quoteQueryOptions(request: QuoteRequest) {
  return queryOptions({
    queryKey: ['checkout', 'quote', ...request.key],
    queryFn: () => request.fetch(),
    // A refusal (sold out, invalid code) is an answer, not a failure to retry.
    retry: false,
    staleTime: 15_000,
  });
}

/** The server's quote now (a fresh answer, which the forms' live quote then shows too). */
export function fetchQuote(queryClient: QueryClient, request: QuoteRequest): Promise<Quote> {
  return queryClient.fetchQuery({ ...quoteQueryOptions(request), staleTime: 0 });
}
