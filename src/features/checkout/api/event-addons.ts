import { useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import { formatCents } from '@/lib/money';
import type { AddonChoice } from '../types';

type AddonRow = Database['public']['Functions']['get_event_addons']['Returns'][number];

/** An add-on a booking page offers (get_event_addons). */
export interface PublicAddon extends Omit<AddonRow, 'available' | 'description' | 'per'> {
  description: string | null;
  per: 'guest' | 'booking';
  /** How many are left of a limited add-on; null: unlimited. */
  available: number | null;
}

/** The event's active add-ons (none for most events: the form then shows nothing). */
export function usePublicAddons(eventId: string | null) {
  return useQuery({
    queryKey: ['checkout', 'addons', eventId],
    queryFn: async () => readPublicRpc<PublicAddon[]>(await postPublicRpc('get_event_addons', { p_event_id: eventId })) ?? [],
    enabled: eventId !== null,
    staleTime: 30_000,
  });
}

/** How many of an add-on a booking of `guests` takes: one per guest, or one per booking. */
export const addonQuantity = (addon: Pick<PublicAddon, 'per'>, guests: number) => (addon.per === 'guest' ? guests : 1);

/** "$35.00 per guest" / "$20.00 per booking". */
export const addonPrice = (addon: Pick<PublicAddon, 'per' | 'price_cents'>) => `${formatCents(addon.price_cents)} per ${addon.per}`;

/** The chosen add-ons as the server takes them (its default quantity: every guest, or once). */
export const addonChoices = (chosen: readonly string[]): AddonChoice[] => chosen.map((id) => ({ id }));

/** "2 × Wine pairing, 1 × Corkage": the chosen add-ons in words (empty when none). */
export function addonsText(addons: readonly PublicAddon[], chosen: readonly string[], guests: number): string {
  return addons
    .filter((a) => chosen.includes(a.id))
    .map((a) => `${addonQuantity(a, guests)} × ${a.name}`)
    .join(', ');
}
