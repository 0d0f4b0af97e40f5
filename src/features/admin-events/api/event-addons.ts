import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** An add-on of an event as staff see it: its terms and what is sold (confirmed) and held of it. */
export interface AddonSales {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  per: 'guest' | 'booking';
  /** How many may be sold in all; null: unlimited. */
  quantity_limit: number | null;
  is_active: boolean;
  sold: number;
  held: number;
  /** Confirmed sales at their booked prices, before discounts and tax. */
  sales_cents: number;
}

/** An add-on as admin_save_event_addons takes it (no id: a new one). */
export interface AddonInput {
  id?: string;
  name: string;
  price_cents: number;
  per: 'guest' | 'booking';
  quantity_limit: number | null;
  is_active: boolean;
}

const addonsKey = (eventId: string) => ['admin', 'event-addons', eventId] as const;

/** Every add-on of the event, the switched-off ones too, with its sales (staff_addon_sales). */
export function useEventAddons(eventId: string) {
  return useQuery({
    queryKey: addonsKey(eventId),
    queryFn: async (): Promise<AddonSales[]> => {
      const { data, error } = await supabase.rpc('staff_addon_sales', { p_event_id: eventId });
      if (error) throw error;
      return data as AddonSales[];
    },
  });
}

/** Saves the event's list of add-ons whole, in its order (admin_save_event_addons: as the caller). */
export function useSaveEventAddons(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (addons: AddonInput[]) => {
      const { error } = await supabase.rpc('admin_save_event_addons', { p_event_id: eventId, p_addons: addons as never });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addonsKey(eventId) }),
  });
}
