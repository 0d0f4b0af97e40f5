import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ChargeTerms } from './charge-values';

const COLUMNS = 'tax_rate_bps, service_charge_type, service_charge_bps, service_charge_cents, service_charge_taxable, price_display';

const orgKey = (orgId: string) => ['admin', orgId, 'charges'] as const;
const eventKey = (eventId: string) => ['admin', 'event-charges', eventId] as const;

/** Whether the caller may change the organization's money settings (SQL can_manage_payments: owners). */
export function useCanManagePayments(orgId: string) {
  return useQuery({
    queryKey: ['admin', orgId, 'can-manage-payments'] as const,
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await supabase.rpc('can_manage_payments', { p_org_id: orgId });
      if (error) throw error;
      return data === true;
    },
  });
}

/** The organization's defaults, or null when it has none (no tax, no service charge). */
export function useOrgCharges(orgId: string) {
  return useQuery({
    queryKey: orgKey(orgId),
    queryFn: async (): Promise<ChargeTerms | null> => {
      const { data, error } = await supabase.from('org_charge_settings').select(COLUMNS).eq('org_id', orgId).maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}

export function useSaveOrgCharges(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: ChargeTerms) => {
      const { error } = await supabase.from('org_charge_settings').upsert({ org_id: orgId, ...terms }, { onConflict: 'org_id' });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKey(orgId) }),
  });
}

/** The event's own terms, or null when it follows its organization's defaults. */
export function useEventCharges(eventId: string) {
  return useQuery({
    queryKey: eventKey(eventId),
    queryFn: async (): Promise<ChargeTerms | null> => {
      const { data, error } = await supabase.from('event_charge_settings').select(COLUMNS).eq('event_id', eventId).maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}

/** Saves the event's own terms, or (null) removes them so the organization's defaults apply. */
export function useSaveEventCharges(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: ChargeTerms | null) => {
      const { error } = terms
        ? await supabase.from('event_charge_settings').upsert({ event_id: eventId, ...terms }, { onConflict: 'event_id' })
        : await supabase.from('event_charge_settings').delete().eq('event_id', eventId);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKey(eventId) }),
  });
}
