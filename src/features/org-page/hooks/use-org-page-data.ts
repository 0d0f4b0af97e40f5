import { useEffect, useState } from 'react';
import { useOrgPage } from '../api/get-public-org-page';
import { linkedEventId } from '@/lib/linked-event';
import { initialEventId } from '../lib/events';
import type { PublicEvent, PublicOrgPage } from '../types';

function toastError(message: string, options: { id: string; description: string }) {
  void import('sonner').then(({ toast }) => toast.error(message, options));
}

export type OrgPageState = { status: 'loading' } | { status: 'not-found' } | { status: 'ready'; page: PublicOrgPage };

/**
 * The page's data with its toasts: an unknown slug says 'Organization not found', a failed
 * load says 'Error loading page' (both then show the not-found screen), unreadable events say
 * 'Error loading events'. Toast ids keep StrictMode's double effects from doubling them.
 * sonner is imported when a toast is due: it stays out of the page's first render.
 */
export function useOrgPageData(slug: string): OrgPageState & {
  refetch(): Promise<{ data?: PublicOrgPage | null }>;
  /** The dinner a shared link names (read once), asked for with the page. */
  linked: string | null;
} {
  const [linked] = useState(linkedEventId); // read once
  const query = useOrgPage(slug, linked);
  const notFound = query.isSuccess && query.data === null;
  const failed = query.isError;
  const eventsFailed = query.data?.eventsFailed ?? false;

  useEffect(() => {
    if (notFound) toastError('Organization not found', { id: 'org-not-found', description: 'Please check the URL and try again.' });
  }, [notFound]);
  useEffect(() => {
    if (failed) toastError('Error loading page', { id: 'org-load-error', description: 'Unable to load organization data. Please try again.' });
  }, [failed]);
  useEffect(() => {
    if (eventsFailed)
      toastError('Error loading events', { id: 'org-events-error', description: 'Unable to load available dates. Please refresh the page.' });
  }, [eventsFailed]);

  const refetch = () => query.refetch();
  if (query.isPending) return { status: 'loading', refetch, linked };
  if (failed || !query.data) return { status: 'not-found', refetch, linked };
  return { status: 'ready', page: query.data, refetch, linked };
}

/**
 * Which event the booking panel is for. The event a shared link names (`linked`, when it is
 * listed: even sold out, its panel offers the waitlist), else the first event with availability,
 * is preselected, and then kept like a choice: it survives refetches while the event is still
 * listed, even once it is sold out — the guest who just took its last seat keeps their checkout
 * and its confirmation.
 */
export function useSelectedEvent(events: readonly PublicEvent[], linked: string | null = null) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const stillListed = chosenId !== null && events.some((e) => e.id === chosenId);
  const selectedId = stillListed ? chosenId : linked !== null && events.some((e) => e.id === linked) ? linked : initialEventId(events);
  // Kept from this render on (React's "adjust state while rendering": no effect, no extra paint).
  if (!stillListed && selectedId !== null) setChosenId(selectedId);
  const selected = events.find((e) => e.id === selectedId) ?? null;
  return { selected, select: setChosenId } as const;
}
