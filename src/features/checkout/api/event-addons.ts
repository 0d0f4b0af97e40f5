import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { AddonChoice, SummaryRow } from '../types';

// The event's add-ons as the booking forms offer them (get_event_addons), and the chosen ones in
// the order's words. Its own module: the RSVP form needs it without the ticket quote.

type AddonRow = Database['public']['Functions']['get_event_addons']['Returns'][number];

/** An add-on a booking page offers (get_event_addons). */
export interface PublicAddon extends Omit<AddonRow, 'available' | 'description' | 'per'> {
  description: string | null;
  per: 'guest' | 'booking';
  /** How many are left of a limited add-on; null: unlimited. */
  available: number | null;
}

export const publicAddonsQueryOptions = (eventId: string | null) =>
  queryOptions({
    queryKey: ['checkout', 'addons', eventId],
    queryFn: async () => readPublicRpc<PublicAddon[]>(await postPublicRpc('get_event_addons', { p_event_id: eventId })) ?? [],
    enabled: eventId !== null,
    staleTime: 30_000,
  });

/** The event's active add-ons (none for most events: the form then shows nothing). */
export const usePublicAddons = (eventId: string | null) => useQuery(publicAddonsQueryOptions(eventId));

/** The chosen add-ons as the server takes them (its default quantity: every guest, or once). */
export const addonChoices = (chosen: readonly string[]): AddonChoice[] => chosen.map((id) => ({ id }));

/** "2 × Wine pairing, 1 × Corkage": the chosen add-ons in words (empty when none). */
function addonsText(addons: readonly PublicAddon[], chosen: readonly string[], guests: number): string {
  return (
    addons
      .filter((a) => chosen.includes(a.id))
      // One per guest, or one per booking.
      .map((a) => `${a.per === 'guest' ? guests : 1} × ${a.name}`)
      .join(', ')
  );
}

/** The chosen add-ons as a summary row ("Add-ons" → "2 × Wine pairing, 1 × Corkage"), or none. */
export function addonRows(addons: readonly PublicAddon[], chosen: readonly string[], guests: number): SummaryRow[] {
  const text = addonsText(addons, chosen, guests);
  return text ? [{ label: 'Add-ons', value: text }] : [];
}

/**
 * The add-ons a booking form chose that its event still offers, read again at submit (an add-on
 * withdrawn meanwhile is dropped, and the quote the guest then sees says so): none when they
 * cannot be read.
 */
export async function stillOffered(queryClient: QueryClient, eventId: string, chosen: readonly string[] | undefined): Promise<PublicAddon[]> {
  const offered = await queryClient.fetchQuery(publicAddonsQueryOptions(eventId)).catch(() => [] as PublicAddon[]);
  return offered.filter((a) => chosen?.includes(a.id));
}

/** The event's add-ons and those of them a form has chosen (a choice the event no longer offers is not). */
export function useChosenAddons(eventId: string | null, chosen: readonly string[] | undefined) {
  const offered = usePublicAddons(eventId).data ?? [];
  return { offered, chosen: (chosen ?? []).filter((id) => offered.some((a) => a.id === id)) };
}
