import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * A query whose answer sums up the rest of the admin (the onboarding checklist: branding, events,
 * payments) sets `meta: { afterAnyChange: true }`: it is read again whenever any change succeeds,
 * so a step done in a dialog shows as done without a reload.
 */
export const AFTER_ANY_CHANGE = { afterAnyChange: true } as const;

/**
 * A screen of figures that move while the event sells and at the door (the overview, the door
 * list): read afresh whenever it is opened or its window is focused again.
 */
export const LIVE_FIGURES = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function makeQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ predicate: (query) => query.meta?.afterAnyChange === true }),
    }),
  });
  return client;
}
